/*
 * A page's title and main content as a reader sees them, hashed, the
 * whole page's text beside them, and its microdata dates: one pass of
 * libxml2's HTML parser (html_read.c), main_content.c saying where each
 * part of the page belongs.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "ascii.h"
#include "buf.h"
#include "content_hash.h"
#include "hash.h"
#include "html_read.h"
#include "main_content.h"
#include "page_images.h"

/* A run of text hashed, its blanks as one, as a reader sees words. */
struct text_sum {
	uint64_t	 h;
	int		 blank;		/* a blank came after some text */
	int		 some;		/* some text came */
};

struct text_hash {
	struct main_content where;
	struct text_sum	 part[MAIN_KINDS];	/* each candidate's */
	struct text_sum	 title;
	struct text_sum	 whole;		/* every text shown, as before */
	int		 whole_hidden;	/* inside so many scripts and styles */
	int		 pictures;	/* <img>s shown */
	int		 scripts;	/* <script>s, shown or not */
	struct body_dates *dates;	/* or NULL */
	struct page_images *images;	/* or NULL */
};

static void	on_start(void *, const xmlChar *, const xmlChar **);
static void	on_end(void *, const xmlChar *);
static void	on_text(void *, const xmlChar *, int);
static void	sum_init(struct text_sum *);
static void	sum_text(struct text_sum *, const xmlChar *, int);
static void	sum_word(struct text_sum *, const char *, const char *);
static void	all_blank(struct text_hash *);
static int	is_hidden(const char *);
static void	take_date(struct body_dates *, const xmlChar *,
		    const xmlChar **);
static int	has_token(const char *, const char *);
static int	holds(const char *, size_t, const char *);

int
content_hash(int fd, struct body_dates *dates, struct page_images *images,
    struct content_sums *sums)
{
	struct text_hash t = { .dates = dates, .images = images };
	htmlSAXHandler sax;
	enum main_kind from;
	int rc;

	memset(sums, 0, sizeof(*sums));
	main_content_init(&t.where);
	for (int k = 0; k < MAIN_KINDS; k++)
		sum_init(&t.part[k]);
	sum_init(&t.title);
	sum_init(&t.whole);
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	rc = html_read(fd, &sax, &t, CONTENT_HASH_MAX);
	from = main_content_chosen(&t.where);
	main_content_free(&t.where);
	if (rc == -1)
		return -1;
	/* The title, then the content: neither runs into the other. */
	sums->main = hash_add(t.title.h, &t.part[from].h,
	    sizeof(t.part[from].h));
	sums->main += sums->main == 0;	/* 0 says "not known" */
	sums->whole = t.whole.h;
	sums->from = from;
	sums->shown = t.whole.some || t.pictures > 0;
	sums->scripted = t.scripts > 0;
	return 0;
}

static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct text_hash *t = ctx;
	const char *src;
	unsigned here;

	if (t->dates != NULL && atts != NULL)
		take_date(t->dates, name, atts);
	if (is_hidden((const char *)name))
		t->whole_hidden++;
	t->scripts += strcmp((const char *)name, "script") == 0;
	main_content_start(&t->where, (const char *)name,
	    (const char *const *)atts);
	all_blank(t);	/* an element parts words, as a browser lays it out */
	if (t->images != NULL && strcmp((const char *)name, "base") == 0)
		page_images_base(t->images, html_attribute(atts, "href"));
	/* A picture replaced is the page changed: its URL counts. */
	if (strcmp((const char *)name, "img") != 0 || atts == NULL)
		return;
	t->pictures += t->whole_hidden == 0;
	here = main_content_here(&t->where);
	if (here == 0 || (src = html_attribute(atts, "src")) == NULL)
		return;
	for (int k = 0; k < MAIN_KINDS; k++)
		if (here & 1u << k)
			sum_word(&t->part[k], "img:", src);
	if (t->images != NULL)
		page_images_add(t->images, src, here);
}

static void
on_end(void *ctx, const xmlChar *name)
{
	struct text_hash *t = ctx;

	if (is_hidden((const char *)name) && t->whole_hidden > 0)
		t->whole_hidden--;
	main_content_end(&t->where);
	all_blank(t);
}

static void
on_text(void *ctx, const xmlChar *text, int len)
{
	struct text_hash *t = ctx;
	unsigned here = main_content_here(&t->where);

	if (t->whole_hidden == 0)
		sum_text(&t->whole, text, len);
	if (main_content_in_title(&t->where))
		sum_text(&t->title, text, len);
	for (int k = 0; here != 0 && k < MAIN_KINDS; k++)
		if (here & 1u << k)
			sum_text(&t->part[k], text, len);
}

static void
sum_init(struct text_sum *sum)
{
	*sum = (struct text_sum){ HASH_INIT, 0, 0 };
}

static void
sum_text(struct text_sum *sum, const xmlChar *text, int len)
{
	for (int i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (ascii_in(c, ASCII_SPACE)) {
			sum->blank = 1;
			continue;
		}
		if (sum->blank && sum->some)
			sum->h = hash_add(sum->h, " ", 1);
		sum->h = hash_add(sum->h, &c, 1);
		sum->blank = 0;
		sum->some = 1;
	}
}

/* A word of its own that no text can spell: kind, a NUL, then value. */
static void
sum_word(struct text_sum *sum, const char *kind, const char *value)
{
	if (sum->some)
		sum->h = hash_add(sum->h, " ", 1);
	sum->h = hash_add(sum->h, kind, strlen(kind) + 1);
	sum->h = hash_add(sum->h, value, strlen(value));
	sum->blank = 1;
	sum->some = 1;
}

static void
all_blank(struct text_hash *t)
{
	for (int k = 0; k < MAIN_KINDS; k++)
		t->part[k].blank = 1;
	t->title.blank = 1;
	t->whole.blank = 1;
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
			struct content_sums ignored;

			content_hash(fd, dates, NULL, &ignored);
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
