/*
 * What a page's <head> says about it: its bytes decoded as a browser
 * decodes them, then libxml2's HTML parser, pushed.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/uri.h>
#include <libxml/xmlerror.h>

#include "ascii.h"
#include "buf.h"
#include "encoding.h"
#include "head.h"
#include "head_scan.h"
#include "html_read.h"

/* Resolves what a page names; its own host is unknown, so stands in. */
#define HERE	"http://sitemapd.invalid"

struct head_reader {
	htmlParserCtxtPtr	 ctxt;
	struct page_head	 head;
	int			 done;
	struct buf		 raw;	/* until the encoding is known */
	size_t			 bom;	/* its first bytes, not text */
	const struct encoding	*encoding;
	int			 certain;	/* a BOM said it */
	int			 charset_seen;	/* a <meta> named one */
	struct decoder		*decoder;
	struct buf		 text;	/* decoded, for libxml2 */
	struct head_scan	 scan;	/* the browser's head */
	int			 parsed;	/* libxml2 is at the body */
	struct buf		 jsonld;	/* the one being read */
	int			 in_jsonld;
};

static void	choose_encoding(struct head_reader *);
static void	push(struct head_reader *, const char *, size_t, int last);
static void	on_error(void *, xmlErrorPtr);
static void	on_start(void *, const xmlChar *, const xmlChar **);
static void	on_text(void *, const xmlChar *, int);
static void	on_end(void *, const xmlChar *);
static void	on_charset(struct head_reader *, const struct encoding *);
static void	unsure(struct page_head *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static const char *attr(const xmlChar **, const char *);
static int	is_date_meta(const xmlChar **);
static int	digits(const char **, int n, int *value);
static char	*refresh_target(const char *);
static void	add_alternate(struct page_head *, const xmlChar **);

void
head_init(void)
{
	xmlInitParser();
}

struct head_reader *
head_begin(void)
{
	struct head_reader *r = xcalloc(1, sizeof(*r));
	htmlSAXHandler sax;

	head_scan_init(&r->scan);
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	/* The bytes are decoded already: libxml2 reads UTF-8, whatever a
	   <meta> says, as the browser has already chosen. */
	if ((r->ctxt = htmlCreatePushParserCtxt(&sax, r, NULL, 0, NULL,
	    XML_CHAR_ENCODING_UTF8)) == NULL)
		abort();	/* only for want of memory, as xmalloc */
	htmlCtxtUseOptions(r->ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NOBLANKS |
	    HTML_PARSE_IGNORE_ENC);
	return r;
}

int
head_feed(struct head_reader *r, const char *data, size_t len)
{
	if (r->done || len == 0)
		return r->done;
	if (r->encoding == NULL) {
		buf_add(&r->raw, data, len);
		if (r->raw.len < ENCODING_PRESCAN)
			return 0;
		choose_encoding(r);
		if (r->done)
			return 1;
		data = buf_str(&r->raw) + r->bom;
		len = r->raw.len - r->bom;
	}
	push(r, data, len, 0);
	return r->done;
}

void
head_end(struct head_reader *r, const char *cut_short, struct page_head *head)
{
	if (r->encoding == NULL)
		choose_encoding(r);
	if (!r->done) {
		push(r, buf_str(&r->raw) + r->bom, r->raw.len - r->bom, 1);
		if (!r->done && cut_short)
			unsure(&r->head, "%s", cut_short);
	}
	if (r->head.noindex == NULL)
		r->head.noindex = r->scan.noindex;
	*head = r->head;
	head_scan_free(&r->scan);
	htmlFreeParserCtxt(r->ctxt);
	decoder_free(r->decoder);
	buf_free(&r->raw);
	buf_free(&r->text);
	buf_free(&r->jsonld);
	free(r);
}

void
head_free(struct page_head *head)
{
	free(head->unsure);
	free(head->parser_said);
	free(head->canonical);
	free(head->refresh);
	free(head->modified);
	free(head->published);
	for (size_t i = 0; i < head->njsonld; i++)
		free(head->jsonld[i]);
	for (size_t i = 0; i < head->nalternates; i++) {
		free(head->alternates[i].lang);
		free(head->alternates[i].href);
	}
	free(head->alternates);
	memset(head, 0, sizeof(*head));
}

enum head_target
head_target(const char *href, const char *path, const struct host_policy *hosts,
    struct buf *target)
{
	struct buf base = BUF_INIT, escaped = BUF_INIT;
	xmlChar *abs;
	xmlURIPtr uri = NULL;
	char *own = NULL, *named = NULL;
	enum head_target where = HEAD_INVALID;

	/* As a browser sends it: bytes past ASCII and blanks escaped. */
	for (const unsigned char *c = (const unsigned char *)href; *c; c++)
		if (*c >= 0x80 || *c <= 0x20)
			buf_printf(&escaped, "%%%02X", *c);
		else
			buf_addc(&escaped, (char)*c);
	buf_printf(&base, "%s%s", HERE, path);
	if ((abs = xmlBuildURI((const xmlChar *)buf_str(&escaped),
	    (const xmlChar *)buf_str(&base))) == NULL ||
	    (uri = xmlParseURI((const char *)abs)) == NULL ||
	    uri->scheme == NULL || (strcmp(uri->scheme, "http") != 0 &&
	    strcmp(uri->scheme, "https") != 0) || uri->server == NULL)
		goto out;	/* names nothing a crawler could follow */
	where = HEAD_ELSEWHERE;
	for (char *c = uri->server; *c; c++)
		*c = (char)ascii_tolower((unsigned char)*c);
	if (strcmp(uri->server, &HERE[strlen("http://")]) != 0 &&
	    !host_policy_allows(hosts, uri->server))
		goto out;
	/* Both as a crawler would ask for them: percent-decoded. */
	own = xmlURIUnescapeString(path, 0, NULL);
	named = xmlURIUnescapeString(uri->path ? uri->path : "/", 0, NULL);
	if (own == NULL || named == NULL ||
	    (uri->query != NULL && uri->query[0] != '\0'))
		goto out;	/* no file is a query's */
	if (strcmp(own, named) == 0)
		where = HEAD_SELF;
	else {
		where = HEAD_PATH;
		buf_adds(target, named);
	}
out:
	xmlFree(own);
	xmlFree(named);
	xmlFreeURI(uri);
	xmlFree(abs);
	buf_free(&base);
	buf_free(&escaped);
	return where;
}

int
head_date(const char *s, time_t *t)
{
	struct tm tm = { .tm_mon = 0, .tm_mday = 1 };
	int year, mon = 1, day = 1, hour = 0, min = 0, sec = 0, zh = 0, zm = 0;
	int sign = 0;

	if (!digits(&s, 4, &year))
		return -1;
	if (*s == '-' && (s++, !digits(&s, 2, &mon)))
		return -1;
	if (*s == '-' && (s++, !digits(&s, 2, &day)))
		return -1;
	if (*s == 'T') {
		s++;
		if (!digits(&s, 2, &hour) || *s++ != ':' || !digits(&s, 2, &min))
			return -1;
		if (*s == ':' && (s++, !digits(&s, 2, &sec)))
			return -1;
		if (*s == '.' && ascii_is_digit((unsigned char)s[1]))
			for (s++; ascii_is_digit((unsigned char)*s); s++)
				;
		if (*s == 'Z')
			s++;
		else if (*s == '+' || *s == '-') {
			sign = *s++ == '-' ? -1 : 1;
			if (!digits(&s, 2, &zh) || *s++ != ':' ||
			    !digits(&s, 2, &zm) || zh > 23 || zm > 59)
				return -1;
		} else
			return -1;	/* a time needs its zone */
	}
	if (*s != '\0' || mon < 1 || mon > 12 || day < 1 || day > 31 ||
	    hour > 23 || min > 59 || sec > 60)
		return -1;
	tm.tm_year = year - 1900;
	tm.tm_mon = mon - 1;
	tm.tm_mday = day;
	tm.tm_hour = hour;
	tm.tm_min = min;
	tm.tm_sec = sec;
	*t = timegm(&tm) - sign * (zh * 3600 + zm * 60);
	/* timegm moves 31 February on to March: such a day is none. */
	return tm.tm_mday == day && tm.tm_mon == mon - 1 ? 0 : -1;
}

enum head_stated
head_stated_date(const char *s, time_t now, time_t *t)
{
	time_t when;

	if (head_date(s, &when) == -1)
		return STATED_NO_DATE;
	if (when < 0)
		return STATED_TOO_OLD;
	if (when > now + 24 * 3600)
		return STATED_AHEAD;
	*t = when;
	return STATED_OK;
}

/*
 * Each element libxml2 reads before <body>, written or implied, where it
 * stops; where the head ends, and whether it says noindex, head_scan.c
 * decides as a browser does, this reading adding a noindex it sees.
 */
static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct head_reader *r = ctx;
	struct page_head *h = &r->head;
	const char *n = (const char *)name, *v, *c, *to;

	if (strcmp(n, "body") == 0) {
		r->parsed = 1;
		xmlStopParser(r->ctxt);
	} else if (strcmp(n, "title") == 0)
		h->titled = 1;
	else if (strcmp(n, "meta") == 0) {
		if ((v = attr(atts, "charset")) != NULL)
			on_charset(r, encoding_for_label(v, strlen(v)));
		else if ((v = attr(atts, "http-equiv")) != NULL &&
		    strcasecmp(v, "content-type") == 0 &&
		    (v = attr(atts, "content")) != NULL)
			on_charset(r, encoding_from_content(v));
		if ((v = attr(atts, "name")) != NULL &&
		    (c = attr(atts, "content")) != NULL &&
		    (to = meta_noindex_for(v, c)) != NULL) {
			if (h->noindex == NULL)
				h->noindex = to;
		} else if (h->modified == NULL && is_date_meta(atts) &&
		    (v = attr(atts, "content")) != NULL)
			h->modified = xstrdup(v);
		else if (h->published == NULL && (v = attr(atts,
		    "property")) != NULL && strcasecmp(v,
		    "article:published_time") == 0 &&
		    (v = attr(atts, "content")) != NULL)
			h->published = xstrdup(v);
		else if ((v = attr(atts, "http-equiv")) != NULL &&
		    strcasecmp(v, "refresh") == 0 && h->refresh == NULL &&
		    (v = attr(atts, "content")) != NULL)
			h->refresh = refresh_target(v);
	} else if (strcmp(n, "script") == 0 && (v = attr(atts, "type")) != NULL &&
	    html_has_token(v, "application/ld+json", ";", 1) &&
	    h->njsonld < HEAD_JSONLD_MAX) {
		r->in_jsonld = 1;
		buf_reset(&r->jsonld);
	} else if (strcmp(n, "link") == 0 && (v = attr(atts, "rel")) != NULL) {
		if (html_has_token(v, "alternate", ASCII_SPACE, 1))
			add_alternate(h, atts);
		if (h->canonical == NULL && html_has_token(v, "canonical",
		    ASCII_SPACE, 1) && (v = attr(atts, "href")) != NULL)
			h->canonical = xstrdup(v);
	}
}

