/* The scheme and host every absolute URL starts with, from the request. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "baseurl.h"
#include "forwarded.h"
#include "number.h"
#include "protocol_limits.h"
#include "request_vars.h"

/* A validated host: name is canonical, port is -1 when not given. */
struct host {
	char	name[HOST_MAX + 1];
	long	port;
};

/* 1-65535, decimal, no sign, no leading zero. */
static long
parse_port(const char *s, size_t n)
{
	const char *why;
	uint64_t v;

	return number_parse(s, n, 10, 0, 1, 65535, &v, &why) == 0 ?
	    (long)v : -1;
}

/* Dotted-quad IPv4 with each part 0-255 and no leading zeros. */
static int
is_ipv4(const char *s, size_t n)
{
	const char *end = s + n, *why;
	uint64_t v;

	for (int part = 0; part < 4; part++) {
		const char *stop = part < 3 ? memchr(s, '.',
		    (size_t)(end - s)) : end;

		if (stop == NULL || number_parse(s, (size_t)(stop - s), 10, 0,
		    0, 255, &v, &why) == -1)
			return 0;
		s = stop + 1;
	}
	return 1;
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
		if (!ascii_is_alpha(s[i]) && !ascii_is_digit(s[i]) &&
		    s[i] != '-')
			return 0;
	}
	for (size_t i = last; i < n; i++)
		numeric &= ascii_is_digit(s[i]);
	return !numeric || is_ipv4(s, n);
}

/* Reads "[v6]" at in into h->name; returns the text after it or NULL. */
static const char *
parse_ipv6(const char *in, struct host *h, const char **why)
{
	const char *close = strchr(in, ']');
	char text[64];
	unsigned char bin[16];

	if (close == NULL || (size_t)(close - in - 1) >= sizeof(text)) {
		*why = "malformed IPv6 host";
		return NULL;
	}
	memcpy(text, in + 1, (size_t)(close - in - 1));
	text[close - in - 1] = '\0';
	h->name[0] = '[';
	if (inet_pton(AF_INET6, text, bin) != 1 ||
	    inet_ntop(AF_INET6, bin, h->name + 1, INET6_ADDRSTRLEN) == NULL) {
		*why = "invalid IPv6 address";
		return NULL;
	}
	memcpy(h->name + strlen(h->name), "]", 2);
	return close + 1;
}

