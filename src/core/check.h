/*
 * "sitemapd check": reads the content root as a request would and says,
 * one line each, what keeps a page out of the sitemap or a crawler away
 * from it: skipped sidecars, alias collisions, reserved aliases, pages
 * robots.txt hides, rules that block the sitemap or /id/ pages, and
 * limits that come near.
 */
#ifndef SITEMAPD_CHECK_H
#define SITEMAPD_CHECK_H

#include <stdio.h>

#include "config.h"
#include "report.h"

/* Writes the problems to out and returns how many there are. */
int	check_site(const struct config *, FILE *out);

/* A problem when robots.txt keeps "*" from path; what names it. */
void	check_robots_allows(const struct reporter *, const struct config *,
	    const char *path, const char *what);

#endif
