#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>

#include "config.h"
#include "content.h"
#include "shared_str.h"
#include "sitemap.h"
#include "unit.h"

/* 2026-01-20T12:00:00Z */
#define NOON_JAN_20	1768910400


/* What /sitemap.xml serves, into out: the only part, or the index. */
static void
sitemap_render(const struct listing *rules, const struct site *site,
    const char *base_url, struct buf *out)
{
	struct sitemap sm;

	sitemap_build(rules, site, &sm);
	sitemap_layout(&sm, base_url);
	if (sm.nparts == 1)
		sitemap_render_part(&sm, 0, base_url, out);
	else
		sitemap_render_index(&sm, base_url, out);
	sitemap_free(&sm);
}

static void
make_config(struct config *cfg, int trailing_slash)
{
	const char *why;

	memset(cfg, 0, sizeof(*cfg));
	cfg->home_alias = strdup("index");
	cfg->trailing_slash = trailing_slash;
	cfg->max_urls = SITEMAP_MAX_URLS;
	cfg->max_bytes = SITEMAP_MAX_BYTES;
	reserved_init(&cfg->reserved);
	reserved_add_admin(&cfg->reserved, "admin", &why);
	reserved_add(&cfg->reserved, "search/", 1, &why);
	reserved_add(&cfg->reserved, "drafts/", 0, &why);
	robots_init(&cfg->robots);
	robots_add_rule(&cfg->robots, NULL, 0, "/*/draft", &why);
	robots_finish(&cfg->robots, &cfg->reserved, NULL);
}

/* What the sitemap reads of cfg as it is now. */
static const struct listing *
rules_of(const struct config *cfg)
{
	static struct listing rules;

	rules = config_listing(cfg);
	return &rules;
}

static void
add(struct site *s, uint64_t id, const char *alias, int markdown,
    enum access access)
{
	s->pages = realloc(s->pages, (s->n + 1) * sizeof(*s->pages));
	s->pages[s->n++] = (struct page){
		.id = id, .version = 1,
		.alias = alias ? shared_str_dup(alias) : NULL,
		.markdown = markdown, .access = access,
		.last_modified = NOON_JAN_20 + (time_t)id * 86400,
	};
}

/* Validates doc against the sitemaps.org schema kept in tests/schemas. */
static int
schema_valid(const char *doc, const char *xsd)
{
	const char *srcdir = getenv("SRCDIR");
	char path[4096];
	xmlSchemaParserCtxtPtr pctx;
	xmlSchemaPtr schema;
	xmlSchemaValidCtxtPtr vctx;
	xmlDocPtr xml;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/tests/schemas/%s",
	    srcdir ? srcdir : ".", xsd);
	if ((pctx = xmlSchemaNewParserCtxt(path)) == NULL)
		return -1;
	schema = xmlSchemaParse(pctx);
	xmlSchemaFreeParserCtxt(pctx);
	if (schema == NULL)
		return -1;
	xml = xmlReadMemory(doc, (int)strlen(doc), "sitemap.xml", "UTF-8",
	    XML_PARSE_NONET);
	if (xml != NULL) {
		vctx = xmlSchemaNewValidCtxt(schema);
		rc = xmlSchemaValidateDoc(vctx, xml);
		xmlSchemaFreeValidCtxt(vctx);
		xmlFreeDoc(xml);
	}
	xmlSchemaFree(schema);
	return rc;
}

