#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "protocol_limits.h"
#include "unit.h"

/* Loads text as dir/site.ini; returns config_load's answer. */
static int
load(const char *dir, const char *text, struct config *cfg, struct buf *err)
{
	struct buf file = BUF_INIT;
	int rc;

	unit_write(dir, "site.ini", text);
	buf_printf(&file, "%s/site.ini", dir);
	buf_reset(err);
	rc = config_load(buf_str(&file), cfg, err);
	buf_free(&file);
	return rc;
}

static void
test_defaults(void)
{
	char *dir = unit_tmpdir();
	struct buf err = BUF_INIT, want = BUF_INIT;
	struct config cfg;

	CU_ASSERT_EQUAL_FATAL(load(dir, "[site]\nroot = ./www/../site\n"
	    "admin_path = /Secret/\n", &cfg, &err), 0);
	CU_ASSERT_EQUAL(err.len, 0);
	/* A relative root is taken from the INI's directory, made clean. */
	buf_printf(&want, "%s/site", dir);
	CU_ASSERT_STRING_EQUAL(cfg.root, buf_str(&want));
	CU_ASSERT_STRING_EQUAL(cfg.ini_admin, "secret");
	CU_ASSERT_PTR_NOT_NULL(reserved_match(&cfg.reserved, "secret/users"));
	CU_ASSERT_STRING_EQUAL(cfg.home_alias, "index");
	CU_ASSERT_EQUAL(cfg.max_urls, SITEMAP_MAX_URLS);
	CU_ASSERT_EQUAL(cfg.max_bytes, SITEMAP_MAX_BYTES);
	CU_ASSERT_TRUE(cfg.gzip);
	CU_ASSERT_TRUE(cfg.stylesheet);
	CU_ASSERT_FALSE(cfg.trailing_slash);
	CU_ASSERT_EQUAL(cfg.watch, WATCH_AUTO);
	CU_ASSERT_FALSE(cfg.admin_unknown);
	config_free(&cfg);
	buf_free(&err);
	buf_free(&want);
	unit_rmtree(dir);
}

/* A refusal says file:line: reason, and leaves nothing to free. */
static void
test_refusals(void)
{
	static const struct {
		int		 line;
		const char	*text;
		const char	*error;	/* after "DIR/site.ini:" */
	} cases[] = {
		{ __LINE__, "[site]\nroot = /srv\nroot = /srv\n",
		    "3: root is set twice" },
		{ __LINE__, "root = /srv\n", "1: root is outside any [section]" },
		{ __LINE__, "[site]\nroot = /srv\n[sitemap]\nmax_urls = 050\n",
		    "4: max_urls must be a number from 1 to 50000" },
		{ __LINE__, "[site]\nroot = /srv\n[sitemap]\nmax_urls = 50001\n",
		    "4: max_urls must be a number from 1 to 50000" },
		{ __LINE__, "[site]\nroot = /srv\n[http]\n"
		    "trusted_proxies = 10.0.0.0/08\n", "4: trusted_proxies: "
		    "\"10.0.0.0/08\": prefix length must be a plain number" },
		{ __LINE__, "[site]\nroot = /srv\n[http]\n"
		    "trusted_proxies = 10.0.0.0/33\n", "4: trusted_proxies: "
		    "\"10.0.0.0/33\": prefix length out of range" },
		{ __LINE__, "[site]\nroot = /srv\ngzip = yes\n",
		    "3: \"gzip\" belongs in [http], not [site]" },
		{ __LINE__, "[http]\ngzpi = yes\n",
		    "2: unknown key \"gzpi\"; did you mean \"gzip\"?" },
		{ __LINE__, "[sitemap]\nmax_url = 1\n",
		    "2: unknown key \"max_url\"; did you mean \"max_urls\"?" },
		{ __LINE__, "[site]\nwatches = stat\n",
		    "2: unknown key \"watches\"; did you mean \"watch\"?" },
		{ __LINE__, "[site]\nbase = x\n", "2: unknown key \"base\"" },
		{ __LINE__, "[site]\nroot = \"/srv\"\n", "2: root = \"/srv\": "
		    "quotes are taken literally in this file; write root = /srv" },
		{ __LINE__, "[sites]\n", "1: unknown section [sites]" },
		{ __LINE__, "[site]\nadmin_path = /a\n",
		    " [site] root is not set" },
	};
	char *dir = unit_tmpdir();
	struct buf err = BUF_INIT, want = BUF_INIT;
	struct config cfg;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = load(dir, cases[i].text, &cfg, &err);

		buf_reset(&want);
		buf_printf(&want, "%s/site.ini:%s", dir, cases[i].error);
		UNIT_AT(cases[i].line, rc == -1);
		UNIT_AT(cases[i].line, strcmp(buf_str(&err), buf_str(&want))
		    == 0);
	}
	buf_free(&err);
	buf_free(&want);
	unit_rmtree(dir);
}

