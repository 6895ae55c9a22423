#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "markdown_images.h"
#include "unit.h"

static const char markdown[] = "(alias: \"%s\", title: Some(\"T\"), "
    "mime: \"text/markdown\")";

static void
test_names(void)
{
	static const struct {
		int		 line;
		const char	*name;
		int		 rc;
		uint64_t	 id;
		uint32_t	 version;
	} sidecars[] = {
		{ __LINE__, "000000000000002a.2.ron", 0, 0x2a, 2 },
		/* u64::from_str_radix and u32's parse, as NoPressure reads. */
		{ __LINE__, "2A.1.ron", 0, 0x2a, 1 },
		{ __LINE__, "+2a.+01.ron", 0, 0x2a, 1 },
		{ __LINE__, "ffffffffffffffff.4294967295.ron", 0, UINT64_MAX,
		    UINT32_MAX },
		{ __LINE__, "10000000000000000.1.ron", -1, 0, 0 },
		{ __LINE__, "2a.4294967296.ron", -1, 0, 0 },
		{ __LINE__, "2a.ron", -1, 0, 0 },
		{ __LINE__, "2a.1.x.ron", -1, 0, 0 },
		{ __LINE__, "2a.-1.ron", -1, 0, 0 },
		{ __LINE__, ".1.ron", -1, 0, 0 },
		{ __LINE__, "2a.1", -1, 0, 0 },
	};
	static const struct {
		int		 line;
		const char	*name;
		int		 rc;
	} files[] = {
		{ __LINE__, "000000000000002a.2", 1 },
		{ __LINE__, "000000000000002a.2.ron", 1 },
		/* A blob counts only under the name its sidecar looks for. */
		{ __LINE__, "2a.2", 0 },
		{ __LINE__, "junk.ron", -1 },
		{ __LINE__, ".000000000000002a.2.ron", 0 },
		{ __LINE__, "README", 0 },
	};

	for (size_t i = 0; i < sizeof(sidecars) / sizeof(sidecars[0]); i++) {
		uint64_t id = 0;
		uint32_t version = 0;
		int rc = content_parse_sidecar_name(sidecars[i].name, &id,
		    &version);

		UNIT_AT(sidecars[i].line, rc == sidecars[i].rc);
		if (rc == 0)
			UNIT_AT(sidecars[i].line, id == sidecars[i].id &&
			    version == sidecars[i].version);
	}
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		uint64_t id = 0;
		int rc = content_page_of_file(files[i].name, &id);

		UNIT_AT(files[i].line, rc == files[i].rc);
		if (rc == 1)
			UNIT_AT(files[i].line, id == 0x2a);
	}
	CU_ASSERT_EQUAL(content_shard_of("00"), 0);
	CU_ASSERT_EQUAL(content_shard_of("ff"), 255);
	CU_ASSERT_EQUAL(content_shard_of("FF"), -1);
	CU_ASSERT_EQUAL(content_shard_of("f"), -1);
	CU_ASSERT_EQUAL(content_shard_of("0ff"), -1);
	CU_ASSERT_EQUAL(content_shard_of("g0"), -1);
}

struct heard {
	int		problems, notes;
	struct buf	lines;
};

static void
hear(void *ctx, enum finding kind, const char *kind_of, const char *line)
{
	struct heard *h = ctx;

	(void)kind_of;
	if (kind == FINDING_PROBLEM)
		h->problems++;
	else
		h->notes++;
	buf_printf(&h->lines, "%s\n", line);
}

static void
sidecar(const char *dir, const char *name, const char *alias)
{
	struct buf path = BUF_INIT, text = BUF_INIT;

	buf_printf(&path, "content/2a/%s", name);
	buf_printf(&text, markdown, alias);
	unit_write(dir, buf_str(&path), buf_str(&text));
	buf_free(&path);
	buf_free(&text);
}

/*
 * The newest version that validates is served; what cannot be read is
 * reported as a problem and never stops the rest.
 */
