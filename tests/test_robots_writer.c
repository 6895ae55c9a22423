/* The robots.txt sitemapd writes: layout, INI rules and parser agreement. */
#include <string.h>

#include "reserved.h"
#include "robots_writer.h"
#include "unit.h"

static void
test_groups_and_layout(void)
{
	struct reserved res;
	struct robots r;
	struct buf out = BUF_INIT;
	const char *why;

	reserved_init(&res);
	robots_init(&r);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/search/", &why), 0);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 1, "/search/help", &why), 0);
	CU_ASSERT_EQUAL(robots_add_rule(&r, "GPTBot", 0, "/", &why), 0);
	CU_ASSERT_EQUAL(robots_add_rule(&r, "CCBot", 0, "/*.pdf$", &why), 0);
	/* Product tokens are case-insensitive: the same group. */
	CU_ASSERT_EQUAL(robots_add_rule(&r, "gptbot", 0, "/x", &why), 0);
	CU_ASSERT_EQUAL(robots_finish(&r, &res, &out), 0);
	robots_render(&r, "https://example.com", &out);
	CU_ASSERT_STRING_EQUAL(buf_str(&out),
	    "User-agent: GPTBot\n"
	    "Disallow: /x\n"
	    "Disallow: /login/\n"
	    "Disallow: /builtin/\n"
	    "Disallow: /api/\n"
	    "Disallow: /\n"
	    "\n"
	    "User-agent: CCBot\n"
	    "Disallow: /login/\n"
	    "Disallow: /builtin/\n"
	    "Disallow: /*.pdf$\n"
	    "Disallow: /api/\n"
	    "\n"
	    "User-agent: *\n"
	    "Allow: /search/help\n"
	    "Disallow: /search/\n"
	    "Disallow: /login/\n"
	    "Disallow: /builtin/\n"
	    "Disallow: /api/\n"
	    "Allow: /\n"
	    "\n"
	    "Sitemap: https://example.com/sitemap.xml\n");
	CU_ASSERT_FALSE(robots_allows(&r, "/search/q"));
	CU_ASSERT_TRUE(robots_allows(&r, "/search/help/x"));
	/* Named groups are not the "*" group's business. */
	CU_ASSERT_TRUE(robots_allows(&r, "/x"));
	CU_ASSERT_TRUE(robots_allows(&r, "/a.pdf"));
	buf_free(&out);
	robots_free(&r);
	reserved_free(&res);
}

static void
test_patterns(void)
{
	struct reserved res;
	struct robots r;
	struct buf out = BUF_INIT;
	const char *why;

	reserved_init(&res);
	robots_init(&r);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "search", &why), -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "", &why), -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/a b", &why), -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/a#b", &why), -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/a\tb", &why), -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, "Googlebot/2.1", 0, "/", &why),
	    -1);
	CU_ASSERT_EQUAL(robots_add_rule(&r, "*", 0, "/", &why), -1);
	/* Escaped as Google compares them. */
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/caf\xc3\xa9/%2f", &why),
	    0);
	/* "Allow: /d/index.html" says "/d/" to every parser. */
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 1, "/d/index.html", &why),
	    0);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/d/", &why), 0);
	/* Owning "/" drops the final "Allow: /". */
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "/", &why), 0);
	CU_ASSERT_EQUAL(robots_finish(&r, &res, &out), 0);
	robots_render(&r, "http://h", &out);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "Disallow: /caf%C3%A9/%2F\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "Allow: /d/index.html\nAllow: /d/$\nDisallow: /d/\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out), "Disallow: /\n\n"));
	CU_ASSERT_PTR_NULL(strstr(buf_str(&out), "Allow: /\n"));
	CU_ASSERT_FALSE(robots_allows(&r, "/about"));
	CU_ASSERT_TRUE(robots_allows(&r, "/d/"));
	CU_ASSERT_FALSE(robots_allows(&r, "/d/x"));
	buf_free(&out);
	robots_free(&r);
	reserved_free(&res);
}

/* "Disallow: *" forbids every path: an "Allow: /" beside it would tie. */
static void
test_disallow_star(void)
{
	struct reserved res;
	struct robots r;
	struct buf out = BUF_INIT;
	const char *why;

	reserved_init(&res);
	robots_init(&r);
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, "*", &why), 0);
	CU_ASSERT_EQUAL(robots_finish(&r, &res, &out), 0);
	robots_render(&r, "http://h", &out);
	CU_ASSERT_PTR_NULL(strstr(buf_str(&out), "Allow: /\n"));
	CU_ASSERT_FALSE(robots_allows(&r, "/about"));
	buf_free(&out);
	robots_free(&r);
	reserved_free(&res);
}

