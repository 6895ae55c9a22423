/*
 * A page's text as a reader sees it, hashed, and its microdata dates:
 * libxml2's HTML parser, pushed.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "ascii.h"
#include "buf.h"
#include "content_hash.h"
#include "hash.h"

/*
 * Drops each </html> end tag on the way to the parser: libxml2 reads
 * nothing after one, where a browser goes on showing markup in the body.
 */
struct html_end_filter {
	char	 held[sizeof("</html")];	/* a start of one, so far */
	size_t	 nheld;
	int	 in_tag;	/* dropping up to its '>' */
};

struct text_hash {
	uint64_t	 h;
	int		 hidden;	/* inside so many scripts and styles */
	int		 blank;		/* a blank came after some text */
	int		 some;		/* some text came */
	struct body_dates *dates;	/* or NULL */
};

static void	on_start(void *, const xmlChar *, const xmlChar **);
static void	on_end(void *, const xmlChar *);
static void	on_text(void *, const xmlChar *, int);
static int	is_hidden(const char *);
static void	take_date(struct body_dates *, const xmlChar *,
		    const xmlChar **);
static void	feed(htmlParserCtxtPtr, struct html_end_filter *,
		    const char *, size_t);
static int	has_token(const char *, const char *);
static int	holds(const char *, size_t, const char *);

uint64_t
content_hash(int fd, struct body_dates *dates)
{
	struct text_hash t = { HASH_INIT, 0, 0, 0, dates };
	struct html_end_filter filter = { "", 0, 0 };
	htmlSAXHandler sax;
	htmlParserCtxtPtr ctxt;
	char chunk[64 * 1024];
	size_t total = 0;
	ssize_t n = 0;

	if (lseek(fd, 0, SEEK_SET) == -1)
		return 0;
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	if ((ctxt = htmlCreatePushParserCtxt(&sax, &t, NULL, 0, NULL,
	    XML_CHAR_ENCODING_NONE)) == NULL)
		abort();	/* only for want of memory, as xmalloc */
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	while (total < CONTENT_HASH_MAX &&
	    (n = read(fd, chunk, sizeof(chunk))) > 0) {
		feed(ctxt, &filter, chunk, (size_t)n);
		total += (size_t)n;
	}
	if (!filter.in_tag)
		htmlParseChunk(ctxt, filter.held, (int)filter.nheld, 0);
	htmlParseChunk(ctxt, NULL, 0, 1);
	htmlFreeParserCtxt(ctxt);
	return n == -1 ? 0 : t.h;
}

static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct text_hash *t = ctx;

	if (t->dates != NULL && atts != NULL)
		take_date(t->dates, name, atts);
	if (is_hidden((const char *)name))
		t->hidden++;
	t->blank = 1;	/* an element parts words, as a browser lays it out */
}

static void
on_end(void *ctx, const xmlChar *name)
{
	struct text_hash *t = ctx;

	if (is_hidden((const char *)name) && t->hidden > 0)
		t->hidden--;
	t->blank = 1;
}

static void
on_text(void *ctx, const xmlChar *text, int len)
{
	struct text_hash *t = ctx;

	if (t->hidden > 0)
		return;
	for (int i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (ascii_in(c, ASCII_SPACE)) {
			t->blank = 1;
			continue;
		}
		if (t->blank && t->some)
			t->h = hash_add(t->h, " ", 1);
		t->h = hash_add(t->h, &c, 1);
		t->blank = 0;
		t->some = 1;
	}
}

/* What a reader does not see: scripts, styles, templates. */
static int
is_hidden(const char *name)
{
	return strcmp(name, "script") == 0 || strcmp(name, "style") == 0 ||
	    strcmp(name, "template") == 0 || strcmp(name, "noscript") == 0;
}

