/*
 * The robots.txt matcher against the cases of Google's robots_test.cc
 * (google/robotstxt), restated: same robots.txt, agent, URL and verdict.
 */
#include <string.h>

#include "escape.h"
#include "robots_matcher.h"
#include "unit.h"

static int
allowed(const char *robots, const char *agent, const char *url)
{
	struct robotstxt rt;
	int ok;

	robotstxt_parse(&rt, robots, strlen(robots));
	ok = robotstxt_allowed(&rt, agent, url, NULL);
	robotstxt_free(&rt);
	return ok;
}

#define ALLOWED(r, a, u)	CU_ASSERT_TRUE(allowed(r, a, u))
#define BLOCKED(r, a, u)	CU_ASSERT_FALSE(allowed(r, a, u))

static void
test_empty_inputs(void)
{
	const char *foo_out = "user-agent: FooBot\ndisallow: /\n";

	ALLOWED("", "FooBot", "");
	ALLOWED(foo_out, "", "");
	/* No URL means the path "/". */
	BLOCKED(foo_out, "FooBot", "");
	ALLOWED("", "", "");
}

static void
test_line_syntax(void)
{
	const char *url = "http://foo.bar/x/y";

	BLOCKED("user-agent: FooBot\ndisallow: /\n", "FooBot", url);
	ALLOWED("foo: FooBot\nbar: /\n", "FooBot", url);
	/* A forgotten colon is forgiven between exactly two words. */
	BLOCKED("user-agent FooBot\ndisallow /\n", "FooBot", url);
	ALLOWED("user-agent FooBot\ndisallow / x\n", "FooBot", url);
}

static void
test_groups(void)
{
	const char *r =
	    "allow: /foo/bar/\n"
	    "\n"
	    "user-agent: FooBot\n"
	    "disallow: /\n"
	    "allow: /x/\n"
	    "user-agent: BarBot\n"
	    "disallow: /\n"
	    "allow: /y/\n"
	    "\n"
	    "\n"
	    "allow: /w/\n"
	    "user-agent: BazBot\n"
	    "\n"
	    "user-agent: FooBot\n"
	    "allow: /z/\n"
	    "disallow: /\n";

	ALLOWED(r, "FooBot", "http://foo.bar/x/b");
	ALLOWED(r, "FooBot", "http://foo.bar/z/d");
	BLOCKED(r, "FooBot", "http://foo.bar/y/c");
	ALLOWED(r, "BarBot", "http://foo.bar/y/c");
	ALLOWED(r, "BarBot", "http://foo.bar/w/a");
	BLOCKED(r, "BarBot", "http://foo.bar/z/d");
	ALLOWED(r, "BazBot", "http://foo.bar/z/d");
	/* A rule before any user-agent line belongs to no group. */
	BLOCKED(r, "FooBot", "http://foo.bar/foo/bar/");
	BLOCKED(r, "BarBot", "http://foo.bar/foo/bar/");
	BLOCKED(r, "BazBot", "http://foo.bar/foo/bar/");
}

static void
test_key_case(void)
{
	static const char *const files[] = {
	    "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
	    "user-agent: FooBot\nallow: /x/\ndisallow: /\n",
	    "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n",
	};

	for (size_t i = 0; i < 3; i++) {
		ALLOWED(files[i], "FooBot", "http://foo.bar/x/y");
		BLOCKED(files[i], "FooBot", "http://foo.bar/a/b");
	}
}

static void
test_key_typos(void)
{
	static const char *const files[] = {
	    "useragent: FooBot\ndisallow: /\n",
	    "user agent: FooBot\ndisallow: /\n",
	    "user-agent: FooBot\ndissallow: /\n",
	    "user-agent: FooBot\ndissalow: /\n",
	    "user-agent: FooBot\ndisalow: /\n",
	    "user-agent: FooBot\ndiasllow: /\n",
	    "user-agent: FooBot\ndisallaw: /\n",
	};

	for (size_t i = 0; i < 7; i++)
		BLOCKED(files[i], "FooBot", "http://foo.bar/x");
	ALLOWED("user-agent: FooBot\ndisalloww: /\nallow: /x\n", "FooBot",
	    "http://foo.bar/x");
	ALLOWED("user-agent: FooBot\ndeny: /\n", "FooBot", "http://foo.bar/");
}

