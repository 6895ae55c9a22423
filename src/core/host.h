/*
 * Host names as URLs carry them, canonical, and which of them the site
 * answers for: [http] trusted_proxies and allowed_hosts.
 */
#ifndef SITEMAPD_HOST_H
#define SITEMAPD_HOST_H

#include <stddef.h>

#include "buf.h"
#include "cidr.h"
#include "protocol_limits.h"

/* A validated host: name is canonical, port is -1 when not given. */
struct host {
	char	name[HOST_MAX + 1];
	long	port;
};

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
 * Reads a reg-name, IPv4 address or bracketed IPv6 address with an
 * optional port into h, canonical. Returns -1 with *why set.
 */
int	host_parse(const char *in, struct host *h, const char **why);
/* Appends h, the scheme's default port dropped. */
void	host_format(const struct host *h, int https, struct buf *out);
/* 1-65535, decimal, no sign, no leading zero; -1 for anything else. */
long	host_port_parse(const char *s, size_t n);

/*
 * Appends host[:port] in canonical form: lowercase, IPv6 in brackets, the
 * scheme's default port dropped. Returns -1 with *why set when in is not
 * a reg-name, IPv4 address or bracketed IPv6 address with a valid port.
 */
int	host_canonical(const char *in, int https, struct buf *out,
	    const char **why);

#endif
