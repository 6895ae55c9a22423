#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>

#include "config.h"
#include "content.h"
#include "sitemap.h"
#include "unit.h"

/* 2026-01-20T12:00:00Z */
#define NOON_JAN_20	1768910400

static void
make_config(struct config *cfg, int trailing_slash)
{
	const char *why;

	memset(cfg, 0, sizeof(*cfg));
	cfg->home_alias = strdup("index");
	cfg->trailing_slash = trailing_slash;
	reserved_init(&cfg->reserved);
	reserved_add_admin(&cfg->reserved, "admin", &why);
	reserved_add(&cfg->reserved, "search/", 1, &why);
	reserved_add(&cfg->reserved, "drafts/", 0, &why);
	robots_build(&cfg->robots, &cfg->reserved);
}

static void
add(struct site *s, uint64_t id, const char *alias, int markdown,
    enum access access)
{
	s->pages = realloc(s->pages, (s->n + 1) * sizeof(*s->pages));
	s->pages[s->n++] = (struct page){
		.id = id, .version = 1,
		.alias = alias ? strdup(alias) : NULL,
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

	sitemap_render(&cfg, &site, "https://example.com", &out);
	CU_ASSERT_STRING_EQUAL(buf_str(&out),
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
	    "  <url>\n    <loc>https://example.com/</loc>\n"
	    "    <lastmod>2026-01-21</lastmod>\n  </url>\n"
	    "  <url>\n    <loc>https://example.com/about</loc>\n"
	    "    <lastmod>2026-02-01</lastmod>\n  </url>\n"
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
	sitemap_render(&cfg, &site, "http://127.0.0.1:8080", &out);
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
		{ "schema check can fail", test_schema_catches_garbage },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("sitemap", tests);
}
