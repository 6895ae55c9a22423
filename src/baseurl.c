#include <arpa/inet.h>
#include <string.h>
#include <strings.h>

#include "baseurl.h"
#include "request.h"

#define HOST_MAX	253	/* the longest DNS name */

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* 1-65535, decimal, no sign, no leading zero. */
static long
parse_port(const char *s, size_t n)
{
	long v = 0;

	if (n == 0 || n > 5 || s[0] == '0')
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!is_digit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= 65535 ? v : -1;
}

/* Dotted-quad IPv4 with each part 0-255 and no leading zeros. */
static int
is_ipv4(const char *s, size_t n)
{
	int parts = 0;
	size_t i = 0;

	while (i <= n) {
		size_t start = i;
		int v = 0;

		while (i < n && is_digit(s[i]))
			v = v * 10 + (s[i++] - '0');
		if (i == start || i - start > 3 || v > 255 ||
		    (s[start] == '0' && i - start > 1))
			return 0;
		parts++;
		if (i == n)
			break;
		if (s[i++] != '.')
			return 0;
	}
	return parts == 4;
}

/*
 * Letters, digits and hyphens in dot-separated labels of 1-63 characters
 * that neither start nor end with a hyphen. A name whose last label is
 * numeric must be an IPv4 address, as URL parsers read it as one.
 */
static int
is_reg_name(const char *s, size_t n)
{
	size_t label = 0, last = 0;
	int numeric = 1;

	if (n == 0 || n > HOST_MAX)
		return 0;
	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == '.') {
			if (i == label || i - label > 63 || s[label] == '-' ||
			    s[i - 1] == '-')
				return 0;
			last = label;
			label = i + 1;
			continue;
		}
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') || is_digit(s[i]) ||
		    s[i] == '-'))
			return 0;
	}
	for (size_t i = last; i < n; i++)
		numeric &= is_digit(s[i]);
	return !numeric || is_ipv4(s, n);
}

int
host_canonical(const char *in, int https, struct buf *out, const char **why)
{
	const char *host = in, *port = NULL, *end = in + strlen(in);
	size_t hostlen;
	long portnum = -1;

	if (*in == '[') {
		const char *close = strchr(in, ']');
		char addr[INET6_ADDRSTRLEN], text[64];
		unsigned char bin[16];

		if (close == NULL || (size_t)(close - in - 1) >= sizeof(text)) {
			*why = "malformed IPv6 host";
			return -1;
		}
		memcpy(text, in + 1, (size_t)(close - in - 1));
		text[close - in - 1] = '\0';
		if (inet_pton(AF_INET6, text, bin) != 1 ||
		    inet_ntop(AF_INET6, bin, addr, sizeof(addr)) == NULL) {
			*why = "invalid IPv6 address";
			return -1;
		}
		if (close[1] == ':')
			port = close + 2;
		else if (close[1] != '\0') {
			*why = "text after the IPv6 address";
			return -1;
		}
		host = addr;
		hostlen = strlen(addr);
		if (port && (portnum = parse_port(port, (size_t)(end - port)))
		    == -1) {
			*why = "invalid port";
			return -1;
		}
		buf_addc(out, '[');
		buf_add(out, host, hostlen);
		buf_addc(out, ']');
	} else {
		const char *colon = strchr(in, ':');

		hostlen = colon ? (size_t)(colon - in) : strlen(in);
		if (!is_reg_name(in, hostlen)) {
			*why = "invalid host name";
			return -1;
		}
		if (colon && (portnum = parse_port(colon + 1,
		    (size_t)(end - colon - 1))) == -1) {
			*why = "invalid port";
			return -1;
		}
		for (size_t i = 0; i < hostlen; i++) {
			char c = in[i];

			buf_addc(out, c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		}
	}
	if (portnum != -1 && portnum != (https ? 443 : 80))
		buf_printf(out, ":%ld", portnum);
	return 0;
}

static int
request_is_https(const struct request *req)
{
	return (req->https && strcasecmp(req->https, "on") == 0) ||
	    (req->request_scheme && strcasecmp(req->request_scheme,
	    "https") == 0);
}

int
base_url(const struct request *req, struct buf *out, const char **why)
{
	int https = request_is_https(req);
	struct buf host = BUF_INIT;
	int rc;

	if (req->http_host)
		buf_adds(&host, req->http_host);
	else if (req->server_name && *req->server_name) {
		/* Some servers give a bare IPv6 address as SERVER_NAME. */
		int bare6 = strchr(req->server_name, ':') &&
		    req->server_name[0] != '[';

		buf_printf(&host, "%s%s%s", bare6 ? "[" : "",
		    req->server_name, bare6 ? "]" : "");
		if (req->server_port && *req->server_port)
			buf_printf(&host, ":%s", req->server_port);
	} else {
		*why = "the request names no host";
		return -1;
	}
	buf_printf(out, "%s://", https ? "https" : "http");
	rc = host_canonical(buf_str(&host), https, out, why);
	buf_free(&host);
	return rc;
}
