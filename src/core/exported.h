/*
 * What "sitemapd export" leaves in the folder it writes, for the next
 * export and for the document root that folder usually is. The
 * robots.txt it writes starts with EXPORTED_ROBOTS_MARK: the site's own
 * rules, which that file replaced, are kept in EXPORTED_SITE_ROBOTS and
 * read from there, so that an export is never read back as the site's
 * rules. EXPORTED_WRITTEN lists the files it wrote, one path a line,
 * so that the next removes the parts that are no more, and nothing else.
 * A dotted folder: no document root lists it, no recipe serves it.
 */
#ifndef SITEMAPD_EXPORTED_H
#define SITEMAPD_EXPORTED_H

#define EXPORTED_STATE		".sitemapd"
#define EXPORTED_SITE_ROBOTS	EXPORTED_STATE "/robots.txt"
#define EXPORTED_WRITTEN	EXPORTED_STATE "/written"
#define EXPORTED_ROBOTS_MARK	"# Written by sitemapd export; the site's own " \
	"rules are in " EXPORTED_SITE_ROBOTS "\n"

#endif
