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

/*
 * A run of text as a reader sees its words, made once for every sum that
 * takes it: its words one blank apart, and whether blanks stood before
 * and after them.
 */
struct words {
	struct buf	 text;
	int		 before, after;	/* a blank at either end */
	int		 any;		/* some word at all */
};

/* What one set of rules (main_content.h) reads of the page. */
struct reading {
	struct main_content where;
	struct text_sum	 part[MAIN_KINDS];	/* each candidate's */
	struct text_sum	 title;
	int		 verbatim;	/* inside code: blanks as written */
};

struct text_hash {
	struct reading	 now;		/* MAIN_RULES_NOW */
	struct reading	 before;	/* MAIN_RULES_0_2, for stores of 0.2 */
	int		 with_before;	/* before is read */
	struct text_sum	 whole;		/* every text shown, for those of 0.1 */
	struct words	 words;		/* the text now read */
	int		 whole_hidden;	/* inside so many scripts and styles */
	int		 pictures;	/* <img>s shown */
	int		 scripts;	/* <script>s, shown or not */
	struct body_dates *dates;	/* or NULL */
	struct page_images *images;	/* or NULL */
};

/*
 * What a reader gets of an element besides its text, by the element
 * and attribute that hold it, and the word it is hashed as:
 * where a link goes, what an image says to one who cannot see it, what
 * a frame or a player plays, where a list's count starts, a box ticked.
 */
static const struct shown_attribute {
	const char	*element, *attribute, *word;
} shown_attributes[] = {
	{ "a", "href", "href:" },
	{ "area", "href", "href:" },
	{ "img", "alt", "alt:" },
	{ "area", "alt", "alt:" },
	{ "iframe", "src", "src:" },
	{ "embed", "src", "src:" },
	{ "video", "src", "src:" },
	{ "video", "poster", "poster:" },
	{ "audio", "src", "src:" },
	{ "source", "src", "src:" },
	{ "source", "srcset", "srcset:" },
	{ "track", "src", "src:" },
	{ "object", "data", "data:" },
	{ "ol", "start", "start:" },
	{ "ol", "reversed", "reversed:" },
	{ "li", "value", "value:" },
	{ "input", "checked", "checked:" },
};

static void	reading_init(struct reading *, enum main_rules);
static void	reading_start(struct text_hash *, struct reading *,
		    const char *, const xmlChar **);
static void	reading_end(struct reading *, const char *);
static void	reading_text(struct reading *, const struct words *,
		    const xmlChar *, int);
static void	on_start(void *, const xmlChar *, const xmlChar **);
static void	on_end(void *, const xmlChar *);
static void	on_text(void *, const xmlChar *, int);
static void	sum_init(struct text_sum *);
static void	words_of(struct words *, const xmlChar *, int);
static void	sum_text(struct text_sum *, const struct words *);
static void	sum_verbatim(struct text_sum *, const xmlChar *, int);
static void	sum_word(struct text_sum *, const char *, const char *);
static void	sum_words(struct reading *, unsigned, const char *,
		    const char *);
static uint64_t	main_sum(const struct reading *, enum main_kind);
static void	all_blank(struct text_hash *);
static int	is_hidden(const char *);
static int	is_verbatim(const char *);
static void	take_date(struct body_dates *, const xmlChar *,
		    const xmlChar **);
static int	holds(const char *, size_t, const char *);

int
content_hash(int fd, struct body_dates *dates, struct page_images *images,
    int before, struct content_sums *sums)
{
	struct text_hash t = { .dates = dates, .images = images,
	    .with_before = before };
	htmlSAXHandler sax;
	enum main_kind from, from_0_2;
	int rc;

	memset(sums, 0, sizeof(*sums));
	reading_init(&t.now, MAIN_RULES_NOW);
	reading_init(&t.before, MAIN_RULES_0_2);
	sum_init(&t.whole);
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	rc = html_read(fd, &sax, &t, CONTENT_HASH_MAX);
	from = main_content_chosen(&t.now.where);
	from_0_2 = main_content_chosen(&t.before.where);
	main_content_free(&t.now.where);
	main_content_free(&t.before.where);
	buf_free(&t.words.text);
	if (rc == -1)
		return -1;
	sums->main = main_sum(&t.now, from);
	sums->main_0_2 = t.with_before ? main_sum(&t.before, from_0_2) : 0;
	sums->whole = t.whole.h;
	sums->from = from;
	sums->shown = t.whole.some || t.pictures > 0;
	sums->scripted = t.scripts > 0;
	return 0;
}