/* The text of a JSON-LD script, kept whole within its bound. */
static void
on_text(void *ctx, const xmlChar *text, int len)
{
	struct head_reader *r = ctx;

	if (r->in_jsonld && r->jsonld.len + (size_t)len <= HEAD_JSONLD_BYTES)
		buf_add(&r->jsonld, text, (size_t)len);
}

static void
on_end(void *ctx, const xmlChar *name)
{
	struct head_reader *r = ctx;

	if (!r->in_jsonld || strcmp((const char *)name, "script") != 0)
		return;
	r->in_jsonld = 0;
	r->head.jsonld[r->head.njsonld++] = xstrdup(buf_str(&r->jsonld));
}

/* One with both hreflang and href: one that lacks either names no language. */
static void
add_alternate(struct page_head *h, const xmlChar **atts)
{
	const char *lang = attr(atts, "hreflang"), *href = attr(atts, "href");

	if (lang == NULL || href == NULL)
		return;
	if (h->nalternates == HEAD_ALTERNATES_MAX) {
		h->alternates_unread++;
		return;
	}
	h->alternates = xgrowarray(h->alternates, h->nalternates,
	    sizeof(*h->alternates));
	h->alternates[h->nalternates++] = (struct head_alternate){
	    xstrdup(lang), xstrdup(href) };
}

