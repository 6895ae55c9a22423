#include <string.h>

#include "baseurl.h"
#include "cidr.h"
#include "forwarded.h"
#include "request.h"
#include "unit.h"

#define in_range(...)	in_range_at(__LINE__, __VA_ARGS__)
static int
in_range_at(int line, const char *range, const char *addr)
{
	struct cidr c;
	const char *why;

	if (cidr_parse(range, &c, &why) != 0) {
		fprintf(stderr, "\nrejected range \"%s\": %s\n", range, why);
		UNIT_FAIL_AT(line, "range rejected");
		return -1;
	}
	return cidr_list_contains(&c, 1, addr);
}

#define bad_range(...)	bad_range_at(__LINE__, __VA_ARGS__)
static void
bad_range_at(int line, const char *range)
{
	struct cidr c;
	const char *why = NULL;

	if (cidr_parse(range, &c, &why) != -1) {
		fprintf(stderr, "\naccepted range \"%s\"\n", range);
		UNIT_FAIL_AT(line, "bad range accepted");
	}
	UNIT_AT(line, why != NULL);
}

static void
test_cidr(void)
{
	CU_ASSERT_TRUE(in_range("127.0.0.0/8", "127.0.0.1"));
	CU_ASSERT_TRUE(in_range("127.0.0.0/8", "127.255.255.255"));
	CU_ASSERT_FALSE(in_range("127.0.0.0/8", "128.0.0.1"));
	CU_ASSERT_TRUE(in_range("10.1.2.3", "10.1.2.3"));
	CU_ASSERT_FALSE(in_range("10.1.2.3", "10.1.2.4"));
	CU_ASSERT_TRUE(in_range("192.168.0.0/23", "192.168.1.200"));
	CU_ASSERT_FALSE(in_range("192.168.0.0/23", "192.168.2.1"));
	CU_ASSERT_TRUE(in_range("0.0.0.0/0", "203.0.113.9"));
	CU_ASSERT_FALSE(in_range("0.0.0.0/0", "::1"));
	CU_ASSERT_TRUE(in_range("::1", "::1"));
	CU_ASSERT_TRUE(in_range("::1", "0:0:0:0:0:0:0:1"));
	CU_ASSERT_FALSE(in_range("::1", "::2"));
	CU_ASSERT_TRUE(in_range("2001:db8::/32", "2001:db8:ffff::1"));
	CU_ASSERT_FALSE(in_range("2001:db8::/32", "2001:db9::1"));
	CU_ASSERT_TRUE(in_range("fc00::/7", "fdff::1"));
	CU_ASSERT_FALSE(in_range("fd00::/8", "fc00::1"));
	/* An IPv4 peer reported in IPv6 notation is still that peer. */
	CU_ASSERT_TRUE(in_range("127.0.0.0/8", "::ffff:127.0.0.1"));
	CU_ASSERT_FALSE(in_range("::ffff:0:0/96", "::1"));
	CU_ASSERT_TRUE(in_range("::ffff:10.0.0.0/104", "10.1.2.3"));
	CU_ASSERT_TRUE(in_range("::ffff:0:0/96", "192.0.2.1"));
	/* A peer that is not an address is never trusted. */
	CU_ASSERT_FALSE(in_range("0.0.0.0/0", "localhost"));
	CU_ASSERT_FALSE(in_range("0.0.0.0/0", ""));
	CU_ASSERT_FALSE(in_range("0.0.0.0/0", "1.2.3.4 "));
	CU_ASSERT_FALSE(cidr_list_contains(NULL, 0, "127.0.0.1"));

	bad_range("");
	bad_range("/8");
	bad_range("localhost");
	bad_range("10.0.0.0/");
	bad_range("10.0.0.0/33");
	bad_range("10.0.0.0/08");
	bad_range("10.0.0.0/+8");
	bad_range("10.0.0.0/8x");
	bad_range("10.0.0.1/8");	/* host bits set */
	bad_range("10.0.0");
	bad_range("::1/129");
	bad_range("2001:db8::1/32");
	bad_range("fd00::/7");
	bad_range("[::1]");
	bad_range("fe80::1%eth0");
}

