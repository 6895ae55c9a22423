/*
 * A sitemap document of any site, read with libxml2's text reader: one
 * node at a time, no DTD loaded, no entity substituted, nothing fetched,
 * so that a hostile document costs its own size and no more.
 */
#include "autoconf.h"	/* memmem */

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libxml/xmlreader.h>

#include "buf.h"
#include "head.h"
#include "protocol_limits.h"
#include "sitemap_doc.h"

#define NS_SITEMAP	"http://www.sitemaps.org/schemas/sitemap/0.9"
#define NS_IMAGE	"http://www.google.com/schemas/sitemap-image/1.1"
#define NS_VIDEO	"http://www.google.com/schemas/sitemap-video/1.1"
#define NS_NEWS		"http://www.google.com/schemas/sitemap-news/0.9"
#define NS_XHTML	"http://www.w3.org/1999/xhtml"
#define NS_ATOM		"http://www.w3.org/2005/Atom"

/* An extension record of one <url>, and the fields it has been seen with. */
enum record { REC_NONE, REC_IMAGE, REC_VIDEO, REC_NEWS };

enum {
	HAS_LOC = 1, HAS_THUMBNAIL = 2, HAS_TITLE = 4, HAS_DESCRIPTION = 8,
	HAS_CONTENT = 16, HAS_NAME = 32, HAS_LANGUAGE = 64, HAS_DATE = 128
};

struct reading {
	const struct doc_reader *reader;
	xmlTextReaderPtr xml;
	enum doc_format	 format;
	int		 entry_depth;	/* -1 outside an entry */
	struct buf	 loc, lastmod;
	int		 loc_seen;
	int		 loc_entity;	/* an entity left unexpanded in loc */
	struct doc_entry entry;
	enum record	 record;
	int		 record_depth, record_has;
	struct buf	 record_bad;	/* a record field's invalid URL */
};

static enum doc_format	read_text(const char *, size_t,
			    const struct doc_reader *);
static enum doc_format	read_xml(const char *, size_t, const char *,
			    const struct doc_reader *);
static enum doc_format	root_format(struct reading *, const char *,
			    const char *);
static void	element(struct reading *, const char *, const char *, int);
static size_t	most_attributes(const char *, size_t);
static void	url_field(struct reading *, const char *, const char *);
static void	record_field(struct reading *, const char *);
static void	xhtml_link(struct reading *);
static void	atom_link(struct reading *);
static void	entry_begin(struct reading *, int);
static void	entry_end(struct reading *);
static void	record_end(struct reading *);
static char	*text_of(struct reading *);
static int	has_entity(struct reading *);
static char	*attribute(struct reading *, const char *);
static void	trim(struct buf *, const char *);
static int	changefreq_valid(const char *);
static int	priority_valid(const char *);
static void	problem(struct reading *, const char *, const char *);
static int	ns_is(const char *, const char *);
static int	starts_with(const char *, size_t, const char *);
static size_t	past_prolog(const char *, size_t, size_t);
static const char *find(const char *, size_t, const char *);

