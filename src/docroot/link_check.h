/*
 * What check says of how a document root's pages link each other: where
 * most of its links name its pages as another clean_urls or
 * trailing_slash would list them (SvelteKit and Nuxt write no canonical,
 * only links to /about for about.html), which setting that is.
 */
#ifndef SITEMAPD_LINK_CHECK_H
#define SITEMAPD_LINK_CHECK_H

#include <stddef.h>

#include "config.h"
#include "page.h"
#include "report.h"

struct page_cache;

/* Pages whose links are read, and links of each: a sample is enough. */
#define LINK_CHECK_PAGES	200
#define LINK_CHECK_LINKS	200

void	docroot_check_links(const struct config *, const struct page_cache *,
	    const struct page **, size_t, const struct reporter *);

#endif
