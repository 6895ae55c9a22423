#include <stdlib.h>
#include <string.h>

#include "robots.h"

/* Length of the match of pattern against path, or -1. */
static long
match(const char *pattern, const char *path)
{
	size_t n = strlen(pattern);

	if (n > 0 && pattern[n - 1] == '$')
		return strlen(path) == n - 1 &&
		    strncmp(pattern, path, n - 1) == 0 ? (long)n : -1;
	return strncmp(pattern, path, n) == 0 ? (long)n : -1;
}

/*
 * True when some path matches both patterns. Without "*", that is when
 * one pattern, read as a path, matches the other.
 */
static int
overlap(const char *a, const char *b)
{
	return match(a, b) >= 0 || match(b, a) >= 0;
}

/*
 * Longest match wins and ties go to Allow (RFC 9309). Writing every rule
 * before the shorter rules it overlaps, Allow first at equal length, makes
 * first-match parsers reach the same verdicts.
 */
static void
insert(struct robots *r, int allow, const char *pattern)
{
	size_t at = r->n, len = strlen(pattern);

	for (size_t i = 0; i < r->n; i++) {
		size_t ilen = strlen(r->v[i].pattern);

		if (strcmp(r->v[i].pattern, pattern) == 0 &&
		    r->v[i].allow == allow)
			return;
		if (at == r->n && overlap(r->v[i].pattern, pattern) &&
		    (ilen < len || (ilen == len && allow && !r->v[i].allow)))
			at = i;
	}
	r->v = xreallocarray(r->v, r->n + 1, sizeof(*r->v));
	memmove(&r->v[at + 1], &r->v[at], (r->n - at) * sizeof(*r->v));
	r->v[at].allow = allow;
	r->v[at].pattern = xstrdup(pattern);
	r->n++;
}

void
robots_build(struct robots *r, const struct reserved *reserved)
{
	struct buf pattern = BUF_INIT;

	r->v = NULL;
	r->n = 0;
	for (size_t i = 0; i < reserved->n; i++) {
		const struct reserved_entry *e = &reserved->v[i];

		if (!(e->flags & RESERVED_PUBLISH))
			continue;
		buf_reset(&pattern);
		buf_printf(&pattern, "/%s%s", e->path,
		    e->flags & RESERVED_PREFIX ? "/" : "$");
		insert(r, 0, buf_str(&pattern));
	}
	insert(r, 1, "/");
	buf_free(&pattern);
}

void
robots_free(struct robots *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].pattern);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

int
robots_allows(const struct robots *r, const char *path)
{
	long best = -1;
	int allow = 1;

	for (size_t i = 0; i < r->n; i++) {
		long m = match(r->v[i].pattern, path);

		if (m > best || (m == best && m >= 0 && r->v[i].allow)) {
			best = m;
			allow = r->v[i].allow;
		}
	}
	return allow;
}

void
robots_render(const struct robots *r, const char *base_url, struct buf *out)
{
	buf_adds(out, "User-agent: *\n");
	for (size_t i = 0; i < r->n; i++)
		buf_printf(out, "%s: %s\n", r->v[i].allow ? "Allow" :
		    "Disallow", r->v[i].pattern);
	buf_printf(out, "\nSitemap: %s/sitemap.xml\n", base_url);
}
