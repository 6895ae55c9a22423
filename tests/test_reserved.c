#include <stdlib.h>
#include <string.h>

#include "alias.h"
#include "reserved.h"
#include "robots_writer.h"
#include "unit.h"

/* What alias, as a sidecar may write it, falls under once canonical. */
static const char *
hit(const struct reserved *r, const char *alias)
{
	const char *why;
	char *canon = alias_canonical(alias, &why);
	const struct reserved_entry *e = reserved_match(r, canon);

	free(canon);
	return e ? e->path : NULL;
}

static void
test_builtin(void)
{
	struct reserved r;

	reserved_init(&r);
	CU_ASSERT_STRING_EQUAL(hit(&r, "login"), "login");
	CU_ASSERT_STRING_EQUAL(hit(&r, "login/reset"), "login");
	CU_ASSERT_STRING_EQUAL(hit(&r, "/API/v1"), "api");
	CU_ASSERT_STRING_EQUAL(hit(&r, " id/00000000000000ff "), "id");
	CU_ASSERT_STRING_EQUAL(hit(&r, "robots.txt"), "robots.txt");
	CU_ASSERT_STRING_EQUAL(hit(&r, "sitemap.xml"), "sitemap.xml");
	CU_ASSERT_STRING_EQUAL(hit(&r, "sitemap_index.xml"),
	    "sitemap_index.xml");
	CU_ASSERT_STRING_EQUAL(hit(&r, "sitemaps/sitemap-0001.xml"),
	    "sitemaps");
	CU_ASSERT_STRING_EQUAL(hit(&r, "builtin/css"), "builtin");
	CU_ASSERT_PTR_NULL(hit(&r, "loginx"));
	CU_ASSERT_PTR_NULL(hit(&r, "robots.txt/x"));
	CU_ASSERT_PTR_NULL(hit(&r, "about"));
	CU_ASSERT_PTR_NULL(hit(&r, "identity"));
	reserved_free(&r);
}

/*
 * NoPressure's reserved_paths.rs tests, restated: what it reserves itself
 * (and so skips a version for), and what robots.txt publishes.
 */
static void
test_nopressure_reserved(void)
{
	static const struct {
		int		 line;
		const char	*alias;
		int		 reserved;
	} cases[] = {
		{ __LINE__, "login", 1 },
		{ __LINE__, "login/reset", 1 },
		{ __LINE__, "builtin/app.css", 1 },
		{ __LINE__, "api/v1", 1 },
		{ __LINE__, "robots.txt", 1 },
		{ __LINE__, "sitemap.xml", 1 },
		{ __LINE__, "admin", 1 },
		{ __LINE__, "admin/users", 1 },
		{ __LINE__, "/Admin/", 1 },
		{ __LINE__, "id/00000000000000ff", 1 },
		/* sitemapd's own paths are its business, not NoPressure's. */
		{ __LINE__, "docs/intro", 0 },
		{ __LINE__, "robots.txt/extra", 0 },
		{ __LINE__, "sitemap_index.xml", 0 },
		{ __LINE__, "sitemaps/sitemap-0001.xml", 0 },
		{ __LINE__, "administration", 0 },
	};
	struct robots robots;
	struct buf text = BUF_INIT, why = BUF_INIT;
	struct reserved r;
	const char *reason;

	reserved_init(&r);
	CU_ASSERT_EQUAL_FATAL(reserved_add_admin(&r, "/admin", &reason), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *canon = alias_canonical(cases[i].alias, &reason);

		UNIT_AT(cases[i].line, (reserved_match_nopressure(&r,
		    canon) != NULL) == cases[i].reserved);
		free(canon);
	}
	robots_init(&robots);
	CU_ASSERT_EQUAL_FATAL(robots_finish(&robots, &r, &why), 0);
	robots_render(&robots, "http://public.example", &text);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&text), "Disallow: /login/\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&text), "Disallow: /api/\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&text), "Disallow: /builtin/\n"));
	CU_ASSERT_PTR_NULL(strstr(buf_str(&text), "admin"));
	CU_ASSERT_PTR_NULL(strstr(buf_str(&text), "robots.txt"));
	CU_ASSERT_PTR_NULL(strstr(buf_str(&text), "Disallow: /sitemap.xml"));
	robots_free(&robots);
	reserved_free(&r);
	buf_free(&text);
	buf_free(&why);
}