static void
test_valid_agents(void)
{
	CU_ASSERT_TRUE(robotstxt_agent_valid("Foobot"));
	CU_ASSERT_TRUE(robotstxt_agent_valid("Foobot-Bar"));
	CU_ASSERT_TRUE(robotstxt_agent_valid("Foo_Bar"));
	CU_ASSERT_FALSE(robotstxt_agent_valid(""));
	CU_ASSERT_FALSE(robotstxt_agent_valid("\xe3\x83\x84"));
	CU_ASSERT_FALSE(robotstxt_agent_valid("Foobot*"));
	CU_ASSERT_FALSE(robotstxt_agent_valid(" Foobot "));
	CU_ASSERT_FALSE(robotstxt_agent_valid("Foobot/2.1"));
	CU_ASSERT_FALSE(robotstxt_agent_valid("Foobot Bar"));
}

static void
test_agent_value_case(void)
{
	static const char *const files[] = {
	    "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n",
	    "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n",
	    "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n",
	};

	for (size_t i = 0; i < 3; i++) {
		ALLOWED(files[i], "Foo", "http://foo.bar/x/y");
		BLOCKED(files[i], "Foo", "http://foo.bar/a/b");
		ALLOWED(files[i], "foo", "http://foo.bar/x/y");
		BLOCKED(files[i], "foo", "http://foo.bar/a/b");
	}
}

static void
test_agent_up_to_first_space(void)
{
	const char *r =
	    "User-Agent: *\n"
	    "Disallow: /\n"
	    "User-Agent: Foo Bar\n"
	    "Allow: /x/\n"
	    "Disallow: /\n";

	/* The line names "Foo"; the agent is compared whole. */
	ALLOWED(r, "Foo", "http://foo.bar/x/y");
	BLOCKED(r, "Foo Bar", "http://foo.bar/x/y");
	/* "* and more" is still the global group. */
	BLOCKED("User-Agent: * BarBot\nDisallow: /\n", "FooBot",
	    "http://foo.bar/x");
	ALLOWED("User-Agent: *BarBot\nDisallow: /\n", "FooBot",
	    "http://foo.bar/x");
}

static void
test_global_group(void)
{
	const char *global =
	    "user-agent: *\n"
	    "allow: /\n"
	    "user-agent: FooBot\n"
	    "disallow: /\n";
	const char *only_specific =
	    "user-agent: FooBot\n"
	    "allow: /\n"
	    "user-agent: BarBot\n"
	    "disallow: /\n"
	    "user-agent: BazBot\n"
	    "disallow: /\n";
	const char *url = "http://foo.bar/x/y";

	ALLOWED("", "FooBot", url);
	BLOCKED(global, "FooBot", url);
	ALLOWED(global, "BarBot", url);
	ALLOWED(only_specific, "QuxBot", url);
}

static void
test_value_case(void)
{
	BLOCKED("user-agent: FooBot\ndisallow: /x/\n", "FooBot",
	    "http://foo.bar/x/y");
	ALLOWED("user-agent: FooBot\ndisallow: /X/\n", "FooBot",
	    "http://foo.bar/x/y");
}

static void
test_longest_match(void)
{
	const char *url = "http://foo.bar/x/page.html";

	BLOCKED("user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n",
	    "FooBot", url);
	ALLOWED("user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n",
	    "FooBot", url);
	BLOCKED("user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n",
	    "FooBot", "http://foo.bar/x/");
	/* Equal patterns: Allow wins. */
	ALLOWED("user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", url);
	ALLOWED("user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", url);
	ALLOWED("user-agent: FooBot\ndisallow: /x/page.html\n"
	    "allow: /x/page.html\n", "FooBot", url);
	BLOCKED("user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot",
	    "http://foo.bar/x");
	ALLOWED("user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot",
	    "http://foo.bar/x/");
	/* Length counts the pattern as written, "*" included. */
	BLOCKED("user-agent: FooBot\nallow: /page\ndisallow: /*.html\n",
	    "FooBot", "http://foo.bar/page.html");
	ALLOWED("user-agent: FooBot\nallow: /page\ndisallow: /*.html\n",
	    "FooBot", "http://foo.bar/page");
	ALLOWED("user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n",
	    "FooBot", url);
	BLOCKED("user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n",
	    "FooBot", "http://foo.bar/x/y.html");
	/* The agent's own group replaces the global one entirely. */
	ALLOWED("User-agent: *\nDisallow: /x/\nUser-agent: FooBot\n"
	    "Disallow: /y/\n", "FooBot", "http://foo.bar/x/page");
	BLOCKED("User-agent: *\nDisallow: /x/\nUser-agent: FooBot\n"
	    "Disallow: /y/\n", "FooBot", "http://foo.bar/y/page");
}