static void
test_scan_shard(void)
{
	char *dir = unit_tmpdir();
	struct heard heard = { 0, 0, BUF_INIT };
	const struct reporter rep = { hear, &heard };
	struct tagmap tags = { 0 };
	struct reserved reserved;
	const struct scan_rules rules = { &tags, &reserved, &rep, 0 };
	struct buf content = BUF_INIT, why = BUF_INIT;
	struct site site = { 0 };
	int fd;

	reserved_init(&reserved);
	sidecar(dir, "000000000000002a.1.ron", "about");
	unit_write(dir, "content/2a/000000000000002a.1", "# About\n");
	unit_write(dir, "content/2a/000000000000002a.2.ron", "(broken");
	unit_write(dir, "content/2a/000000000000002a.2", "# About\n");
	/* A page in the wrong shard, and a sidecar without its blob. */
	sidecar(dir, "000000000000002b.1.ron", "elsewhere");
	unit_write(dir, "content/2a/000000000000002b.1", "x");
	sidecar(dir, "000000000000012a.1.ron", "blobless");
	/* Another page, whose alias NoPressure reserves itself. */
	sidecar(dir, "000000000000022a.1.ron", "login");
	unit_write(dir, "content/2a/000000000000022a.1", "x");

	buf_printf(&content, "%s/content", dir);
	fd = open(buf_str(&content), O_RDONLY | O_DIRECTORY);
	CU_ASSERT_FATAL(fd != -1);
	CU_ASSERT_EQUAL(content_scan_shard(fd, buf_str(&content), 0x2a, NULL,
	    &rules, &site, &why), 0);
	CU_ASSERT_EQUAL_FATAL(site.n, 2);
	CU_ASSERT_EQUAL(site.pages[0].id, 0x2a);
	CU_ASSERT_EQUAL(site.pages[0].version, 1);
	CU_ASSERT_STRING_EQUAL(site.pages[0].alias, "about");
	CU_ASSERT_PTR_NULL(page_broken(&site.pages[0]));
	CU_ASSERT_EQUAL(site.pages[1].id, 0x22a);
	CU_ASSERT_STRING_EQUAL(page_broken(&site.pages[1]), "reserved path");
	CU_ASSERT_EQUAL(heard.problems, 4);
	CU_ASSERT_EQUAL(heard.notes, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&heard.lines),
	    "000000000000002a.2.ron: skipped"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&heard.lines),
	    "page 000000000000002b belongs in shard 2b"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&heard.lines),
	    "no blob 000000000000012a.1 beside it"));

	/* Only the pages asked for are read; no one else is reported. */
	{
		struct id_list only = { 0 };

		heard.problems = 0;
		id_list_add(&only, 0x2a);
		id_list_sort(&only);
		CU_ASSERT_EQUAL(content_scan_shard(fd, buf_str(&content), 0x2a,
		    &only, &rules, &site, &why), 0);
		CU_ASSERT_EQUAL(site.n, 1);
		CU_ASSERT_EQUAL(heard.problems, 1);	/* its broken version */
		id_list_free(&only);
	}

	/* A shard directory that is gone: -1, ENOENT, and why says where. */
	CU_ASSERT_EQUAL(content_scan_shard(fd, buf_str(&content), 0x2b, NULL,
	    &rules, &site, &why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&why), "/content/2b"));
	close(fd);
	site_free(&site);
	reserved_free(&reserved);
	buf_free(&content);
	buf_free(&why);
	buf_free(&heard.lines);
	unit_rmtree(dir);
}

/*
 * A page's images as NoPressure's renderer shows them: the lines
 * markdown_images gives for the page at alias, "|" between them.
 */
