#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "log.h"
#include "sitemap.h"

void
sitemap_page_path(const struct config *cfg, const struct page *page,
    struct buf *out)
{
	if (page->alias && strcmp(page->alias, cfg->home_alias) == 0) {
		buf_addc(out, '/');
		return;
	}
	if (page->alias)
		buf_printf(out, "/%s", page->alias);
	else
		buf_printf(out, "/id/%016llx", (unsigned long long)page->id);
	if (cfg->trailing_slash)
		buf_addc(out, '/');
}

/* Markdown, public, not reserved, and allowed by our own robots.txt. */
static int
listable(const struct config *cfg, const struct page *page, const char *path)
{
	if (page->markdown != 1 || page->access != ACCESS_PUBLIC)
		return 0;
	if (page->alias && reserved_match(&cfg->reserved, page->alias))
		return 0;
	return robots_allows(&cfg->robots, path);
}

static int
by_loc(const void *a, const void *b)
{
	return strcmp(((const struct sitemap_entry *)a)->loc,
	    ((const struct sitemap_entry *)b)->loc);
}

static const char urlset_head[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
static const char urlset_tail[] = "</urlset>\n";

/* Writes the UTC date of t into date; returns its length. */
static size_t
format_date(time_t t, char date[16])
{
	struct tm tm;

	gmtime_r(&t, &tm);
	return strftime(date, 16, "%Y-%m-%d", &tm);
}

#define URL_OPEN	"  <url>\n    <loc>"
#define URL_MID		"</loc>\n    <lastmod>"
#define URL_CLOSE	"</lastmod>\n  </url>\n"

static void
add_url(struct buf *out, const struct sitemap_entry *e)
{
	char date[16];

	format_date(e->last_modified, date);
	buf_printf(out, URL_OPEN "%s" URL_MID "%s" URL_CLOSE, e->loc, date);
}

/* The bytes add_url writes for e, without writing them. */
static size_t
url_size(const struct sitemap_entry *e)
{
	char date[16];

	return sizeof(URL_OPEN URL_MID URL_CLOSE) - 1 + strlen(e->loc) +
	    format_date(e->last_modified, date);
}

/*
 * Cuts the sorted entries into contiguous parts, each within max_urls
 * entries and max_bytes of XML. A part always takes at least one entry,
 * so an entry too big for max_bytes alone still gets listed.
 */
static void
split(const struct config *cfg, struct sitemap *sm)
{
	size_t fixed = sizeof(urlset_head) - 1 + sizeof(urlset_tail) - 1;
	size_t count = 0, bytes = fixed;

	sm->part_start = xreallocarray(NULL, sm->n + 2, sizeof(size_t));
	sm->part_start[0] = 0;
	sm->nparts = 1;
	for (size_t i = 0; i < sm->n; i++) {
		size_t size = url_size(&sm->entries[i]);

		if (count > 0 && (count == cfg->max_urls ||
		    bytes + size > cfg->max_bytes)) {
			sm->part_start[sm->nparts++] = i;
			count = 0;
			bytes = fixed;
		}
		count++;
		bytes += size;
	}
	sm->part_start[sm->nparts] = sm->n;
}

void
sitemap_build(const struct config *cfg, const struct site *site,
    const char *base_url, struct sitemap *sm)
{
	struct buf path = BUF_INIT, encoded = BUF_INIT, loc = BUF_INIT;
	struct sitemap_entry *e = xcalloc(site->n, sizeof(*e));
	size_t n = 0, unique = 0;

	for (size_t i = 0; i < site->n; i++) {
		buf_reset(&path);
		buf_reset(&encoded);
		sitemap_page_path(cfg, &site->pages[i], &path);
		/* Crawlers match robots.txt against the path as sent. */
		escape_url_path(&encoded, buf_str(&path));
		if (!listable(cfg, &site->pages[i], buf_str(&encoded)))
			continue;
		buf_reset(&loc);
		buf_printf(&loc, "%s%s", base_url, buf_str(&encoded));
		if (loc.len > SITEMAP_LOC_MAX) {
			log_msg("page %016llx: left out: URL longer than %d "
			    "characters", (unsigned long long)site->pages[i].id,
			    SITEMAP_LOC_MAX);
			continue;
		}
		e[n].loc = xstrdup(buf_str(&loc));
		e[n].last_modified = site->pages[i].last_modified;
		n++;
	}
	qsort(e, n, sizeof(*e), by_loc);
	for (size_t i = 0; i < n; i++) {
		if (unique > 0 && strcmp(e[i].loc, e[unique - 1].loc) == 0)
			free(e[i].loc);
		else
			e[unique++] = e[i];
	}
	/* Sorted and compared as URLs; from here on only written as XML. */
	for (size_t i = 0; i < unique; i++) {
		buf_reset(&loc);
		escape_xml(&loc, e[i].loc);
		free(e[i].loc);
		e[i].loc = xstrdup(buf_str(&loc));
	}
	sm->entries = e;
	sm->n = unique;
	split(cfg, sm);
	buf_free(&path);
	buf_free(&encoded);
	buf_free(&loc);
}

void
sitemap_free(struct sitemap *sm)
{
	for (size_t i = 0; i < sm->n; i++)
		free(sm->entries[i].loc);
	free(sm->entries);
	free(sm->part_start);
	memset(sm, 0, sizeof(*sm));
}

void
sitemap_render_part(const struct sitemap *sm, size_t part, struct buf *out)
{
	buf_adds(out, urlset_head);
	for (size_t i = sm->part_start[part]; i < sm->part_start[part + 1];
	    i++)
		add_url(out, &sm->entries[i]);
	buf_adds(out, urlset_tail);
}

void
sitemap_render_index(const struct sitemap *sm, const char *base_url,
    struct buf *out)
{
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<sitemapindex "
	    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
	for (size_t p = 0; p < sm->nparts; p++) {
		time_t newest = 0;

		for (size_t i = sm->part_start[p]; i < sm->part_start[p + 1];
		    i++)
			if (sm->entries[i].last_modified > newest)
				newest = sm->entries[i].last_modified;
		buf_adds(out, "  <sitemap>\n    <loc>");
		escape_xml(out, base_url);
		buf_printf(out, "/sitemaps/sitemap-%04zu.xml</loc>\n", p + 1);
		/* An empty part has no entry to date it by. */
		if (sm->part_start[p] < sm->part_start[p + 1]) {
			char date[16];

			format_date(newest, date);
			buf_printf(out, "    <lastmod>%s</lastmod>\n", date);
		}
		buf_adds(out, "  </sitemap>\n");
	}
	buf_adds(out, "</sitemapindex>\n");
}

void
sitemap_render(const struct config *cfg, const struct site *site,
    const char *base_url, struct buf *out)
{
	struct sitemap sm;

	sitemap_build(cfg, site, base_url, &sm);
	if (sm.nparts == 1)
		sitemap_render_part(&sm, 0, out);
	else
		sitemap_render_index(&sm, base_url, out);
	sitemap_free(&sm);
}
