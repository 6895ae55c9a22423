/* The generated sitemap.xml (SPEC section 6). */
#ifndef SITEMAPD_SITEMAP_H
#define SITEMAPD_SITEMAP_H

#include "buf.h"
#include "config.h"
#include "content.h"

/* The longest <loc> the sitemaps.org schema accepts. */
#define SITEMAP_LOC_MAX	2048

/* Appends the site path of page ("/", "/about", "/id/<hex>"). */
void	sitemap_page_path(const struct config *, const struct page *,
	    struct buf *out);

/* Writes the <urlset> of every listable page of site. */
void	sitemap_render(const struct config *, const struct site *,
	    const char *base_url, struct buf *out);

#endif
