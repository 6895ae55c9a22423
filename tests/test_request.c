#define _GNU_SOURCE	/* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request.h"
#include "unit.h"

struct site_fixture {
	char		*dir;
	struct config	 cfg;
	struct page_cache cache;
};

static void
site_open(struct site_fixture *f)
{
	struct buf ini = BUF_INIT, err = BUF_INIT;

	f->dir = unit_tmpdir();
	unit_write(f->dir, "site.ini", "[site]\nroot = .\nadmin_path = ops\n");
	unit_write(f->dir, "content/01/0000000000000101.1.ron",
	    "(alias: \"about\", title: Some(\"T\"), mime: \"text/markdown\")");
	unit_write(f->dir, "content/01/0000000000000101.1", "# T\n");
	buf_printf(&ini, "%s/site.ini", f->dir);
	if (config_load(buf_str(&ini), &f->cfg, &err) == -1) {
		fprintf(stderr, "%s\n", buf_str(&err));
		CU_FAIL_FATAL("config");
	}
	cache_init(&f->cache, 0, NULL);
	buf_free(&ini);
	buf_free(&err);
}

static void
site_close(struct site_fixture *f)
{
	cache_free(&f->cache);
	config_free(&f->cfg);
	unit_rmtree(f->dir);
}

/* Answers req; out gets the CGI header block and the body. */
static int
answer(struct site_fixture *f, const struct request *req, struct buf *out)
{
	const struct output to_buf = { .cgi_headers = 1, .write = buf_write,
	    .ctx = out };

	buf_reset(out);
	return request_handle(&f->cfg, &f->cache, req, &to_buf);
}

/* Each case a whole request; an empty want_body means none at all. */
static void
test_routes(void)
{
	static const struct {
		int		 line;
		const char	*method, *uri, *host;
		int		 status;
		const char	*want_head, *want_body;
	} cases[] = {
		{ __LINE__, "GET", "/robots.txt", "example.com", 200,
		    "Content-Type: text/plain", "Sitemap: "
		    "http://example.com/sitemap.xml\n" },
		{ __LINE__, "HEAD", "/robots.txt", "example.com", 200, "ETag: ",
		    "" },
		{ __LINE__, "POST", "/robots.txt", "example.com", 405,
		    "Allow: GET, HEAD", "Method Not Allowed" },
		{ __LINE__, "GET", "/nope", "example.com", 404, "", "Not Found" },
		{ __LINE__, "GET", "/robots.txt", "bad host", 400, "",
		    "Bad Request" },
		{ __LINE__, "GET", "/sitemap.xml?x=1", "Example.com:80", 200,
		    "X-Robots-Tag: noindex",
		    "<loc>http://example.com/about</loc>" },
		{ __LINE__, "HEAD", "/sitemap.xml", "example.com", 200,
		    "Last-Modified: ", "" },
		{ __LINE__, "GET", "/sitemaps/sitemap-0001.xml", "example.com",
		    200, "application/xml", "<urlset" },
		{ __LINE__, "GET", "/sitemaps/sitemap-1.xml", "example.com",
		    404, "", "Not Found" },
		{ __LINE__, "GET", "/sitemaps/sitemap-0002.xml", "example.com",
		    404, "", "Not Found" },
		{ __LINE__, "GET", "/sitemap_index.xml", "example.com", 200, "",
		    "<sitemapindex" },
		/* A fragment is never sent: with one, it names nothing here. */
		{ __LINE__, "GET", "/sitemap_index.xml#x", "example.com", 404,
		    "", "Not Found" },
		{ __LINE__, "GET", "/robots.txt#", "example.com", 404, "",
		    "Not Found" },
		{ __LINE__, "GET", "/sitemap.xml?#x", "example.com", 200,
		    "Content-Length: ", "<urlset" },
		{ __LINE__, "GET", "/sitemap.css", "example.com", 200,
		    "Content-Type: text/css", "urlset" },
	};
	struct site_fixture f;
	struct buf out = BUF_INIT, status = BUF_INIT;

	site_open(&f);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct request req = { .method = cases[i].method,
		    .request_uri = cases[i].uri, .http_host = cases[i].host };
		int line = cases[i].line;
		const char *body;

		UNIT_AT(line, answer(&f, &req, &out) == cases[i].status);
		buf_reset(&status);
		buf_printf(&status, "Status: %d ", cases[i].status);
		UNIT_AT(line, strncmp(buf_str(&out), buf_str(&status),
		    status.len) == 0);
		body = strstr(buf_str(&out), "\r\n\r\n");
		UNIT_AT(line, body != NULL);
		if (body == NULL)
			continue;
		UNIT_AT(line, memmem(out.data, (size_t)(body - out.data),
		    cases[i].want_head, strlen(cases[i].want_head)) != NULL);
		body += 4;
		UNIT_AT(line, *cases[i].want_body == '\0' ? *body == '\0' :
		    strstr(body, cases[i].want_body) != NULL);
	}
	buf_free(&out);
	buf_free(&status);
	site_close(&f);
}

