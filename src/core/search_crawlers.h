/*
 * The crawlers of the search engines that read sitemaps, by the names
 * their <meta> tags and robots.txt groups use: a noindex addressed to one
 * leaves a page out of the one sitemap they all read, and a list of AI
 * crawlers that names one would take the site out of that engine's
 * search.
 */
#ifndef SITEMAPD_SEARCH_CRAWLERS_H
#define SITEMAPD_SEARCH_CRAWLERS_H

#include <stddef.h>

/* The crawler the n bytes at name name, in any case, as spelled here; or NULL. */
const char *search_crawler_named(const char *name, size_t n);
/*
 * What a crawler so named fetches of what a sitemap lists: Google's
 * googlebot-image and googlebot-news and googlebot-video crawl for their
 * own searches, the pages being googlebot's; googlebot-image fetches the
 * images.
 */
int	search_crawler_fetches_pages(const char *crawler);
int	search_crawler_fetches_images(const char *crawler);

#endif