static void
test_encoding(void)
{
	ALLOWED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot",
	    "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par");
	/* A raw UTF-8 pattern is escaped; the URL must come escaped. */
	ALLOWED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/\xe3\x83\x84\n", "FooBot",
	    "http://foo.bar/foo/bar/%E3%83%84");
	BLOCKED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/\xe3\x83\x84\n", "FooBot",
	    "http://foo.bar/foo/bar/\xe3\x83\x84");
	ALLOWED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/%E3%83%84\n", "FooBot",
	    "http://foo.bar/foo/bar/%E3%83%84");
	BLOCKED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/%E3%83%84\n", "FooBot",
	    "http://foo.bar/foo/bar/\xe3\x83\x84");
	/* Escaped ASCII is compared as written, not decoded. */
	BLOCKED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/%62%61%7A\n", "FooBot",
	    "http://foo.bar/foo/bar/baz");
	ALLOWED("User-agent: FooBot\nDisallow: /\n"
	    "Allow: /foo/bar/%62%61%7A\n", "FooBot",
	    "http://foo.bar/foo/bar/%62%61%7A");
	/* Lowercase hex in a pattern is made uppercase. */
	ALLOWED("User-agent: FooBot\nDisallow: /\nAllow: /a%e3b\n", "FooBot",
	    "http://foo.bar/a%E3b");
}

static void
test_special_characters(void)
{
	const char *star =
	    "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n";
	const char *dollar =
	    "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n";
	const char *comment =
	    "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\n"
	    "Allow: /\n";

	BLOCKED(star, "FooBot", "http://foo.bar/foo/bar/quz");
	ALLOWED(star, "FooBot", "http://foo.bar/foo/quz");
	ALLOWED(star, "FooBot", "http://foo.bar/foo//quz");
	ALLOWED(star, "FooBot", "http://foo.bar/foo/bax/quz");
	BLOCKED(dollar, "FooBot", "http://foo.bar/foo/bar");
	ALLOWED(dollar, "FooBot", "http://foo.bar/foo/bar/qux");
	ALLOWED(dollar, "FooBot", "http://foo.bar/foo/bar/");
	ALLOWED(dollar, "FooBot", "http://foo.bar/foo/bar/baz");
	ALLOWED(comment, "FooBot", "http://foo.bar/foo/bar");
	BLOCKED(comment, "FooBot", "http://foo.bar/foo/quz");
	/* "$" anywhere but last is an ordinary byte. */
	CU_ASSERT_TRUE(robotstxt_matches("/a$b", "/a$b"));
	CU_ASSERT_FALSE(robotstxt_matches("/ab", "/a$b"));
	CU_ASSERT_TRUE(robotstxt_matches("/anything", "*"));
	CU_ASSERT_TRUE(robotstxt_matches("/a/b/c.d", "/**/*.d$"));
	CU_ASSERT_FALSE(robotstxt_matches("/a/b/c.de", "/**/*.d$"));
}

static void
test_index_html(void)
{
	const char *r =
	    "User-Agent: *\n"
	    "Allow: /allowed-slash/index.html\n"
	    "Disallow: /\n";

	ALLOWED(r, "foobot", "http://foo.com/allowed-slash/");
	BLOCKED(r, "foobot", "http://foo.com/allowed-slash/index.htm");
	ALLOWED(r, "foobot", "http://foo.com/allowed-slash/index.html");
	BLOCKED(r, "foobot", "http://foo.com/anyother-url");
	/* Only Allow has the rule. */
	ALLOWED("User-Agent: *\nDisallow: /d/index.html\n", "foobot",
	    "http://foo.com/d/");
}

