/* Which files of a document root are pages, and their URLs. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "buf.h"
#include "config.h"
#include "paths.h"
#include "utf8.h"

static const char	*ending(const struct docroot_rules *, const char *);
static int		 clean_stem(const struct docroot_rules *, const char *,
			    const char *);
static int		 refused(const char *);
static int		 first_index(const struct docroot_rules *,
			    const struct docroot_fs *, const char *,
			    const char *, struct buf *);
static int		 is_file(const struct docroot_fs *, const char *,
			    const char *);
static int		 is_index(const struct docroot_rules *, const char *);
static int		 error_status(const char *, size_t);
static int		 error_dir(const char *, size_t);

int
docroot_page_name(const struct docroot_rules *d, const char *name)
{
	return ending(d, name) != NULL;
}

enum docroot_file
docroot_file(const struct docroot_rules *d, const char *rel, struct buf *url,
    const char **why)
{
	const char *name = strrchr(rel, '/'), *ext;
	size_t dirlen = name ? (size_t)(name - rel) + 1 : 0;

	name = name ? name + 1 : rel;
	if ((ext = ending(d, name)) == NULL)
		return DOCROOT_NONE;
	for (const char *s = rel; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			*why = "its name holds a control character";
			return DOCROOT_BAD_NAME;
		}
	if (utf8_invalid_at((const unsigned char *)rel, strlen(rel)) != NULL) {
		*why = "its name is not UTF-8";
		return DOCROOT_BAD_NAME;
	}
	if (is_index(d, name))
		/* The root is "/" whatever trailing_slash says. */
		buf_add(url, rel, dirlen - (dirlen > 0 && !d->trailing_slash));
	else if (clean_stem(d, rel, ext))
		/* What the recipes add back: try_files $uri.html, a rewrite
		   to "$1.html"; a .pdf or .htm keeps its name. */
		buf_add(url, rel, (size_t)(ext - rel) - 1);
	else
		buf_adds(url, rel);
	for (size_t i = 0; i < d->nexclude; i++)
		if (docroot_excludes(d->exclude[i], rel)) {
			*why = d->exclude[i];
			return DOCROOT_UNLISTED;
		}
	/* 404.html, 50x.html, 404/index.html: what a server shows on error. */
	if (is_index(d, name) ? error_dir(rel, dirlen) :
	    error_status(name, (size_t)(ext - name) - 1)) {
		*why = "an error page";
		return DOCROOT_UNLISTED;
	}
	return DOCROOT_PAGE;
}

/*
 * The order every recipe of sitemapd recipe tries, as nginx's try_files
 * $uri $uri.html $uri/ does: the file itself, then with clean_urls the
 * file with .html added, then a folder's index files in their order; a
 * URL ending in "/" is a folder's and gets its index alone, so that no
 * ".html" in it is ever reached.
 */
int
docroot_served(const struct docroot_rules *d, const char *url,
    const struct docroot_fs *fs, const char *self, struct buf *served)
{
	size_t n = strlen(url);
	int kind;

	buf_reset(served);
	if (refused(url))
		return -1;
	if (n == 0 || url[n - 1] == '/')
		return first_index(d, fs, url, self, served);
	if (strcmp(url, self) == 0 || (kind = fs->kind(fs->ctx, url)) ==
	    DOCROOT_FS_FILE) {
		buf_adds(served, url);
		return 0;
	}
	if (d->clean_urls && (n < 5 || strcmp(url + n - 5, ".html") != 0)) {
		buf_printf(served, "%s.html", url);
		if (is_file(fs, buf_str(served), self))
			return 0;
		buf_reset(served);
	}
	if (kind == DOCROOT_FS_DIR && (d->clean_urls || !d->trailing_slash)) {
		struct buf dir = BUF_INIT;
		int rc;

		buf_printf(&dir, "%s/", url);
		rc = first_index(d, fs, buf_str(&dir), self, served);
		buf_free(&dir);
		return rc;
	}
	return -1;
}

int
docroot_hidden(const char *name)
{
	return name[0] == '.';
}

int
docroot_excludes(const char *pattern, const char *rel)
{
	size_t n = strlen(pattern);
	int dir_only = n > 1 && pattern[n - 1] == '/';
	char *p = xstrndup(pattern, n - (size_t)dir_only);
	const char *glob = p[0] == '/' ? p + 1 : p;
	/* A "/" but at the end anchors a pattern at the root, as in git. */
	int anchored = p[0] == '/' || strchr(p, '/') != NULL;
	int matched = 0;

	/* The file, and each folder it is in: all in one ignored is. */
	for (const char *end = rel; !matched; end++) {
		if (*end != '/' && *end != '\0')
			continue;
		if (*end == '/' || !dir_only) {
			char *sub = xstrndup(rel, (size_t)(end - rel));
			const char *base = strrchr(sub, '/');

			matched = docroot_glob(glob, anchored || base == NULL ?
			    sub : base + 1);
			free(sub);
		}
		if (*end == '\0')
			break;
	}
	free(p);
	return matched;
}

