/* The generated sitemap.xml, its index and its parts (SPEC section 6). */
#ifndef SITEMAPD_SITEMAP_H
#define SITEMAPD_SITEMAP_H

#include <time.h>

#include "buf.h"
#include "config.h"
#include "content.h"

/* The longest <loc> the sitemaps.org schema accepts. */
#define SITEMAP_LOC_MAX		2048
/* The protocol's limits per file, and the defaults of [sitemap]. */
#define SITEMAP_MAX_URLS	50000
#define SITEMAP_MAX_BYTES	52428800

struct sitemap_entry {
	char	*loc;		/* absolute, percent-encoded, XML-escaped */
	time_t	 last_modified;
};

/* The listable entries, sorted and unique, cut into parts. */
struct sitemap {
	struct sitemap_entry *entries;
	size_t		 n;
	size_t		*part_start;	/* nparts + 1 offsets into entries */
	size_t		 nparts;	/* at least 1, which may be empty */
};

/* Appends the site path of page ("/", "/about", "/id/<hex>"). */
void	sitemap_page_path(const struct config *, const struct page *,
	    struct buf *out);

void	sitemap_build(const struct config *, const struct site *,
	    const char *base_url, struct sitemap *);
void	sitemap_free(struct sitemap *);

/* Writes the <urlset> of part (0-based; part < sm->nparts). */
void	sitemap_render_part(const struct sitemap *, size_t part,
	    struct buf *out);
/* Writes the <sitemapindex> of every part. */
void	sitemap_render_index(const struct sitemap *, const char *base_url,
	    struct buf *out);
/* What /sitemap.xml serves: the only part, or the index of several. */
void	sitemap_render(const struct config *, const struct site *,
	    const char *base_url, struct buf *out);

#endif