/* The validators a 200 gives bring a 304 with no body. */
static void
test_not_modified(void)
{
	struct site_fixture f;
	struct buf out = BUF_INIT, etag = BUF_INIT;
	struct request req = { .request_uri = "/sitemap.xml",
	    .http_host = "example.com" };
	const char *e;

	site_open(&f);
	CU_ASSERT_EQUAL_FATAL(answer(&f, &req, &out), 200);
	e = strstr(buf_str(&out), "ETag: ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	buf_add(&etag, e + 6, strcspn(e + 6, "\r"));
	req.if_none_match = buf_str(&etag);
	CU_ASSERT_EQUAL(answer(&f, &req, &out), 304);
	CU_ASSERT_PTR_NULL(strstr(buf_str(&out), "<urlset"));
	/* The tag with anything glued to it is no match. */
	buf_addc(&etag, 'x');
	req.if_none_match = buf_str(&etag);
	CU_ASSERT_EQUAL(answer(&f, &req, &out), 200);
	req.if_none_match = NULL;
	/* Another host is another representation. */
	req.http_host = "www.example.com";
	CU_ASSERT_EQUAL(answer(&f, &req, &out), 200);
	buf_free(&out);
	buf_free(&etag);
	site_close(&f);
}

/* A root that cannot be read: the sitemap is 503, robots.txt still 200. */
static void
test_unreadable_root(void)
{
	struct site_fixture f;
	struct buf out = BUF_INIT;
	struct request req = { .request_uri = "/sitemap.xml",
	    .http_host = "example.com", .must_answer = 1 };

	site_open(&f);
	free(f.cfg.root);
	f.cfg.root = xstrdup("/nonexistent/sitemapd-unit-root");
	CU_ASSERT_EQUAL(answer(&f, &req, &out), 503);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&out), "Retry-After: "));
	req.request_uri = "/robots.txt";
	CU_ASSERT_EQUAL(answer(&f, &req, &out), 200);
	buf_free(&out);
	site_close(&f);
}

/* A web server's side of a request: it holds the body until it is sent. */
struct in_flight {
	struct buf	 head;
	struct body	*body;
};

static void
hold_body(void *ctx, struct body *body)
{
	((struct in_flight *)ctx)->body = body_ref(body);
}

static int
ask(struct site_fixture *f, struct bodies *shared, const char *uri,
    const char *host, struct in_flight *to)
{
	struct request req = { .request_uri = uri, .http_host = host };
	struct output out = { .cgi_headers = 1, .write = buf_write,
	    .ctx = &to->head, .send_body = hold_body, .shared = shared };

	to->body = NULL;
	return request_handle(&f->cfg, &f->cache, &req, &out);
}

/*
 * Requests in flight for the same bytes share one body, which goes with
 * its last holder; past the bound, a new sitemap body is refused with a
 * 503 while robots.txt and the bodies in flight still go out.
 */