static void
test_entries(void)
{
	struct config cfg;
	struct site site = { 0 };
	struct buf out = BUF_INIT;
	char longalias[2100];

	make_config(&cfg, 0);
	add(&site, 1, "index", 1, ACCESS_PUBLIC);
	add(&site, 2, "zeta", 1, ACCESS_PUBLIC);
	add(&site, 3, NULL, 1, ACCESS_PUBLIC);
	add(&site, 4, "restricted", 1, ACCESS_RESTRICTED);
	add(&site, 5, "denied", 1, ACCESS_DENY);
	add(&site, 6, "logo.png", 0, ACCESS_PUBLIC);
	add(&site, 7, "admin/panel", 1, ACCESS_PUBLIC);
	add(&site, 8, "search/results", 1, ACCESS_PUBLIC);
	add(&site, 9, "drafts/x", 1, ACCESS_PUBLIC);
	add(&site, 10, "api/v1", 1, ACCESS_PUBLIC);
	add(&site, 11, "r&d/o'neil", 1, ACCESS_PUBLIC);
	add(&site, 12, "about", 1, ACCESS_PUBLIC);
	memset(longalias, 'a', sizeof(longalias) - 1);
	longalias[sizeof(longalias) - 1] = '\0';
	add(&site, 13, longalias, 1, ACCESS_PUBLIC);
	add(&site, 14, "notes/draft", 1, ACCESS_PUBLIC);
	add(&site, 15, "draft", 1, ACCESS_PUBLIC);

	sitemap_render(rules_of(&cfg), &site, "https://example.com", &out);
	CU_ASSERT_STRING_EQUAL(buf_str(&out),
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
	    "  <url>\n    <loc>https://example.com/</loc>\n"
	    "    <lastmod>2026-01-21</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/about</loc>\n"
	    "    <lastmod>2026-02-01</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/draft</loc>\n"
	    "    <lastmod>2026-02-04</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/id/0000000000000003</loc>\n"
	    "    <lastmod>2026-01-23</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/r&amp;d/o&apos;neil</loc>\n"
	    "    <lastmod>2026-01-31</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/zeta</loc>\n"
	    "    <lastmod>2026-01-22</lastmod>\n  </url>\n"
	    "</urlset>\n");
	CU_ASSERT_EQUAL(schema_valid(buf_str(&out), "sitemap.xsd"), 0);
	buf_free(&out);
	site_free(&site);
	config_free(&cfg);
}

static void
test_trailing_slash_and_duplicates(void)
{
	struct config cfg;
	struct site site = { 0 };
	struct buf out = BUF_INIT;

	make_config(&cfg, 1);
	add(&site, 1, "index", 1, ACCESS_PUBLIC);
	add(&site, 2, "docs/intro", 1, ACCESS_PUBLIC);
	add(&site, 3, NULL, 1, ACCESS_PUBLIC);
	add(&site, 4, "docs/intro", 1, ACCESS_PUBLIC);
	sitemap_render(rules_of(&cfg), &site, "http://127.0.0.1:8080", &out);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "<loc>http://127.0.0.1:8080/</loc>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "<loc>http://127.0.0.1:8080/docs/intro/</loc>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "<loc>http://127.0.0.1:8080/id/0000000000000003/</loc>"));
	/* The same URL twice is listed once. */
	CU_ASSERT_PTR_NULL(strstr(strstr(buf_str(&out), "docs/intro/") + 1,
	    "docs/intro/"));
	CU_ASSERT_EQUAL(schema_valid(buf_str(&out), "sitemap.xsd"), 0);
	buf_free(&out);
	site_free(&site);
	config_free(&cfg);
}

static void
render_part(struct sitemap *sm, size_t part, struct buf *out)
{
	sitemap_render_part(sm, part, "https://example.com", out);
}

/* The parts cover every entry in order, each valid and within both limits. */
#define check_parts(...)	check_parts_at(__LINE__, __VA_ARGS__)
static void
check_parts_at(int line, const struct config *cfg, struct sitemap *sm,
    size_t want_parts)
{
	struct buf part = BUF_INIT, index = BUF_INIT;

	UNIT_AT(line, sm->nparts == want_parts);
	UNIT_AT(line, sm->parts[0].start == 0);
	UNIT_AT(line, sm->parts[sm->nparts - 1].end == sm->n);
	for (size_t p = 0; p < sm->nparts; p++) {
		size_t count = sm->parts[p].end - sm->parts[p].start;

		UNIT_AT(line, count >= 1 && count <= cfg->max_urls);
		UNIT_AT(line, p == 0 ||
		    sm->parts[p].start == sm->parts[p - 1].end);
		buf_reset(&part);
		render_part(sm, p, &part);
		UNIT_AT(line, part.len <= cfg->max_bytes);
		UNIT_AT(line, schema_valid(buf_str(&part), "sitemap.xsd") == 0);
	}
	sitemap_render_index(sm, "https://example.com", &index);
	UNIT_AT(line, schema_valid(buf_str(&index), "siteindex.xsd") == 0);
	UNIT_AT(line, strstr(buf_str(&index), "<loc>https://"
	    "example.com/sitemaps/sitemap-0001.xml</loc>") != NULL);
	buf_free(&part);
	buf_free(&index);
}