static void
test_markdown_images(void)
{
	static const struct {
		int		 line;
		const char	*alias, *md, *want;
	} cases[] = {
		{ __LINE__, "blog/post", "![a](pic.png)", "/blog/pic.png" },
		{ __LINE__, "blog/post", "![a](/pic.png)", "/pic.png" },
		{ __LINE__, "index", "![a](img2/x.png)", "/img2/x.png" },
		{ __LINE__, "a/b/c", "![x](d/../e.png)", "" },
		{ __LINE__, "a/b/c", "![x](d/e/..)", "/a/b/d" },
		{ __LINE__, "a/b/c", "![x](./e.png)", "" },
		{ __LINE__, "a/b/c", "![x](../e.png)", "" },
		{ __LINE__, "a/b/c", "![x](%2e%2e/e.png)", "" },
		{ __LINE__, "a/b/c", "![x](.%2Fe.png)", "" },
		{ __LINE__, "blog/post", "![x](/img/x.png)", "" },
		{ __LINE__, "blog/post", "![x](/img)", "" },
		{ __LINE__, "blog/post", "![x](/imgs/x.png)", "" },
		{ __LINE__, "blog/post", "![x](notes.MD)", "" },
		{ __LINE__, "blog/post", "![x](x.png?v=1)", "" },
		{ __LINE__, "blog/post", "![x](x.png#top)", "" },
		{ __LINE__, "blog/post", "![x](/id/00000000000000aa)", "" },
		/* Names the page's folder, which NoPressure looks up too. */
		{ __LINE__, "blog/post", "![x]()", "/blog" },
		{ __LINE__, "blog/post", "![x](<a b.png>)", "" },
		{ __LINE__, "blog/post",
		    "![x](https://cdn.example/a b.png)", "" },
		{ __LINE__, "blog/post",
		    "![x](<https://cdn.example/a b.png?w=1&h=2#f>)",
		    "https://cdn.example/a%20b.png?w=1&h=2" },
		{ __LINE__, "blog/post", "![x](http://cdn.example/%zz.png)",
		    "http://cdn.example/%25zz.png" },
		/* Not a URL to NoPressure: a path, as unlikely an object. */
		{ __LINE__, "blog/post", "![x](HTTP://cdn.example/x.png)",
		    "/blog/http:/cdn.example/x.png" },
		{ __LINE__, "blog/post", "![x](http:///x.png)", "" },
		{ __LINE__, "blog/post", "![x](https://)", "" },
		{ __LINE__, "blog/post", "![a](p.png) ![b](p.png) ![c](/blog/p.png)",
		    "/blog/p.png" },
		{ __LINE__, "blog/post", "---\nimg: ![f](f.png)\n---\n![a](a.png)",
		    "/blog/a.png" },
		{ __LINE__, "blog/post", "    ![c](code.png)\n", "" },
		{ __LINE__, "blog/post", "```\n![c](code.png)\n```\n", "" },
		{ __LINE__, "blog/post", "[l](link.png) <img src=\"raw.png\">",
		    "" },
		{ __LINE__, "blog/post", "![r][x]\n\n[x]: ref.png", "/blog/ref.png" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf out = BUF_INIT, got = BUF_INIT;

		markdown_images(cases[i].md, strlen(cases[i].md),
		    cases[i].alias, &out);
		for (const char *p = buf_str(&out); *p;
		    p = strchr(p, '\n') + 1) {
			if (got.len > 0)
				buf_addc(&got, '|');
			buf_add(&got, p + 1, strcspn(p + 1, "\n"));
		}
		if (strcmp(buf_str(&got), cases[i].want) != 0)
			fprintf(stderr, "line %d: got [%s]\n", cases[i].line,
			    buf_str(&got));
		UNIT_AT(cases[i].line, strcmp(buf_str(&got), cases[i].want)
		    == 0);
		buf_free(&out);
		buf_free(&got);
	}
}

void
suite_content(void)
{
	static CU_TestInfo tests[] = {
		{ "sidecar, blob and shard names", test_names },
		{ "a shard read as NoPressure reads it", test_scan_shard },
		{ "a page's images, from its markdown", test_markdown_images },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("content", tests);
}
