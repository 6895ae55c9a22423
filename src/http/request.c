/* One request in, one response out, whatever carried the request. */
#include "autoconf.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "baseurl.h"
#include "gzip.h"
#include "hash.h"
#include "http.h"
#include "log.h"
#include "number.h"
#include "protocol_limits.h"
#include "indexnow.h"
#include "request.h"
#include "robots_writer.h"
#include "content_root.h"
#include "source.h"
#include "sitemap.h"
#include "stylesheet.h"

#define MAX_HEADERS	8
#define ETAG_SIZE	32
#define LENGTH_SIZE	24

enum route { ROUTE_NONE, ROUTE_ROBOTS, ROUTE_SITEMAP, ROUTE_INDEX,
	ROUTE_PART, ROUTE_CSS, ROUTE_INDEXNOW_KEY };

struct header {
	const char	*name;
	const char	*value;
};

/* How long a crawler should wait before asking again after a 503. */
static const struct header retry = { "Retry-After", "60" };

/* One request being answered. */
struct exchange {
	const struct config	*cfg;
	const struct request	*req;
	const struct output	*out;
	const char		*path;
	const char		*base;		/* scheme://host[:port] */
	int			 with_body;	/* not for HEAD */
};

/* A response's status line and headers; its body is written apart. */
struct head {
	int		 status;
	const char	*content_type;	/* NULL for none, as in a 304 */
	struct header	 fields[MAX_HEADERS];
	size_t		 nfields;
	char		 etag[ETAG_SIZE];
	char		 last_modified[HTTP_DATE_SIZE];
	char		 length[LENGTH_SIZE];
};

static struct body	*make_body(struct sitemap *, int index, size_t part,
			    const char *base, int gzip);

/*
 * "/sitemaps/sitemap-0001.xml", "/sitemaps/blog-0001.xml": a name the
 * index may give a part, which the sitemap itself knows (sitemap.h).
 */
static const char *
part_name(const char *path)
{
	static const char folder[] = "/sitemaps/";
	const char *name = path + sizeof(folder) - 1;

	if (strncmp(path, folder, sizeof(folder) - 1) != 0 || *name == '\0' ||
	    strchr(name, '/') != NULL)
		return NULL;
	return name;
}

/*
 * The path of REQUEST_URI, else SCRIPT_NAME + PATH_INFO. A fragment is
 * never sent, so a "#" there is part of a path that names nothing here.
 */
static enum route
route_of(const struct config *cfg, const struct request *req,
    struct buf *path)
{
	struct buf key = BUF_INIT;
	const char *under = cfg->docroot.url_path;
	size_t n = under ? strlen(under) : 0;
	int is_key;

	if (req->request_uri)
		buf_add(path, req->request_uri,
		    strcspn(req->request_uri, "?"));
	else
		buf_printf(path, "%s%s", req->script_name ?
		    req->script_name : "", req->path_info ?
		    req->path_info : "");
	/* The host's robots.txt, whatever the site's own url_path. */
	if (strcmp(buf_str(path), "/robots.txt") == 0)
		return ROUTE_ROBOTS;
	/* The sitemap is where its URLs are (sitemaps.org's rule). */
	if (n > 0) {
		if (strncmp(buf_str(path) + 1, under, n) != 0)
			return ROUTE_NONE;
		memmove(path->data + 1, path->data + 1 + n, path->len - n);
		path->len -= n;
	}
	if (strcmp(buf_str(path), "/sitemap.xml") == 0)
		return ROUTE_SITEMAP;
	if (strcmp(buf_str(path), "/sitemap_index.xml") == 0)
		return ROUTE_INDEX;
	if (strcmp(buf_str(path), "/sitemap.css") == 0)
		return ROUTE_CSS;
	if (part_name(buf_str(path)) != NULL)
		return ROUTE_PART;
	if (cfg->indexnow.key == NULL)
		return ROUTE_NONE;
	indexnow_key_path(cfg->indexnow.key, &key);
	is_key = strcmp(buf_str(path), buf_str(&key)) == 0;
	buf_free(&key);
	return is_key ? ROUTE_INDEXNOW_KEY : ROUTE_NONE;
}

static const char *
reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 304: return "Not Modified";
	case 400: return "Bad Request";
	case 404: return "Not Found";
	case 500: return "Internal Server Error";
	case 405: return "Method Not Allowed";
	case 503: return "Service Unavailable";
	default: return "Error";
	}
}

static void
add_field(struct head *h, const char *name, const char *value)
{
	if (h->nfields < MAX_HEADERS)
		h->fields[h->nfields++] = (struct header){ name, value };
}

