/*
 * IANA's special-purpose address registries as one table (addresses.h):
 * each range that is not globally reachable, its class, and where an
 * IPv6 range carries an IPv4 address, the bytes that hold it.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include "addresses.h"

/* How an IPv6 range carries an IPv4 address. */
enum carried {
	CARRIES_NONE,
	CARRIES_LAST,		/* the last 4 bytes: mapped, compatible,
				   NAT64 */
	CARRIES_6TO4,		/* bytes 2 to 5 */
	CARRIES_TEREDO,		/* the last 4, each bit flipped: the client */
};

static const struct range {
	int		 family;
	const char	*prefix;	/* as inet_pton reads it */
	unsigned	 bits;
	unsigned	 class;		/* when it carries none, or its own */
	enum carried	 carries;
} ranges[] = {
	/* IPv4, RFC 6890 and its updates. */
	{ AF_INET, "0.0.0.0", 8, CRAWL_LOOPBACK, 0 },	/* "this network" */
	{ AF_INET, "10.0.0.0", 8, CRAWL_PRIVATE, 0 },
	{ AF_INET, "100.64.0.0", 10, CRAWL_PRIVATE, 0 },	/* shared */
	{ AF_INET, "127.0.0.0", 8, CRAWL_LOOPBACK, 0 },
	{ AF_INET, "169.254.0.0", 16, CRAWL_LINK_LOCAL, 0 },
	{ AF_INET, "172.16.0.0", 12, CRAWL_PRIVATE, 0 },
	{ AF_INET, "192.0.0.0", 24, CRAWL_RESERVED, 0 },	/* IETF */
	{ AF_INET, "192.0.2.0", 24, CRAWL_RESERVED, 0 },	/* TEST-NET-1 */
	{ AF_INET, "192.88.99.0", 24, CRAWL_RESERVED, 0 },	/* 6to4 relay */
	{ AF_INET, "192.168.0.0", 16, CRAWL_PRIVATE, 0 },
	{ AF_INET, "198.18.0.0", 15, CRAWL_RESERVED, 0 },	/* benchmarking */
	{ AF_INET, "198.51.100.0", 24, CRAWL_RESERVED, 0 },	/* TEST-NET-2 */
	{ AF_INET, "203.0.113.0", 24, CRAWL_RESERVED, 0 },	/* TEST-NET-3 */
	{ AF_INET, "224.0.0.0", 4, CRAWL_RESERVED, 0 },	/* multicast */
	{ AF_INET, "240.0.0.0", 4, CRAWL_RESERVED, 0 },	/* and broadcast */
	/* IPv6, RFC 6890 and its updates; the longest prefix first. */
	{ AF_INET6, "::", 128, CRAWL_LOOPBACK, 0 },	/* unspecified */
	{ AF_INET6, "::1", 128, CRAWL_LOOPBACK, 0 },
	{ AF_INET6, "::ffff:0:0", 96, 0, CARRIES_LAST },	/* mapped */
	{ AF_INET6, "::", 96, 0, CARRIES_LAST },	/* compatible */
	{ AF_INET6, "64:ff9b::", 96, 0, CARRIES_LAST },	/* NAT64 */
	{ AF_INET6, "64:ff9b:1::", 48, CRAWL_PRIVATE, 0 },	/* local NAT64 */
	{ AF_INET6, "100::", 64, CRAWL_RESERVED, 0 },	/* discard-only */
	{ AF_INET6, "2001::", 32, 0, CARRIES_TEREDO },
	{ AF_INET6, "2001::", 23, CRAWL_RESERVED, 0 },	/* IETF */
	{ AF_INET6, "2001:db8::", 32, CRAWL_RESERVED, 0 },	/* documentation */
	{ AF_INET6, "2002::", 16, 0, CARRIES_6TO4 },
	{ AF_INET6, "3fff::", 20, CRAWL_RESERVED, 0 },	/* documentation */
	{ AF_INET6, "5f00::", 16, CRAWL_RESERVED, 0 },	/* SRv6 SIDs */
	{ AF_INET6, "fc00::", 7, CRAWL_PRIVATE, 0 },	/* unique local */
	{ AF_INET6, "fe80::", 10, CRAWL_LINK_LOCAL, 0 },
	{ AF_INET6, "fec0::", 10, CRAWL_PRIVATE, 0 },	/* site-local */
	{ AF_INET6, "ff00::", 8, CRAWL_RESERVED, 0 },	/* multicast */
	{ AF_INET6, "::", 8, CRAWL_RESERVED, 0 },	/* reserved by IETF */
};

static int	in_range(const struct range *, const unsigned char *);

unsigned
crawl_address_class(const struct sockaddr *sa, char *text, size_t size)
{
	const void *bytes;

	if (sa->sa_family == AF_INET6)
		bytes = &((const struct sockaddr_in6 *)(const void *)sa)->
		    sin6_addr;
	else if (sa->sa_family == AF_INET)
		bytes = &((const struct sockaddr_in *)(const void *)sa)->
		    sin_addr;
	else
		return 0;
	inet_ntop(sa->sa_family, bytes, text, (socklen_t)size);
	return crawl_address_class_of(sa->sa_family, bytes);
}

unsigned
crawl_address_class_of(int family, const unsigned char *b)
{
	unsigned char v4[4];

	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		const struct range *r = &ranges[i];

		if (r->family != family || !in_range(r, b))
			continue;
		switch (r->carries) {
		case CARRIES_NONE:
			return r->class;
		case CARRIES_LAST:
			return crawl_address_class_of(AF_INET, b + 12);
		case CARRIES_6TO4:
			return crawl_address_class_of(AF_INET, b + 2);
		case CARRIES_TEREDO:
			for (int k = 0; k < 4; k++)
				v4[k] = (unsigned char)~b[12 + k];
			return crawl_address_class_of(AF_INET, v4);
		}
	}
	return 0;
}

const char *
crawl_address_class_name(unsigned class)
{
	return class & CRAWL_LOOPBACK ? "a loopback" :
	    class & CRAWL_LINK_LOCAL ? "a link-local" :
	    class & CRAWL_PRIVATE ? "a private" :
	    "a reserved (not globally reachable)";
}

/* Whether the address's first bits are the range's. */
static int
in_range(const struct range *r, const unsigned char *b)
{
	unsigned char p[16];
	unsigned whole = r->bits / 8, rest = r->bits % 8;

	if (inet_pton(r->family, r->prefix, p) != 1)
		return 0;
	if (memcmp(p, b, whole) != 0)
		return 0;
	return rest == 0 ||
	    ((p[whole] ^ b[whole]) & (unsigned char)(0xff << (8 - rest))) == 0;
}