enum doc_format
sitemap_doc_read(const char *body, size_t len, const char *url,
    const struct doc_reader *reader)
{
	size_t i = 0, at;

	if (len >= 3 && memcmp(body, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && isspace((unsigned char)body[i]))
		i++;
	/*
	 * A web page is not read as XML: it is said to be one, whatever
	 * comments and declarations come first (an app's shell).
	 */
	at = past_prolog(body, len, i);
	if (starts_with(body + at, len - at, "<!doctype html") ||
	    starts_with(body + at, len - at, "<html")) {
		reader->problem(reader->arg, "not-a-sitemap", NULL,
		    "an HTML page");
		return DOC_NONE;
	}
	if (i < len && body[i] == '<')
		return read_xml(body, len, url, reader);
	return read_text(body + i, len - i, reader);
}

const char *
doc_format_name(enum doc_format f)
{
	static const char *names[] = { "none", "urlset", "sitemapindex",
	    "text", "rss", "atom" };

	return names[f];
}

int
doc_url_valid(const char *s)
{
	size_t n;

	if (strncasecmp(s, "http://", 7) == 0)
		n = 7;
	else if (strncasecmp(s, "https://", 8) == 0)
		n = 8;
	else
		return 0;
	/* A host, then a path, a query or a fragment, or nothing. */
	if (s[n] == '\0' || strchr("/?#:@", s[n]) != NULL)
		return 0;
	for (; s[n] != '\0'; n++)
		if ((unsigned char)s[n] <= ' ' || s[n] == 0x7f)
			return 0;
	return 1;
}

/*
 * One URL a line. A text whose lines hold no URL at all is not a text
 * sitemap (HTML without a leading "<", a PDF, an error message); one
 * with some URLs has its other lines as invalid URLs.
 */
static enum doc_format
read_text(const char *body, size_t len, const struct doc_reader *reader)
{
	struct reading r = { .reader = reader };
	struct buf line = BUF_INIT, bad = BUF_INIT;
	size_t start, end, urls = 0, others = 0;

	if (memchr(body, '\0', len) != NULL) {
		reader->problem(reader->arg, "not-a-sitemap", NULL,
		    "binary content, neither XML nor text");
		return DOC_NONE;
	}
	for (start = 0; start < len; start = end + 1) {
		const char *nl = memchr(body + start, '\n', len - start);

		end = nl ? (size_t)(nl - body) : len;
		buf_reset(&line);
		buf_add(&line, body + start, end - start);
		trim(&line, buf_str(&line));
		if (line.len == 0)
			continue;
		if (doc_url_valid(line.data)) {
			memset(&r.entry, 0, sizeof(r.entry));
			r.entry.format = DOC_TEXT;
			r.entry.loc = line.data;
			reader->entry(reader->arg, &r.entry);
			urls++;
		} else if (others++ == 0)
			buf_adds(&bad, line.data);
	}
	buf_free(&line);
	if (urls == 0) {
		reader->problem(reader->arg, "not-a-sitemap", NULL, others ?
		    "text whose lines are not URLs" : "an empty body");
		buf_free(&bad);
		return DOC_NONE;
	}
	if (others > 0) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "%zu lines are not absolute http(s) URLs",
		    others);
		reader->problem(reader->arg, "url-invalid", bad.data,
		    why.data);
		buf_free(&why);
	}
	buf_free(&bad);
	return DOC_TEXT;
}

static enum doc_format
read_xml(const char *body, size_t len, const char *url,
    const struct doc_reader *reader)
{
	struct reading r = { .reader = reader, .entry_depth = -1 };
	const char *encoding;
	int rc;

	if (len > INT_MAX) {
		reader->problem(reader->arg, "xml-invalid", NULL,
		    "larger than libxml2 reads");
		return DOC_NONE;
	}
	/*
	 * libxml2 checks each attribute against those before it: a tag of
	 * 200,000 takes a minute. A sitemap's have a few, its root a few
	 * namespaces: more is no sitemap, and is not parsed.
	 */
	if (most_attributes(body, len) > DOC_ATTRIBUTES_MAX) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "an element with more than %d attributes: "
		    "not read", DOC_ATTRIBUTES_MAX);
		reader->problem(reader->arg, "xml-invalid", NULL, why.data);
		buf_free(&why);
		return DOC_NONE;
	}
	/* No DTD, no entity substituted, no network, no messages. */
	r.xml = xmlReaderForMemory(body, (int)len, url, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
	    XML_PARSE_NOCDATA);
	if (r.xml == NULL) {
		reader->problem(reader->arg, "xml-invalid", NULL,
		    "libxml2 cannot start");
		return DOC_NONE;
	}
	r.format = (enum doc_format)-1;
	while ((rc = xmlTextReaderRead(r.xml)) == 1) {
		int type = xmlTextReaderNodeType(r.xml);
		int depth = xmlTextReaderDepth(r.xml);
		const char *name = (const char *)xmlTextReaderConstLocalName(
		    r.xml);
		const char *ns = (const char *)xmlTextReaderConstNamespaceUri(
		    r.xml);

		if (type == XML_READER_TYPE_ELEMENT) {
			int empty = xmlTextReaderIsEmptyElement(r.xml) == 1;

			if (depth == 0) {
				r.format = root_format(&r, name, ns);
				if (r.format == DOC_NONE)
					break;
				continue;
			}
			element(&r, name, ns, depth);
			if (empty && r.record != REC_NONE &&
			    depth == r.record_depth)
				record_end(&r);
			if (empty && depth == r.entry_depth)
				entry_end(&r);
		} else if (type == XML_READER_TYPE_END_ELEMENT) {
			if (r.record != REC_NONE && depth == r.record_depth)
				record_end(&r);
			if (depth == r.entry_depth)
				entry_end(&r);
		}
	}
	if (rc == -1) {
		struct buf why = BUF_INIT;
		const xmlError *e = xmlGetLastError();

		buf_printf(&why, "not well-formed XML, line %d%s%s",
		    xmlTextReaderGetParserLineNumber(r.xml),
		    e && e->message ? ": " : "", e && e->message ? e->message :
		    "");
		while (why.len > 0 && why.data[why.len - 1] == '\n')
			why.data[--why.len] = '\0';
		problem(&r, "xml-invalid", why.data);
		buf_free(&why);
		r.format = DOC_NONE;
	} else if (r.format == (enum doc_format)-1) {
		problem(&r, "not-a-sitemap", "XML without a root element");
		r.format = DOC_NONE;
	} else if (r.format != DOC_NONE && (encoding = (const char *)
	    xmlTextReaderConstEncoding(r.xml)) != NULL &&
	    strcasecmp(encoding, "UTF-8") != 0) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "declared %s: the protocol requires UTF-8",
		    encoding);
		problem(&r, "encoding-not-utf8", why.data);
		buf_free(&why);
	}
	xmlFreeTextReader(r.xml);
	xmlResetLastError();
	buf_free(&r.loc);
	buf_free(&r.lastmod);
	buf_free(&r.record_bad);
	for (size_t i = 0; i < r.entry.nalternates; i++) {
		free(r.entry.alternates[i].lang);
		free(r.entry.alternates[i].href);
	}
	return r.format;
}

