#include <string.h>

#include "baseurl.h"
#include "request.h"
#include "unit.h"

#define ok(...)	ok_at(__LINE__, __VA_ARGS__)
static void
ok_at(int line, const char *in, int https, const char *want)
{
	struct buf b = BUF_INIT;
	const char *why = NULL;

	UNIT_AT(line, host_canonical(in, https, &b, &why) == 0);
	if (strcmp(buf_str(&b), want) != 0) {
		fprintf(stderr, "\n%s: wanted %s, got %s (%s)\n", in, want,
		    buf_str(&b), why ? why : "");
		UNIT_FAIL_AT(line, "host");
	}
	buf_free(&b);
}

#define bad(...)	bad_at(__LINE__, __VA_ARGS__)
static void
bad_at(int line, const char *in)
{
	struct buf b = BUF_INIT;
	const char *why = NULL;

	if (host_canonical(in, 0, &b, &why) != -1) {
		fprintf(stderr, "\naccepted hostile host \"%s\"\n", in);
		UNIT_FAIL_AT(line, "hostile host accepted");
	}
	UNIT_AT(line, why != NULL);
	buf_free(&b);
}

static void
test_valid_hosts(void)
{
	ok("example.com", 0, "example.com");
	ok("Example.COM", 0, "example.com");
	ok("example.com:80", 0, "example.com");
	ok("example.com:443", 0, "example.com:443");
	ok("example.com:443", 1, "example.com");
	ok("example.com:8080", 1, "example.com:8080");
	ok("localhost", 0, "localhost");
	ok("a-b.c0.example", 0, "a-b.c0.example");
	ok("127.0.0.1:8080", 0, "127.0.0.1:8080");
	ok("[::1]", 0, "[::1]");
	ok("[0:0:0:0:0:0:0:1]:8443", 1, "[::1]:8443");
	ok("[2001:DB8::1]:443", 1, "[2001:db8::1]");
	ok("123.example.com", 0, "123.example.com");
}

static void
test_hostile_hosts(void)
{
	char label[80];

	bad("");
	bad(":80");
	bad("exa mple.com");
	bad("example.com\r\nX-Injected: 1");
	bad("example.com/evil");
	bad("user@example.com");
	bad("example.com\\x");
	bad("\"example.com\"");
	bad("<script>");
	bad("a..b");
	bad(".example.com");
	bad("example.com.");
	bad("-a.example.com");
	bad("a-.example.com");
	bad("a_b.example.com");
	bad("ex\xc3\xa4mple.com");
	bad("example.com:");
	bad("example.com:0");
	bad("example.com:65536");
	bad("example.com:080");
	bad("example.com:+80");
	bad("example.com:80:80");
	bad("example.com:8o");
	bad("1.2.3");
	bad("999.1.1.1");
	bad("01.2.3.4");
	bad("1.2.3.4.5");
	/* Found by the fuzzer: a long digit run once overflowed an int. */
	bad("11111111111111");
	bad("999999999999.1.1.1");
	bad("[::1");
	bad("::1");
	bad("[zz::1]");
	bad("[::1]x");
	bad("[::1]:");
	bad("[fe80::1%25eth0]");
	bad("[1.2.3.4]");
	memset(label, 'a', 64);
	strcpy(label + 64, ".com");
	bad(label);
}

void
check_base_url_at(const char *file, int line, const struct request *req,
    const struct host_policy *hp, const char *want)
{
	struct buf b = BUF_INIT, why = BUF_INIT;
	int rc = base_url(req, hp, &b, &why);
	int ok = want == NULL ? rc == -1 && why.len > 0 :
	    rc == 0 && strcmp(buf_str(&b), want) == 0;

	if (!ok)
		fprintf(stderr, "\nwanted %s, got %s (%s)\n",
		    want ? want : "an error", buf_str(&b), buf_str(&why));
	CU_assertImplementation(ok, (unsigned)line, "base URL", file, "",
	    CU_FALSE);
	buf_free(&b);
	buf_free(&why);
}

#define base(...)	base_at(__LINE__, __VA_ARGS__)
static void
base_at(int line, struct request *req, const char *want)
{
	struct host_policy hp;

	host_policy_init(&hp);
	check_base_url_at(__FILE__, line, req, &hp, want);
	host_policy_free(&hp);
}

static void
test_base_url(void)
{
	struct request req = { 0 };

	base(&req, NULL);
	req.server_name = "Example.com";
	req.server_port = "80";
	base(&req, "http://example.com");
	req.server_port = "8080";
	base(&req, "http://example.com:8080");
	req.server_name = "::1";
	base(&req, "http://[::1]:8080");
	req.http_host = "www.example.com:8080";
	base(&req, "http://www.example.com:8080");
	req.https = "on";
	base(&req, "https://www.example.com:8080");
	req.https = "off";
	req.request_scheme = "https";
	req.http_host = "www.example.com:443";
	base(&req, "https://www.example.com");
	req.request_scheme = "http";
	base(&req, "http://www.example.com:443");
	/* A Host header that is present but hostile is never replaced. */
	req.http_host = "evil.com/x";
	base(&req, NULL);
	req.http_host = "";
	base(&req, NULL);
}

void
suite_baseurl(void)
{
	static CU_TestInfo tests[] = {
		{ "valid hosts", test_valid_hosts },
		{ "hostile hosts", test_hostile_hosts },
		{ "base URL", test_base_url },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("baseurl", tests);
}