static int
has_field(const struct head *h, const char *name)
{
	for (size_t i = 0; i < h->nfields; i++)
		if (strcasecmp(h->fields[i].name, name) == 0)
			return 1;
	return 0;
}

/* The length of a body that follows whole. */
static void
add_length(struct head *h, size_t len)
{
	snprintf(h->length, sizeof(h->length), "%zu", len);
	add_field(h, "Content-Length", h->length);
}

static int
send_head(const struct output *out, const struct head *h)
{
	struct buf text = BUF_INIT;

	if (!out->cgi_headers)
		return h->status;
	buf_printf(&text, "Status: %d %s\r\n", h->status, reason(h->status));
	if (h->content_type)
		buf_printf(&text, "Content-Type: %s\r\n", h->content_type);
	buf_adds(&text, "X-Content-Type-Options: nosniff\r\n");
	if (out->noindex && !has_field(h, "X-Robots-Tag"))
		buf_adds(&text, "X-Robots-Tag: noindex\r\n");
	for (size_t i = 0; i < h->nfields; i++)
		buf_printf(&text, "%s: %s\r\n", h->fields[i].name,
		    h->fields[i].value);
	buf_adds(&text, "\r\n");
	out->write(out->ctx, text.data, text.len);
	buf_free(&text);
	return h->status;
}

static int
send_error(const struct output *out, int status, const struct header *extra,
    int with_body)
{
	struct head h = { .status = status,
	    .content_type = "text/plain; charset=utf-8" };
	struct buf body = BUF_INIT;

	if (extra)
		add_field(&h, extra->name, extra->value);
	buf_printf(&body, "%s\n", reason(status));
	add_length(&h, body.len);
	send_head(out, &h);
	if (with_body)
		out->write(out->ctx, body.data, body.len);
	buf_free(&body);
	return status;
}

/*
 * A strong validator for one representation: what the body shows, the
 * base URL its links start with, the program that wrote it and whether it
 * is gzipped.
 */
static void
set_validators(struct head *h, uint64_t shown, const char *base, int gzip,
    time_t changed)
{
	uint64_t v = hash_add(shown, base, strlen(base) + 1);

	v = hash_add(v, PACKAGE_VERSION, sizeof(PACKAGE_VERSION));
	snprintf(h->etag, sizeof(h->etag), "\"%016" PRIx64 "%s\"", v,
	    gzip ? "-gz" : "");
	http_date(changed, h->last_modified);
	add_field(h, "ETag", h->etag);
	add_field(h, "Last-Modified", h->last_modified);
}

/* RFC 9110 section 13.2.2: If-None-Match first, else If-Modified-Since. */
static int
not_modified(const struct request *req, const struct head *h, time_t changed)
{
	time_t since;

	if (req->if_none_match)
		return http_etag_listed(req->if_none_match, h->etag);
	return req->if_modified_since &&
	    http_date_parse(req->if_modified_since, &since) == 0 &&
	    changed <= since;
}

/* A small body made whole before it is sent: robots.txt, sitemap.css. */
static int
serve_small(const struct exchange *x, const char *type, const struct buf *body)
{
	struct head h = { .status = 200, .content_type = type };

	set_validators(&h, hash_add(HASH_INIT, body->data, body->len), x->base,
	    0, x->cfg->mtime);
	if (not_modified(x->req, &h, x->cfg->mtime)) {
		h.status = 304;
		h.content_type = NULL;
	} else
		add_length(&h, body->len);
	send_head(x->out, &h);
	if (h.status == 200 && x->with_body)
		x->out->write(x->out->ctx, body->data, body->len);
	return h.status;
}

