/* The scheme and host absolute URLs start with (README, What it serves). */
#ifndef SITEMAPD_BASEURL_H
#define SITEMAPD_BASEURL_H

#include "buf.h"
#include "host.h"

struct request;

/*
 * Appends "scheme://host" for req: from the proxy headers when the peer
 * is a trusted proxy, else from the request itself. Returns -1 with the
 * reason in why (never the hostile value itself).
 */
int	base_url(const struct request *req, const struct host_policy *,
	    struct buf *out, struct buf *why);

#endif
