/*
 * Which files of a document root are pages, and their URLs: a table of
 * files under the default rules and under others, and of globs; what a
 * page's head says about it, whole and pushed a byte at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "content_hash.h"
#include "encoding.h"
#include "head.h"
#include "jsonld.h"
#include "paths.h"
#include "unit.h"

static void
test_files(void)
{
	static char *ext[] = { "html", "htm" }, *idx[] = { "index.html" },
	    *excl[] = { "drafts/**", "*.tmp.html", "private/*/secret.html" };
	const struct docroot_rules plain = { .extensions = ext,
	    .nextensions = 2, .index = idx, .nindex = 1, .exclude = excl,
	    .nexclude = 3, .trailing_slash = 1 };
	const struct docroot_rules clean = { .extensions = ext,
	    .nextensions = 1, .index = idx, .nindex = 1, .clean_urls = 1,
	    .trailing_slash = 1 };
	const struct docroot_rules slashless = { .extensions = ext,
	    .nextensions = 1, .index = idx, .nindex = 1, .clean_urls = 1 };
	static const struct {
		int		 line;
		int		 clean;	/* 0 plain, 1 clean, 2 also slashless */
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
		/* As in .gitignore: a pattern with no "/" at any depth. */
		{ __LINE__, 0, "a/x.tmp.html", DOCROOT_UNLISTED, "*.tmp.html" },
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
		/* No second ".html" is added back by any recipe. */
		{ __LINE__, 1, "x.html.html", DOCROOT_PAGE, "x.html.html" },
		{ __LINE__, 2, "docs/index.html", DOCROOT_PAGE, "docs" },
		{ __LINE__, 2, "a/b/index.html", DOCROOT_PAGE, "a/b" },
		{ __LINE__, 2, "index.html", DOCROOT_PAGE, "" },
		{ __LINE__, 2, "about.html", DOCROOT_PAGE, "about" },
	};
	const struct docroot_rules *rules[] = { &plain, &clean, &slashless };
	struct buf url = BUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *why = NULL;
		enum docroot_file got;
		int line = cases[i].line;

		buf_reset(&url);
		got = docroot_file(rules[cases[i].clean], cases[i].rel, &url,
		    &why);
		UNIT_AT(line, got == cases[i].want);
		/* What the walk keeps: every page, and nothing else. */
		UNIT_AT(line, docroot_page_name(rules[cases[i].clean],
		    strrchr(cases[i].rel, '/') ? strrchr(cases[i].rel, '/') + 1 :
		    cases[i].rel) == (got != DOCROOT_NONE));
		if (got == DOCROOT_PAGE)
			UNIT_AT(line, strcmp(buf_str(&url), cases[i].url) == 0);
		else if (got != DOCROOT_NONE)
			UNIT_AT(line, why && strcmp(why, cases[i].url) == 0);
	}
	buf_free(&url);
}

/* A tree for docroot_served: each path a file, or a folder ending "/". */
static const char *const served_tree[] = {
	"index.html", ".html", "t", "t.html", "blog.html", "blog/",
	"blog/index.html", "blog/v1.0.html", "q/", "q/index.htm",
	"q/index.html", "r/", "r/index.htm", "docs/", "docs/index.html",
	"a.html.html", NULL
};

static enum docroot_fs_kind
served_kind(void *ctx, const char *rel)
{
	size_t n = strlen(rel);

	(void)ctx;
	for (size_t i = 0; served_tree[i]; i++) {
		if (strcmp(served_tree[i], rel) == 0)
			return DOCROOT_FS_FILE;
		if (strncmp(served_tree[i], rel, n) == 0 &&
		    strcmp(served_tree[i] + n, "/") == 0)
			return DOCROOT_FS_DIR;
	}
	return DOCROOT_FS_NONE;
}