static enum doc_format
root_format(struct reading *r, const char *name, const char *ns)
{
	struct buf why = BUF_INIT;

	if (strcmp(name, "urlset") == 0 || strcmp(name, "sitemapindex") == 0) {
		if (!ns_is(ns, NS_SITEMAP))
			problem(r, "namespace-missing",
			    "the root is not in the sitemaps.org namespace");
		return name[0] == 'u' ? DOC_URLSET : DOC_INDEX;
	}
	if (strcmp(name, "rss") == 0 || strcmp(name, "RDF") == 0)
		return DOC_RSS;
	if (strcmp(name, "feed") == 0 && ns_is(ns, NS_ATOM))
		return DOC_ATOM;
	buf_printf(&why, "XML whose root is <%s>", name);
	problem(r, "not-a-sitemap", why.data);
	buf_free(&why);
	return DOC_NONE;
}

/* An element below the root, at depth. */
static void
element(struct reading *r, const char *name, const char *ns, int depth)
{
	switch (r->format) {
	case DOC_URLSET:
	case DOC_INDEX:
		if (depth == 1 && strcmp(name, r->format == DOC_URLSET ?
		    "url" : "sitemap") == 0)
			entry_begin(r, depth);
		else if (r->entry_depth == -1)
			break;
		else if (depth == 2)
			url_field(r, name, ns);
		else if (r->record != REC_NONE && depth > r->record_depth)
			record_field(r, name);
		break;
	case DOC_RSS:
		if (strcmp(name, "item") == 0 && r->entry_depth == -1)
			entry_begin(r, depth);
		else if (r->entry_depth != -1 && depth == r->entry_depth + 1 &&
		    strcmp(name, "link") == 0)
			trim(&r->loc, text_of(r)), r->loc_seen = 1;
		break;
	case DOC_ATOM:
		if (depth == 1 && strcmp(name, "entry") == 0)
			entry_begin(r, depth);
		else if (r->entry_depth == -1 || depth != 2)
			break;
		else if (strcmp(name, "link") == 0)
			atom_link(r);
		else if (strcmp(name, "updated") == 0)
			trim(&r->lastmod, text_of(r));
		break;
	default:
		break;
	}
}

