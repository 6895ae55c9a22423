/*
 * The reserved paths: never listed, disallowed in robots.txt, and
 * reported by "check".
 */
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "alias.h"
#include "buf.h"
#include "reserved.h"

static const struct {
	const char	*path;
	int		 flags;
} builtin[] = {
	/* NoPressure's own (nop/src/content/reserved_paths.rs) ... */
	{ "robots.txt",		RESERVED_NOPRESSURE },
	{ "sitemap.xml",	RESERVED_NOPRESSURE },
	{ "id",			RESERVED_PREFIX | RESERVED_NOPRESSURE |
				    RESERVED_SITE },
	{ "login",		RESERVED_PREFIX | RESERVED_PUBLISH |
				    RESERVED_NOPRESSURE | RESERVED_SITE },
	{ "builtin",		RESERVED_PREFIX | RESERVED_PUBLISH |
				    RESERVED_NOPRESSURE | RESERVED_SITE },
	{ "api",		RESERVED_PREFIX | RESERVED_PUBLISH |
				    RESERVED_NOPRESSURE | RESERVED_SITE },
	/* ... and what sitemapd serves besides. */
	{ "sitemap_index.xml",	0 },
	{ "sitemap.css",	0 },
	{ "sitemaps",		RESERVED_PREFIX },
};

static void
push(struct reserved *r, char *path, int flags)
{
	for (size_t i = 0; i < r->n; i++) {
		if (strcmp(r->v[i].path, path) == 0) {
			/* The same path twice: keep one, with both wishes. */
			r->v[i].flags = (r->v[i].flags | flags) &
			    ~(RESERVED_SITE & ~flags);
			free(path);
			return;
		}
	}
	r->v = xreallocarray(r->v, r->n + 1, sizeof(*r->v));
	r->v[r->n].path = path;
	r->v[r->n].flags = flags;
	r->n++;
}

void
reserved_init(struct reserved *r)
{
	r->v = NULL;
	r->n = 0;
	for (size_t i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		push(r, xstrdup(builtin[i].path), builtin[i].flags);
}

void
reserved_drop_nopressure(struct reserved *r)
{
	size_t kept = 0;

	for (size_t i = 0; i < r->n; i++) {
		if (r->v[i].flags & RESERVED_SITE) {
			free(r->v[i].path);
			continue;
		}
		r->v[i].flags &= ~RESERVED_NOPRESSURE;
		r->v[kept++] = r->v[i];
	}
	r->n = kept;
}

void
reserved_free(struct reserved *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].path);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

void
reserved_copy(struct reserved *dst, const struct reserved *src)
{
	dst->v = xcalloc(src->n, sizeof(*dst->v));
	dst->n = src->n;
	for (size_t i = 0; i < src->n; i++) {
		dst->v[i].path = xstrdup(src->v[i].path);
		dst->v[i].flags = src->v[i].flags;
	}
}

static int
add(struct reserved *r, const char *spec, int flags, const char **why)
{
	char *path = alias_canonical(spec, why);

	if (path == NULL)
		return -1;
	push(r, path, flags);
	return 0;
}

int
reserved_add(struct reserved *r, const char *spec, int publish,
    const char **why)
{
	int flags = publish ? RESERVED_PUBLISH : 0;
	struct buf trimmed = BUF_INIT;

	alias_trim(spec, strlen(spec), &trimmed);
	if (trimmed.len > 0 && trimmed.data[trimmed.len - 1] == '/')
		flags |= RESERVED_PREFIX;
	buf_free(&trimmed);
	return add(r, spec, flags, why);
}

int
reserved_add_admin(struct reserved *r, const char *path, const char **why)
{
	return add(r, path, RESERVED_PREFIX | RESERVED_NOPRESSURE, why);
}


int
reserved_pattern_names(const char *pattern, const char *path)
{
	struct buf norm = BUF_INIT;
	size_t n = strlen(path);
	int named = 0;

	/* As a crawler would read it: decoded, any case, "//" as "/". */
	for (const char *s = pattern; *s; s++) {
		char c = *s;

		if (c == '%' && ascii_is_hex(s[1]) && ascii_is_hex(s[2])) {
			c = (char)(ascii_hex_value(s[1]) << 4 |
			    ascii_hex_value(s[2]));
			s += 2;
		}
		c = (char)ascii_tolower((unsigned char)c);
		if (c != '/' || norm.len == 0 || norm.data[norm.len - 1] != '/')
			buf_addc(&norm, c);
	}
	for (const char *hit = buf_str(&norm); !named &&
	    (hit = strstr(hit, path)) != NULL; hit++) {
		char before = hit == norm.data ? '/' : hit[-1], after = hit[n];

		named = (before == '/' || before == '*') && (after == '\0' ||
		    after == '/' || after == '*' || after == '$');
	}
	buf_free(&norm);
	return named;
}

static const struct reserved_entry *
match(const struct reserved *r, const char *alias, int flags)
{
	for (size_t i = 0; i < r->n; i++) {
		const char *p = r->v[i].path;
		size_t n = strlen(p);

		if ((r->v[i].flags & flags) != flags)
			continue;
		if (strcmp(alias, p) == 0 || ((r->v[i].flags &
		    RESERVED_PREFIX) && strncmp(alias, p, n) == 0 &&
		    alias[n] == '/'))
			return &r->v[i];
	}
	return NULL;
}

const struct reserved_entry *
reserved_match(const struct reserved *r, const char *alias)
{
	return match(r, alias, 0);
}

const struct reserved_entry *
reserved_match_nopressure(const struct reserved *r, const char *alias)
{
	return match(r, alias, RESERVED_NOPRESSURE);
}

void
reserved_nopressure_key(const struct reserved *r, struct buf *out)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].flags & RESERVED_NOPRESSURE)
			buf_printf(out, "%s%s\n", r->v[i].path,
			    r->v[i].flags & RESERVED_PREFIX ? "/" : "");
}