/* Which file the server rules answer each URL with, under each setting. */
static void
test_served(void)
{
	static char *ext[] = { "html", "htm" }, *one[] = { "index.html" },
	    *two[] = { "index.html", "index.htm" };
	const struct docroot_rules rules[] = {
		/* plain */
		{ .extensions = ext, .nextensions = 2, .index = one,
		    .nindex = 1, .trailing_slash = 1 },
		/* clean */
		{ .extensions = ext, .nextensions = 2, .index = one,
		    .nindex = 1, .clean_urls = 1, .trailing_slash = 1 },
		/* slashless */
		{ .extensions = ext, .nextensions = 2, .index = two,
		    .nindex = 2 },
		/* both */
		{ .extensions = ext, .nextensions = 2, .index = two,
		    .nindex = 2, .clean_urls = 1 },
	};
	const struct docroot_fs fs = { served_kind, NULL };
	static const struct {
		int		 line;
		int		 rules;
		const char	*url;
		const char	*want;	/* NULL: no file */
	} cases[] = {
		{ __LINE__, 0, "", "index.html" },
		{ __LINE__, 0, ".html", NULL },		/* a dotfile: refused */
		{ __LINE__, 1, "", "index.html" },	/* never "/.html" */
		{ __LINE__, 0, "t", "t" },
		{ __LINE__, 1, "t", "t" },		/* the file before t.html */
		{ __LINE__, 0, "blog", NULL },		/* a redirect to blog/ */
		{ __LINE__, 1, "blog", "blog.html" },	/* before the folder */
		{ __LINE__, 2, "blog", "blog/index.html" },
		{ __LINE__, 3, "blog", "blog.html" },
		{ __LINE__, 1, "blog/v1.0", "blog/v1.0.html" },
		{ __LINE__, 0, "q/", "q/index.html" },	/* index.htm is none */
		{ __LINE__, 2, "q", "q/index.html" },	/* the first in order */
		{ __LINE__, 0, "r/", NULL },		/* 403: no index.html */
		{ __LINE__, 2, "r", "r/index.htm" },
		{ __LINE__, 2, "docs", "docs/index.html" },
		{ __LINE__, 1, "docs", "docs/index.html" },
		{ __LINE__, 1, "a.html", NULL },	/* no ".html.html" */
		{ __LINE__, 1, "a.html.html", "a.html.html" },
		{ __LINE__, 3, "nope", NULL },
	};
	struct buf served = BUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int line = cases[i].line;
		int rc = docroot_served(&rules[cases[i].rules], cases[i].url,
		    &fs, "none", &served);

		if (cases[i].want == NULL)
			UNIT_AT(line, rc == -1);
		else
			UNIT_AT(line, rc == 0 &&
			    strcmp(buf_str(&served), cases[i].want) == 0);
	}
	buf_free(&served);
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

/* The head of html, pushed in pieces of step bytes. */
static struct page_head
head_of(const char *html, size_t step)
{
	struct head_reader *r = head_begin();
	struct page_head h;
	size_t n = strlen(html);

	for (size_t at = 0; at < n; at += step)
		if (head_feed(r, html + at, n - at < step ? n - at : step))
			break;
	head_end(r, NULL, &h);
	return h;
}

static int
same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

