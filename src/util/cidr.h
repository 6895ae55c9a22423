/* Address ranges, for deciding which peers are trusted proxies. */
#ifndef SITEMAPD_CIDR_H
#define SITEMAPD_CIDR_H

struct cidr {
	int		family;		/* AF_INET or AF_INET6 */
	unsigned char	addr[16];	/* network byte order */
	unsigned	bits;		/* prefix length */
};

/*
 * Parses "ADDR" or "ADDR/BITS", IPv4 or IPv6. Returns -1 with *why set
 * when the text is not one, or when bits past the prefix are set (a
 * typo more often than an intent).
 */
int	cidr_parse(const char *s, struct cidr *out, const char **why);

/* True when the textual address addr lies in one of the n ranges. */
int	cidr_list_contains(const struct cidr *list, size_t n,
	    const char *addr);

#endif
