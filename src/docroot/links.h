/*
 * A page's own links, as a browser resolves them: the href of each <a>
 * of its body, read with libxml2's HTML push parser, and of its <base>.
 * check reads them where a site names no canonicals, to tell from how
 * the site links its pages which URLs it means them at.
 */
#ifndef SITEMAPD_LINKS_H
#define SITEMAPD_LINKS_H

#include <stddef.h>

/* Read no further: the links of a page are in its first bytes. */
#define LINKS_READ_MAX	(1024 * 1024)

/*
 * Calls each with the href of each <a> of what fd holds from its start,
 * at most max of them; *base gets the first <base href> (NULL, or to be
 * freed). -1 when it cannot be read.
 */
int	page_links(int fd, size_t max, void (*each)(void *, const char *),
	    void *arg, char **base);

#endif