/* A line of 16,663 bytes is kept; what follows on that line is dropped. */
static void
test_long_lines(void)
{
	struct buf r = BUF_INIT, url = BUF_INIT, path = BUF_INIT;
	const size_t max_line = 2083 * 8;

	buf_adds(&path, "/x/");
	while (path.len < max_line - 3 - strlen("disallow: ") + 1)
		buf_addc(&path, 'a');
	buf_printf(&r, "user-agent: FooBot\ndisallow: %s/qux\n",
	    buf_str(&path));
	ALLOWED(buf_str(&r), "FooBot", "http://foo.bar/fux");
	buf_printf(&url, "http://foo.bar%s/fux", buf_str(&path));
	BLOCKED(buf_str(&r), "FooBot", buf_str(&url));

	buf_reset(&r);
	buf_reset(&url);
	buf_reset(&path);
	buf_adds(&path, "/x/");
	while (path.len < max_line - 3 - strlen("allow: ") + 1)
		buf_addc(&path, 'a');
	buf_printf(&r, "user-agent: FooBot\ndisallow: /\nallow: %s/qux\n",
	    buf_str(&path));
	BLOCKED(buf_str(&r), "FooBot", "http://foo.bar/");
	buf_printf(&url, "http://foo.bar%s/qux", buf_str(&path));
	ALLOWED(buf_str(&r), "FooBot", buf_str(&url));
	buf_reset(&url);
	buf_printf(&url, "http://foo.bar%s/fux", buf_str(&path));
	ALLOWED(buf_str(&r), "FooBot", buf_str(&url));
	buf_free(&r);
	buf_free(&url);
	buf_free(&path);
}

