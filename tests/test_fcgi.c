#include <string.h>

#include "fcgi_proto.h"
#include "unit.h"

/* Appends a record of type for request id holding len bytes of data. */
static void
record(struct buf *b, int type, unsigned id, const void *data, size_t len)
{
	unsigned char h[FCGI_HEADER_LEN];

	fcgi_header(h, (enum fcgi_type)type, id, len);
	buf_add(b, h, sizeof(h));
	buf_add(b, data, len);
}

static void
pair(struct buf *b, const char *name, const char *value)
{
	buf_addc(b, (char)strlen(name));
	buf_addc(b, (char)strlen(value));
	buf_adds(b, name);
	buf_adds(b, value);
}

/* A whole request: BEGIN, one PARAMS record, the empty ends. */
static void
request(struct buf *b, unsigned id, int keep, int with_stdin_end)
{
	unsigned char begin[8] = { 0, 1, (unsigned char)keep };
	struct buf params = BUF_INIT;

	pair(&params, "REQUEST_URI", "/robots.txt");
	pair(&params, "HTTP_HOST", "example.com");
	pair(&params, "REQUEST_URI", "/second-is-ignored");
	record(b, FCGI_BEGIN_REQUEST, id, begin, sizeof(begin));
	record(b, FCGI_PARAMS, id, params.data, params.len);
	record(b, FCGI_PARAMS, id, "", 0);
	if (with_stdin_end)
		record(b, FCGI_STDIN, id, "", 0);
	buf_free(&params);
}

static void
test_byte_by_byte(void)
{
	struct fcgi_input in;
	struct fcgi_request req;
	struct buf b = BUF_INIT;
	const char *why = NULL;
	int got = 0;

	request(&b, 7, 0, 1);
	fcgi_input_init(&in, 4);
	for (size_t i = 0; i < b.len; i++) {
		fcgi_input_add(&in, b.data + i, 1);
		if (fcgi_input_next(&in, &req, &why) == FCGI_GOT_REQUEST) {
			got++;
			CU_ASSERT_EQUAL(req.id, 7);
			CU_ASSERT_FALSE(req.keep_conn);
			CU_ASSERT_STRING_EQUAL(fcgi_request_param(&req,
			    "REQUEST_URI"), "/robots.txt");
			CU_ASSERT_STRING_EQUAL(fcgi_request_param(&req,
			    "HTTP_HOST"), "example.com");
			CU_ASSERT_PTR_NULL(fcgi_request_param(&req, "HTTPS"));
			/* Not closed before the web server's stdin ends. */
			CU_ASSERT_FALSE(in.close);
			CU_ASSERT_TRUE(fcgi_input_busy(&in));
			fcgi_request_free(&req);
		}
	}
	CU_ASSERT_EQUAL(got, 1);
	CU_ASSERT_TRUE(in.close);
	fcgi_input_free(&in);
	buf_free(&b);
}

static void
test_pipelined(void)
{
	struct fcgi_input in;
	struct fcgi_request req;
	struct buf b = BUF_INIT;
	const char *why = NULL;

	request(&b, 1, 1, 1);
	request(&b, 2, 1, 1);
	fcgi_input_init(&in, 4);
	fcgi_input_add(&in, b.data, b.len);
	CU_ASSERT_EQUAL(fcgi_input_next(&in, &req, &why), FCGI_GOT_REQUEST);
	CU_ASSERT_EQUAL(req.id, 1);
	CU_ASSERT_TRUE(req.keep_conn);
	fcgi_request_free(&req);
	CU_ASSERT_EQUAL(fcgi_input_next(&in, &req, &why), FCGI_GOT_REQUEST);
	CU_ASSERT_EQUAL(req.id, 2);
	fcgi_request_free(&req);
	CU_ASSERT_EQUAL(fcgi_input_next(&in, &req, &why), FCGI_NEED_MORE);
	CU_ASSERT_FALSE(in.close);
	CU_ASSERT_FALSE(fcgi_input_busy(&in));
	fcgi_input_free(&in);
	buf_free(&b);
}

#define expect_broken(...)	expect_broken_at(__LINE__, __VA_ARGS__)
static void
expect_broken_at(int line, const struct buf *b, const char *reason)
{
	struct fcgi_input in;
	struct fcgi_request req;
	const char *why = NULL;

	fcgi_input_init(&in, 4);
	fcgi_input_add(&in, b->data, b->len);
	UNIT_AT(line, fcgi_input_next(&in, &req, &why) == FCGI_BROKEN);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	UNIT_AT(line, strcmp(why, reason) == 0);
	fcgi_input_free(&in);
}

