/*
 * Which files of a document root are pages, and their URLs: a table of
 * files under the default rules and under others, and of globs.
 */
#include <string.h>

#include "config.h"
#include "paths.h"
#include "unit.h"

static void
test_files(void)
{
	static char *ext[] = { "html", "htm" }, *idx[] = { "index.html" },
	    *excl[] = { "drafts/**", "*.tmp.html", "private/*/secret.html" };
	const struct docroot_rules plain = { ext, 2, idx, 1, 0, excl, 3 };
	const struct docroot_rules clean = { ext, 1, idx, 1, 1, NULL, 0 };
	static const struct {
		int		 line;
		int		 clean;
		const char	*rel;
		enum docroot_file want;
		const char	*url;	/* or the reason */
	} cases[] = {
		{ __LINE__, 0, "index.html", DOCROOT_PAGE, "" },
		{ __LINE__, 0, "about.html", DOCROOT_PAGE, "about.html" },
		{ __LINE__, 0, "About.HTML", DOCROOT_PAGE, "About.HTML" },
		{ __LINE__, 0, "docs/index.html", DOCROOT_PAGE, "docs/" },
		{ __LINE__, 0, "docs/index.htm", DOCROOT_PAGE, "docs/index.htm" },
		{ __LINE__, 0, "a/b/c.htm", DOCROOT_PAGE, "a/b/c.htm" },
		{ __LINE__, 0, "style.css", DOCROOT_NONE, NULL },
		{ __LINE__, 0, "html", DOCROOT_NONE, NULL },
		{ __LINE__, 0, ".html", DOCROOT_NONE, NULL },
		{ __LINE__, 0, "404.html", DOCROOT_UNLISTED, "an error page" },
		{ __LINE__, 0, "50x.html", DOCROOT_UNLISTED, "an error page" },
		{ __LINE__, 0, "errors/503.html", DOCROOT_UNLISTED,
		    "an error page" },
		{ __LINE__, 0, "404/index.html", DOCROOT_UNLISTED,
		    "an error page" },
		{ __LINE__, 0, "404/other.html", DOCROOT_PAGE, "404/other.html" },
		{ __LINE__, 0, "200.html", DOCROOT_PAGE, "200.html" },
		{ __LINE__, 0, "4040.html", DOCROOT_PAGE, "4040.html" },
		{ __LINE__, 0, "drafts/a/b.html", DOCROOT_UNLISTED, "drafts/**" },
		{ __LINE__, 0, "x.tmp.html", DOCROOT_UNLISTED, "*.tmp.html" },
		{ __LINE__, 0, "a/x.tmp.html", DOCROOT_PAGE, "a/x.tmp.html" },
		{ __LINE__, 0, "private/bob/secret.html", DOCROOT_UNLISTED,
		    "private/*/secret.html" },
		{ __LINE__, 0, "private/a/b/secret.html", DOCROOT_PAGE,
		    "private/a/b/secret.html" },
		{ __LINE__, 0, "new\nline.html", DOCROOT_BAD_NAME,
		    "its name holds a control character" },
		{ __LINE__, 0, "bad\377.html", DOCROOT_BAD_NAME,
		    "its name is not UTF-8" },
		{ __LINE__, 0, "caf\303\251.html", DOCROOT_PAGE,
		    "caf\303\251.html" },
		{ __LINE__, 1, "about.html", DOCROOT_PAGE, "about" },
		{ __LINE__, 1, "docs/index.html", DOCROOT_PAGE, "docs/" },
		{ __LINE__, 1, "about.htm", DOCROOT_NONE, NULL },
	};
	struct buf url = BUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *why = NULL;
		enum docroot_file got;
		int line = cases[i].line;

		buf_reset(&url);
		got = docroot_file(cases[i].clean ? &clean : &plain,
		    cases[i].rel, &url, &why);
		UNIT_AT(line, got == cases[i].want);
		if (got == DOCROOT_PAGE)
			UNIT_AT(line, strcmp(buf_str(&url), cases[i].url) == 0);
		else if (got != DOCROOT_NONE)
			UNIT_AT(line, why && strcmp(why, cases[i].url) == 0);
	}
	buf_free(&url);
}

static void
test_globs(void)
{
	static const struct {
		int		 line;
		const char	*pattern, *path;
		int		 want;
	} cases[] = {
		{ __LINE__, "a.html", "a.html", 1 },
		{ __LINE__, "a.html", "b/a.html", 0 },
		{ __LINE__, "*.html", "a.html", 1 },
		{ __LINE__, "*.html", "b/a.html", 0 },
		{ __LINE__, "*/a.html", "b/a.html", 1 },
		{ __LINE__, "**/a.html", "a.html", 1 },
		{ __LINE__, "**/a.html", "b/c/a.html", 1 },
		{ __LINE__, "**a.html", "b/ca.html", 1 },
		{ __LINE__, "drafts/**", "drafts/x/y.html", 1 },
		{ __LINE__, "drafts/**", "drafts2/x.html", 0 },
		{ __LINE__, "d?afts/*", "drafts/x.html", 1 },
		{ __LINE__, "?", "/", 0 },
		{ __LINE__, "*", "", 1 },
		{ __LINE__, "", "", 1 },
		{ __LINE__, "", "a", 0 },
		{ __LINE__, "a**", "a/b/c", 1 },
		/* "**" drops its "/" only where it takes nothing. */
		{ __LINE__, "a/**/b", "a/xb", 0 },
		{ __LINE__, "a/**/b", "a/x/b", 1 },
		{ __LINE__, "**/", "a/x.html", 0 },
		{ __LINE__, "**/", "a/", 1 },
		/* Stars that backtracking would pay for exponentially. */
		{ __LINE__, "*a*a*a*a*a*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0 },
		{ __LINE__, "**a**a**a**a**a**a**a**a**a**a**b", "a/a/a/a/a/a/"
		    "a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		UNIT_AT(cases[i].line, docroot_glob(cases[i].pattern,
		    cases[i].path) == cases[i].want);
}

void
suite_docroot(void)
{
	static CU_TestInfo tests[] = {
		{ "which files are pages, at which URL", test_files },
		{ "globs, in time linear in the pattern", test_globs },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("docroot", tests);
}