static void
test_heads(void)
{
	static const struct {
		int		 line;
		const char	*html;
		const char	*noindex;	/* whom it is for */
		const char	*canonical, *refresh;
	} cases[] = {
		{ __LINE__, "<html><head><title>x</title></head><body>", NULL,
		    NULL, NULL },
		{ __LINE__, "<meta name=robots content=noindex>", "robots", NULL,
		    NULL },
		{ __LINE__, "<META NAME=\"ROBOTS\" CONTENT=\"NoFollow, NOINDEX\">",
		    "robots", NULL, NULL },
		{ __LINE__, "<meta name=googlebot content=none>", "googlebot", NULL,
		    NULL },
		/* Every search engine that reads the sitemap is asked. */
		{ __LINE__, "<meta name=bingbot content=noindex>", "bingbot",
		    NULL, NULL },
		{ __LINE__, "<meta name=\" GoogleBot-News \" content=noindex>",
		    "googlebot-news", NULL, NULL },
		{ __LINE__, "<noscript><meta name=yandex content=\"none\">"
		    "</noscript>", "yandex", NULL, NULL },
		{ __LINE__, "<meta name=googlebot-newsroom content=noindex>",
		    NULL, NULL, NULL },
		/* The first the page names is the one told. */
		{ __LINE__, "<meta name=baiduspider content=noindex><meta "
		    "name=robots content=noindex>", "baiduspider", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"noindexing, nofollow\">",
		    NULL, NULL, NULL },
		{ __LINE__, "<meta name=description content=noindex>", NULL, NULL,
		    NULL },
		/*
		 * Each form an engine documents, read as widely as any:
		 * Google's list of names, Bing's semicolons, blanks, and
		 * Google's unavailable_after, past (in each of its formats)
		 * or unreadable, not to come.
		 */
		{ __LINE__, "<meta name=\"googlebot, bingbot\" content=noindex>",
		    "googlebot", NULL, NULL },
		{ __LINE__, "<meta name=\"foo bingbot\" content=noindex>",
		    "bingbot", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"nofollow;noindex\">",
		    "robots", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"nofollow noindex\">",
		    "robots", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"unavailable_after: "
		    "2020-01-01\">", "robots, unavailable_after a date past",
		    NULL, NULL },
		{ __LINE__, "<meta name=googlebot content=\"noarchive, "
		    "Unavailable_After: 25 Jun 2010 15:00:00 PST\">",
		    "robots, unavailable_after a date past", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"unavailable_after: "
		    "Friday, 25-Jun-10 15:00:00 GMT\">",
		    "robots, unavailable_after a date past", NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"unavailable_after: "
		    "soon\">", "robots, unavailable_after a date not read", NULL,
		    NULL },
		{ __LINE__, "<meta name=robots content=\"unavailable_after: "
		    "2999-01-01\">", NULL, NULL, NULL },
		{ __LINE__, "<meta name=robots content=\"available_after: "
		    "2020-01-01\">", NULL, NULL, NULL },
		{ __LINE__, "<link rel=canonical href=\"/a/\">", NULL, "/a/", NULL },
		{ __LINE__, "<link rel=\"Canonical  alternate\" href=x>", NULL, "x",
		    NULL },
		{ __LINE__, "<link rel=canonical href=/a><link rel=canonical "
		    "href=/b>", NULL, "/a", NULL },
		{ __LINE__, "<link rel=canonicals href=/a>", NULL, NULL, NULL },
		{ __LINE__, "<meta http-equiv=refresh content=\"0; url=/new/\">",
		    NULL, NULL, "/new/" },
		{ __LINE__, "<meta http-equiv=Refresh content=\"5;URL='/n'\">", NULL,
		    NULL, "/n" },
		{ __LINE__, "<meta http-equiv=refresh content=\"0, /n\">", NULL, NULL,
		    "/n" },
		{ __LINE__, "<meta http-equiv=refresh content=30>", NULL, NULL, NULL },
		/* What the body says is not the head's: stopped at <body>. */
		{ __LINE__, "<title>x</title><body><meta name=robots "
		    "content=noindex>", NULL, NULL, NULL },
		{ __LINE__, "<p>text</p><meta name=robots content=noindex>", NULL,
		    NULL, NULL },
		/*
		 * Not HTML at all; cut short, its last tag kept (leaving a
		 * page out is the side to err on).
		 */
		{ __LINE__, "\x89PNG\r\n\x1a\n\x00\x00", NULL, NULL, NULL },
		{ __LINE__, "<head><meta name=robots content=noindex", "robots",
		    NULL, NULL },
	};

	struct page_head d = head_of("<meta property=og:updated_time "
	    "content=2024-01-02><meta property=\"article:modified_time\" "
	    "content=2025-01-02>", 7);

	/* The first date the head gives. */
	UNIT_AT(__LINE__, same(d.modified, "2024-01-02"));
	head_free(&d);
	d = head_of("<meta name=DCTERMS.modified content=2023-05-06>", 1);
	UNIT_AT(__LINE__, same(d.modified, "2023-05-06"));
	head_free(&d);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (size_t step = 1; step <= 4096; step *= 4096) {
			struct page_head h = head_of(cases[i].html, step);

			UNIT_AT(cases[i].line, same(h.noindex, cases[i].noindex));
			UNIT_AT(cases[i].line, same(h.canonical,
			    cases[i].canonical));
			UNIT_AT(cases[i].line, same(h.refresh, cases[i].refresh));
			head_free(&h);
		}
}

