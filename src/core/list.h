/* "sitemapd list": every page of the root and what the sitemap does with it. */
#ifndef SITEMAPD_LIST_H
#define SITEMAPD_LIST_H

#include <stdio.h>

#include "config.h"

/*
 * Writes one line per page with a current version, sorted by id:
 * ID, "listed", URL, LASTMOD or ID, "left-out", PATH-OR-URL, REASON, tab
 * separated. base is the scheme and host URLs start with. Returns 0, or
 * -1 with the reason on stderr when the root cannot be read.
 */
int	list_site(const struct config *, const char *base, FILE *out);

#endif