/* A page's own date of change, as Open Graph and Dublin Core write it. */
static int
is_date_meta(const xmlChar **atts)
{
	const char *p = attr(atts, "property"), *n = attr(atts, "name");

	return (p != NULL && (strcasecmp(p, "article:modified_time") == 0 ||
	    strcasecmp(p, "og:updated_time") == 0)) ||
	    (n != NULL && strcasecmp(n, "dcterms.modified") == 0);
}

/* The value of an attribute, its name in any case. */
static const char *
attr(const xmlChar **atts, const char *name)
{
	for (size_t i = 0; atts != NULL && atts[i] != NULL; i += 2)
		if (strcasecmp((const char *)atts[i], name) == 0)
			return atts[i + 1] ? (const char *)atts[i + 1] : "";
	return NULL;
}


/*
 * "5; url=/new", "0;URL='/new'", "0, /new": the URL, or NULL for a
 * refresh of the page itself ("30").
 */
static char *
refresh_target(const char *content)
{
	const char *p = content, *end;

	while (ascii_in((unsigned char)*p, ASCII_SPACE ".") ||
	    ascii_is_digit((unsigned char)*p))
		p++;
	if (*p != ';' && *p != ',')
		return NULL;
	end = p + strlen(p);
	p++;
	ascii_trim(&p, &end, ASCII_SPACE);
	if (strncasecmp(p, "url", 3) == 0) {
		const char *q = p + 3;

		ascii_trim(&q, &end, ASCII_SPACE);
		if (*q == '=') {
			p = q + 1;
			ascii_trim(&p, &end, ASCII_SPACE);
		}
	}
	if (p < end && (*p == '\'' || *p == '"')) {
		const char *close = memchr(p + 1, *p, (size_t)(end - p - 1));

		end = close ? close : end;
		p++;
	}
	return p == end ? NULL : xstrndup(p, (size_t)(end - p));
}