static void
test_limits(void)
{
	static const unsigned char begin[8] = { 0, 1 };
	static const unsigned char two_gb[8] = { 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0xff };
	static char chunk[60000];
	struct buf b = BUF_INIT;

	record(&b, FCGI_BEGIN_REQUEST, 1, begin, sizeof(begin));
	record(&b, FCGI_PARAMS, 1, two_gb, sizeof(two_gb));
	record(&b, FCGI_PARAMS, 1, "", 0);
	expect_broken(&b, "a parameter's length runs past its data");

	buf_reset(&b);
	record(&b, FCGI_BEGIN_REQUEST, 1, begin, sizeof(begin));
	for (int i = 0; i < 5; i++)
		record(&b, FCGI_PARAMS, 1, chunk, sizeof(chunk));
	expect_broken(&b, "request parameters over 256 KiB");

	buf_reset(&b);
	record(&b, FCGI_BEGIN_REQUEST, 1, begin, sizeof(begin));
	record(&b, FCGI_PARAMS, 1, "\3\1abc\0", 6);
	record(&b, FCGI_PARAMS, 1, "", 0);
	expect_broken(&b, "a parameter holds a NUL byte");

	buf_reset(&b);
	buf_add(&b, "GET / HTTP/1.1\r\n\r\n", 18);
	expect_broken(&b, "not a FastCGI 1.0 record");
	buf_free(&b);
}

static void
test_management(void)
{
	static const unsigned char begin[8] = { 0, 1, 1 };
	static const unsigned char authorizer[8] = { 0, 2 };
	struct fcgi_input in;
	struct fcgi_request req;
	struct buf b = BUF_INIT, asked = BUF_INIT, want = BUF_INIT;
	const char *why = NULL;

	pair(&asked, "FCGI_MPXS_CONNS", "");
	pair(&asked, "FCGI_MAX_CONNS", "");
	pair(&asked, "UNKNOWN", "");
	/* Asked again and again, each is answered once: one record holds it. */
	while (asked.len < FCGI_RECORD_MAX - 20)
		pair(&asked, "FCGI_MAX_CONNS", "");
	record(&b, FCGI_GET_VALUES, 0, asked.data, asked.len);
	record(&b, FCGI_BEGIN_REQUEST, 1, begin, sizeof(begin));
	/* A second request on the connection while one arrives. */
	record(&b, FCGI_BEGIN_REQUEST, 2, begin, sizeof(begin));
	fcgi_input_init(&in, 16);
	fcgi_input_add(&in, b.data, b.len);
	CU_ASSERT_EQUAL(fcgi_input_next(&in, &req, &why), FCGI_NEED_MORE);

	buf_reset(&asked);
	pair(&asked, "FCGI_MPXS_CONNS", "0");
	pair(&asked, "FCGI_MAX_CONNS", "16");
	record(&want, FCGI_GET_VALUES_RESULT, 0, asked.data, asked.len);
	record(&want, FCGI_END_REQUEST, 2, "\0\0\0\0\1\0\0\0", 8);
	CU_ASSERT_EQUAL(in.reply.len, want.len);
	CU_ASSERT(memcmp(in.reply.data, want.data, want.len) == 0);
	fcgi_input_free(&in);

	/* Another role than responder is refused, and the connection ends. */
	buf_reset(&b);
	record(&b, FCGI_BEGIN_REQUEST, 3, authorizer, sizeof(authorizer));
	fcgi_input_init(&in, 16);
	fcgi_input_add(&in, b.data, b.len);
	CU_ASSERT_EQUAL(fcgi_input_next(&in, &req, &why), FCGI_NEED_MORE);
	CU_ASSERT_TRUE(in.close);
	CU_ASSERT_EQUAL((unsigned char)in.reply.data[FCGI_HEADER_LEN + 4], 3);
	fcgi_input_free(&in);
	buf_free(&b);
	buf_free(&asked);
	buf_free(&want);
}

void
suite_fcgi(void)
{
	static CU_TestInfo tests[] = {
		{ "a request fed byte by byte", test_byte_by_byte },
		{ "pipelined requests on a kept connection", test_pipelined },
		{ "limits and broken records", test_limits },
		{ "management records and refusals", test_management },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("fcgi", tests);
}
