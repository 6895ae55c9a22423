/* The generated robots.txt (SPEC section 5) and its verdicts. */
#ifndef SITEMAPD_ROBOTS_H
#define SITEMAPD_ROBOTS_H

#include <stddef.h>

#include "buf.h"
#include "reserved.h"

struct robots_rule {
	int	 allow;
	char	*pattern;	/* "/login/", or "/robots.txt$" for an exact path */
};

/* The rules of the "*" group, in the order they are written. */
struct robots {
	struct robots_rule	*v;
	size_t			 n;
};

/* Publishes the registry entries marked for robots.txt, then "Allow: /". */
void	robots_build(struct robots *, const struct reserved *);
void	robots_free(struct robots *);

/* What a crawler obeying these rules does with path: 1 allowed, 0 not. */
int	robots_allows(const struct robots *, const char *path);

void	robots_render(const struct robots *, const char *base_url,
	    struct buf *out);

#endif