/* Exactly n digits at *s, read on past them. */
static int
digits(const char **s, int n, int *value)
{
	*value = 0;
	for (int i = 0; i < n; i++, (*s)++) {
		if (!ascii_is_digit((unsigned char)**s))
			return 0;
		*value = *value * 10 + (**s - '0');
	}
	return 1;
}

/*
 * The encoding from the bytes read so far; one this machine cannot
 * decode, or that decodes to nothing, leaves what the page says unknown.
 */
static void
choose_encoding(struct head_reader *r)
{
	size_t bom;

	r->encoding = encoding_sniff((const unsigned char *)buf_str(&r->raw),
	    r->raw.len, &bom);
	r->certain = bom > 0;
	r->bom = bom;
	if (encoding_is_replacement(r->encoding))
		unsure(&r->head, "its encoding %s shows nothing of it in a "
		    "browser", encoding_name(r->encoding));
	else if ((r->decoder = decoder_new(r->encoding)) == NULL)
		unsure(&r->head, "its encoding %s cannot be decoded here",
		    encoding_name(r->encoding));
	if (r->decoder == NULL)
		r->done = 1;
}

/* Decoded bytes to libxml2, its complaints kept rather than printed. */
static void
push(struct head_reader *r, const char *data, size_t len, int last)
{
	xmlStructuredErrorFunc was = xmlStructuredError;
	void *was_ctx = xmlStructuredErrorContext;

	buf_reset(&r->text);
	decoder_feed(r->decoder, data, len, &r->text);
	if (last)
		decoder_end(r->decoder, &r->text);
	buf_reset(&r->raw);
	r->bom = 0;
	if (memchr(buf_str(&r->text), '\0', r->text.len) != NULL)
		unsure(&r->head, "it holds NUL bytes where a browser reads "
		    "text: its encoding is not what it seems");
	/* The head ends where a browser's ends, however libxml2 reads it. */
	r->done = head_scan_feed(&r->scan, buf_str(&r->text), r->text.len);
	xmlSetStructuredErrorFunc(r, on_error);
	if (r->text.len > 0 && !r->parsed)
		htmlParseChunk(r->ctxt, r->text.data, (int)r->text.len, 0);
	if (last && !r->parsed)
		htmlParseChunk(r->ctxt, NULL, 0, 1);
	xmlSetStructuredErrorFunc(was_ctx, was);
}

/* libxml2's own words: the first one, for the log with the file's name. */
static void
on_error(void *ctx, xmlErrorPtr e)
{
	struct head_reader *r = ctx;
	size_t n;

	if (r->head.parser_said != NULL || e == NULL || e->message == NULL ||
	    e->domain == XML_FROM_HTML)
		return;		/* markup a browser takes as it is */
	n = strcspn(e->message, "\n");
	r->head.parser_said = xstrndup(e->message, n);
}

/*
 * A <meta> naming a charset: the first is the browser's word on it. One
 * that names another encoding than the one chosen, where no BOM settled
 * it, makes a browser decode the page again in that one, which this
 * reading did not.
 */
static void
on_charset(struct head_reader *r, const struct encoding *e)
{
	if (e == NULL || r->charset_seen || r->certain)
		return;
	r->charset_seen = 1;
	if (encoding_from_meta(e) != r->encoding)
		unsure(&r->head, "its <meta> charset %s is not what a browser "
		    "first decodes it by: it would decode it again",
		    encoding_name(e));
}

/* The first reason what the page says cannot be known. */
static void
unsure(struct page_head *h, const char *fmt, ...)
{
	struct buf why = BUF_INIT;
	va_list ap;

	if (h->unsure != NULL)
		return;
	va_start(ap, fmt);
	buf_vprintf(&why, fmt, ap);
	va_end(ap);
	h->unsure = why.data;
}