/* Each failure is reported at the line of its case in the table. */
static void
test_pattern_names(void)
{
	static const struct {
		int		 line;
		const char	*pattern, *path;
		int		 names;
	} cases[] = {
		{ __LINE__, "/admin/", "admin", 1 },
		{ __LINE__, "/admin", "admin", 1 },
		{ __LINE__, "/ADMIN", "admin", 1 },
		{ __LINE__, "/admin*", "admin", 1 },
		{ __LINE__, "/admin$", "admin", 1 },
		{ __LINE__, "*admin", "admin", 1 },
		{ __LINE__, "admin/", "admin", 1 },
		{ __LINE__, "/%61dmin/", "admin", 1 },
		{ __LINE__, "/%41DMIN", "admin", 1 },
		{ __LINE__, "//admin", "admin", 1 },
		{ __LINE__, "/x/admin/y", "admin", 1 },
		{ __LINE__, "/ops//Panel", "ops/panel", 1 },
		{ __LINE__, "/administration/", "admin", 0 },
		{ __LINE__, "/sysadmin/", "admin", 0 },
		{ __LINE__, "/adm*", "admin", 0 },
		{ __LINE__, "/ops/", "ops/panel", 0 },
		{ __LINE__, "/%zzadmin", "admin", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_assertImplementation(reserved_pattern_names(cases[i].pattern,
		    cases[i].path) == cases[i].names, (unsigned)cases[i].line,
		    cases[i].pattern, __FILE__, "", CU_FALSE);
}

static void
test_configured(void)
{
	struct reserved r;
	const char *why;

	reserved_init(&r);
	CU_ASSERT_EQUAL(reserved_add(&r, "search/", 0, &why), 0);
	CU_ASSERT_EQUAL(reserved_add(&r, "Drafts", 1, &why), 0);
	CU_ASSERT_EQUAL(reserved_add_admin(&r, "/Secret-Admin", &why), 0);
	CU_ASSERT_EQUAL(reserved_add(&r, "a/../b", 0, &why), -1);
	CU_ASSERT_EQUAL(reserved_add_admin(&r, "/", &why), -1);

	CU_ASSERT_STRING_EQUAL(hit(&r, "search/x"), "search");
	CU_ASSERT_STRING_EQUAL(hit(&r, "drafts"), "drafts");
	CU_ASSERT_PTR_NULL(hit(&r, "drafts/x"));
	CU_ASSERT_STRING_EQUAL(hit(&r, "secret-admin/users"), "secret-admin");
	CU_ASSERT_EQUAL(reserved_match(&r, "secret-admin")->flags,
	    RESERVED_PREFIX | RESERVED_NOPRESSURE);
	CU_ASSERT_EQUAL(reserved_match(&r, "drafts")->flags, RESERVED_PUBLISH);
	reserved_free(&r);
}

static void
test_robots_order(void)
{
	struct reserved r;
	struct robots rb;
	struct buf out = BUF_INIT;
	const char *why;

	reserved_init(&r);
	reserved_add(&r, "docs/", 1, &why);
	reserved_add(&r, "docs/private/", 1, &why);
	reserved_add(&r, "old.html", 1, &why);
	reserved_add_admin(&r, "admin", &why);
	robots_init(&rb);
	CU_ASSERT_EQUAL(robots_finish(&rb, &r, &out), 0);
	robots_render(&rb, "https://example.com", &out);
	/* The longer of two overlapping rules first; "Allow: /" last. */
	CU_ASSERT_STRING_EQUAL(buf_str(&out),
	    "User-agent: *\n"
	    "Disallow: /login/\n"
	    "Disallow: /builtin/\n"
	    "Disallow: /api/\n"
	    "Disallow: /docs/private/\n"
	    "Disallow: /docs/\n"
	    "Disallow: /old.html$\n"
	    "Allow: /\n"
	    "\n"
	    "Sitemap: https://example.com/sitemap.xml\n");
	CU_ASSERT_PTR_NULL(strstr(buf_str(&out), "admin"));

	CU_ASSERT_TRUE(robots_allows(&rb, "/"));
	CU_ASSERT_TRUE(robots_allows(&rb, "/about"));
	CU_ASSERT_TRUE(robots_allows(&rb, "/login"));
	CU_ASSERT_FALSE(robots_allows(&rb, "/login/"));
	CU_ASSERT_FALSE(robots_allows(&rb, "/docs/x"));
	CU_ASSERT_FALSE(robots_allows(&rb, "/old.html"));
	CU_ASSERT_TRUE(robots_allows(&rb, "/old.html.bak"));
	buf_free(&out);
	robots_free(&rb);
	reserved_free(&r);
}

void
suite_reserved(void)
{
	static CU_TestInfo tests[] = {
		{ "built-in entries", test_builtin },
		{ "configured entries", test_configured },
		{ "patterns that name a path", test_pattern_names },
		{ "what NoPressure reserves", test_nopressure_reserved },
		{ "robots rules and order", test_robots_order },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("reserved", tests);
}