/* <link rel=alternate hreflang href>: both attributes, up to a bound. */
static void
test_alternates(void)
{
	struct buf many = BUF_INIT;
	struct page_head h = head_of("<link rel=alternate hreflang=fr "
	    "href=/fr/><link rel=\"Alternate canonical\" hreflang=en-GB "
	    "href=/en/><link rel=alternate href=/no-lang/>"
	    "<link rel=alternate hreflang=de>"
	    "<link rel=\"alternate stylesheet\" hreflang=es href=/es/>", 1);

	UNIT_AT(__LINE__, h.nalternates == 3);
	UNIT_AT(__LINE__, h.nalternates == 3 &&
	    same(h.alternates[0].lang, "fr") &&
	    same(h.alternates[0].href, "/fr/") &&
	    same(h.alternates[1].lang, "en-GB") &&
	    same(h.alternates[2].href, "/es/"));
	UNIT_AT(__LINE__, same(h.canonical, "/en/"));
	head_free(&h);
	for (int i = 0; i < HEAD_ALTERNATES_MAX + 50; i++)
		buf_printf(&many, "<link rel=alternate hreflang=x%d href=/%d>",
		    i, i);
	h = head_of(buf_str(&many), 4096);
	UNIT_AT(__LINE__, h.nalternates == HEAD_ALTERNATES_MAX);
	UNIT_AT(__LINE__, h.alternates_unread == 50);
	head_free(&h);
	buf_free(&many);
}

static void
test_targets(void)
{
	struct host_policy any, some;
	struct buf target = BUF_INIT;
	const char *why;
	static const struct {
		int		 line;
		int		 allowed;	/* allowed_hosts set */
		const char	*href, *path;
		enum head_target where;
		const char	*target;
	} cases[] = {
		{ __LINE__, 0, "/a/", "/a/", HEAD_SELF, "" },
		{ __LINE__, 0, "", "/a/", HEAD_SELF, "" },
		{ __LINE__, 0, "#top", "/a/", HEAD_SELF, "" },
		{ __LINE__, 0, ".", "/a/", HEAD_SELF, "" },
		{ __LINE__, 0, "b.html", "/a/b.html", HEAD_SELF, "" },
		{ __LINE__, 0, "../a/b.html", "/a/b.html", HEAD_SELF, "" },
		{ __LINE__, 0, "/a", "/a/", HEAD_PATH, "/a" },
		{ __LINE__, 0, "index.html", "/a/", HEAD_PATH, "/a/index.html" },
		{ __LINE__, 0, "/a/?page=2", "/a/", HEAD_ELSEWHERE, "" },
		{ __LINE__, 0, "https://example.com/a/", "/a/", HEAD_SELF, "" },
		{ __LINE__, 0, "https://example.com", "/", HEAD_SELF, "" },
		{ __LINE__, 0, "https://other.org/a/", "/a/", HEAD_SELF, "" },
		{ __LINE__, 1, "https://example.com/a/", "/a/", HEAD_SELF, "" },
		{ __LINE__, 1, "https://EXAMPLE.com/a/", "/a/", HEAD_SELF, "" },
		{ __LINE__, 1, "https://other.org/a/", "/a/", HEAD_ELSEWHERE, "" },
		{ __LINE__, 0, "/caf%C3%A9.html", "/caf%c3%a9.html", HEAD_SELF, "" },
		{ __LINE__, 0, "/caf\303\251.html", "/caf%C3%A9.html", HEAD_SELF,
		    "" },
		{ __LINE__, 0, "100%25.html", "/100%25.html", HEAD_SELF, "" },
		{ __LINE__, 0, "/caf%C3%A9.html", "/b", HEAD_PATH,
		    "/caf\303\251.html" },
		{ __LINE__, 0, "http://[::1", "/a/", HEAD_INVALID, "" },
		{ __LINE__, 0, "mailto:x@example.com", "/a/", HEAD_INVALID, "" },
		{ __LINE__, 0, "javascript:alert(1)", "/a/", HEAD_INVALID, "" },
	};

	host_policy_init(&any);
	host_policy_init(&some);
	UNIT_AT(__LINE__, host_policy_allow(&some, "example.com", &why) == 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_reset(&target);
		UNIT_AT(cases[i].line, head_target(cases[i].href, cases[i].path,
		    cases[i].allowed ? &some : &any, &target) == cases[i].where);
		UNIT_AT(cases[i].line, strcmp(buf_str(&target),
		    cases[i].target) == 0);
	}
	buf_free(&target);
	host_policy_free(&any);
	host_policy_free(&some);
}