static void
test_limits(void)
{
	struct reserved res;
	struct robots r;
	struct buf why = BUF_INIT, pattern = BUF_INIT;
	const char *reason;

	reserved_init(&res);
	robots_init(&r);
	for (int i = 0; i <= ROBOTS_RULES_MAX; i++) {
		buf_reset(&pattern);
		buf_printf(&pattern, "/p%d", i);
		robots_add_rule(&r, "Bot", 0, buf_str(&pattern), &reason);
	}
	CU_ASSERT_EQUAL(robots_finish(&r, &res, &why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&why), "User-agent: Bot"));
	robots_free(&r);

	/* 300 groups of 2 KiB patterns: over 500 KiB. */
	buf_reset(&why);
	robots_init(&r);
	buf_reset(&pattern);
	buf_addc(&pattern, '/');
	while (pattern.len < ROBOTS_PATTERN_MAX)
		buf_addc(&pattern, 'p');
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, buf_str(&pattern),
	    &reason), 0);
	buf_addc(&pattern, 'p');
	CU_ASSERT_EQUAL(robots_add_rule(&r, NULL, 0, buf_str(&pattern),
	    &reason), -1);
	pattern.data[--pattern.len] = '\0';
	for (int i = 0; i < 300; i++) {
		struct buf agent = BUF_INIT;

		buf_printf(&agent, "Bot-%c%c", 'a' + i % 26, 'a' + i / 26);
		robots_add_rule(&r, buf_str(&agent), 0, buf_str(&pattern),
		    &reason);
		buf_free(&agent);
	}
	CU_ASSERT_EQUAL(robots_finish(&r, &res, &why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&why), "only the first 512000"));
	robots_free(&r);
	buf_free(&why);
	buf_free(&pattern);
	reserved_free(&res);
}

/* What a parser that obeys the first matching rule of the group says. */
static int
first_match(const struct robots_group *grp, const char *path)
{
	for (size_t i = 0; i < grp->n; i++)
		if (robotstxt_matches(path, grp->rules[i].pattern))
			return grp->rules[i].allow;
	return 1;
}

/* RFC 9309: the longest match, Allow on a tie, without Google's extras. */
static int
longest_match(const struct robots_group *grp, const char *path)
{
	long best = -1;
	int allow = 1;

	for (size_t i = 0; i < grp->n; i++) {
		long len = (long)strlen(grp->rules[i].pattern);

		if (robotstxt_matches(path, grp->rules[i].pattern) &&
		    (len > best || (len == best && grp->rules[i].allow))) {
			best = len;
			allow = grp->rules[i].allow;
		}
	}
	return allow;
}

/*
 * Random rule sets from overlapping pieces: for every group and path, the
 * written file gets one verdict from Google's matcher, from RFC 9309's
 * longest match and from a first-match parser.
 */
static void
test_parsers_agree(void)
{
	static const char *const patterns[] = { "/", "/a", "/a/", "/a/b",
	    "/ab", "/a$", "/a/b$", "/*.pdf", "/*.pdf$", "/a/*/c", "/*/b",
	    "/a*", "/b/index.html", "/b/", "/b", "/%c3%a9", "/\xc3\xa9/x",
	    "/a/b/c", "/*", "/x/index.htm" };
	static const char *const paths[] = { "/", "/a", "/a/", "/a/b",
	    "/a/b/c", "/ab", "/abc", "/a.pdf", "/a/x.pdf", "/a.pdfx",
	    "/a/x/c", "/b", "/b/", "/b/index.html", "/bb", "/%C3%A9",
	    "/%C3%A9/x", "/x/", "/x/index.htm", "/login/", "/c/b" };
	static const char *const agents[] = { "FooBot", "BarBot", NULL };
	const size_t npatterns = sizeof(patterns) / sizeof(patterns[0]);
	const size_t npaths = sizeof(paths) / sizeof(paths[0]);
	unsigned seed = 12345;
	int disagreements = 0, checked = 0;

	for (int round = 0; round < 300; round++) {
		struct reserved res;
		struct robots r;
		struct buf why = BUF_INIT;
		const char *reason;
		int nrules = 1 + round % 9;

		reserved_init(&res);
		robots_init(&r);
		for (int i = 0; i < nrules; i++) {
			seed = seed * 1103515245 + 12345;
			robots_add_rule(&r, agents[(seed >> 8) % 3],
			    (seed >> 12) & 1,
			    patterns[(seed >> 16) % npatterns], &reason);
		}
		CU_ASSERT_EQUAL(robots_finish(&r, &res, &why), 0);
		for (size_t g = 0; g < r.ngroups; g++) {
			const char *agent = r.groups[g].agent ?
			    r.groups[g].agent : "*";

			for (size_t p = 0; p < npaths; p++) {
				int google = robotstxt_path_allowed(&r.parsed,
				    agent, paths[p], NULL);

				checked++;
				if (google != longest_match(&r.groups[g],
				    paths[p]) || google !=
				    first_match(&r.groups[g], paths[p]))
					disagreements++;
			}
		}
		buf_free(&why);
		robots_free(&r);
		reserved_free(&res);
	}
	CU_ASSERT_TRUE(checked > 10000);
	CU_ASSERT_EQUAL(disagreements, 0);
}

