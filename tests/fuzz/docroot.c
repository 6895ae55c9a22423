/*
 * A document root's paths: any file name through the rules of which are
 * pages, and any glob against any path, compared with a plain recursive
 * restatement of what a glob means where that is cheap enough to run.
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "fuzz.h"
#include "paths.h"

/* The meaning of a glob, by backtracking: exponential, so kept short. */
static int
glob_by_definition(const char *p, const char *s)
{
	if (*p == '\0')
		return *s == '\0';
	if (p[0] == '*' && p[1] == '*') {
		if (p[2] == '/' && glob_by_definition(p + 3, s))
			return 1;
		for (const char *t = s;; t++) {
			if (glob_by_definition(p + 2, t))
				return 1;
			if (*t == '\0')
				return 0;
		}
	}
	if (*p == '*') {
		for (const char *t = s;; t++) {
			if (glob_by_definition(p + 1, t))
				return 1;
			if (*t == '\0' || *t == '/')
				return 0;
		}
	}
	if (*s == '\0' || (*p == '?' ? *s == '/' : *p != *s))
		return 0;
	return glob_by_definition(p + 1, s + 1);
}

/* The input: a pattern, a NUL, a path. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *ext[] = { "html", "htm" }, *idx[] = { "index.html" };
	char *text = malloc(size + 2), *path;
	struct docroot_rules rules = { ext, 2, idx, 1, 0, NULL, 0 };
	struct buf url = BUF_INIT;
	const char *why;

	memcpy(text, data, size);
	text[size] = text[size + 1] = '\0';
	path = text + strlen(text) + 1;
	if (path > text + size)
		path = text + size;
	rules.exclude = &text;
	rules.nexclude = 1;
	rules.clean_urls = size & 1;
	(void)docroot_file(&rules, path, &url, &why);
	if (strlen(text) <= 12 && strlen(path) <= 24 &&
	    docroot_glob(text, path) != glob_by_definition(text, path))
		abort();
	buf_free(&url);
	free(text);
	return 0;
}
