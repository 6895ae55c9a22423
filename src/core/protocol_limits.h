/* Sizes the protocols fix: DNS names, URLs, sitemap files. */
#ifndef SITEMAPD_PROTOCOL_LIMITS_H
#define SITEMAPD_PROTOCOL_LIMITS_H

#define HOST_MAX	253	/* the longest DNS name */
/* The longest "scheme://host[:port]" base_url() can give. */
#define BASE_URL_MAX	(sizeof("https://") - 1 + HOST_MAX + \
	sizeof(":65535") - 1)

/* The longest <loc> the sitemaps.org schema accepts. */
#define SITEMAP_LOC_MAX		2048
/* The protocol's limits per file, and the defaults of [sitemap]. */
#define SITEMAP_MAX_URLS	50000
#define SITEMAP_MAX_BYTES	52428800
/* How many sitemaps one sitemap index may list. */
#define SITEMAP_INDEX_MAX	50000

#endif
