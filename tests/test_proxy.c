#include <string.h>

#include "baseurl.h"
#include "cidr.h"
#include "forwarded.h"
#include "request.h"
#include "unit.h"

static int
in_range(const char *range, const char *addr)
{
	struct cidr c;
	const char *why;

	if (cidr_parse(range, &c, &why) != 0) {
		fprintf(stderr, "\nrejected range \"%s\": %s\n", range, why);
		CU_FAIL("range rejected");
		return -1;
	}
	return cidr_list_contains(&c, 1, addr);
}

static void
bad_range(const char *range)
{
	struct cidr c;
	const char *why = NULL;

	if (cidr_parse(range, &c, &why) != -1) {
		fprintf(stderr, "\naccepted range \"%s\"\n", range);
		CU_FAIL("bad range accepted");
	}
	CU_ASSERT_PTR_NOT_NULL(why);
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

static void
fwd(const char *value, const char *proto, const char *host)
{
	struct forwarded f;
	const char *why = NULL;

	if (forwarded_parse(value, &f, &why) != 0) {
		fprintf(stderr, "\nrejected Forwarded \"%s\": %s\n", value, why);
		CU_FAIL("Forwarded rejected");
		return;
	}
	CU_ASSERT_EQUAL(f.has_proto, proto != NULL);
	CU_ASSERT_EQUAL(f.has_host, host != NULL);
	if (proto)
		CU_ASSERT_STRING_EQUAL(buf_str(&f.proto), proto);
	if (host)
		CU_ASSERT_STRING_EQUAL(buf_str(&f.host), host);
	forwarded_free(&f);
}

static void
bad_fwd(const char *value)
{
	struct forwarded f;
	const char *why = NULL;

	if (forwarded_parse(value, &f, &why) != -1) {
		fprintf(stderr, "\naccepted Forwarded \"%s\"\n", value);
		CU_FAIL("bad Forwarded accepted");
		forwarded_free(&f);
	}
	CU_ASSERT_PTR_NOT_NULL(why);
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

static void
test_proxied_base_url(void)
{
	struct request req = { .http_host = "backend:8080",
	    .remote_addr = "127.0.0.1" };
	struct host_policy hp;
	const char *why;

	host_policy_init(&hp);
	check_base_url(&req, &hp, "http://backend:8080");
	req.x_forwarded_proto = "https";
	check_base_url(&req, &hp, "https://backend:8080");
	req.x_forwarded_host = "www.Example.com";
	check_base_url(&req, &hp, "https://www.example.com");
	req.x_forwarded_port = "8443";
	check_base_url(&req, &hp, "https://www.example.com:8443");
	req.x_forwarded_port = " 443 ";
	check_base_url(&req, &hp, "https://www.example.com");
	req.x_forwarded_host = "www.example.com:9000";
	check_base_url(&req, &hp, "https://www.example.com");

	/* Forwarded wins, field by field; its host keeps its own port. */
	req.forwarded = "for=10.0.0.1;host=\"pub.example:4443\"";
	check_base_url(&req, &hp, "https://pub.example:4443");
	req.forwarded = "proto=http";
	check_base_url(&req, &hp, "http://www.example.com:443");

	/* The same headers from an untrusted peer change nothing. */
	req.remote_addr = "203.0.113.7";
	check_base_url(&req, &hp, "http://backend:8080");
	req.remote_addr = NULL;
	check_base_url(&req, &hp, "http://backend:8080");
	req.remote_addr = "::1";
	check_base_url(&req, &hp, "http://www.example.com:443");

	/* Hostile values from a trusted proxy are refused, never used. */
	req.forwarded = NULL;
	req.x_forwarded_port = NULL;
	req.x_forwarded_proto = "https, http";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_proto = "ftp";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_proto = "";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_proto = "HTTPS";
	req.x_forwarded_host = "a.example, b.example";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_host = "evil.example/x";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_host = "evil.example\r\nSet-Cookie: x=1";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_host = "www.example.com";
	req.x_forwarded_port = "0";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_port = "443,80";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_port = NULL;
	req.forwarded = "proto=https;proto=https";
	check_base_url(&req, &hp, NULL);
	req.forwarded = "proto=gopher";
	check_base_url(&req, &hp, NULL);
	req.forwarded = "host=\"\"";
	check_base_url(&req, &hp, NULL);
	/* ...even when a sound Forwarded makes them unused. */
	req.forwarded = "proto=https;host=pub.example";
	req.x_forwarded_host = "a, b";
	check_base_url(&req, &hp, NULL);

	/* An empty trusted_proxies trusts no one. */
	req.forwarded = NULL;
	req.x_forwarded_host = "www.example.com";
	hp.ntrusted = 0;
	check_base_url(&req, &hp, "http://backend:8080");
	CU_ASSERT_EQUAL(host_policy_trust(&hp, "10.0.0.0/8", &why), 0);
	req.remote_addr = "10.9.8.7";
	check_base_url(&req, &hp, "https://www.example.com");
	host_policy_free(&hp);
}

static void
test_allowed_hosts(void)
{
	struct request req = { .http_host = "Example.com:8080" };
	struct host_policy hp;
	const char *why = NULL;

	host_policy_init(&hp);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "EXAMPLE.com", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "*.example.net", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "[::1]", &why), 0);
	CU_ASSERT_EQUAL(host_policy_allow(&hp, "192.0.2.1", &why), 0);
	check_base_url(&req, &hp, "http://example.com:8080");
	req.http_host = "www.example.com";
	check_base_url(&req, &hp, NULL);
	req.http_host = "evilexample.com";
	check_base_url(&req, &hp, NULL);
	req.http_host = "a.example.net";
	check_base_url(&req, &hp, "http://a.example.net");
	req.http_host = "a.b.example.net";
	check_base_url(&req, &hp, "http://a.b.example.net");
	req.http_host = "example.net";
	check_base_url(&req, &hp, NULL);
	req.http_host = "evilexample.net";
	check_base_url(&req, &hp, NULL);
	req.http_host = "[0::1]:81";
	check_base_url(&req, &hp, "http://[::1]:81");
	req.http_host = "192.0.2.1";
	check_base_url(&req, &hp, "http://192.0.2.1");
	req.http_host = "192.0.2.2";
	check_base_url(&req, &hp, NULL);
	/* A forwarded host passes the same gate. */
	req.remote_addr = "127.0.0.1";
	req.http_host = "example.com";
	req.x_forwarded_host = "attacker.example";
	check_base_url(&req, &hp, NULL);
	req.x_forwarded_host = "x.example.net";
	check_base_url(&req, &hp, "http://x.example.net");

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