void
content_sums_before(const struct content_sums *sums,
    uint64_t before[CONTENT_KIND_MAIN])
{
	before[CONTENT_KIND_WHOLE] = sums->whole;
	before[CONTENT_KIND_MAIN_0_2] = sums->main_0_2;
}

static void
reading_init(struct reading *r, enum main_rules rules)
{
	main_content_init(&r->where, rules);
	for (int k = 0; k < MAIN_KINDS; k++)
		sum_init(&r->part[k]);
	sum_init(&r->title);
	r->verbatim = 0;
}

/* An element begins, as the reading's rules see it. */
static void
reading_start(struct text_hash *t, struct reading *r, const char *name,
    const xmlChar **atts)
{
	const char *src;
	unsigned here;

	main_content_start(&r->where, name, (const char *const *)atts);
	here = main_content_here(&r->where);
	/* A picture replaced is the page changed: its URL counts. */
	if (here != 0 && strcmp(name, "img") == 0 && atts != NULL &&
	    (src = html_attribute(atts, "src")) != NULL) {
		sum_words(r, here, "img:", src);
		if (r == &t->now && t->images != NULL)
			page_images_add(t->images, src, here);
	}
	if (r->where.rules == MAIN_RULES_0_2 || here == 0 || atts == NULL)
		return;
	for (size_t i = 0; i < sizeof(shown_attributes) /
	    sizeof(shown_attributes[0]); i++) {
		const struct shown_attribute *a = &shown_attributes[i];
		const char *value;

		if (strcmp(name, a->element) == 0 &&
		    (value = html_attribute(atts, a->attribute)) != NULL)
			sum_words(r, here, a->word, value);
	}
}

static void
reading_end(struct reading *r, const char *name)
{
	main_content_end(&r->where);
	if (r->verbatim > 0 && is_verbatim(name))
		r->verbatim--;
}

static void
reading_text(struct reading *r, const struct words *w, const xmlChar *text,
    int len)
{
	unsigned here = main_content_here(&r->where);

	if (main_content_in_title(&r->where))
		sum_text(&r->title, w);
	for (int k = 0; here != 0 && k < MAIN_KINDS; k++) {
		if (!(here & 1u << k))
			continue;
		if (r->verbatim > 0)
			sum_verbatim(&r->part[k], text, len);
		else
			sum_text(&r->part[k], w);
	}
}

static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct text_hash *t = ctx;
	const char *n = (const char *)name;

	if (t->dates != NULL && atts != NULL)
		take_date(t->dates, name, atts);
	if (is_hidden(n))
		t->whole_hidden++;
	t->scripts += strcmp(n, "script") == 0;
	t->pictures += strcmp(n, "img") == 0 && atts != NULL &&
	    t->whole_hidden == 0;
	if (t->images != NULL && strcmp(n, "base") == 0)
		page_images_base(t->images, html_attribute(atts, "href"));
	reading_start(t, &t->now, n, atts);
	if (t->with_before)
		reading_start(t, &t->before, n, atts);
	all_blank(t);	/* an element parts words, as a browser lays it out */
	/* After the blank: code is set apart from the text before it. */
	if (is_verbatim(n))
		t->now.verbatim++;
}

static void
on_end(void *ctx, const xmlChar *name)
{
	struct text_hash *t = ctx;

	if (is_hidden((const char *)name) && t->whole_hidden > 0)
		t->whole_hidden--;
	reading_end(&t->now, (const char *)name);
	if (t->with_before)
		reading_end(&t->before, (const char *)name);
	all_blank(t);
}