static int
serve_robots(const struct exchange *x)
{
	static struct log_limit unknown_log = { "503s for robots.txt", 0, 0 };
	struct buf body = BUF_INIT, base = BUF_INIT;
	const char *under = x->cfg->docroot.url_path;
	int status;

	/*
	 * The one 5xx robots.txt may give: the site's own rules cannot be
	 * known (an INI that cannot be used, or a root whose robots.txt is
	 * in it and cannot be read), and crawlers hold off, as they should.
	 */
	if (x->cfg->robots_unknown || (source_of(x->cfg)->rules_in_root &&
	    content_root_check(x->cfg, &body) != CONTENT_ROOT_OK)) {
		log_limited(&unknown_log, "503 for /robots.txt: %s",
		    body.len ? buf_str(&body) : "the configuration cannot be "
		    "used, and the site's own rules are unknown");
		buf_free(&body);
		return send_error(x->out, 503, &retry, x->with_body);
	}
	/* Where the INI cannot be used, the root's own, as it stands. */
	if (x->cfg->robots_as_is != NULL) {
		buf_adds(&body, x->cfg->robots_as_is);
		status = serve_small(x, "text/plain; charset=utf-8", &body);
		buf_free(&body);
		return status;
	}
	/* A staging copy: every crawler out, no sitemap named. */
	if (!x->cfg->indexable) {
		buf_adds(&body, ROBOTS_NOT_INDEXABLE);
		status = serve_small(x, "text/plain; charset=utf-8", &body);
		buf_free(&body);
		buf_free(&base);
		return status;
	}
	/* Its Sitemap line names the sitemap under url_path. */
	buf_adds(&base, x->base);
	if (under)
		buf_printf(&base, "/%.*s", (int)strlen(under) - 1, under);
	/* A few hundred bytes: cheaper to write than to fingerprint apart. */
	robots_render(&x->cfg->robots, buf_str(&base), &body);
	buf_free(&base);
	status = serve_small(x, "text/plain; charset=utf-8", &body);
	buf_free(&body);
	return status;
}

static int
serve_css(const struct exchange *x)
{
	struct buf body = BUF_INIT;
	int status;

	buf_adds(&body, sitemap_css);
	status = serve_small(x, "text/css; charset=utf-8", &body);
	buf_free(&body);
	return status;
}

/* IndexNow's key file: an engine checks that it holds the key. */
static int
serve_key(const struct exchange *x)
{
	struct buf body = BUF_INIT;
	int status;

	buf_adds(&body, x->cfg->indexnow.key);
	status = serve_small(x, "text/plain; charset=utf-8", &body);
	buf_free(&body);
	return status;
}

/* Everything but the body comes from the cache: HEAD and 304 build none. */
static int
serve_sitemap(const struct exchange *x, struct page_cache *cache,
    enum route route)
{
	const struct config *cfg = x->cfg;
	static struct log_limit full_log = { "503s for sitemap answers in "
	    "flight", 0, 0 }, too_many_log = { "503s for too many parts",
	    0, 0 };
	struct head h = { .status = 200,
	    .content_type = "application/xml; charset=utf-8" };
	struct buf why = BUF_INIT;
	struct sitemap *sm;
	struct body *body;
	char key[BODY_KEY_SIZE];
	time_t changed;
	size_t part = 0;
	int index, gzip;

	/* Whatever might be the admin area must not be listed. */
	if (cfg->admin_unknown) {
		log_at(LOG_ERR, "503 for %s: the admin path is unknown (%s); set "
		    "[site] admin_path in %s or make config.yaml readable",
		    x->path, cfg->yaml_error, cfg->file);
		return send_error(x->out, 503, &retry, x->with_body);
	}
	sm = cache_sitemap(cache, cfg, &changed, &why);
	if (sm == NULL && cache_busy(cache) && !x->req->must_answer) {
		buf_free(&why);
		return REQUEST_WAIT;
	}
	if (sm == NULL) {
		struct buf root = BUF_INIT;

		/* A root that cannot be read, said as everywhere. */
		log_at(LOG_ERR, "503 for %s: %s", x->path,
		    content_root_check(cfg, &root) != CONTENT_ROOT_OK ?
		    buf_str(&root) : buf_str(&why));
		buf_free(&root);
	}
	buf_free(&why);
	if (sm == NULL)
		return send_error(x->out, 503, &retry, x->with_body);
	sitemap_layout(sm, x->base);
	if (route == ROUTE_PART && (part = sitemap_part_named(sm,
	    part_name(x->path))) == SIZE_MAX)
		return send_error(x->out, 404, NULL, x->with_body);
	index = route == ROUTE_INDEX || (route == ROUTE_SITEMAP &&
	    sitemap_is_index(sm));
	if (index && sm->nparts > SITEMAP_INDEX_MAX) {
		log_limited(&too_many_log, "503 for %s: %zu sitemap parts, "
		    "more than the %d one index may list; raise [sitemap] "
		    "max_urls or max_bytes in %s", x->path, sm->nparts,
		    SITEMAP_INDEX_MAX, cfg->file);
		return send_error(x->out, 503, &retry, x->with_body);
	}
	gzip = cfg->gzip && http_accepts_gzip(x->req->accept_encoding);
	add_field(&h, "X-Robots-Tag", "noindex");
	if (cfg->gzip)
		add_field(&h, "Vary", "Accept-Encoding");
	set_validators(&h, index ? sitemap_index_hash(sm) :
	    sitemap_part_hash(sm, part), x->base, gzip, changed);
	if (not_modified(x->req, &h, changed)) {
		h.status = 304;
		h.content_type = NULL;
		return send_head(x->out, &h);
	}
	if (gzip)
		add_field(&h, "Content-Encoding", "gzip");
	/*
	 * The ETag names the bytes; the route tells a part from the index.
	 * A HEAD gets the Content-Length a GET would: the body is made (or
	 * found made) for it too, and not sent.
	 */
	snprintf(key, sizeof(key), "%s%zu%s", index ? "index" : "part", part,
	    h.etag);
	body = x->out->shared ? bodies_find(x->out->shared, key) : NULL;
	if (body == NULL) {
		if (x->out->shared && bodies_full(x->out->shared)) {
			log_limited(&full_log, "503 for %s: sitemap answers in "
			    "flight hold %zu bytes, the most they may", x->path,
			    x->out->shared->bytes);
			return send_error(x->out, 503, &retry, x->with_body);
		}
		body = make_body(sm, index, part, x->base, gzip);
		if (x->out->shared)
			bodies_share(x->out->shared, body, key);
	}
	add_length(&h, body->bytes.len);
	send_head(x->out, &h);
	if (!x->with_body)
		;	/* HEAD */
	else if (x->out->send_body)
		x->out->send_body(x->out->ctx, body);
	else
		x->out->write(x->out->ctx, body->bytes.data, body->bytes.len);
	body_release(body);
	return h.status;
}