static void
test_split(void)
{
	struct config cfg;
	struct site site = { 0 };
	struct sitemap sm;
	struct buf out = BUF_INIT, first = BUF_INIT;
	char alias[32];

	make_config(&cfg, 0);
	for (uint64_t id = 1; id <= 25; id++) {
		snprintf(alias, sizeof(alias), "page-%02u", (unsigned)id);
		add(&site, id, alias, 1, ACCESS_PUBLIC);
	}
	sitemap_build(rules_of(&cfg), &site, &sm);
	sitemap_layout(&sm, "https://example.com");
	check_parts(&cfg, &sm, 1);
	sitemap_free(&sm);

	cfg.max_urls = 10;
	sitemap_build(rules_of(&cfg), &site, &sm);
	sitemap_layout(&sm, "https://example.com");
	check_parts(&cfg, &sm, 3);
	CU_ASSERT_EQUAL(sm.parts[1].start, 10);
	CU_ASSERT_EQUAL(sm.parts[2].start, 20);
	render_part(&sm, 0, &first);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&first), "/page-10<"));
	CU_ASSERT_PTR_NULL(strstr(buf_str(&first), "/page-11<"));
	/* /sitemap.xml is then the index, its lastmod the part's newest. */
	sitemap_render(rules_of(&cfg), &site, "https://example.com", &out);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out), "<sitemapindex"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out), "<loc>https://"
	    "example.com/sitemaps/sitemap-0003.xml</loc>\n"
	    "    <lastmod>2026-02-14</lastmod>"));
	sitemap_free(&sm);

	cfg.max_urls = SITEMAP_MAX_URLS;
	/* 110 bytes of urlset around 94-byte <url>s: 9 fit in 1024. */
	cfg.max_bytes = 1024;
	sitemap_build(rules_of(&cfg), &site, &sm);
	sitemap_layout(&sm, "https://example.com");
	check_parts(&cfg, &sm, 3);
	CU_ASSERT_EQUAL(sm.parts[1].start, 9);
	/* A longer host makes every <url> longer: the cut moves. */
	sitemap_layout(&sm, "https://a-much-longer-host-name.example.com");
	CU_ASSERT_EQUAL(sm.parts[1].start, 7);
	sitemap_free(&sm);

	buf_free(&out);
	buf_free(&first);
	site_free(&site);
	config_free(&cfg);
}

/* What a part or the index shows includes every date: ETags change. */
static void
test_hashes_see_dates(void)
{
	struct config cfg;
	struct site site = { 0 };
	struct sitemap sm;
	uint64_t part[2], index[2];

	make_config(&cfg, 0);
	cfg.max_urls = 1;
	add(&site, 1, "first", 1, ACCESS_PUBLIC);
	add(&site, 2, "second", 1, ACCESS_PUBLIC);
	for (int round = 0; round < 2; round++) {
		/* A day later, for the first entry of the first part. */
		site.pages[0].last_modified += round * 86400;
		sitemap_build(rules_of(&cfg), &site, &sm);
		sitemap_layout(&sm, "https://example.com");
		part[round] = sitemap_part_hash(&sm, 0);
		index[round] = sitemap_index_hash(&sm);
		sitemap_free(&sm);
	}
	CU_ASSERT_NOT_EQUAL(part[0], part[1]);
	CU_ASSERT_NOT_EQUAL(index[0], index[1]);
	site_free(&site);
	config_free(&cfg);
}

/*
 * An entry whose path is its page's alias holds that string rather than a
 * copy, and it outlives the page: a million pages keep their paths once.
 */
static void
test_entries_share_aliases(void)
{
	struct config cfg;
	struct site site = { 0 };
	struct sitemap sm;
	struct buf out = BUF_INIT;
	const char *shared = NULL, *copied = NULL;

	make_config(&cfg, 0);
	add(&site, 1, "docs/intro", 1, ACCESS_PUBLIC);
	add(&site, 2, "r&d", 1, ACCESS_PUBLIC);	/* XML-escaped: a copy */
	sitemap_build(rules_of(&cfg), &site, &sm);
	CU_ASSERT_EQUAL_FATAL(sm.n, 2);
	for (size_t i = 0; i < sm.n; i++) {
		if (sm.entries[i].id == 1)
			shared = sm.entries[i].path;
		else
			copied = sm.entries[i].path;
	}
	CU_ASSERT_PTR_EQUAL(shared, site.pages[0].alias);
	CU_ASSERT_PTR_NOT_EQUAL(copied, site.pages[1].alias);
	CU_ASSERT_STRING_EQUAL(copied, "r&amp;d");
	/* The pages go first, as a rescan drops them: the entries stay. */
	site_free(&site);
	sitemap_layout(&sm, "https://example.com");
	sitemap_render_part(&sm, 0, "https://example.com", &out);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "<loc>https://example.com/docs/intro</loc>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out),
	    "<loc>https://example.com/r&amp;d</loc>"));
	sitemap_free(&sm);
	buf_free(&out);
	config_free(&cfg);
}

