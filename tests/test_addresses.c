/*
 * Which addresses an audit may connect to (src/audit/addresses.c): each
 * range of IANA's special-purpose registries, at its edges, and the IPv4
 * address an IPv6 one carries judged; a table, each failure at its line.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "addresses.h"
#include "unit.h"

#define L	CRAWL_LOOPBACK
#define P	CRAWL_PRIVATE
#define K	CRAWL_LINK_LOCAL
#define R	CRAWL_RESERVED

static void
test_table(void)
{
	static const struct {
		int		 line;
		const char	*addr;
		unsigned	 want;
	} cases[] = {
		/* IPv4. */
		{ __LINE__, "0.0.0.0", L },
		{ __LINE__, "0.255.255.255", L },
		{ __LINE__, "1.0.0.0", 0 },
		{ __LINE__, "9.255.255.255", 0 },
		{ __LINE__, "10.0.0.0", P },
		{ __LINE__, "10.255.255.255", P },
		{ __LINE__, "11.0.0.0", 0 },
		{ __LINE__, "100.63.255.255", 0 },
		{ __LINE__, "100.64.0.0", P },
		{ __LINE__, "100.127.255.255", P },
		{ __LINE__, "100.128.0.0", 0 },
		{ __LINE__, "127.0.0.1", L },
		{ __LINE__, "127.255.255.255", L },
		{ __LINE__, "169.254.0.1", K },
		{ __LINE__, "169.255.0.1", 0 },
		{ __LINE__, "172.15.255.255", 0 },
		{ __LINE__, "172.16.0.0", P },
		{ __LINE__, "172.31.255.255", P },
		{ __LINE__, "172.32.0.0", 0 },
		{ __LINE__, "192.0.0.8", R },
		{ __LINE__, "192.0.2.1", R },
		{ __LINE__, "192.0.3.1", 0 },
		{ __LINE__, "192.88.99.1", R },
		{ __LINE__, "192.167.255.255", 0 },
		{ __LINE__, "192.168.1.1", P },
		{ __LINE__, "192.169.0.0", 0 },
		{ __LINE__, "198.17.255.255", 0 },
		{ __LINE__, "198.18.0.1", R },
		{ __LINE__, "198.19.255.255", R },
		{ __LINE__, "198.20.0.0", 0 },
		{ __LINE__, "198.51.100.7", R },
		{ __LINE__, "203.0.113.7", R },
		{ __LINE__, "223.255.255.255", 0 },
		{ __LINE__, "224.0.0.1", R },
		{ __LINE__, "239.255.255.255", R },
		{ __LINE__, "240.0.0.1", R },
		{ __LINE__, "255.255.255.255", R },
		{ __LINE__, "93.184.216.34", 0 },
		/* IPv6. */
		{ __LINE__, "::", L },
		{ __LINE__, "::1", L },
		{ __LINE__, "::2", L },			/* compatible: 0.0.0.2 */
		{ __LINE__, "::127.0.0.1", L },		/* compatible */
		{ __LINE__, "::10.0.0.1", P },
		{ __LINE__, "::93.184.216.34", 0 },
		{ __LINE__, "::ffff:127.0.0.1", L },	/* mapped */
		{ __LINE__, "::ffff:192.168.0.1", P },
		{ __LINE__, "::ffff:198.18.0.1", R },
		{ __LINE__, "::ffff:93.184.216.34", 0 },
		{ __LINE__, "::1:0:0:1", R },		/* ::/8 otherwise */
		{ __LINE__, "64:ff9b::7f00:1", L },	/* NAT64: 127.0.0.1 */
		{ __LINE__, "64:ff9b::a00:1", P },
		{ __LINE__, "64:ff9b::5db8:d822", 0 },	/* 93.184.216.34 */
		{ __LINE__, "64:ff9b:1::1", P },	/* local-use NAT64 */
		{ __LINE__, "64:ff9b:2::1", R },	/* ::/8, but the two */
		{ __LINE__, "100::1", R },
		{ __LINE__, "100:0:0:1::1", 0 },
		/* Teredo: the client's address, each bit flipped. */
		{ __LINE__, "2001:0:4136:e378:8000:63bf:80ff:fffe", L },
		{ __LINE__, "2001:0:4136:e378:8000:63bf:a247:2bdd", 0 },
		{ __LINE__, "2001:2::1", R },		/* benchmarking */
		{ __LINE__, "2001:1ff::1", R },
		{ __LINE__, "2001:200::1", 0 },
		{ __LINE__, "2001:db8::1", R },
		{ __LINE__, "2002:7f00:1::1", L },	/* 6to4: 127.0.0.1 */
		{ __LINE__, "2002:c0a8:101::1", P },
		{ __LINE__, "2002:5db8:d822::1", 0 },
		{ __LINE__, "2606:4700::1111", 0 },
		{ __LINE__, "3fff::1", R },
		{ __LINE__, "5f00::1", R },
		{ __LINE__, "fbff:ffff::1", 0 },
		{ __LINE__, "fc00::1", P },
		{ __LINE__, "fdff:ffff::1", P },
		{ __LINE__, "fe80::1", K },
		{ __LINE__, "febf::1", K },
		{ __LINE__, "fec0::1", P },		/* site-local */
		{ __LINE__, "feff::1", P },
		{ __LINE__, "ff02::1", R },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned char b[16];
		int family = strchr(cases[i].addr, ':') ? AF_INET6 : AF_INET;
		unsigned got;

		if (inet_pton(family, cases[i].addr, b) != 1) {
			UNIT_FAIL_AT(cases[i].line, "not an address");
			continue;
		}
		got = crawl_address_class_of(family, b);
		UNIT_AT(cases[i].line, got == cases[i].want);
		if (got != cases[i].want)
			fprintf(stderr, "line %d: %s: %#x\n", cases[i].line,
			    cases[i].addr, got);
	}
}

void
suite_addresses(void)
{
	static CU_TestInfo tests[] = {
		{ "IANA's special-purpose ranges, each", test_table },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("addresses", tests);
}
