/*
 * Which addresses an audit may connect to: every range of IANA's IPv4
 * and IPv6 special-purpose address registries (and multicast) that is
 * not globally reachable, by class, in one table; an IPv6 address that
 * carries an IPv4 one (mapped, compatible, NAT64, 6to4, Teredo) judged by
 * the address it carries, as that is where it leads.
 */
#ifndef SITEMAPD_ADDRESSES_H
#define SITEMAPD_ADDRESSES_H

#include <stddef.h>
#include <sys/socket.h>

/* Classes no fetch reaches unless the audited host is of them. */
#define CRAWL_LOOPBACK		0x1	/* 127/8, 0/8, ::1, :: */
#define CRAWL_PRIVATE		0x2	/* RFC 1918, fc00::/7, 100.64/10,
					   fec0::/10, 64:ff9b:1::/48 */
#define CRAWL_LINK_LOCAL	0x4	/* 169.254/16, fe80::/10 */
#define CRAWL_RESERVED		0x8	/* documentation, benchmarking,
					   reserved, broadcast, multicast */

/* The class of an address (0: public), and its text into text. */
unsigned	crawl_address_class(const struct sockaddr *, char *text,
		    size_t size);
/* The class of an address of family (AF_INET, AF_INET6) in bytes. */
unsigned	crawl_address_class_of(int family, const unsigned char *bytes);
/* What a class is called in a message: "a loopback", ... */
const char	*crawl_address_class_name(unsigned);

#endif