static void
test_dates(void)
{
	static const struct {
		int		 line;
		const char	*text;
		int		 rc;
		time_t		 t;
	} cases[] = {
		{ __LINE__, "2025", 0, 1735689600 },
		{ __LINE__, "2025-03", 0, 1740787200 },
		{ __LINE__, "2025-03-04", 0, 1741046400 },
		{ __LINE__, "2025-03-04T10:20Z", 0, 1741083600 },
		{ __LINE__, "2025-03-04T10:20:30Z", 0, 1741083630 },
		{ __LINE__, "2025-03-04T10:20:30.123Z", 0, 1741083630 },
		{ __LINE__, "2025-03-04T12:20:30+02:00", 0, 1741083630 },
		{ __LINE__, "2025-03-04T05:20:30-05:00", 0, 1741083630 },
		{ __LINE__, "2025-03-04T10:20", -1, 0 },	/* no zone */
		{ __LINE__, "2025-02-30", -1, 0 },
		{ __LINE__, "2025-13-01", -1, 0 },
		{ __LINE__, "2025-3-4", -1, 0 },
		{ __LINE__, "04/03/2025", -1, 0 },
		{ __LINE__, "2025-03-04 10:20:30", -1, 0 },
		{ __LINE__, "2025-03-04T25:00Z", -1, 0 },
		{ __LINE__, "", -1, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		time_t t = 0;

		UNIT_AT(cases[i].line, head_date(cases[i].text, &t) ==
		    cases[i].rc);
		UNIT_AT(cases[i].line, cases[i].rc == -1 || t == cases[i].t);
	}
}

/* The entity that is the page at /blog/post.html, and its dates. */
static void
test_jsonld(void)
{
	static const struct {
		int		 line;
		const char	*json;
		const char	*modified, *published;
	} cases[] = {
		{ __LINE__, "{\"@type\":\"BlogPosting\",\"dateModified\":"
		    "\"2024-05-01\",\"datePublished\":\"2024-04-01\","
		    "\"mainEntityOfPage\":{\"@id\":"
		    "\"https://x.org/blog/post.html\"}}", "2024-05-01",
		    "2024-04-01" },
		/* The only entity dated: the page's, whatever it names. */
		{ __LINE__, "{\"datePublished\":\"2024-01-01\"}", NULL,
		    "2024-01-01" },
		{ __LINE__, "[{\"@type\":\"Person\"},{\"dateModified\":"
		    "\"2023-02-03\"}]", "2023-02-03", NULL },
		/* Yoast: the WebPage by @id, in a @graph. */
		{ __LINE__, "{\"@graph\":[{\"@id\":\"https://x.org/#site\","
		    "\"dateModified\":\"2020-01-01\"},{\"@id\":"
		    "\"https://x.org/blog/post.html\",\"dateModified\":"
		    "\"2024-06-01\"}]}", "2024-06-01", NULL },
		/* Relative: the url resolved from the page. */
		{ __LINE__, "[{\"url\":\"post.html\",\"dateModified\":"
		    "\"2024-07-07\"},{\"url\":\"/other.html\","
		    "\"dateModified\":\"2020-01-01\"}]", "2024-07-07", NULL },
		/* Two dated, neither the page: none. */
		{ __LINE__, "[{\"url\":\"/a.html\",\"dateModified\":"
		    "\"2020-01-01\"},{\"url\":\"/b.html\",\"dateModified\":"
		    "\"2020-02-02\"}]", NULL, NULL },
		{ __LINE__, "{\"dateModified\": \"2020-01-01\", \"x\": [1, {",
		    NULL, NULL },
		{ __LINE__, "{\"dateModified\": 20200101}", NULL, NULL },
		{ __LINE__, "", NULL, NULL },
	};
	struct host_policy hosts;

	host_policy_init(&hosts);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *modified = NULL, *published = NULL;
		int line = cases[i].line;

		jsonld_dates(cases[i].json, strlen(cases[i].json),
		    "/blog/post.html", &hosts, &modified, &published);
		UNIT_AT(line, cases[i].modified ? modified != NULL &&
		    strcmp(modified, cases[i].modified) == 0 : modified == NULL);
		UNIT_AT(line, cases[i].published ? published != NULL &&
		    strcmp(published, cases[i].published) == 0 :
		    published == NULL);
		free(modified);
		free(published);
	}
	host_policy_free(&hosts);
}