static void
on_text(void *ctx, const xmlChar *text, int len)
{
	struct text_hash *t = ctx;

	words_of(&t->words, text, len);
	if (t->whole_hidden == 0)
		sum_text(&t->whole, &t->words);
	reading_text(&t->now, &t->words, text, len);
	if (t->with_before)
		reading_text(&t->before, &t->words, text, len);
}

static void
sum_init(struct text_sum *sum)
{
	*sum = (struct text_sum){ HASH_INIT, 0, 0 };
}

/* The words of len bytes of text, into w. */
static void
words_of(struct words *w, const xmlChar *text, int len)
{
	char *out;
	size_t n = 0;
	int blank = 0;

	buf_reset(&w->text);
	/* No more than the text itself. */
	out = buf_room(&w->text, len > 0 ? (size_t)len : 1);
	w->before = len > 0 && ascii_in(text[0], ASCII_SPACE);
	for (int i = 0; i < len; i++) {
		if (ascii_in(text[i], ASCII_SPACE)) {
			blank = 1;
			continue;
		}
		if (blank && n > 0)
			out[n++] = ' ';
		out[n++] = (char)text[i];
		blank = 0;
	}
	buf_commit(&w->text, n);
	w->any = n > 0;
	w->after = blank;
}

/* Words into a sum, as if each byte were added: blanks made one. */
static void
sum_text(struct text_sum *sum, const struct words *w)
{
	if (!w->any) {
		sum->blank |= w->before;
		return;
	}
	if ((sum->blank || w->before) && sum->some)
		sum->h = hash_add(sum->h, " ", 1);
	sum->h = hash_add(sum->h, w->text.data, w->text.len);
	sum->blank = w->after;
	sum->some = 1;
}

/* Code's text, its blanks as written: indentation is meaning there. */
static void
sum_verbatim(struct text_sum *sum, const xmlChar *text, int len)
{
	if (len <= 0)
		return;
	if (sum->blank && sum->some)
		sum->h = hash_add(sum->h, " ", 1);
	sum->h = hash_add(sum->h, text, (size_t)len);
	sum->blank = 0;
	sum->some = 1;
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

/* The word, into the sum of each candidate here. */
static void
sum_words(struct reading *r, unsigned here, const char *kind,
    const char *value)
{
	for (int k = 0; k < MAIN_KINDS; k++)
		if (here & 1u << k)
			sum_word(&r->part[k], kind, value);
}

/* The title, then the content: neither runs into the other. */
static uint64_t
main_sum(const struct reading *r, enum main_kind from)
{
	uint64_t h = hash_add(r->title.h, &r->part[from].h,
	    sizeof(r->part[from].h));

	return h + (h == 0);	/* 0 says "not known" */
}

static void
all_blank(struct text_hash *t)
{
	struct reading *readings[] = { &t->now, &t->before };

	for (size_t i = 0; i < 2; i++) {
		/* Inside code, markup (a highlighter's) parts no words. */
		for (int k = 0; readings[i]->verbatim == 0 && k < MAIN_KINDS;
		    k++)
			readings[i]->part[k].blank = 1;
		readings[i]->title.blank = 1;
	}
	t->whole.blank = 1;
}

/* What a reader does not see: scripts, styles, templates. */
static int
is_hidden(const char *name)
{
	return strcmp(name, "script") == 0 || strcmp(name, "style") == 0 ||
	    strcmp(name, "template") == 0 || strcmp(name, "noscript") == 0;
}

/* What shows its text as written, blanks and all. */
static int
is_verbatim(const char *name)
{
	return strcmp(name, "pre") == 0 || strcmp(name, "code") == 0 ||
	    strcmp(name, "textarea") == 0 || strcmp(name, "listing") == 0 ||
	    strcmp(name, "xmp") == 0;
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

			content_hash(fd, dates, NULL, 0, &ignored);
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
	if (dates->modified == NULL && html_has_token(prop, "dateModified",
	    ASCII_SPACE, 0))
		dates->modified = xstrdup(value);
	if (dates->published == NULL && html_has_token(prop, "datePublished",
	    ASCII_SPACE, 0))
		dates->published = xstrdup(value);
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
