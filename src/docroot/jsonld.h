/*
 * The dates a page states of itself in schema.org JSON-LD, as most
 * generators, themes and CMS plugins write them (jekyll-seo-tag, Yoast's
 * @graph): read with json-c.
 */
#ifndef SITEMAPD_JSONLD_H
#define SITEMAPD_JSONLD_H

#include <stddef.h>

#include "host.h"

/*
 * Of the entity in json (len bytes, one <script type=application/ld+json>)
 * that is the page at path (its URL path, encoded): the one whose url,
 * @id or mainEntityOfPage names the page, else the only one that states
 * a date. Its dateModified and datePublished, as written, into *modified
 * and *published where these are NULL still; each freed by the caller.
 */
void	jsonld_dates(const char *json, size_t len, const char *path,
	    const struct host_policy *, char **modified, char **published);

#endif
