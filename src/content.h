/*
 * The content root in NoPressure's flat storage (SPEC section 2), read into
 * the page metadata every response is built from.
 */
#ifndef SITEMAPD_CONTENT_H
#define SITEMAPD_CONTENT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "buf.h"
#include "tags.h"

struct page {
	uint64_t	 id;
	uint32_t	 version;	/* the current one */
	char		*alias;		/* canonical, or NULL */
	int		 markdown;
	enum access	 access;
	time_t		 last_modified;	/* newest of blob and sidecar */
};

struct site {
	struct page	*pages;		/* sorted by id */
	size_t		 n;
};

/*
 * Scans root. Broken sidecars and alias collisions are logged and left
 * out. Returns -1 with the reason in why when the root, a shard or
 * tags.yaml cannot be read: serving part of a site would be wrong.
 */
int	content_scan(const char *root, struct site *, struct buf *why);
void	site_free(struct site *);

#endif
