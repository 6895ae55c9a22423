/*
 * The robots.txt a document root already holds. The web server sends
 * /robots.txt to sitemapd, which would hide that file, so its groups are
 * read with the Google-exact parser and merged into what sitemapd writes.
 */
#ifndef SITEMAPD_ROBOTS_FILE_H
#define SITEMAPD_ROBOTS_FILE_H

#include "host.h"
#include "buf.h"
#include "report.h"
#include "robots_writer.h"

/*
 * Adds the rules and Sitemap lines of root's robots.txt to r, each rule
 * to the group of the same agents. A rule that names admin (canonical,
 * or NULL) is left out, and so is a line no crawler would read the same
 * once merged, and a Sitemap line on the site's own host (one of hosts),
 * each told to rep (NULL: nobody). Returns 0, also when
 * there is no such file, or -1 with the reason in why when it cannot be
 * read.
 */
int	docroot_robots_merge(const char *root, const char *admin,
	    const struct host_policy *hosts, struct robots *r,
	    const struct reporter *rep, struct buf *why);

#endif
