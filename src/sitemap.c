#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "log.h"
#include "sitemap.h"

struct entry {
	char	*loc;		/* absolute, percent-encoded, not XML-escaped */
	time_t	 last_modified;
};

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
	return strcmp(((const struct entry *)a)->loc,
	    ((const struct entry *)b)->loc);
}

void
sitemap_render(const struct config *cfg, const struct site *site,
    const char *base_url, struct buf *out)
{
	struct entry *e = xcalloc(site->n, sizeof(*e));
	struct buf path = BUF_INIT, encoded = BUF_INIT, loc = BUF_INIT;
	size_t n = 0;

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

	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
	for (size_t i = 0; i < n; i++) {
		struct tm tm;
		char date[16];

		if (i > 0 && strcmp(e[i].loc, e[i - 1].loc) == 0)
			continue;
		gmtime_r(&e[i].last_modified, &tm);
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
		buf_adds(out, "  <url>\n    <loc>");
		escape_xml(out, e[i].loc);
		buf_printf(out, "</loc>\n    <lastmod>%s</lastmod>\n"
		    "  </url>\n", date);
	}
	buf_adds(out, "</urlset>\n");

	for (size_t i = 0; i < n; i++)
		free(e[i].loc);
	free(e);
	buf_free(&path);
	buf_free(&encoded);
	buf_free(&loc);
}