/* A child of <url> or <sitemap>. */
static void
url_field(struct reading *r, const char *name, const char *ns)
{
	struct buf value = BUF_INIT;
	const char *kind = NULL;

	if (ns_is(ns, NS_IMAGE) && strcmp(name, "image") == 0)
		r->record = REC_IMAGE;
	else if (ns_is(ns, NS_VIDEO) && strcmp(name, "video") == 0)
		r->record = REC_VIDEO;
	else if (ns_is(ns, NS_NEWS) && strcmp(name, "news") == 0)
		r->record = REC_NEWS;
	else if (ns_is(ns, NS_XHTML) && strcmp(name, "link") == 0)
		xhtml_link(r);
	if (r->record != REC_NONE) {
		r->record_depth = 2;
		r->record_has = 0;
		buf_reset(&r->record_bad);
		return;
	}
	/* The protocol's own fields are in its namespace, or in none. */
	if (ns != NULL && !ns_is(ns, NS_SITEMAP))
		return;
	if (strcmp(name, "loc") == 0) {
		trim(&r->loc, text_of(r));
		r->loc_seen = 1;
		r->loc_entity = has_entity(r);
		return;
	}
	if (strcmp(name, "lastmod") == 0) {
		trim(&r->lastmod, text_of(r));
		return;
	}
	if (r->format != DOC_URLSET)
		return;
	if (strcmp(name, "changefreq") == 0) {
		trim(&value, text_of(r));
		if (!changefreq_valid(buf_str(&value)))
			kind = "changefreq-invalid";
	} else if (strcmp(name, "priority") == 0) {
		trim(&value, text_of(r));
		if (!priority_valid(buf_str(&value)))
			kind = "priority-invalid";
	}
	if (kind != NULL) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "<%s>%s</%s>", name, buf_str(&value), name);
		problem(r, kind, why.data);
		buf_free(&why);
	}
	buf_free(&value);
}

/* A field of an image, video or news record: which, and its URL's worth. */
static void
record_field(struct reading *r, const char *name)
{
	static const struct { enum record rec; const char *name; int has, url; }
	    fields[] = {
		{ REC_IMAGE, "loc", HAS_LOC, 1 },
		{ REC_VIDEO, "thumbnail_loc", HAS_THUMBNAIL, 1 },
		{ REC_VIDEO, "title", HAS_TITLE, 0 },
		{ REC_VIDEO, "description", HAS_DESCRIPTION, 0 },
		{ REC_VIDEO, "content_loc", HAS_CONTENT, 1 },
		{ REC_VIDEO, "player_loc", HAS_CONTENT, 1 },
		{ REC_NEWS, "name", HAS_NAME, 0 },
		{ REC_NEWS, "language", HAS_LANGUAGE, 0 },
		{ REC_NEWS, "publication_date", HAS_DATE, 0 },
		{ REC_NEWS, "title", HAS_TITLE, 0 },
	};
	struct buf value = BUF_INIT;

	for (size_t i = 0; i < sizeof(fields) / sizeof(*fields); i++) {
		if (fields[i].rec != r->record ||
		    strcmp(fields[i].name, name) != 0)
			continue;
		/* A player's URL is an attribute's or the element's text. */
		if (strcmp(name, "player_loc") == 0) {
			char *a = attribute(r, "url");

			trim(&value, a ? a : text_of(r));
			free(a);
		} else
			trim(&value, text_of(r));
		if (value.len == 0)
			break;
		if (fields[i].url && !doc_url_valid(value.data)) {
			if (r->record_bad.len == 0)
				buf_printf(&r->record_bad, "<%s>%s", name,
				    value.data);
			break;
		}
		r->record_has |= fields[i].has;
		break;
	}
	buf_free(&value);
}

/* The end of a record: each of its required fields, with a valid URL. */
static void
record_end(struct reading *r)
{
	static const struct { const char *kind; int need; const char *says; }
	    records[] = {
		[REC_IMAGE] = { "image-incomplete", HAS_LOC,
		    "<image:image> without an absolute <image:loc>" },
		[REC_VIDEO] = { "video-incomplete", HAS_THUMBNAIL | HAS_TITLE |
		    HAS_DESCRIPTION | HAS_CONTENT, "<video:video> without "
		    "thumbnail_loc, title, description and content_loc or "
		    "player_loc" },
		[REC_NEWS] = { "news-incomplete", HAS_NAME | HAS_LANGUAGE |
		    HAS_DATE | HAS_TITLE, "<news:news> without publication "
		    "name and language, publication_date and title" },
	};
	struct buf why = BUF_INIT;

	if (r->record_bad.len > 0) {
		buf_printf(&why, "not an absolute http(s) URL: %s",
		    r->record_bad.data);
		problem(r, records[r->record].kind, why.data);
	} else if ((r->record_has & records[r->record].need) !=
	    records[r->record].need)
		problem(r, records[r->record].kind, records[r->record].says);
	buf_free(&why);
	r->record = REC_NONE;
}