/*
 * What the sitemap may list: "*", and each search engine's crawler by a
 * group of its own, unless that group keeps it from the sitemap; Google's
 * image crawler for images alone.
 */
static void
test_readers(void)
{
	static const struct {
		int		 line;
		const char	*agent, *pattern;	/* one rule beside "*" */
		const char	*path;
		const char	*page_blocker;	/* or NULL */
		int		 image;		/* listed as an image */
	} cases[] = {
		{ __LINE__, "Googlebot", "/x/", "/x/a", "googlebot", 0 },
		{ __LINE__, "Googlebot", "/x/", "/y/a", NULL, 1 },
		{ __LINE__, "bingbot", "/*.pdf$", "/a.pdf", "bingbot", 0 },
		{ __LINE__, "YandexBot", "/x/", "/x/a", "yandexbot", 0 },
		/* A product token in any case is the same crawler. */
		{ __LINE__, "GOOGLEBOT", "/x/", "/x/a", "googlebot", 0 },
		/* Out of one engine on purpose: it reads no sitemap. */
		{ __LINE__, "Applebot", "/", "/x/a", NULL, 1 },
		{ __LINE__, "Googlebot", "/sitemap", "/x/a", NULL, 1 },
		/* For their own searches: pages stay, images go. */
		{ __LINE__, "Googlebot-Image", "/x/", "/x/a", NULL, 0 },
		{ __LINE__, "Googlebot-News", "/x/", "/x/a", NULL, 1 },
		{ __LINE__, "Googlebot-Video", "/x/", "/x/a", NULL, 1 },
		/* No search engine: "*" alone decides for the sitemap. */
		{ __LINE__, "GPTBot", "/x/", "/x/a", NULL, 1 },
		{ __LINE__, NULL, "/x/", "/x/a", "*", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct reserved res;
		struct robots r;
		struct buf why = BUF_INIT;
		const char *err, *blocker;
		int line = cases[i].line;

		reserved_init(&res);
		robots_init(&r);
		UNIT_AT(line, robots_add_rule(&r, cases[i].agent, 0,
		    cases[i].pattern, &err) == 0);
		UNIT_AT(line, robots_finish(&r, &res, &why) == 0);
		blocker = robots_blocker(&r, cases[i].path);
		UNIT_AT(line, cases[i].page_blocker ? blocker != NULL &&
		    strcmp(blocker, cases[i].page_blocker) == 0 :
		    blocker == NULL);
		UNIT_AT(line, robots_allows(&r, cases[i].path) ==
		    (cases[i].page_blocker == NULL));
		UNIT_AT(line, robots_allows_image(&r, cases[i].path) ==
		    cases[i].image);
		robots_free(&r);
		reserved_free(&res);
		buf_free(&why);
	}
}

void
suite_robots(void)
{
	static CU_TestInfo tests[] = {
		{ "groups and layout", test_groups_and_layout },
		{ "INI patterns", test_patterns },
		{ "\"Disallow: *\" is not undone by \"Allow: /\"",
		    test_disallow_star },
		{ "limits", test_limits },
		{ "Google, RFC 9309 and first-match agree", test_parsers_agree },
		{ "the sitemap's readers", test_readers },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("robots", tests);
}