/*
 * A part's size is counted once for a length of base URL and kept: an
 * edit of a page in it (its date, its images longer or gone) and another
 * host's longer base must each give what a fresh build gives, whole.
 */
static void
test_part_size_follows_edits(void)
{
	static const struct {
		int		 line;
		const char	*images;	/* of page 1, or NULL */
		time_t		 later;		/* added to its date */
		const char	*base;
	} steps[] = {
		{ __LINE__, NULL, 0, "https://example.com" },
		{ __LINE__, NULL, 86400, "https://example.com" },
		{ __LINE__, "\t/img/a.png\n", 0, "https://example.com" },
		{ __LINE__, "\t/img/a-much-longer-name.png\n\t/img/b.png\n", 0,
		    "https://example.com" },
		{ __LINE__, "\t/img/a-much-longer-name.png\n\t/img/b.png\n", 0,
		    "https://a-much-longer-host.example.com" },
		{ __LINE__, "\t/img/c.png\n", 86400, "https://example.com" },
		{ __LINE__, NULL, 0, "https://example.com" },
	};
	struct config cfg;
	struct site site = { 0 };
	struct sitemap sm;
	struct buf out = BUF_INIT, want = BUF_INIT;
	const struct listing *rules;

	make_config(&cfg, 0);
	rules = rules_of(&cfg);
	add(&site, 1, "docs/a", 1, ACCESS_PUBLIC);
	add(&site, 2, "docs/b", 1, ACCESS_PUBLIC);
	sitemap_build(rules, &site, &sm);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		const struct page *changed = &site.pages[0];
		struct sitemap_edit edit = { 0 };
		int line = steps[i].line;

		sitemap_remove(rules, &sm, &edit, &changed, 1);
		shared_str_drop(site.pages[0].extensions);
		site.pages[0].extensions = steps[i].images ?
		    shared_str_dup(steps[i].images) : NULL;
		site.pages[0].last_modified += steps[i].later;
		sitemap_add(rules, &sm, &edit, &changed, 1, NULL);
		buf_reset(&out);
		buf_reset(&want);
		sitemap_layout(&sm, steps[i].base);
		sitemap_render_part(&sm, 0, steps[i].base, &out);
		/* Two pages: one part, what a fresh build serves. */
		sitemap_render(rules, &site, steps[i].base, &want);
		UNIT_AT(line, strcmp(buf_str(&out), buf_str(&want)) == 0);
		UNIT_AT(line, strstr(buf_str(&out), "</urlset>") != NULL);
	}
	sitemap_free(&sm);
	site_free(&site);
	buf_free(&out);
	buf_free(&want);
	config_free(&cfg);
}

static void
test_schema_catches_garbage(void)
{
	/* The validator must be able to fail, or the tests above prove nothing. */
	CU_ASSERT_NOT_EQUAL(schema_valid("<urlset xmlns=\"http://www.sitemaps."
	    "org/schemas/sitemap/0.9\"><url><lastmod>x</lastmod></url>"
	    "</urlset>", "sitemap.xsd"), 0);
}

void
suite_sitemap(void)
{
	static CU_TestInfo tests[] = {
		{ "entries, order, escaping", test_entries },
		{ "trailing slash, duplicates", test_trailing_slash_and_duplicates },
		{ "split into parts", test_split },
		{ "hashes see every date", test_hashes_see_dates },
		{ "entries share their pages' aliases",
		    test_entries_share_aliases },
		{ "a part's size follows its edits",
		    test_part_size_follows_edits },
		{ "schema check can fail", test_schema_catches_garbage },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("sitemap", tests);
}
