#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cache.h"
#include "sitemap.h"
#include "unit.h"

/* A root with an INI beside it whose admin path is known. */
static void
make_site(char **dir, struct config *cfg)
{
	struct buf ini = BUF_INIT, err = BUF_INIT;

	*dir = unit_tmpdir();
	unit_write(*dir, "site.ini", "[site]\nroot = .\nadmin_path = ops\n");
	buf_printf(&ini, "%s/site.ini", *dir);
	if (config_load(buf_str(&ini), cfg, &err) == -1) {
		fprintf(stderr, "%s\n", buf_str(&err));
		CU_FAIL_FATAL("config");
	}
	buf_free(&ini);
	buf_free(&err);
}

/* Page id in its shard, dated t; its alias is "p<id>". */
static void
add_page(const char *dir, unsigned id, time_t t)
{
	struct buf name = BUF_INIT, text = BUF_INIT;
	struct timespec times[2] = { { t, 0 }, { t, 0 } };

	buf_printf(&text, "(alias: \"p%x\", title: Some(\"T\"), "
	    "mime: \"text/markdown\")", id);
	buf_printf(&name, "content/%02x/%016x.1.ron", id & 0xff, id);
	unit_write(dir, buf_str(&name), buf_str(&text));
	buf_reset(&text);
	buf_printf(&text, "%s/%s", dir, buf_str(&name));
	utimensat(AT_FDCWD, buf_str(&text), times, 0);
	name.len -= strlen(".ron");	/* the blob */
	name.data[name.len] = '\0';
	unit_write(dir, buf_str(&name), "# T\n");
	buf_reset(&text);
	buf_printf(&text, "%s/%s", dir, buf_str(&name));
	utimensat(AT_FDCWD, buf_str(&text), times, 0);
	buf_free(&name);
	buf_free(&text);
}

/* A one-shot cache reads the root as it is at every call. */
static void
test_one_shot(void)
{
	struct buf why = BUF_INIT, gone = BUF_INIT, moved = BUF_INIT;
	struct page_cache cache;
	struct sitemap *sm;
	struct config cfg;
	time_t changed = 0;
	char *dir;

	make_site(&dir, &cfg);
	add_page(dir, 0x101, 1700000000);
	add_page(dir, 0x202, 1700000500);
	cache_init(&cache, 0, NULL);
	sm = cache_sitemap(&cache, &cfg, &changed, &why);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sm);
	CU_ASSERT_EQUAL(sm->n, 2);
	CU_ASSERT_EQUAL(sm->newest, 1700000500);
	CU_ASSERT(changed >= 1700000500);

	add_page(dir, 0x303, 1700000900);
	sm = cache_sitemap(&cache, &cfg, &changed, &why);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sm);
	CU_ASSERT_EQUAL(sm->n, 3);
	CU_ASSERT_EQUAL(sm->newest, 1700000900);

	/* A root that cannot be read gives no sitemap, never an empty one. */
	buf_printf(&gone, "%s/content", dir);
	buf_printf(&moved, "%s/content.gone", dir);
	CU_ASSERT_EQUAL_FATAL(rename(buf_str(&gone), buf_str(&moved)), 0);
	CU_ASSERT_PTR_NULL(cache_sitemap(&cache, &cfg, &changed, &why));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&why), "/content"));
	cache_free(&cache);
	config_free(&cfg);
	buf_free(&why);
	buf_free(&gone);
	buf_free(&moved);
	unit_rmtree(dir);
}

/* A long-lived cache reads in the background, then follows changes. */
static void
test_long_lived(void)
{
	struct buf why = BUF_INIT;
	struct page_cache cache;
	struct sitemap *sm;
	struct config cfg;
	time_t changed;
	char *dir;

	make_site(&dir, &cfg);
	add_page(dir, 0x101, 1700000000);
	add_page(dir, 0x202, 1700000500);
	cache_init(&cache, 1, NULL);
	cache_start(&cache, &cfg);
	{
		struct pollfd p = { cache_wake_fd(&cache), POLLIN, 0 };

		/*
		 * Ended, and not yet taken up: still busy, so that a request
		 * that found it running waits for it rather than get a 503.
		 */
		CU_ASSERT_EQUAL(poll(&p, 1, 60000), 1);
		CU_ASSERT(cache_busy(&cache));
	}
	while (cache_busy(&cache)) {
		struct pollfd p = { cache_wake_fd(&cache), POLLIN, 0 };

		poll(&p, 1, 1000);
		cache_update(&cache, &cfg, &why);
	}
	sm = cache_sitemap(&cache, &cfg, &changed, &why);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sm);
	CU_ASSERT_EQUAL(sm->n, 2);

	/* inotify names the new files; the next answer has the page. */
	add_page(dir, 0x303, 1700000900);
	sm = cache_sitemap(&cache, &cfg, &changed, &why);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sm);
	CU_ASSERT_EQUAL(sm->n, 3);
	CU_ASSERT_EQUAL(sm->newest, 1700000900);
	cache_free(&cache);
	config_free(&cfg);
	buf_free(&why);
	unit_rmtree(dir);
}

void
suite_cache(void)
{
	static CU_TestInfo tests[] = {
		{ "a one-shot read, each time afresh", test_one_shot },
		{ "a long-lived cache follows the root", test_long_lived },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("cache", tests);
}
