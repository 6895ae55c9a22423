/* The scheme and host every absolute URL starts with, from the request. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "baseurl.h"
#include "forwarded.h"
#include "request_vars.h"

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
	if (xport.len && (px->port = host_port_parse(xport.data, xport.len))
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