/* <xhtml:link rel="alternate" hreflang href/>, checked where it stands. */
static void
xhtml_link(struct reading *r)
{
	char *rel = attribute(r, "rel"), *lang = attribute(r, "hreflang");
	char *href = attribute(r, "href");
	struct doc_alternate *a;

	if (rel == NULL || strcasecmp(rel, "alternate") != 0)
		goto out;
	if (lang == NULL || *lang == '\0' || href == NULL ||
	    !doc_url_valid(href)) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "<xhtml:link> hreflang=\"%s\" href=\"%s\"",
		    lang ? lang : "(none)", href ? href : "(none)");
		problem(r, "hreflang-incomplete", why.data);
		buf_free(&why);
		goto out;
	}
	if (r->entry.nalternates == DOC_ALTERNATES_MAX)
		goto out;
	a = &r->entry.alternates[r->entry.nalternates++];
	a->lang = lang;
	a->href = href;
	lang = href = NULL;
out:
	free(rel);
	free(lang);
	free(href);
}

/* An Atom <link>: the entry's own, rel="alternate" or none. */
static void
atom_link(struct reading *r)
{
	char *rel = attribute(r, "rel"), *href = attribute(r, "href");

	if ((rel == NULL || strcmp(rel, "alternate") == 0) && !r->loc_seen) {
		trim(&r->loc, href ? href : "");
		r->loc_seen = 1;
	}
	free(rel);
	free(href);
}

static void
entry_begin(struct reading *r, int depth)
{
	r->entry_depth = depth;
	r->loc_seen = 0;
	buf_reset(&r->loc);
	buf_reset(&r->lastmod);
	r->record = REC_NONE;
}

/* The entry is whole: its loc and lastmod judged, then handed over. */
static void
entry_end(struct reading *r)
{
	struct doc_entry *e = &r->entry;
	time_t t;

	e->format = r->format;
	e->loc = NULL;
	e->lastmod = NULL;
	if (!r->loc_seen || r->loc.len == 0)
		problem(r, "url-missing", "an entry without a URL");
	else if (!doc_url_valid(r->loc.data))
		problem(r, "url-invalid", "not an absolute http(s) URL");
	else if (r->loc.len >= SITEMAP_LOC_MAX)
		problem(r, "url-invalid", "longer than the protocol's 2,048 "
		    "characters");
	else if (r->loc_entity)
		/* Read without it, it would be another URL. */
		problem(r, "url-invalid", "an entity the auditor does not "
		    "expand (a DTD's)");
	else
		e->loc = r->loc.data;
	r->loc_entity = 0;
	if (r->lastmod.len > 0 && head_date(r->lastmod.data, &t) != 0) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "lastmod \"%s\" is not a W3C date",
		    r->lastmod.data);
		problem(r, "lastmod-invalid", why.data);
		buf_free(&why);
	} else if (r->lastmod.len > 0)
		e->lastmod = r->lastmod.data;
	r->entry_depth = -1;	/* problems above name the entry's loc */
	if (e->loc != NULL)
		r->reader->entry(r->reader->arg, e);
	for (size_t i = 0; i < e->nalternates; i++) {
		free(e->alternates[i].lang);
		free(e->alternates[i].href);
	}
	e->nalternates = 0;
}

/*
 * Whether the element holds an entity a DTD declares: libxml2 leaves it
 * out of the text, and serializes it back as "&name;" where the five
 * XML predefines come back as themselves and characters as characters.
 */
static int
has_entity(struct reading *r)
{
	static const char *const predefined[] = { "amp;", "lt;", "gt;",
	    "quot;", "apos;" };
	xmlChar *inner = xmlTextReaderReadInnerXml(r->xml);
	int found = 0;

	for (const char *p = (const char *)inner; p && (p = strchr(p, '&'));
	    p++) {
		size_t i = 0;

		while (i < 5 && strncmp(p + 1, predefined[i],
		    strlen(predefined[i])) != 0)
			i++;
		if (i == 5 && p[1] != '#')
			found = 1;
	}
	xmlFree(inner);
	return found;
}

/* The element's text, entities left as written; "" when it has none. */
static char *
text_of(struct reading *r)
{
	static char none[] = "";
	static struct buf kept = BUF_INIT;
	xmlChar *s = xmlTextReaderReadString(r->xml);

	buf_reset(&kept);
	if (s == NULL)
		return none;
	buf_adds(&kept, (const char *)s);
	xmlFree(s);
	return kept.data ? kept.data : none;
}