/* Google's help pages, section "URL matching based on path values". */
static void
test_documented_examples(void)
{
	const char *fish = "user-agent: FooBot\ndisallow: /\nallow: /fish\n";
	const char *fish_star =
	    "user-agent: FooBot\ndisallow: /\nallow: /fish*\n";
	const char *fish_dir = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n";
	const char *php = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n";
	const char *php_end = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n";
	const char *fish_php =
	    "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n";
	static const char *const fishy[] = { "/fish", "/fish.html",
	    "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html",
	    "/fish.html?id=anything" };
	struct buf url = BUF_INIT;

	for (size_t i = 0; i < 6; i++) {
		buf_reset(&url);
		buf_printf(&url, "http://foo.bar%s", fishy[i]);
		ALLOWED(fish, "FooBot", buf_str(&url));
		ALLOWED(fish_star, "FooBot", buf_str(&url));
	}
	buf_free(&url);
	BLOCKED(fish, "FooBot", "http://foo.bar/bar");
	BLOCKED(fish, "FooBot", "http://foo.bar/Fish.asp");
	BLOCKED(fish, "FooBot", "http://foo.bar/catfish");
	BLOCKED(fish, "FooBot", "http://foo.bar/?id=fish");
	BLOCKED(fish_star, "FooBot", "http://foo.bar/bar");
	BLOCKED(fish_star, "FooBot", "http://foo.bar/Fish.bar");
	BLOCKED(fish_star, "FooBot", "http://foo.bar/catfish");
	BLOCKED(fish_star, "FooBot", "http://foo.bar/?id=fish");

	BLOCKED(fish_dir, "FooBot", "http://foo.bar/bar");
	ALLOWED(fish_dir, "FooBot", "http://foo.bar/fish/");
	ALLOWED(fish_dir, "FooBot", "http://foo.bar/fish/salmon");
	ALLOWED(fish_dir, "FooBot", "http://foo.bar/fish/?salmon");
	ALLOWED(fish_dir, "FooBot", "http://foo.bar/fish/salmon.html");
	ALLOWED(fish_dir, "FooBot", "http://foo.bar/fish/?id=anything");
	BLOCKED(fish_dir, "FooBot", "http://foo.bar/fish");
	BLOCKED(fish_dir, "FooBot", "http://foo.bar/fish.html");
	BLOCKED(fish_dir, "FooBot", "http://foo.bar/Fish/Salmon.html");

	BLOCKED(php, "FooBot", "http://foo.bar/bar");
	ALLOWED(php, "FooBot", "http://foo.bar/filename.php");
	ALLOWED(php, "FooBot", "http://foo.bar/folder/filename.php");
	ALLOWED(php, "FooBot", "http://foo.bar/folder/filename.php?parameters");
	ALLOWED(php, "FooBot", "http://foo.bar//folder/any.php.file.html");
	ALLOWED(php, "FooBot", "http://foo.bar/filename.php/");
	ALLOWED(php, "FooBot", "http://foo.bar/index?f=filename.php/");
	BLOCKED(php, "FooBot", "http://foo.bar/php/");
	BLOCKED(php, "FooBot", "http://foo.bar/index?php");
	BLOCKED(php, "FooBot", "http://foo.bar/windows.PHP");

	BLOCKED(php_end, "FooBot", "http://foo.bar/bar");
	ALLOWED(php_end, "FooBot", "http://foo.bar/filename.php");
	ALLOWED(php_end, "FooBot", "http://foo.bar/folder/filename.php");
	BLOCKED(php_end, "FooBot", "http://foo.bar/filename.php?parameters");
	BLOCKED(php_end, "FooBot", "http://foo.bar/filename.php/");
	BLOCKED(php_end, "FooBot", "http://foo.bar/filename.php5");
	BLOCKED(php_end, "FooBot", "http://foo.bar/php/");
	BLOCKED(php_end, "FooBot", "http://foo.bar/filename?php");
	BLOCKED(php_end, "FooBot", "http://foo.bar/aaaphpaaa");
	BLOCKED(php_end, "FooBot", "http://foo.bar//windows.PHP");

	BLOCKED(fish_php, "FooBot", "http://foo.bar/bar");
	ALLOWED(fish_php, "FooBot", "http://foo.bar/fish.php");
	ALLOWED(fish_php, "FooBot",
	    "http://foo.bar/fishheads/catfish.php?parameters");
	BLOCKED(fish_php, "FooBot", "http://foo.bar/Fish.PHP");

	/* Section "Order of precedence for rules". */
	ALLOWED("user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot",
	    "http://example.com/page");
	ALLOWED("user-agent: FooBot\nallow: /folder\ndisallow: /folder\n",
	    "FooBot", "http://example.com/folder/page");
	BLOCKED("user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n",
	    "FooBot", "http://example.com/page.htm");
	ALLOWED("user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot",
	    "http://example.com/");
	BLOCKED("user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot",
	    "http://example.com/page.html");
}

/* How many lines have a known key, an unknown one, and the last number. */
static void
count_lines(const char *text, size_t len, int *known, int *unknown,
    int *last)
{
	struct robotstxt rt;

	robotstxt_parse(&rt, text, len);
	*known = *unknown = *last = 0;
	for (size_t i = 0; i < rt.n; i++) {
		if (rt.v[i].key == ROBOTSTXT_UNKNOWN)
			++*unknown;
		else
			++*known;
		*last = rt.v[i].number;
	}
	robotstxt_free(&rt);
}

static void
test_line_endings(void)
{
	static const char *const files[] = {
	    "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
	    "Disallow: /\n",
	    "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n"
	    "\r\nDisallow: /\r\n",
	    "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\r"
	    "Disallow: /\r",
	    "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
	    "Disallow: /",
	    "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\n"
	    "Disallow: /",
	};
	int known, unknown, last;

	for (size_t i = 0; i < 5; i++) {
		count_lines(files[i], strlen(files[i]), &known, &unknown,
		    &last);
		CU_ASSERT_EQUAL(known, 4);
		CU_ASSERT_EQUAL(unknown, 0);
		CU_ASSERT_EQUAL(last, 6);
	}
}