#define fwd(...)	fwd_at(__LINE__, __VA_ARGS__)
static void
fwd_at(int line, const char *value, const char *proto, const char *host)
{
	struct forwarded f;
	const char *why = NULL;

	if (forwarded_parse(value, &f, &why) != 0) {
		fprintf(stderr, "\nrejected Forwarded \"%s\": %s\n", value, why);
		UNIT_FAIL_AT(line, "Forwarded rejected");
		return;
	}
	UNIT_AT(line, f.has_proto == (proto != NULL));
	UNIT_AT(line, f.has_host == (host != NULL));
	if (proto)
		UNIT_AT(line, strcmp(buf_str(&f.proto), proto) == 0);
	if (host)
		UNIT_AT(line, strcmp(buf_str(&f.host), host) == 0);
	forwarded_free(&f);
}

#define bad_fwd(...)	bad_fwd_at(__LINE__, __VA_ARGS__)
static void
bad_fwd_at(int line, const char *value)
{
	struct forwarded f;
	const char *why = NULL;

	if (forwarded_parse(value, &f, &why) != -1) {
		fprintf(stderr, "\naccepted Forwarded \"%s\"\n", value);
		UNIT_FAIL_AT(line, "bad Forwarded accepted");
		forwarded_free(&f);
	}
	UNIT_AT(line, why != NULL);
}

static void
test_forwarded(void)
{
	fwd("proto=https;host=example.com", "https", "example.com");
	fwd("for=192.0.2.60;proto=http;by=203.0.113.43", "http", NULL);
	fwd("PROTO=https; Host=example.com", "https", "example.com");
	fwd("host=\"example.com:8443\"", NULL, "example.com:8443");
	fwd("host=\"[2001:db8::1]:8443\"", NULL, "[2001:db8::1]:8443");
	fwd("host=\"ex\\ample.com\"", NULL, "example.com");
	fwd("for=\"_gazonk\"", NULL, NULL);
	fwd("for=\"[2001:db8:cafe::17]:4711\"", NULL, NULL);
	/* The last element is the nearest proxy's. */
	fwd("proto=http;host=a.example, proto=https;host=b.example",
	    "https", "b.example");
	fwd("host=a.example, for=10.0.0.1", NULL, NULL);
	fwd("host=a.example,,  ,", NULL, "a.example");
	fwd(" proto=https ; host=x.example ", "https", "x.example");
	fwd("proto=https;;host=x.example", "https", "x.example");
	fwd("", NULL, NULL);
	fwd("ext=\"tab\there\";proto=https", "https", NULL);

	bad_fwd("proto=https;proto=http");
	bad_fwd("Proto=https;pRoTo=https");
	bad_fwd("for=1.2.3.4;FOR=5.6.7.8");
	bad_fwd("proto=http, host=a;host=b");	/* in any element */
	bad_fwd("proto");
	bad_fwd("proto=");
	bad_fwd("=https");
	bad_fwd("proto =https");
	bad_fwd("proto= https");
	bad_fwd("host=example.com:8443");	/* ':' needs quoting */
	bad_fwd("host=\"example.com");
	bad_fwd("host=\"a\"b");
	bad_fwd("host=\"a\r\nX-Injected: 1\"");
	bad_fwd("host=a\r\nX-Injected: 1");
	bad_fwd("host=\"a\\");
	bad_fwd("host=\"a\\\n\"");
	bad_fwd("host=a b");
	bad_fwd("host=<script>");
	bad_fwd("host=a/b");
	bad_fwd("p1=1;p2=2;p3=3;p4=4;p5=5;p6=6;p7=7;p8=8;p9=9;p10=10;"
	    "p11=11;p12=12;p13=13;p14=14;p15=15;p16=16;p17=17");
}

