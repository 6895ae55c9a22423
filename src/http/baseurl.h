/* The scheme and host absolute URLs start with (README, What it serves). */
#ifndef SITEMAPD_BASEURL_H
#define SITEMAPD_BASEURL_H

#include <stddef.h>

#include "buf.h"
#include "cidr.h"

struct request;

/* [http] in the INI: whom to believe about the host, and which hosts. */
struct host_policy {
	struct cidr	*trusted;	/* proxies whose headers count */
	size_t		 ntrusted;
	char		**allowed;	/* canonical names or "*.suffix" */
	size_t		 nallowed;	/* 0: any valid host */
};

void	host_policy_init(struct host_policy *);	/* trusts loopback */
void	host_policy_free(struct host_policy *);
int	host_policy_trust(struct host_policy *, const char *range,
	    const char **why);
/* Adds "name", "[v6]", an IPv4 address or "*.example.com". */
int	host_policy_allow(struct host_policy *, const char *pattern,
	    const char **why);

/* True when the canonical host name is allowed (any, with none given). */
int	host_policy_allows(const struct host_policy *, const char *name);

/*
 * Appends the host a command-line render asks as when told none: the
 * first allowed name (www. in place of "*" when all are wildcards), else
 * localhost.
 */
void	host_policy_default(const struct host_policy *, struct buf *out);

/*
 * Appends host[:port] in canonical form: lowercase, IPv6 in brackets, the
 * scheme's default port dropped. Returns -1 with *why set when in is not
 * a reg-name, IPv4 address or bracketed IPv6 address with a valid port.
 */
int	host_canonical(const char *in, int https, struct buf *out,
	    const char **why);

/*
 * Appends "scheme://host" for req: from the proxy headers when the peer
 * is a trusted proxy, else from the request itself. Returns -1 with the
 * reason in why (never the hostile value itself).
 */
int	base_url(const struct request *req, const struct host_policy *,
	    struct buf *out, struct buf *why);

#endif