static int
host_parse(const char *in, struct host *h, const char **why)
{
	const char *rest;

	h->port = -1;
	if (*in == '[') {
		if ((rest = parse_ipv6(in, h, why)) == NULL)
			return -1;
		if (*rest != '\0' && *rest != ':') {
			*why = "text after the IPv6 address";
			return -1;
		}
	} else {
		size_t n = strcspn(in, ":");

		if (!is_reg_name(in, n)) {
			*why = "invalid host name";
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			h->name[i] = (char)ascii_tolower(in[i]);
		h->name[n] = '\0';
		rest = in + n;
	}
	if (*rest == ':' && (h->port = parse_port(rest + 1,
	    strlen(rest + 1))) == -1) {
		*why = "invalid port";
		return -1;
	}
	return 0;
}

static void
host_format(const struct host *h, int https, struct buf *out)
{
	buf_adds(out, h->name);
	if (h->port != -1 && h->port != (https ? 443 : 80))
		buf_printf(out, ":%ld", h->port);
}

int
host_canonical(const char *in, int https, struct buf *out, const char **why)
{
	struct host h;

	if (host_parse(in, &h, why) == -1)
		return -1;
	host_format(&h, https, out);
	return 0;
}

void
host_policy_init(struct host_policy *p)
{
	const char *why;

	memset(p, 0, sizeof(*p));
	host_policy_trust(p, "127.0.0.0/8", &why);
	host_policy_trust(p, "::1", &why);
}

void
host_policy_free(struct host_policy *p)
{
	for (size_t i = 0; i < p->nallowed; i++)
		free(p->allowed[i]);
	free(p->allowed);
	free(p->trusted);
	memset(p, 0, sizeof(*p));
}

int
host_policy_trust(struct host_policy *p, const char *range, const char **why)
{
	struct cidr c;

	if (cidr_parse(range, &c, why) == -1)
		return -1;
	p->trusted = xreallocarray(p->trusted, p->ntrusted + 1,
	    sizeof(*p->trusted));
	p->trusted[p->ntrusted++] = c;
	return 0;
}

int
host_policy_allow(struct host_policy *p, const char *pattern,
    const char **why)
{
	int wildcard = strncmp(pattern, "*.", 2) == 0;
	struct buf canon = BUF_INIT;
	struct host h;

	if (host_parse(pattern + (wildcard ? 2 : 0), &h, why) == -1)
		return -1;
	if (h.port != -1) {
		*why = "allowed hosts take no port";
		return -1;
	}
	if (wildcard && (h.name[0] == '[' || is_ipv4(h.name,
	    strlen(h.name)))) {
		*why = "a wildcard needs a domain name after \"*.\"";
		return -1;
	}
	buf_printf(&canon, "%s%s", wildcard ? "*." : "", h.name);
	p->allowed = xreallocarray(p->allowed, p->nallowed + 1,
	    sizeof(*p->allowed));
	p->allowed[p->nallowed++] = canon.data;
	return 0;
}

void
host_policy_default(const struct host_policy *p, struct buf *out)
{
	for (size_t i = 0; i < p->nallowed; i++)
		if (strncmp(p->allowed[i], "*.", 2) != 0) {
			buf_adds(out, p->allowed[i]);
			return;
		}
	if (p->nallowed > 0)
		buf_printf(out, "www%s", p->allowed[0] + 1);
	else
		buf_adds(out, "localhost");
}

/*
 * "*.example.com" matches a.example.com and a.b.example.com, not itself;
 * without case, as host names are (a canonical's, say, as written).
 */
int
host_policy_allows(const struct host_policy *p, const char *name)
{
	size_t n = strlen(name);

	if (p->nallowed == 0)
		return 1;
	for (size_t i = 0; i < p->nallowed; i++) {
		const char *a = p->allowed[i];
		size_t suffix = strlen(a) - 1;	/* ".example.com" */

		if (strcasecmp(a, name) == 0 || (a[0] == '*' && n > suffix &&
		    strcasecmp(name + n - suffix, a + 1) == 0))
			return 1;
	}
	return 0;
}

static int
request_is_https(const struct request *req)
{
	return (req->https && strcasecmp(req->https, "on") == 0) ||
	    (req->request_scheme && strcasecmp(req->request_scheme,
	    "https") == 0);
}

/* The Host header, else SERVER_NAME with SERVER_PORT. */
static int
direct_host(const struct request *req, struct buf *out)
{
	if (req->http_host)
		buf_adds(out, req->http_host);
	else if (req->server_name && *req->server_name) {
		/* Some servers give a bare IPv6 address as SERVER_NAME. */
		int bare6 = strchr(req->server_name, ':') &&
		    req->server_name[0] != '[';

		buf_printf(out, "%s%s%s", bare6 ? "[" : "",
		    req->server_name, bare6 ? "]" : "");
		if (req->server_port && *req->server_port)
			buf_printf(out, ":%s", req->server_port);
	} else
		return -1;
	return 0;
}

/*
 * The single value of an X-Forwarded-* header, trimmed. Proxies that
 * append to a list are not telling us which entry is theirs, so a list
 * is refused rather than guessed at.
 */
static int
single_value(const char *header, const char *name, struct buf *out,
    struct buf *why)
{
	const char *s = header, *end = header + strlen(header);

	ascii_trim(&s, &end, " \t");
	if (s == end) {
		buf_printf(why, "%s is empty", name);
		return -1;
	}
	if (memchr(s, ',', (size_t)(end - s)) != NULL) {
		buf_printf(why, "%s holds a list", name);
		return -1;
	}
	buf_add(out, s, (size_t)(end - s));
	return 0;
}

/* What a trusted proxy says about the client's request. */
struct proxied {
	int		has_proto;
	int		has_host;
	struct buf	proto;
	struct buf	host;
	long		port;		/* -1: keep the host's own */
};

/* Copies the first present of a and b into out. */
static int
first_of(int has_a, const struct buf *a, int has_b, const struct buf *b,
    struct buf *out)
{
	const struct buf *src = has_a ? a : has_b ? b : NULL;

	if (src && src->len)
		buf_add(out, src->data, src->len);
	return src != NULL;
}

static int
read_proxy_headers(const struct request *req, struct proxied *px,
    struct buf *why)
{
	struct buf xproto = BUF_INIT, xhost = BUF_INIT, xport = BUF_INIT;
	struct forwarded fwd = { 0 };
	const char *w;
	int rc = -1;

	if (req->forwarded && forwarded_parse(req->forwarded, &fwd, &w)
	    == -1) {
		buf_adds(why, w);
		return -1;
	}
	/* Each present header must be sound, used or not. */
	if ((req->x_forwarded_proto && single_value(req->x_forwarded_proto,
	    "X-Forwarded-Proto", &xproto, why) == -1) ||
	    (req->x_forwarded_host && single_value(req->x_forwarded_host,
	    "X-Forwarded-Host", &xhost, why) == -1) ||
	    (req->x_forwarded_port && single_value(req->x_forwarded_port,
	    "X-Forwarded-Port", &xport, why) == -1))
		goto out;
	if (xport.len && (px->port = parse_port(xport.data, xport.len))
	    == -1) {
		buf_adds(why, "X-Forwarded-Port is not a port");
		goto out;
	}
	/* Forwarded is the standard; it wins over X-Forwarded-*. */
	px->has_proto = first_of(fwd.has_proto, &fwd.proto,
	    req->x_forwarded_proto != NULL, &xproto, &px->proto);
	px->has_host = first_of(fwd.has_host, &fwd.host,
	    req->x_forwarded_host != NULL, &xhost, &px->host);
	if (fwd.has_host)
		px->port = -1;	/* Forwarded's host carries its own port */
	rc = 0;
out:
	forwarded_free(&fwd);
	buf_free(&xproto);
	buf_free(&xhost);
	buf_free(&xport);
	return rc;
}

int
base_url(const struct request *req, const struct host_policy *policy,
    struct buf *out, struct buf *why)
{
	struct proxied px = { 0, 0, BUF_INIT, BUF_INIT, -1 };
	struct buf hosttext = BUF_INIT;
	int https = request_is_https(req), rc = -1;
	const char *w;
	struct host h;

	if (cidr_list_contains(policy->trusted, policy->ntrusted,
	    req->remote_addr) && read_proxy_headers(req, &px, why) == -1)
		goto out;
	if (px.has_proto) {
		if (strcasecmp(buf_str(&px.proto), "https") == 0)
			https = 1;
		else if (strcasecmp(buf_str(&px.proto), "http") == 0)
			https = 0;
		else {
			buf_adds(why, "forwarded proto is neither http nor "
			    "https");
			goto out;
		}
	}
	if (px.has_host)
		buf_adds(&hosttext, buf_str(&px.host));
	else if (direct_host(req, &hosttext) == -1) {
		buf_adds(why, "the request names no host");
		goto out;
	}
	if (host_parse(buf_str(&hosttext), &h, &w) == -1) {
		buf_printf(why, "%s%s", px.has_host ? "forwarded host: " :
		    "", w);
		goto out;
	}
	if (px.port != -1)
		h.port = px.port;
	if (!host_policy_allows(policy, h.name)) {
		buf_adds(why, "host is not in allowed_hosts");
		goto out;
	}
	buf_printf(out, "%s://", https ? "https" : "http");
	host_format(&h, https, out);
	rc = 0;
out:
	buf_free(&px.proto);
	buf_free(&px.host);
	buf_free(&hosttext);
	return rc;
}