static void
test_bodies_in_flight(void)
{
	struct site_fixture f;
	struct bodies shared;
	struct in_flight a = { BUF_INIT, NULL }, b = { BUF_INIT, NULL },
	    c = { BUF_INIT, NULL };
	size_t one;
	const char *spare;
	struct buf kept;

	site_open(&f);
	bodies_init(&shared, 1);
	CU_ASSERT_EQUAL(ask(&f, &shared, "/sitemap.xml", "example.com", &a),
	    200);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a.body);
	CU_ASSERT_PTR_NOT_NULL(strstr(a.body->bytes.data,
	    "<loc>http://example.com/about</loc>"));
	one = a.body->bytes.len;
	CU_ASSERT_EQUAL(shared.n, 1);
	CU_ASSERT_EQUAL(shared.bytes, one);
	CU_ASSERT_EQUAL(ask(&f, &shared, "/sitemap.xml", "example.com", &b),
	    200);
	CU_ASSERT_PTR_EQUAL(a.body, b.body);
	CU_ASSERT_EQUAL(shared.bytes, one);
	/* Another host is other bytes, and the bound is reached. */
	CU_ASSERT_EQUAL(ask(&f, &shared, "/sitemap.xml", "example.org", &c),
	    503);
	CU_ASSERT_PTR_NULL(c.body);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf_str(&c.head), "Retry-After: "));
	CU_ASSERT_EQUAL(ask(&f, &shared, "/robots.txt", "example.org", &c),
	    200);
	body_release(a.body);
	CU_ASSERT_EQUAL(shared.n, 1);
	body_release(b.body);
	CU_ASSERT_EQUAL(shared.n, 0);
	CU_ASSERT_EQUAL(shared.bytes, 0);
	/* Nothing is kept: the next asks for a body made afresh. */
	CU_ASSERT_EQUAL(ask(&f, &shared, "/sitemap.xml", "example.org", &c),
	    200);
	CU_ASSERT_PTR_NOT_NULL(strstr(c.body->bytes.data, "example.org"));
	/* But its memory is, emptied, for the next body of its kind. */
	spare = c.body->bytes.data;
	body_release(c.body);
	body_spare_take(BODY_PLAIN, &kept);
	CU_ASSERT_PTR_EQUAL(kept.data, spare);
	CU_ASSERT_EQUAL(kept.len, 0);
	body_spare_give(BODY_PLAIN, &kept);
	CU_ASSERT_EQUAL(ask(&f, &shared, "/sitemap.xml", "example.com", &c),
	    200);
	CU_ASSERT_PTR_EQUAL(c.body->bytes.data, spare);
	CU_ASSERT_PTR_NULL(strstr(c.body->bytes.data, "example.org"));
	CU_ASSERT_PTR_NOT_NULL(strstr(c.body->bytes.data, "example.com"));
	body_release(c.body);
	/*
	 * The biggest memory of each kind is kept, whatever its size (a
	 * part of a big site: mapped afresh, it is faulted in page by
	 * page); a smaller one is given back, and a compressed body's
	 * memory is never taken for a plain one.
	 */
	c.body = body_new(BODY_PLAIN);
	buf_room(&c.body->bytes, 8 * 1024 * 1024);
	spare = c.body->bytes.data;
	body_release(c.body);
	c.body = body_new(BODY_PACKED);
	CU_ASSERT_PTR_NOT_EQUAL(c.body->bytes.data, spare);
	buf_room(&c.body->bytes, 16);
	body_release(c.body);
	c.body = body_new(BODY_PLAIN);
	CU_ASSERT_PTR_EQUAL(c.body->bytes.data, spare);
	CU_ASSERT(c.body->bytes.cap >= 8 * 1024 * 1024);
	body_release(c.body);
	buf_room(&kept, 16);
	body_spare_give(BODY_PLAIN, &kept);
	body_spare_take(BODY_PLAIN, &kept);
	CU_ASSERT_PTR_EQUAL(kept.data, spare);
	body_spare_give(BODY_PLAIN, &kept);
	bodies_free(&shared);
	buf_free(&a.head);
	buf_free(&b.head);
	buf_free(&c.head);
	site_close(&f);
}

void
suite_request(void)
{
	static CU_TestInfo tests[] = {
		{ "each route, method and host", test_routes },
		{ "304 for the validators of a 200", test_not_modified },
		{ "an unreadable root: 503, robots.txt 200",
		    test_unreadable_root },
		{ "bodies shared in flight, and bounded",
		    test_bodies_in_flight },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("request", tests);
}
