/* The scheme and host that absolute URLs start with (SPEC section 4). */
#ifndef SITEMAPD_BASEURL_H
#define SITEMAPD_BASEURL_H

#include "buf.h"

struct request;

/*
 * Appends host[:port] in canonical form: lowercase, IPv6 in brackets, the
 * scheme's default port dropped. Returns -1 with *why set when in is not
 * a reg-name, IPv4 address or bracketed IPv6 address with a valid port.
 */
int	host_canonical(const char *in, int https, struct buf *out,
	    const char **why);

/* Appends "scheme://host" for req, or returns -1 with *why set. */
int	base_url(const struct request *req, struct buf *out, const char **why);

#endif
