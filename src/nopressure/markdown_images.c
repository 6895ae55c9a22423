/*
 * A NoPressure page's images, read from its markdown with libcmark.
 * NoPressure renders with pulldown-cmark and turns each image it cannot
 * show into an error notice (process_event): a path with "./" or "../",
 * one ending in ".md", one under "/img", one naming no content object.
 * An http(s) image is kept as written. Any other is the content object
 * of its path, relative to the page's alias: whether that one is a
 * public image the core decides when it lists the page, since the
 * object may change apart from the page.
 */
#include <cmark.h>
#include <stdlib.h>
#include <string.h>

#include "alias.h"
#include "ascii.h"
#include "escape.h"
#include "markdown_images.h"
#include "protocol_limits.h"

/* "?v=" and a version, which the core adds to a site image's path. */
#define VERSION_QUERY_MAX	(sizeof("?v=4294967295") - 1)

static size_t	front_matter_end(const char *, size_t);
static int	image_line(const char *url, const char *alias,
		    struct buf *line);
static int	refused_route(const char *);
static void	percent_decode(const char *, struct buf *);
static int	normalize(const char *alias, const char *url, struct buf *out);
static void	as_browser_sends(const char *, struct buf *);
static int	listed_before(const char *lines, size_t len,
		    const struct buf *line);

size_t
markdown_images(const char *text, size_t len, const char *alias,
    struct buf *out)
{
	size_t skip = front_matter_end(text, len), n = 0, first = out->len;
	cmark_node *doc = cmark_parse_document(text + skip, len - skip,
	    CMARK_OPT_DEFAULT);
	cmark_iter *it = cmark_iter_new(doc);
	struct buf line = BUF_INIT;
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE &&
	    n < MARKDOWN_IMAGES_MAX) {
		cmark_node *node = cmark_iter_get_node(it);
		const char *url;

		if (ev != CMARK_EVENT_ENTER ||
		    cmark_node_get_type(node) != CMARK_NODE_IMAGE)
			continue;
		url = cmark_node_get_url(node);
		buf_reset(&line);
		if (url == NULL || image_line(url, alias, &line) == -1)
			continue;
		if (out->len > first && listed_before(out->data + first,
		    out->len - first, &line))
			continue;
		buf_add(out, line.data, line.len);
		n++;
	}
	buf_free(&line);
	cmark_iter_free(it);
	cmark_node_free(doc);
	return n;
}

/*
 * Where the markdown begins: after a front matter that gray_matter
 * reads, a first line of "---" up to the next line beginning "---".
 */
static size_t
front_matter_end(const char *text, size_t len)
{
	const char *end = text + len, *p;

	if (len < 3 || memcmp(text, "---", 3) != 0)
		return 0;
	for (p = memchr(text, '\n', len); p != NULL && p + 1 < end;
	    p = memchr(p + 1, '\n', (size_t)(end - p - 1))) {
		if ((size_t)(end - p - 1) >= 3 &&
		    memcmp(p + 1, "---", 3) == 0) {
			const char *nl = memchr(p + 1, '\n',
			    (size_t)(end - p - 1));

			return nl ? (size_t)(nl + 1 - text) : len;
		}
	}
	return 0;
}

/* The line of an image NoPressure shows, or -1 where it shows an error. */
static int
image_line(const char *url, const char *alias, struct buf *line)
{
	struct buf path = BUF_INIT;
	char *canonical;
	const char *why;
	int rc = -1;

	if (refused_route(url) || strncmp(url, "/img", 4) == 0)
		return -1;
	if ((strncmp(url, "http://", 7) == 0 && url[7] != '/' && url[7]) ||
	    (strncmp(url, "https://", 8) == 0 && url[8] != '/' && url[8])) {
		buf_addc(line, '\t');
		as_browser_sends(url, line);
		buf_addc(line, '\n');
		return line->len - 2 < SITEMAP_LOC_MAX - 1 ? 0 : -1;
	}
	if (strncmp(url, "http://", 7) == 0 || strncmp(url, "https://", 8) == 0)
		return -1;
	if (normalize(alias, url, &path) == -1 || path.len == 0)
		goto out;
	/* get_by_alias: the canonical alias; an id/ route is not followed. */
	canonical = alias_canonical(buf_str(&path), &why);
	if (canonical != NULL && strncmp(canonical, "id/", 3) != 0 &&
	    strlen(canonical) + VERSION_QUERY_MAX < SITEMAP_LOC_MAX -
	    BASE_URL_MAX) {
		buf_printf(line, "\t/%s\n", canonical);
		rc = 0;
	}
	free(canonical);
out:
	buf_free(&path);
	return rc;
}

