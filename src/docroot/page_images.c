/* The images of a page's main content (page_images.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/uri.h>

#include "ascii.h"
#include "buf.h"
#include "hash.h"
#include "page_images.h"
#include "protocol_limits.h"

/*
 * The page's own origin while resolving: no URL a page writes has this
 * scheme, so what still has it afterwards is on the site itself, or,
 * with another host, a URL the page wrote without a scheme.
 */
#define SELF_SCHEME	"sitemapd-self:"
#define SELF		SELF_SCHEME "//sitemapd.invalid"

/* The blanks HTML strips around a URL, as it reads an attribute. */
#define URL_BLANKS	"\t\n\f\r "

struct image {
	char		*src;		/* as written, its blanks trimmed */
	uint64_t	 hash;		/* of src */
	unsigned	 kinds;		/* candidates it is shown in */
};

struct page_images {
	struct image	*list;
	size_t		 n;
	size_t		 in[MAIN_KINDS];	/* images of each candidate */
	char		*base;
};

static xmlChar	*absolute(const char *base, const char *src);
static int	resolve(const char *base, const char *src, struct buf *out);
static void	as_browser_sends(struct buf *out, const char *s, size_t len);
static int	has_scheme(const char *s, size_t len, const char *scheme);
static int	through_hidden(const char *path);

struct page_images *
page_images_begin(void)
{
	return xcalloc(1, sizeof(struct page_images));
}

void
page_images_free(struct page_images *pi)
{
	if (pi == NULL)
		return;
	for (size_t i = 0; i < pi->n; i++)
		free(pi->list[i].src);
	free(pi->list);
	free(pi->base);
	free(pi);
}

void
page_images_base(struct page_images *pi, const char *href)
{
	if (pi->base == NULL && href != NULL)
		pi->base = xstrdup(href);
}

void
page_images_add(struct page_images *pi, const char *src, unsigned kinds)
{
	const char *end = src + strlen(src);
	struct image *img = NULL;
	uint64_t h;
	size_t len;

	ascii_trim(&src, &end, URL_BLANKS);
	len = (size_t)(end - src);
	/* Its bytes are in the page already: no URL to fetch them by. */
	if (kinds == 0 || len == 0 || has_scheme(src, len, "data") ||
	    has_scheme(src, len, "blob"))
		return;
	/* Each candidate keeps up to what Google reads of one page. */
	for (int k = 0; k < MAIN_KINDS; k++)
		if (pi->in[k] >= PAGE_IMAGES_MAX)
			kinds &= ~(1u << k);
	if (kinds == 0)
		return;
	h = hash_add(HASH_INIT, src, len);
	for (size_t i = 0; i < pi->n && img == NULL; i++)
		if (pi->list[i].hash == h &&
		    strncmp(pi->list[i].src, src, len) == 0 &&
		    pi->list[i].src[len] == '\0')
			img = &pi->list[i];
	if (img == NULL) {
		pi->list = xgrowarray(pi->list, pi->n, sizeof(*pi->list));
		img = &pi->list[pi->n++];
		*img = (struct image){ xstrndup(src, len), h, 0 };
	}
	kinds &= ~img->kinds;
	for (int k = 0; k < MAIN_KINDS; k++)
		pi->in[k] += (kinds >> k) & 1;
	img->kinds |= kinds;
}

size_t
page_images_end(struct page_images *pi, enum main_kind chosen,
    const char *path, struct buf *out)
{
	struct buf page = BUF_INIT, base = BUF_INIT, url = BUF_INIT;
	uint64_t *seen = NULL;
	xmlChar *abs;
	size_t n = 0;

	buf_printf(&page, "%s%s", SELF, path);
	/* A <base> that resolves to no http(s) URL leaves the page's own. */
	if (pi->base != NULL && (abs = absolute(buf_str(&page),
	    pi->base)) != NULL) {
		const char *b = (const char *)abs;

		if (has_scheme(b, strlen(b), "sitemapd-self") ||
		    has_scheme(b, strlen(b), "http") ||
		    has_scheme(b, strlen(b), "https"))
			buf_adds(&base, b);
		xmlFree(abs);
	}
	if (base.len == 0)
		buf_adds(&base, buf_str(&page));
	for (size_t i = 0; i < pi->n && n < PAGE_IMAGES_MAX; i++) {
		uint64_t h;
		size_t k;

		if (!(pi->list[i].kinds & 1u << chosen))
			continue;
		buf_reset(&url);
		if (resolve(buf_str(&base), pi->list[i].src, &url) == -1)
			continue;
		h = hash_add(HASH_INIT, url.data, url.len);
		for (k = 0; k < n && seen[k] != h; k++)
			;
		if (k < n)
			continue;	/* spelled otherwise, the same image */
		seen = xgrowarray(seen, n, sizeof(*seen));
		seen[n++] = h;
		buf_printf(out, "\t%s\n", buf_str(&url));
	}
	free(seen);
	buf_free(&page);
	buf_free(&base);
	buf_free(&url);
	return n;
}

