/* Which files of a document root are pages, and their URLs. */
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "paths.h"
#include "utf8.h"

static const char	*ending(const struct docroot_rules *, const char *);
static int		 is_index(const struct docroot_rules *, const char *);
static int		 error_status(const char *, size_t);
static int		 error_dir(const char *, size_t);

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
		buf_add(url, rel, dirlen);
	else if (d->clean_urls)
		buf_add(url, rel, (size_t)(ext - rel) - 1);
	else
		buf_adds(url, rel);
	for (size_t i = 0; i < d->nexclude; i++)
		if (docroot_glob(d->exclude[i], rel)) {
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

int
docroot_hidden(const char *name)
{
	return name[0] == '.';
}

int
docroot_glob(const char *p, const char *s)
{
	for (; *p; p++, s++) {
		if (p[0] == '*' && p[1] == '*') {
			p += 2;
			if (*p == '/')	/* "**" + "/": none or more directories */
				p++;
			for (;; s++) {
				if (docroot_glob(p, s))
					return 1;
				if (*s == '\0')
					return 0;
			}
		}
		if (*p == '*') {
			for (;; s++) {
				if (docroot_glob(p + 1, s))
					return 1;
				if (*s == '\0' || *s == '/')
					return 0;
			}
		}
		if (*s == '\0' || (*p == '?' ? *s == '/' : *p != *s))
			return 0;
	}
	return *s == '\0';
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
