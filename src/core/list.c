/*
 * Every page of the content root, and what the sitemap does with it in the
 * words a site owner uses. The decisions are sitemap_verdict's, the very
 * ones /sitemap.xml is built from.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"
#include "escape.h"
#include "list.h"
#include "sitemap.h"

static int
by_id(const void *a, const void *b)
{
	const struct page *x = *(const struct page *const *)a;
	const struct page *y = *(const struct page *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* A document root's pages by their URL; those without one after, by id. */
static int
by_url(const void *a, const void *b)
{
	const struct page *x = *(const struct page *const *)a;
	const struct page *y = *(const struct page *const *)b;

	if (x->alias && y->alias)
		return strcmp(x->alias, y->alias);
	if (x->alias || y->alias)
		return x->alias ? -1 : 1;
	return by_id(a, b);
}

static void
reason_of(const struct page_cache *cache, const struct listing *rules,
    const struct page *page, enum verdict v,
    const struct sitemap_left_out *why, struct buf *out)
{
	switch (v) {
	case VERDICT_BROKEN:
		buf_adds(out, page_broken(page));
		return;
	case VERDICT_NOT_MARKDOWN:
		buf_adds(out, "not markdown");
		return;
	case VERDICT_RESTRICTED:
		buf_adds(out, "restricted (");
		cache_restricted(cache, page, out);
		buf_addc(out, ')');
		return;
	default:
		sitemap_left_out_reason(rules, why, out);
	}
}

int
list_site(const struct config *cfg, const char *base, FILE *out)
{
	const struct listing rules = config_listing(cfg);
	struct buf why = BUF_INIT, path = BUF_INIT, reason = BUF_INIT;
	struct buf said = BUF_INIT;
	struct page_cache cache;
	const struct page **pages;
	size_t n;
	time_t changed;

	/* It prints each page's verdict itself. */
	cache_init(&cache, 0, NULL);
	if (cache_sitemap(&cache, cfg, &changed, &why) == NULL) {
		fprintf(stderr, "sitemapd: %s\n", buf_str(&why));
		buf_free(&why);
		cache_free(&cache);
		return -1;
	}
	pages = cache_pages(&cache, &n);
	if (n > 1)
		qsort(pages, n, sizeof(*pages), cfg->source == SOURCE_DOCROOT ?
		    by_url : by_id);
	for (size_t i = 0; i < n; i++) {
		const struct page *page = pages[i];
		struct sitemap_left_out left = { 0 };
		enum verdict v;

		buf_reset(&path);
		buf_reset(&reason);
		v = sitemap_verdict(&rules, page, &path, &left);
		if (v == VERDICT_LISTED) {
			static const char *const from[] = {
				[LASTMOD_FILE] = "file",
				[LASTMOD_STATED] = "stated",
				[LASTMOD_REMEMBERED] = "remembered",
				[LASTMOD_CHANGED_AFTER_STATED] =
				    "changed after stated",
			};
			struct tm tm;
			char date[16];

			gmtime_r(&page->last_modified, &tm);
			strftime(date, sizeof(date), "%Y-%m-%d", &tm);
			buf_reset(&said);
			cache_file_of(&cache, page, &said);
			escape_text(&reason, buf_str(&said));
			fprintf(out, "%016llx\tlisted\t%s%s\t%s\t%s%s%s",
			    (unsigned long long)page->id, base, buf_str(&path),
			    date, from[page->lastmod_from], reason.len ? "\t" :
			    "", buf_str(&reason));
			/* What its content hash covers, where one is taken. */
			if (cfg->source == SOURCE_DOCROOT)
				fprintf(out, "\t%s", content_from_name(
				    page->content_from));
			fputc('\n', out);
			continue;
		}
		left.path = path.data;
		buf_reset(&said);
		reason_of(&cache, &rules, page, v, &left, &said);
		/* A page's words may hold a tab or a newline: not a column. */
		escape_text(&reason, buf_str(&said));
		fprintf(out, "%016llx\tleft-out\t%s%s\t%s\n",
		    (unsigned long long)page->id, path.len ? base : "",
		    path.len ? buf_str(&path) : "-", buf_str(&reason));
		free(left.tag);
	}
	free(pages);
	cache_free(&cache);
	buf_free(&why);
	buf_free(&path);
	buf_free(&reason);
	buf_free(&said);
	return 0;
}