/* A snapshot holds its own copies: it outlives the configuration. */
static void
test_snapshot(void)
{
	char *dir = unit_tmpdir();
	struct buf err = BUF_INIT;
	struct config cfg, copy;

	CU_ASSERT_EQUAL_FATAL(load(dir, "[site]\nroot = /srv/site\n"
	    "admin_path = ops\n[sitemap]\nexclude_tags = draft, old\n"
	    "max_urls = 10\n", &cfg, &err), 0);
	config_snapshot(&copy, &cfg);
	config_free(&cfg);
	CU_ASSERT_STRING_EQUAL(copy.root, "/srv/site");
	CU_ASSERT_EQUAL(copy.max_urls, 10);
	CU_ASSERT_EQUAL_FATAL(copy.nexclude_tags, 2);
	CU_ASSERT_STRING_EQUAL(copy.exclude_tags[1], "old");
	CU_ASSERT_PTR_NOT_NULL(reserved_match(&copy.reserved, "ops"));
	config_free(&copy);
	buf_free(&err);
	unit_rmtree(dir);
}

/* A file that turns invalid keeps the last good configuration in use. */
static void
test_watch(void)
{
	char *dir = unit_tmpdir();
	struct buf err = BUF_INIT, file = BUF_INIT;
	struct config_watch w;
	unsigned first;

	unit_write(dir, "site.ini", "[site]\nroot = /a\nadmin_path = x\n");
	buf_printf(&file, "%s/site.ini", dir);
	CU_ASSERT_EQUAL_FATAL(config_watch_open(&w, buf_str(&file), &err), 0);
	first = config_watch_get(&w)->generation;
	CU_ASSERT_EQUAL(config_watch_get(&w)->generation, first);

	unit_write(dir, "site.ini", "[site]\nroot = /b\nadmin_path = x\n");
	config_watch_expire(&w);
	CU_ASSERT_STRING_EQUAL(config_watch_get(&w)->root, "/b");
	CU_ASSERT_NOT_EQUAL(config_watch_get(&w)->generation, first);

	unit_write(dir, "site.ini", "[site]\nroot = /c\nbogus = 1\n");
	config_watch_expire(&w);
	CU_ASSERT_STRING_EQUAL(config_watch_get(&w)->root, "/b");
	config_watch_close(&w);
	buf_free(&err);
	buf_free(&file);
	unit_rmtree(dir);
}

/*
 * Followed with inotify, the file is compared only after an event, and
 * every kind of change makes one: written in place, renamed over, and
 * config.yaml of the root it names.
 */
static void
test_follow(void)
{
	char *dir = unit_tmpdir();
	struct buf err = BUF_INIT, file = BUF_INIT, from = BUF_INIT;
	struct config_watch w;
	unsigned first;

	unit_write(dir, "site.ini", "[site]\nroot = .\n");
	buf_printf(&file, "%s/site.ini", dir);
	CU_ASSERT_EQUAL_FATAL(config_watch_open(&w, buf_str(&file), &err), 0);
	config_watch_follow(&w);
	first = config_watch_get(&w)->generation;
	CU_ASSERT_TRUE(w.paths.trusted);
	CU_ASSERT_EQUAL(config_watch_get(&w)->generation, first);
	CU_ASSERT_PTR_NULL(config_watch_get(&w)->yaml_admin);

	unit_write(dir, "site.ini", "[site]\nroot = .\nadmin_path = x\n");
	CU_ASSERT_STRING_EQUAL(config_watch_get(&w)->ini_admin, "x");
	unit_write(dir, "new.ini", "[site]\nroot = .\nadmin_path = yy\n");
	buf_printf(&from, "%s/new.ini", dir);
	CU_ASSERT_EQUAL(rename(buf_str(&from), buf_str(&file)), 0);
	CU_ASSERT_STRING_EQUAL(config_watch_get(&w)->ini_admin, "yy");
	unit_write(dir, "config.yaml", "admin:\n  path: ops\n");
	CU_ASSERT_STRING_EQUAL_FATAL(config_watch_get(&w)->yaml_admin, "ops");
	config_watch_close(&w);
	buf_free(&err);
	buf_free(&file);
	buf_free(&from);
	unit_rmtree(dir);
}

/* Without a usable INI: the defaults, no root, only robots.txt to serve. */
static void
test_builtin(void)
{
	struct config cfg;

	config_builtin(&cfg, "/nonexistent.ini");
	CU_ASSERT_PTR_NULL(cfg.root);
	CU_ASSERT_STRING_EQUAL(cfg.file, "/nonexistent.ini");
	CU_ASSERT_PTR_NOT_NULL(reserved_match(&cfg.reserved, "login"));
	config_free(&cfg);
}

void
suite_config(void)
{
	static CU_TestInfo tests[] = {
		{ "defaults and a relative root", test_defaults },
		{ "refusals name file, line and reason", test_refusals },
		{ "a snapshot outlives its source", test_snapshot },
		{ "a watched file keeps the last good one", test_watch },
		{ "a followed file is read again after each change",
		    test_follow },
		{ "the built-in configuration", test_builtin },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("config", tests);
}