static void
test_byte_order_mark(void)
{
	static const struct {
		int		 line;
		const char	*text;
		int		 known, unknown;
	} cases[] = {
		{ __LINE__, "\xef\xbb\xbfUser-Agent: foo\nAllow: /AnyValue\n",
		    2, 0 },
		{ __LINE__, "\xef\xbbUser-Agent: foo\nAllow: /AnyValue\n",
		    2, 0 },
		{ __LINE__, "\xefUser-Agent: foo\nAllow: /AnyValue\n", 2, 0 },
		/* A broken mark makes the first line garbage. */
		{ __LINE__, "\xef\x11\xbfUser-Agent: foo\nAllow: /AnyValue\n",
		    1, 1 },
		/* A mark is only skipped at the very start. */
		{ __LINE__, "User-Agent: foo\n\xef\xbb\xbf"
		    "Allow: /AnyValue\n", 1, 1 },
	};
	int known, unknown, last;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		count_lines(cases[i].text, strlen(cases[i].text), &known,
		    &unknown, &last);
		UNIT_AT(cases[i].line, known == cases[i].known);
		UNIT_AT(cases[i].line, unknown == cases[i].unknown);
	}
}

static void
test_sitemap_lines(void)
{
	static const char *const files[] = {
	    "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
	    "Sitemap: http://foo.bar/sitemap.xml\n",
	    "Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: foo\n"
	    "Allow: /some/path\nUser-Agent: bar\n\n\n",
	};

	for (size_t i = 0; i < 2; i++) {
		struct robotstxt rt;
		const char *found = NULL;

		robotstxt_parse(&rt, files[i], strlen(files[i]));
		for (size_t j = 0; j < rt.n; j++)
			if (rt.v[j].key == ROBOTSTXT_SITEMAP)
				found = rt.v[j].value;
		CU_ASSERT_STRING_EQUAL(found ? found : "",
		    "http://foo.bar/sitemap.xml");
		robotstxt_free(&rt);
	}
	/* A Sitemap line does not end a group (ID_LineSyntax_Groups_OtherRules). */
	BLOCKED("User-agent: FooBot\nSitemap: /s.xml\nUser-agent: BarBot\n"
	    "Disallow: /\n", "FooBot", "http://foo.bar/x");
}

/*
 * Upstream's ID_LineSyntax_Groups_OtherRules (2021): only allow and
 * disallow lines close a group, so the user-agent lines around any other
 * line share the rules that follow. Each case reports its own line.
 */
static void
test_other_lines_keep_the_group(void)
{
	static const struct {
		int		 line;
		const char	*between;
	} cases[] = {
		{ __LINE__, "Sitemap: https://foo.bar/sitemap\n" },
		{ __LINE__, "Invalid-Unknown-Line: unknown\n" },
		{ __LINE__, "Crawl-delay: 10\n" },
		{ __LINE__, "Host: foo.bar\n" },
		{ __LINE__, "Dis-allow: /x\n" },	/* a typo Google does not take */
		{ __LINE__, "two words\n" },
		{ __LINE__, "x:\n" },
	};
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_reset(&text);
		buf_printf(&text, "User-agent: Googlebot\n%sUser-agent: Bingbot\n"
		    "Disallow: /private/\n", cases[i].between);
		CU_assertImplementation(!allowed(buf_str(&text), "Googlebot",
		    "http://foo.bar/private/x"), (unsigned)cases[i].line,
		    cases[i].between, __FILE__, "", CU_FALSE);
		CU_assertImplementation(allowed(buf_str(&text), "Googlebot",
		    "http://foo.bar/public"), (unsigned)cases[i].line,
		    cases[i].between, __FILE__, "", CU_FALSE);
	}
	/* Upstream's own two cases, with a "*" group after the lines. */
	BLOCKED("User-agent: BarBot\nSitemap: https://foo.bar/sitemap\n"
	    "User-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/");
	BLOCKED("User-agent: BarBot\nSitemap: https://foo.bar/sitemap\n"
	    "User-agent: *\nDisallow: /\n", "BarBot", "http://foo.bar/");
	BLOCKED("User-agent: FooBot\nInvalid-Unknown-Line: unknown\n"
	    "User-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/");
	BLOCKED("User-agent: FooBot\nInvalid-Unknown-Line: unknown\n"
	    "User-agent: *\nDisallow: /\n", "BarBot", "http://foo.bar/");
	buf_free(&text);
}

#define check_path(...)	check_path_at(__LINE__, __VA_ARGS__)
static void
check_path_at(int line, const char *url, const char *want)
{
	struct buf path = BUF_INIT;

	robotstxt_path_of(url, &path);
	UNIT_AT(line, strcmp(buf_str(&path), want) == 0);
	buf_free(&path);
}