static char *
attribute(struct reading *r, const char *name)
{
	xmlChar *s = xmlTextReaderGetAttribute(r->xml, (const xmlChar *)name);
	char *copy;

	if (s == NULL)
		return NULL;
	copy = strdup((const char *)s);
	xmlFree(s);
	return copy;
}

/* out gets s without the white space around it. */
static void
trim(struct buf *out, const char *s)
{
	size_t n;
	char *copy;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	copy = xstrndup(s, n);	/* s may be out's own bytes */
	buf_reset(out);
	buf_add(out, copy, n);
	free(copy);
}

static int
changefreq_valid(const char *s)
{
	static const char *values[] = { "always", "hourly", "daily",
	    "weekly", "monthly", "yearly", "never" };

	for (size_t i = 0; i < sizeof(values) / sizeof(*values); i++)
		if (strcmp(s, values[i]) == 0)
			return 1;
	return 0;
}

/* A decimal from 0.0 to 1.0: digits, at most one point, nothing else. */
static int
priority_valid(const char *s)
{
	size_t digits = strspn(s, "0123456789");
	char *end;
	double v;

	if (digits == 0 && s[0] != '.')
		return 0;
	if (s[digits] == '.' && strspn(s + digits + 1, "0123456789") !=
	    strlen(s + digits + 1))
		return 0;
	if (s[digits] != '.' && s[digits] != '\0')
		return 0;
	v = strtod(s, &end);
	return *end == '\0' && v >= 0.0 && v <= 1.0;
}

static void
problem(struct reading *r, const char *kind, const char *detail)
{
	const char *loc = r->entry_depth != -1 && r->loc.len > 0 ?
	    r->loc.data : NULL;

	r->reader->problem(r->reader->arg, kind, loc, detail);
}

static int
ns_is(const char *ns, const char *want)
{
	return ns != NULL && strcmp(ns, want) == 0;
}

/* Past the blanks, comments and <?...?> from i: where markup begins. */
static size_t
past_prolog(const char *body, size_t len, size_t i)
{
	for (;;) {
		const char *end = NULL;

		while (i < len && isspace((unsigned char)body[i]))
			i++;
		if (starts_with(body + i, len - i, "<!--"))
			end = find(body + i + 4, len - i - 4, "-->");
		else if (starts_with(body + i, len - i, "<?"))
			end = find(body + i + 2, len - i - 2, "?>");
		else
			return i;
		if (end == NULL)
			return i;
		i = (size_t)(end - body) + (body[i + 1] == '!' ? 3 : 2);
	}
}

/* The first s of the len bytes at p, or NULL. */
static const char *
find(const char *p, size_t len, const char *s)
{
	size_t n = strlen(s);

	for (const char *end = p + len; (size_t)(end - p) >= n; p++)
		if (memcmp(p, s, n) == 0)
			return p;
	return NULL;
}

/* Case aside, as HTML's names are. */
static int
starts_with(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && strncasecmp(s, prefix, n) == 0;
}

/*
 * The most attributes a start tag of body has, counted as its "="
 * outside quoted values, in one pass that steps over comments, CDATA
 * and processing instructions as XML does: a bound, not a parse.
 */
static size_t
most_attributes(const char *body, size_t len)
{
	static const struct {
		const char	*open, *close;
	} skipped[] = {
		{ "<!--", "-->" }, { "<![CDATA[", "]]>" }, { "<?", "?>" },
	};
	size_t most = 0, count = 0;
	char quote = 0;
	int in_tag = 0;

	for (size_t i = 0; i < len; i++) {
		char c = body[i];

		if (quote) {
			if (c == quote)
				quote = 0;
			continue;
		}
		if (in_tag) {
			if (c == '"' || c == '\'')
				quote = c;
			else if (c == '=' && ++count > most)
				most = count;
			else if (c == '>')
				in_tag = 0;
			continue;
		}
		if (c != '<')
			continue;
		in_tag = 1;
		count = 0;
		for (size_t k = 0; k < sizeof(skipped) / sizeof(skipped[0]);
		    k++) {
			size_t n = strlen(skipped[k].open);
			const char *end;

			if (len - i < n || memcmp(body + i, skipped[k].open,
			    n) != 0)
				continue;
			end = memmem(body + i + n, len - i - n,
			    skipped[k].close, strlen(skipped[k].close));
			if (end == NULL)
				return most;	/* unclosed: not well-formed */
			i = (size_t)(end - body) + strlen(skipped[k].close) - 1;
			in_tag = 0;
			break;
		}
	}
	return most;
}
