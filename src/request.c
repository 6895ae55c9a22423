#include <stdio.h>
#include <string.h>

#include "baseurl.h"
#include "content.h"
#include "log.h"
#include "request.h"
#include "robots.h"
#include "sitemap.h"

/* How long a crawler should wait before asking again after a 503. */
#define RETRY_AFTER	"60"

enum route { ROUTE_NONE, ROUTE_ROBOTS, ROUTE_SITEMAP, ROUTE_INDEX,
	ROUTE_PART };

struct header {
	const char	*name;
	const char	*value;
};

void
request_from_params(struct request *req, param_fn param, void *ctx)
{
	req->method = param("REQUEST_METHOD", ctx);
	req->request_uri = param("REQUEST_URI", ctx);
	req->script_name = param("SCRIPT_NAME", ctx);
	req->path_info = param("PATH_INFO", ctx);
	req->https = param("HTTPS", ctx);
	req->request_scheme = param("REQUEST_SCHEME", ctx);
	req->http_host = param("HTTP_HOST", ctx);
	req->server_name = param("SERVER_NAME", ctx);
	req->server_port = param("SERVER_PORT", ctx);
	req->remote_addr = param("REMOTE_ADDR", ctx);
	req->forwarded = param("HTTP_FORWARDED", ctx);
	req->x_forwarded_proto = param("HTTP_X_FORWARDED_PROTO", ctx);
	req->x_forwarded_host = param("HTTP_X_FORWARDED_HOST", ctx);
	req->x_forwarded_port = param("HTTP_X_FORWARDED_PORT", ctx);
}

/* "/sitemaps/sitemap-0001.xml" and on, exactly as the index names them. */
static size_t
part_number(const char *path)
{
	static const char prefix[] = "/sitemaps/sitemap-";
	const char *d = path + sizeof(prefix) - 1;
	char canonical[64];
	size_t n = 0;

	if (strncmp(path, prefix, sizeof(prefix) - 1) != 0)
		return 0;
	for (; *d >= '0' && *d <= '9' && n < 100000000; d++)
		n = n * 10 + (size_t)(*d - '0');
	snprintf(canonical, sizeof(canonical), "%s%04zu.xml", prefix, n);
	return n > 0 && strcmp(path, canonical) == 0 ? n : 0;
}

/* The path of REQUEST_URI, else SCRIPT_NAME + PATH_INFO. */
static enum route
route_of(const struct request *req, struct buf *path, size_t *part)
{
	if (req->request_uri)
		buf_add(path, req->request_uri,
		    strcspn(req->request_uri, "?#"));
	else
		buf_printf(path, "%s%s", req->script_name ?
		    req->script_name : "", req->path_info ?
		    req->path_info : "");
	if (strcmp(buf_str(path), "/robots.txt") == 0)
		return ROUTE_ROBOTS;
	if (strcmp(buf_str(path), "/sitemap.xml") == 0)
		return ROUTE_SITEMAP;
	if (strcmp(buf_str(path), "/sitemap_index.xml") == 0)
		return ROUTE_INDEX;
	if ((*part = part_number(buf_str(path))) > 0)
		return ROUTE_PART;
	return ROUTE_NONE;
}

static const char *
reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 400: return "Bad Request";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 503: return "Service Unavailable";
	default: return "Error";
	}
}

static int
respond(const struct output *out, int status, const char *content_type,
    const struct header *extra, size_t nextra, const struct buf *body,
    int with_body)
{
	struct buf head = BUF_INIT;

	if (out->cgi_headers) {
		buf_printf(&head, "Status: %d %s\r\n", status, reason(status));
		buf_printf(&head, "Content-Type: %s\r\n", content_type);
		buf_adds(&head, "X-Content-Type-Options: nosniff\r\n");
		for (size_t i = 0; i < nextra; i++)
			buf_printf(&head, "%s: %s\r\n", extra[i].name,
			    extra[i].value);
		buf_adds(&head, "\r\n");
		out->write(out->ctx, head.data, head.len);
		buf_free(&head);
	}
	if (with_body && body->len)
		out->write(out->ctx, body->data, body->len);
	return status;
}

static int
respond_error(const struct output *out, int status,
    const struct header *extra, size_t nextra, int with_body)
{
	struct buf body = BUF_INIT;
	int rc;

	buf_printf(&body, "%s\n", reason(status));
	rc = respond(out, status, "text/plain; charset=utf-8", extra, nextra,
	    &body, with_body);
	buf_free(&body);
	return rc;
}

/* The body of a sitemap route, or 404 for a part past the end. */
static int
render_sitemap(const struct config *cfg, const struct site *site,
    const char *base, enum route route, size_t part, struct buf *body)
{
	struct sitemap sm;
	int status = 200;

	sitemap_build(cfg, site, base, &sm);
	if (route == ROUTE_INDEX || (route == ROUTE_SITEMAP && sm.nparts > 1))
		sitemap_render_index(&sm, base, body);
	else if (route == ROUTE_SITEMAP)
		sitemap_render_part(&sm, 0, body);
	else if (part <= sm.nparts)
		sitemap_render_part(&sm, part - 1, body);
	else
		status = 404;
	sitemap_free(&sm);
	return status;
}

int
request_handle(const struct config *cfg, const struct request *req,
    const struct output *out)
{
	static const struct header allow = { "Allow", "GET, HEAD" };
	static const struct header retry = { "Retry-After", RETRY_AFTER };
	static const struct header noindex = { "X-Robots-Tag", "noindex" };
	struct buf path = BUF_INIT, base = BUF_INIT, body = BUF_INIT,
	    why = BUF_INIT;
	size_t part = 0;
	enum route route = route_of(req, &path, &part);
	const char *method = req->method ? req->method : "GET";
	int head = strcmp(method, "HEAD") == 0, status;
	struct site site;

	if (route == ROUTE_NONE)
		status = respond_error(out, 404, NULL, 0, !head);
	else if (!head && strcmp(method, "GET") != 0)
		status = respond_error(out, 405, &allow, 1, 1);
	else if (base_url(req, &cfg->hosts, &base, &why) == -1) {
		/* Logged without the value: it may hold anything. */
		log_msg("400 for %s: %s", buf_str(&path), buf_str(&why));
		status = respond_error(out, 400, NULL, 0, !head);
	} else if (route == ROUTE_ROBOTS) {
		robots_render(&cfg->robots, buf_str(&base), &body);
		status = respond(out, 200, "text/plain; charset=utf-8", NULL, 0,
		    &body, !head);
	} else if (content_scan(cfg->root, &site, &why) == -1) {
		log_msg("503 for %s: %s", buf_str(&path), buf_str(&why));
		status = respond_error(out, 503, &retry, 1, !head);
	} else {
		status = render_sitemap(cfg, &site, buf_str(&base), route,
		    part, &body);
		site_free(&site);
		if (status == 200)
			respond(out, 200, "application/xml; charset=utf-8",
			    &noindex, 1, &body, !head);
		else
			respond_error(out, status, NULL, 0, !head);
	}
	buf_free(&path);
	buf_free(&base);
	buf_free(&body);
	buf_free(&why);
	return status;
}