static void
test_path_of(void)
{
	check_path("", "/");
	check_path("http://www.example.com", "/");
	check_path("http://www.example.com/", "/");
	check_path("http://www.example.com/a", "/a");
	check_path("http://www.example.com/a/", "/a/");
	check_path("http://www.example.com/a/b?c=http://d.e/",
	    "/a/b?c=http://d.e/");
	check_path("http://www.example.com/a/b?c=d&e=f#fragment",
	    "/a/b?c=d&e=f");
	check_path("example.com", "/");
	check_path("example.com/", "/");
	check_path("example.com/a", "/a");
	check_path("example.com/a/", "/a/");
	check_path("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f");
	check_path("a", "/");
	check_path("a/", "/");
	check_path("/a", "/a");
	check_path("a/b", "/b");
	check_path("example.com?a", "/?a");
	check_path("example.com/a;b#c", "/a;b");
	check_path("//a/b/c", "/b/c");
	check_path("http://e.com#x/y", "/");
}

#define check_escape(...)	check_escape_at(__LINE__, __VA_ARGS__)
static void
check_escape_at(int line, const char *pattern, const char *want)
{
	struct buf out = BUF_INIT;

	escape_robots_pattern(&out, pattern);
	UNIT_AT(line, strcmp(buf_str(&out), want) == 0);
	buf_free(&out);
}

static void
test_escape_pattern(void)
{
	check_escape("http://www.example.com", "http://www.example.com");
	check_escape("/a/b/c", "/a/b/c");
	check_escape("\xc3\xa1", "%C3%A1");
	check_escape("%aa", "%AA");
	check_escape("%a", "%a");
	check_escape("%zz%", "%zz%");
}

/* The deciding rule's line is what "check" points at. */
static void
test_deciding_line(void)
{
	const char *r = "User-agent: *\nDisallow: /a\nDisallow: /ab\n"
	    "Allow: /ab\n\nUser-agent: X\nDisallow: /\n";
	struct robotstxt rt;
	int line;

	robotstxt_parse(&rt, r, strlen(r));
	CU_ASSERT_FALSE(robotstxt_path_allowed(&rt, "Y", "/ac", &line));
	CU_ASSERT_EQUAL(line, 2);
	CU_ASSERT_TRUE(robotstxt_path_allowed(&rt, "Y", "/abc", &line));
	CU_ASSERT_EQUAL(line, 4);
	CU_ASSERT_FALSE(robotstxt_path_allowed(&rt, "x", "/abc", &line));
	CU_ASSERT_EQUAL(line, 7);
	CU_ASSERT_TRUE(robotstxt_path_allowed(&rt, "Y", "/b", &line));
	CU_ASSERT_EQUAL(line, 0);
	robotstxt_free(&rt);
}

void
suite_robotstxt(void)
{
	static CU_TestInfo tests[] = {
		{ "empty inputs", test_empty_inputs },
		{ "line syntax", test_line_syntax },
		{ "groups", test_groups },
		{ "other lines keep the group open",
		    test_other_lines_keep_the_group },
		{ "keys are case-insensitive", test_key_case },
		{ "accepted key typos", test_key_typos },
		{ "valid user agents", test_valid_agents },
		{ "user-agent values are case-insensitive",
		    test_agent_value_case },
		{ "user-agent up to the first space",
		    test_agent_up_to_first_space },
		{ "the global group", test_global_group },
		{ "rule values are case-sensitive", test_value_case },
		{ "longest match", test_longest_match },
		{ "percent-encoding", test_encoding },
		{ "special characters", test_special_characters },
		{ "index.html is the directory", test_index_html },
		{ "long lines", test_long_lines },
		{ "documented examples", test_documented_examples },
		{ "line endings", test_line_endings },
		{ "byte order mark", test_byte_order_mark },
		{ "sitemap lines", test_sitemap_lines },
		{ "path, params and query", test_path_of },
		{ "pattern escaping", test_escape_pattern },
		{ "deciding line", test_deciding_line },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("robotstxt", tests);
}