/*
 * Each case is a whole request: the Host header is "backend:8080", and
 * the peer is trusted under the default policy (loopback) unless trust
 * names another ("" trusts no one). want NULL means refused.
 */
static void
test_proxied_base_url(void)
{
	static const struct {
		int		 line;
		const char	*trust, *peer, *forwarded;
		const char	*proto, *host, *port;	/* X-Forwarded-* */
		const char	*want;
	} cases[] = {
		{ __LINE__, NULL, "127.0.0.1", NULL, NULL, NULL, NULL,
		    "http://backend:8080" },
		{ __LINE__, NULL, "127.0.0.1", NULL, "https", NULL, NULL,
		    "https://backend:8080" },
		{ __LINE__, NULL, "127.0.0.1", NULL, "https", "www.Example.com",
		    NULL, "https://www.example.com" },
		{ __LINE__, NULL, "127.0.0.1", NULL, "https", "www.Example.com",
		    "8443", "https://www.example.com:8443" },
		{ __LINE__, NULL, "127.0.0.1", NULL, "https", "www.Example.com",
		    " 443 ", "https://www.example.com" },
		{ __LINE__, NULL, "127.0.0.1", NULL, "https",
		    "www.example.com:9000", " 443 ",
		    "https://www.example.com" },
		/* Forwarded wins, field by field; its host has its own port. */
		{ __LINE__, NULL, "127.0.0.1",
		    "for=10.0.0.1;host=\"pub.example:4443\"", "https",
		    "www.example.com:9000", " 443 ",
		    "https://pub.example:4443" },
		{ __LINE__, NULL, "127.0.0.1", "proto=http", "https",
		    "www.example.com:9000", " 443 ",
		    "http://www.example.com:443" },
		/* The same headers from an untrusted peer change nothing. */
		{ __LINE__, NULL, "203.0.113.7", "proto=http", "https",
		    "www.example.com:9000", " 443 ", "http://backend:8080" },
		{ __LINE__, NULL, NULL, "proto=http", "https",
		    "www.example.com:9000", " 443 ", "http://backend:8080" },
		{ __LINE__, NULL, "::1", "proto=http", "https",
		    "www.example.com:9000", " 443 ",
		    "http://www.example.com:443" },
		/* Hostile values from a trusted proxy: refused, never used. */
		{ __LINE__, NULL, "::1", NULL, "https, http",
		    "www.example.com:9000", NULL, NULL },
		{ __LINE__, NULL, "::1", NULL, "ftp", "www.example.com:9000",
		    NULL, NULL },
		{ __LINE__, NULL, "::1", NULL, "", "www.example.com:9000", NULL,
		    NULL },
		{ __LINE__, NULL, "::1", NULL, "HTTPS", "a.example, b.example",
		    NULL, NULL },
		{ __LINE__, NULL, "::1", NULL, "HTTPS", "evil.example/x", NULL,
		    NULL },
		{ __LINE__, NULL, "::1", NULL, "HTTPS",
		    "evil.example\r\nSet-Cookie: x=1", NULL, NULL },
		{ __LINE__, NULL, "::1", NULL, "HTTPS", "www.example.com", "0",
		    NULL },
		{ __LINE__, NULL, "::1", NULL, "HTTPS", "www.example.com",
		    "443,80", NULL },
		{ __LINE__, NULL, "::1", "proto=https;proto=https", "HTTPS",
		    "www.example.com", NULL, NULL },
		{ __LINE__, NULL, "::1", "proto=gopher", "HTTPS",
		    "www.example.com", NULL, NULL },
		{ __LINE__, NULL, "::1", "host=\"\"", "HTTPS",
		    "www.example.com", NULL, NULL },
		/* ...even when a sound Forwarded makes them unused. */
		{ __LINE__, NULL, "::1", "proto=https;host=pub.example",
		    "HTTPS", "a, b", NULL, NULL },
		/* An empty trusted_proxies trusts no one. */
		{ __LINE__, "", "::1", NULL, "HTTPS", "www.example.com", NULL,
		    "http://backend:8080" },
		{ __LINE__, "10.0.0.0/8", "10.9.8.7", NULL, "HTTPS",
		    "www.example.com", NULL, "https://www.example.com" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct request req = { .http_host = "backend:8080",
		    .remote_addr = cases[i].peer,
		    .forwarded = cases[i].forwarded,
		    .x_forwarded_proto = cases[i].proto,
		    .x_forwarded_host = cases[i].host,
		    .x_forwarded_port = cases[i].port };
		struct host_policy hp;
		const char *why;

		host_policy_init(&hp);
		if (cases[i].trust) {
			hp.ntrusted = 0;
			if (*cases[i].trust)
				UNIT_AT(cases[i].line, host_policy_trust(&hp,
				    cases[i].trust, &why) == 0);
		}
		check_base_url_at(__FILE__, cases[i].line, &req, &hp,
		    cases[i].want);
		host_policy_free(&hp);
	}
}

/* Each case a whole request, under one allowed_hosts. */
static void
test_allowed_hosts(void)
{
	static const struct {
		int		 line;
		const char	*host, *peer, *x_forwarded_host;
		const char	*want;	/* NULL: refused */
	} cases[] = {
		{ __LINE__, "Example.com:8080", NULL, NULL,
		    "http://example.com:8080" },
		{ __LINE__, "www.example.com", NULL, NULL, NULL },
		{ __LINE__, "evilexample.com", NULL, NULL, NULL },
		{ __LINE__, "a.example.net", NULL, NULL,
		    "http://a.example.net" },
		{ __LINE__, "a.b.example.net", NULL, NULL,
		    "http://a.b.example.net" },
		{ __LINE__, "example.net", NULL, NULL, NULL },
		{ __LINE__, "evilexample.net", NULL, NULL, NULL },
		{ __LINE__, "[0::1]:81", NULL, NULL, "http://[::1]:81" },
		{ __LINE__, "192.0.2.1", NULL, NULL, "http://192.0.2.1" },
		{ __LINE__, "192.0.2.2", NULL, NULL, NULL },
		/* A forwarded host passes the same gate. */
		{ __LINE__, "example.com", "127.0.0.1", "attacker.example",
		    NULL },
		{ __LINE__, "example.com", "127.0.0.1", "x.example.net",
		    "http://x.example.net" },
	};
	struct host_policy hp;
	const char *why = NULL;

	host_policy_init(&hp);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "EXAMPLE.com", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*.example.net", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "[::1]", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "192.0.2.1", &why), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct request req = { .http_host = cases[i].host,
		    .remote_addr = cases[i].peer,
		    .x_forwarded_host = cases[i].x_forwarded_host };

		check_base_url_at(__FILE__, cases[i].line, &req, &hp,
		    cases[i].want);
	}

	/* A name from elsewhere (a config, a canonical), without case. */
	CU_ASSERT_TRUE(host_policy_allows(&hp, "Example.COM"));
	CU_ASSERT_TRUE(host_policy_allows(&hp, "A.Example.NET"));
	CU_ASSERT_FALSE(host_policy_allows(&hp, "Example.NET"));

	CU_ASSERT_EQUAL(host_policy_allow(&hp, "example.com:80", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*.1.2.3.4", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*.[::1]", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*example.com", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "a.*.example.com", &why), -1);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "", &why), -1);
	host_policy_free(&hp);
}

void
suite_proxy(void)
{
	static CU_TestInfo tests[] = {
		{ "address ranges", test_cidr },
		{ "Forwarded header", test_forwarded },
		{ "base URL behind proxies", test_proxied_base_url },
		{ "allowed hosts", test_allowed_hosts },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("proxy", tests);
}