void
body_dates_read(int fd, struct body_dates *dates)
{
	static const char word[] = "itemprop";
	char chunk[64 * 1024 + sizeof(word) - 1];
	size_t total = 0, kept = 0;
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) == -1)
		return;
	/* A scan for the word, its last bytes kept across chunks. */
	while (total < CONTENT_HASH_MAX &&
	    (n = read(fd, chunk + kept, sizeof(chunk) - kept)) > 0) {
		size_t have = kept + (size_t)n;

		if (holds(chunk, have, word)) {
			content_hash(fd, dates);
			return;
		}
		total += (size_t)n;
		kept = have < sizeof(word) - 1 ? have : sizeof(word) - 1;
		memmove(chunk, chunk + have - kept, kept);
	}
}

void
body_dates_free(struct body_dates *dates)
{
	free(dates->modified);
	free(dates->published);
	dates->modified = dates->published = NULL;
}

/* <time itemprop="dateModified" datetime>, <meta itemprop content>. */
static void
take_date(struct body_dates *dates, const xmlChar *name, const xmlChar **atts)
{
	const char *prop = NULL, *value = NULL;
	const char *holder = strcmp((const char *)name, "time") == 0 ?
	    "datetime" : strcmp((const char *)name, "meta") == 0 ? "content" :
	    NULL;

	if (holder == NULL)
		return;
	for (size_t i = 0; atts[i] != NULL; i += 2) {
		if (atts[i + 1] == NULL)
			continue;
		if (strcmp((const char *)atts[i], "itemprop") == 0)
			prop = (const char *)atts[i + 1];
		else if (strcmp((const char *)atts[i], holder) == 0)
			value = (const char *)atts[i + 1];
	}
	if (prop == NULL || value == NULL)
		return;
	if (dates->modified == NULL && has_token(prop, "dateModified"))
		dates->modified = xstrdup(value);
	if (dates->published == NULL && has_token(prop, "datePublished"))
		dates->published = xstrdup(value);
}

/* Whether the blank-separated list holds token, as itemprop lists them. */
/*
 * Pushes data, less each </html ...> in it (any case, cut anywhere
 * across chunks); the bytes between are pushed as they come.
 */
static void
feed(htmlParserCtxtPtr ctxt, struct html_end_filter *f, const char *data,
    size_t len)
{
	static const char tag[] = "</html";
	size_t from = 0;

	for (size_t i = 0; i < len; i++) {
		char c = data[i];

		if (f->in_tag) {
			if (c == '>') {
				f->in_tag = 0;
				from = i + 1;
			}
			continue;
		}
		if (f->nheld == sizeof(tag) - 1) {
			if (ascii_in((unsigned char)c, ASCII_SPACE) ||
			    c == '/' || c == '>') {
				f->nheld = 0;
				f->in_tag = c != '>';
				from = i + 1;
				continue;
			}
			/* "</htmlx": no such tag; what was held goes on */
			htmlParseChunk(ctxt, f->held, (int)f->nheld, 0);
			f->nheld = 0;
		}
		if (ascii_tolower((unsigned char)c) == tag[f->nheld]) {
			if (f->nheld == 0 && i > from)
				htmlParseChunk(ctxt, data + from,
				    (int)(i - from), 0);
			f->held[f->nheld++] = c;
			from = i + 1;
		} else if (f->nheld > 0) {
			htmlParseChunk(ctxt, f->held, (int)f->nheld, 0);
			f->nheld = 0;
			from = i;
			if (c == '<')
				i--;	/* it may start one */
		}
	}
	if (!f->in_tag && f->nheld == 0 && len > from)
		htmlParseChunk(ctxt, data + from, (int)(len - from), 0);
}

static int
has_token(const char *list, const char *token)
{
	size_t n = strlen(token);

	for (const char *s = list; *s; ) {
		size_t len;

		s += strspn(s, ASCII_SPACE);
		len = strcspn(s, ASCII_SPACE);
		if (len == n && strncmp(s, token, n) == 0)
			return 1;
		s += len;
	}
	return 0;
}

/* Whether the n bytes at s hold the word anywhere. */
static int
holds(const char *s, size_t n, const char *word)
{
	size_t len = strlen(word);

	for (const char *end = s + n, *at = s; (size_t)(end - at) >= len &&
	    (at = memchr(at, word[0], (size_t)(end - at) - len + 1)) != NULL;
	    at++)
		if (memcmp(at, word, len) == 0)
			return 1;
	return 0;
}