int
request_handle(const struct config *cfg, struct page_cache *cache,
    const struct request *req, const struct output *out)
{
	static const struct header allow = { "Allow", "GET, HEAD" };
	struct buf path = BUF_INIT, base = BUF_INIT, why = BUF_INIT;
	enum route route = route_of(cfg, req, &path);
	const char *method = req->method ? req->method : "GET";
	int head = strcmp(method, "HEAD") == 0, status;
	struct output said = *out;

	/* A site that asks not to be indexed says so on every answer. */
	said.noindex = !cfg->indexable;
	out = &said;
	if (route == ROUTE_NONE || (route == ROUTE_CSS && !cfg->stylesheet))
		status = send_error(out, 404, NULL, !head);
	else if (!cfg->indexable && route != ROUTE_ROBOTS &&
	    route != ROUTE_CSS)
		/* No sitemap: none to fetch, nothing listed to index. */
		status = send_error(out, 404, NULL, !head);
	else if (cfg->root == NULL && route != ROUTE_ROBOTS)
		/* No INI to use: a fault of now, asked again later. */
		status = send_error(out, 503, &retry, !head);
	else if (!head && strcmp(method, "GET") != 0)
		status = send_error(out, 405, &allow, 1);
	else if (base_url(req, &cfg->hosts, &base, &why) == -1) {
		/* Logged without the value: it may hold anything. */
		log_msg("400 for %s: %s", buf_str(&path), buf_str(&why));
		status = send_error(out, 400, NULL, !head);
	} else {
		struct exchange x = { cfg, req, out, buf_str(&path),
		    buf_str(&base), !head };

		status = route == ROUTE_ROBOTS ? serve_robots(&x) :
		    route == ROUTE_CSS ? serve_css(&x) :
		    route == ROUTE_INDEXNOW_KEY ? serve_key(&x) :
		    serve_sitemap(&x, cache, route);
	}
	buf_free(&path);
	buf_free(&base);
	buf_free(&why);
	return status;
}

/* The body of a part or the index for base, made for this request. */
static struct body *
make_body(struct sitemap *sm, int index, size_t part, const char *base,
    int gzip)
{
	struct body *body = body_new(gzip ? BODY_PACKED : BODY_PLAIN);
	struct buf plain = BUF_INIT, *xml = &body->bytes;

	if (gzip) {
		body_spare_take(BODY_PLAIN, &plain);
		xml = &plain;
	}
	if (index)
		sitemap_render_index(sm, base, xml);
	else
		sitemap_render_part(sm, part, base, xml);
	if (gzip) {
		/*
		 * Into the room of a bound: a kept spare has it, and pages
		 * past what is written are never touched, so never resident.
		 */
		gzip_whole(plain.data, plain.len, &body->bytes);
		body_spare_give(BODY_PLAIN, &plain);
	}
	return body;
}

int
buf_write(void *ctx, const char *data, size_t len)
{
	buf_add(ctx, data, len);
	return 0;
}