/* The hash of prefix, a run of filler bytes, then suffix. */
static uint64_t
hash_of(const char *prefix, size_t filler, const char *suffix)
{
	FILE *f = tmpfile();
	struct content_sums sums;
	uint64_t h;

	fputs(prefix, f);
	for (size_t i = 0; i < filler; i++)
		fputc(i % 64 == 63 ? ' ' : 'x', f);
	fputs(suffix, f);
	fflush(f);
	h = content_hash(fileno(f), NULL, NULL, 1, &sums) == 0 ? sums.main : 0;
	fclose(f);
	return h;
}

static void
test_content_hash(void)
{
	static const struct {
		int		 line;
		const char	*a, *b;
		int		 same;	/* to a reader */
	} cases[] = {
		{ __LINE__, "<p>a</p>", "<p>b</p>", 0 },
		{ __LINE__, "<p>a</p>", "<p>a</p>\n\n", 1 },
		{ __LINE__, "<p>a</p>", "<p class=x>a</p><script>1</script>", 1 },
		/* A browser shows markup after </html> in the body. */
		{ __LINE__, "</body></html>", "</body></html><p>b</p>", 0 },
		{ __LINE__, "</html><p>a</p>", "</html><p>b</p>", 0 },
		{ __LINE__, "</HTML ><div>a</div>", "</HTML ><div>b</div>", 0 },
		{ __LINE__, "</html foo=\">\"><p>a", "</html foo=\">\"><p>b",
		    0 },
		{ __LINE__, "</html><p>b</p>", "<p>b</p>", 1 },
		{ __LINE__, "</htmlx>a", "</htmlx>b", 0 },
		{ __LINE__, "<</html><p>a", "<</html><p>b", 0 },
		{ __LINE__, "</ht</html><p>a", "</ht</html><p>b", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		/* the tag whole, and cut across 64 KiB chunks anywhere */
		for (size_t filler = 0; filler < 64 * 1024 - 12;
		    filler += filler ? 1 : 64 * 1024 - 32) {
			uint64_t a = hash_of("<html><body><p>x</p>", filler,
			    cases[i].a);
			uint64_t b = hash_of("<html><body><p>x</p>", filler,
			    cases[i].b);

			UNIT_AT(cases[i].line, (a == b) == cases[i].same);
		}
}

/* GBK as the Encoding Standard decodes it: as gb18030, four bytes too. */
static void
test_gbk(void)
{
	struct decoder *d = decoder_new(encoding_for_label("gbk", 3));
	struct buf out = BUF_INIT;

	UNIT_AT(__LINE__, d != NULL);
	if (d == NULL)
		return;
	decoder_feed(d, "a\x81\x30\x81\x30<", 6, &out);
	decoder_end(d, &out);
	UNIT_AT(__LINE__, strcmp(buf_str(&out), "a\xc2\x80<") == 0);
	decoder_free(d);
	buf_free(&out);
}

/* ISO-2022-JP, by the Encoding Standard's states, whole and byte by byte. */
static void
test_iso2022jp(void)
{
	static const struct {
		int		 line;
		const char	*in, *out;
	} cases[] = {
		{ __LINE__, "<a>", "<a>" },
		{ __LINE__, "\033(I\x31<\033(B<", "\xef\xbd\xb1\xef\xbd\xbc<" },
		{ __LINE__, "\033(J\\~", "\xc2\xa5\xe2\x80\xbe" },
		{ __LINE__, "\033$B\x30\x21\033(Bx", "\xe4\xba\x9cx" },
		/* a lead byte cut short by an escape: U+FFFD */
		{ __LINE__, "\033$B\x30\033(Bx", "\xef\xbf\xbdx" },
		/* an escape it does not know: U+FFFD, then its bytes as text */
		{ __LINE__, "\033(Z<", "\xef\xbf\xbd(Z<" },
		{ __LINE__, "\033x", "\xef\xbf\xbdx" },
		/* two escapes in a row: an error between them */
		{ __LINE__, "\033(I\033(B<", "\xef\xbf\xbd<" },
		/* what no state takes */
		{ __LINE__, "\x80\x0e<", "\xef\xbf\xbd\xef\xbf\xbd<" },
		{ __LINE__, "\033(I\x60", "\xef\xbf\xbd" },
		/* cut short at the end */
		{ __LINE__, "a\033", "a\xef\xbf\xbd" },
		{ __LINE__, "a\033$", "a\xef\xbf\xbd$" },
		{ __LINE__, "\033$B\x30", "\xef\xbf\xbd" },
	};
	const struct encoding *e = encoding_for_label("iso-2022-jp", 11);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (size_t step = 1; step <= 64; step *= 64) {
			const char *in = cases[i].in;
			struct decoder *d = decoder_new(e);
			struct buf out = BUF_INIT;

			UNIT_AT(cases[i].line, d != NULL);
			if (d == NULL)
				continue;
			for (size_t at = 0; at < strlen(in); at += step)
				decoder_feed(d, in + at, strlen(in) - at < step ?
				    strlen(in) - at : step, &out);
			decoder_end(d, &out);
			UNIT_AT(cases[i].line, strcmp(buf_str(&out),
			    cases[i].out) == 0);
			decoder_free(d);
			buf_free(&out);
		}
}

void
suite_docroot(void)
{
	static CU_TestInfo tests[] = {
		{ "which files are pages, at which URL", test_files },
		{ "globs, in time linear in the pattern", test_globs },
		{ "the file the server rules answer a URL with", test_served },
		{ "what a page's head says", test_heads },
		{ "its hreflang alternates", test_alternates },
		{ "where a URL a page names leads", test_targets },
		{ "a page's own date", test_dates },
		{ "dates in JSON-LD", test_jsonld },
		{ "a page's text as a reader sees it", test_content_hash },
		{ "ISO-2022-JP as a browser decodes it", test_iso2022jp },
		{ "GBK as a browser decodes it", test_gbk },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("docroot", tests);
}
