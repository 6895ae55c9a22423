/* sitemapd export: the files sitemapd serves, written for a static host. */
#ifndef SITEMAPD_EXPORT_H
#define SITEMAPD_EXPORT_H

#include "config.h"

/*
 * Writes into dir what a GET of each file would get for host (NULL: the
 * one host of allowed_hosts), over https or not. Returns an exit status:
 * EXIT_SUCCESS, EXIT_FAILURE after saying what failed, or EXIT_USAGE.
 */
int	export_site(const struct config *, const char *dir, const char *host,
	    int https);

#endif