/*
 * src resolved against base as a browser does, its fragment cut: NULL
 * for no URL at all.
 */
static xmlChar *
absolute(const char *base, const char *src)
{
	struct buf sent = BUF_INIT;
	xmlChar *abs;
	char *hash;

	as_browser_sends(&sent, src, strlen(src));
	abs = xmlBuildURI((const xmlChar *)buf_str(&sent),
	    (const xmlChar *)base);
	buf_free(&sent);
	/* The fragment never leaves the browser. */
	if (abs != NULL && (hash = strchr((char *)abs, '#')) != NULL)
		*hash = '\0';
	return abs;
}

/*
 * src resolved against base, into out as page_images_end writes it:
 * -1 for what no crawler could fetch, or no <loc> could hold.
 */
static int
resolve(const char *base, const char *src, struct buf *out)
{
	xmlChar *abs = absolute(base, src);
	const char *u = (const char *)abs, *colon;
	size_t len;
	int rc = -1;

	if (abs == NULL)
		return -1;
	len = strlen(u);
	if (strncmp(u, SELF "/", sizeof(SELF)) == 0) {
		const char *path = u + sizeof(SELF) - 1;

		/* Above the root is the root, as RFC 3986 resolves. */
		while (strncmp(path, "/../", 4) == 0)
			path += 3;
		if (!through_hidden(path)) {
			buf_adds(out, path);
			rc = 0;
		}
	} else if (strncmp(u, SELF_SCHEME "//", sizeof(SELF_SCHEME) + 1) == 0) {
		if (u[sizeof(SELF_SCHEME) + 1] != '/' &&
		    u[sizeof(SELF_SCHEME) + 1] != '\0') {
			buf_adds(out, u + sizeof(SELF_SCHEME) - 1);
			rc = 0;
		}
	} else if (has_scheme(u, len, "http") || has_scheme(u, len, "https")) {
		/* "http:/x" or "http:x" names no host: none to fetch from. */
		colon = strchr(u, ':');
		if (colon[1] == '/' && colon[2] == '/' && colon[3] != '/' &&
		    colon[3] != '\0') {
			for (; u < colon; u++)
				buf_addc(out, (char)ascii_tolower(
				    (unsigned char)*u));
			buf_adds(out, colon);
			rc = 0;
		}
	}
	xmlFree(abs);
	/* Within a <loc>'s length, a site path whatever host it is for. */
	if (rc == 0 && out->len > (out->data[0] == '/' && out->data[1] != '/' ?
	    SITEMAP_LOC_MAX - BASE_URL_MAX : SITEMAP_LOC_MAX - 1))
		rc = -1;
	return rc;
}

/*
 * s as a browser sends it: tabs and newlines dropped, "\" a "/" as in
 * http(s) URLs, and every byte a URL cannot hold escaped, as a "%" that
 * begins no escape.
 */
static void
as_browser_sends(struct buf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c == '\\')
			buf_addc(out, '/');
		else if (c <= 0x20 || c >= 0x7f || ascii_in(c, "\"<>^`{|}") ||
		    (c == '%' && (i + 2 >= len ||
		    !ascii_is_hex((unsigned char)s[i + 1]) ||
		    !ascii_is_hex((unsigned char)s[i + 2]))))
			buf_printf(out, "%%%02X", c);
		else
			buf_addc(out, (char)c);
	}
}

/* Whether the len bytes at s begin with scheme and a ":", any case. */
static int
has_scheme(const char *s, size_t len, const char *scheme)
{
	size_t n = strlen(scheme);

	if (len <= n || s[n] != ':')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (ascii_tolower((unsigned char)s[i]) != scheme[i])
			return 0;
	return 1;
}

/* Whether a site path goes through a name that begins with a dot. */
static int
through_hidden(const char *path)
{
	size_t end = strcspn(path, "?");

	for (size_t i = 0; i < end; i++)
		if (path[i] == '/' && path[i + 1] == '.')
			return 1;
	return 0;
}
