/* The Forwarded header of RFC 7239, read strictly. */
#ifndef SITEMAPD_FORWARDED_H
#define SITEMAPD_FORWARDED_H

#include "buf.h"

/* What the last forwarded-element says, unescaped and not yet validated. */
struct forwarded {
	int		has_proto;
	int		has_host;
	struct buf	proto;
	struct buf	host;
};

/*
 * Parses a whole Forwarded field value and keeps the last element: the
 * one the proxy nearest to us added. Returns -1 with *why set on any
 * syntax error or repeated parameter, in any element.
 */
int	forwarded_parse(const char *value, struct forwarded *out,
	    const char **why);
void	forwarded_free(struct forwarded *);

#endif