/* security::route_checks: "./" or "../", or ".md" last, decoded or not. */
static int
refused_route(const char *url)
{
	struct buf decoded = BUF_INIT;
	int refused = 0;

	percent_decode(url, &decoded);
	for (int i = 0; i < 2 && !refused; i++) {
		const char *s = i == 0 ? url : buf_str(&decoded);
		size_t n = strlen(s);

		refused = strstr(s, "./") != NULL || (n >= 3 &&
		    s[n - 3] == '.' && ascii_tolower((unsigned char)s[n - 2])
		    == 'm' && ascii_tolower((unsigned char)s[n - 1]) == 'd');
	}
	buf_free(&decoded);
	return refused;
}

static void
percent_decode(const char *s, struct buf *out)
{
	for (; *s; s++) {
		if (s[0] == '%' && ascii_is_hex((unsigned char)s[1]) &&
		    ascii_is_hex((unsigned char)s[2])) {
			buf_addc(out, (char)(ascii_hex_value(s[1]) << 4 |
			    ascii_hex_value(s[2])));
			s += 2;
		} else
			buf_addc(out, *s);
	}
}

/*
 * security::normalize_relative_path: url against the folder of alias, or
 * the root for a url beginning "/"; -1 where ".." climbs above the root.
 */
static int
normalize(const char *alias, const char *url, struct buf *out)
{
	const char *slash = strrchr(alias, '/'), *p = url;
	size_t depth = 0, escaped = 0, *ends = NULL, nends = 0;
	struct buf all = BUF_INIT;

	for (const char *c = alias; slash != NULL && c < slash;
	    c += strcspn(c, "/"), c += *c == '/')
		depth += strcspn(c, "/") > 0;
	if (*url != '/' && slash != NULL) {
		buf_add(&all, alias, (size_t)(slash - alias));
		buf_addc(&all, '/');
	}
	buf_adds(&all, url);
	buf_adds(out, "");
	for (p = buf_str(&all); *p; p += strcspn(p, "/"), p += *p == '/') {
		size_t n = strcspn(p, "/");

		if (n == 0 || (n == 1 && p[0] == '.'))
			continue;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (nends == 0)
				escaped++;
			else
				out->data[out->len = ends[--nends]] = '\0';
			continue;
		}
		ends = xgrowarray(ends, nends, sizeof(*ends));
		ends[nends++] = out->len;
		if (out->len > 0)
			buf_addc(out, '/');
		buf_add(out, p, n);
	}
	free(ends);
	buf_free(&all);
	return escaped > depth ? -1 : 0;
}

/*
 * url as a browser asks for it: the fragment cut, each byte a URL cannot
 * hold percent-encoded, as pulldown-cmark's escape_href does, and a "%"
 * that begins no escape too.
 */
static void
as_browser_sends(const char *url, struct buf *line)
{
	for (const char *s = url; *s && *s != '#'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '%' ? ascii_is_hex((unsigned char)s[1]) &&
		    ascii_is_hex((unsigned char)s[2]) :
		    is_path_char(c) || c == '?')
			buf_addc(line, (char)c);
		else
			buf_printf(line, "%%%02X", c);
	}
}

/* Whether the len bytes of lines ("\turl\n" each) hold line already. */
static int
listed_before(const char *lines, size_t len, const struct buf *line)
{
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(lines + at, '\n', len - at);
		size_t n = (size_t)(nl - lines - at) + 1;

		if (n == line->len && memcmp(lines + at, line->data, n) == 0)
			return 1;
		at += n;
	}
	return 0;
}