/*
 * Whether the pattern from pi on matches the path from si on, for every
 * pi and si, filled from the ends: a table, not backtracking, so that no
 * pattern of stars costs more than its length times the path's.
 */
int
docroot_glob(const char *p, const char *s)
{
	size_t np = strlen(p), ns = strlen(s), w = ns + 1;
	unsigned char *m = xcalloc((np + 1) * w, 1);
	int matched;

	m[np * w + ns] = 1;
	for (size_t pi = np; pi-- > 0;) {
		/*
		 * any: "**" takes some of the path from si on, and the rest
		 * of the pattern, its "/" included, matches what follows.
		 * "**" and its "/" may also go whole: it took nothing.
		 */
		int any = 0;

		for (size_t si = ns + 1; si-- > 0;) {
			unsigned char *at = &m[pi * w + si];
			int more = si < ns;

			if (p[pi] == '*' && p[pi + 1] == '*') {
				any = m[(pi + 2) * w + si] || (more && any);
				*at = any || (p[pi + 2] == '/' &&
				    m[(pi + 3) * w + si]);
			} else if (p[pi] == '*')
				*at = m[(pi + 1) * w + si] || (more &&
				    s[si] != '/' && m[pi * w + si + 1]);
			else
				*at = more && (p[pi] == '?' ? s[si] != '/' :
				    p[pi] == s[si]) && m[(pi + 1) * w + si + 1];
		}
	}
	matched = m[0];
	free(m);
	return matched;
}

/* Whether name is one of [docroot] index's file names. */
int
docroot_is_index_name(const struct config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->docroot.nindex; i++)
		if (strcmp(name, cfg->docroot.index[i]) == 0)
			return 1;
	return 0;
}

/* Where the extension of a page's name starts, past its dot, or NULL. */
static const char *
ending(const struct docroot_rules *d, const char *name)
{
	const char *dot = strrchr(name, '.');

	if (dot == NULL || dot == name)
		return NULL;
	for (size_t i = 0; i < d->nextensions; i++)
		if (strcasecmp(dot + 1, d->extensions[i]) == 0)
			return dot + 1;
	return NULL;
}

/*
 * Whether clean_urls takes ".html" off rel (ext, its extension's start,
 * past the dot): not where the rest would still end in ".html", which
 * no recipe adds a second ".html" to.
 */
static int
clean_stem(const struct docroot_rules *d, const char *rel, const char *ext)
{
	size_t stem = (size_t)(ext - rel) - 1;

	return d->clean_urls && strcmp(ext, "html") == 0 && !(stem >= 5 &&
	    strncasecmp(rel + stem - 5, ".html", 5) == 0);
}

/* A path the recipes refuse: one of its names starts with a dot. */
static int
refused(const char *url)
{
	for (const char *s = url; *s; s++)
		if (*s == '.' && (s == url || s[-1] == '/'))
			return 1;
	return 0;
}

/* The first of the index files in folder dir ("" or ending in "/"). */
static int
first_index(const struct docroot_rules *d, const struct docroot_fs *fs,
    const char *dir, const char *self, struct buf *served)
{
	for (size_t i = 0; i < d->nindex; i++) {
		buf_reset(served);
		buf_printf(served, "%s%s", dir, d->index[i]);
		if (is_file(fs, buf_str(served), self))
			return 0;
	}
	buf_reset(served);
	return -1;
}

/* self is known to be a file: no need to ask. */
static int
is_file(const struct docroot_fs *fs, const char *rel, const char *self)
{
	return strcmp(rel, self) == 0 ||
	    fs->kind(fs->ctx, rel) == DOCROOT_FS_FILE;
}

static int
is_index(const struct docroot_rules *d, const char *name)
{
	for (size_t i = 0; i < d->nindex; i++)
		if (strcmp(name, d->index[i]) == 0)
			return 1;
	return 0;
}

/* "404", "500", "50x", "4xx": a status a server shows an error page for. */
static int
error_status(const char *s, size_t n)
{
	return n == 3 && (s[0] == '4' || s[0] == '5') &&
	    (ascii_is_digit(s[1]) || s[1] == 'x') &&
	    (ascii_is_digit(s[2]) || s[2] == 'x');
}

/* The directory of rel[0, dirlen), its "/" included, is named so. */
static int
error_dir(const char *rel, size_t dirlen)
{
	const char *end = rel + dirlen - 1, *start = end;

	if (dirlen == 0)
		return 0;
	while (start > rel && start[-1] != '/')
		start--;
	return error_status(start, (size_t)(end - start));
}
