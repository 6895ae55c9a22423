#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "http.h"
#include "stream.h"
#include "unit.h"

/* 1994-11-06T08:49:37Z, RFC 9110's example. */
#define EXAMPLE_TIME	784111777

static void
test_dates(void)
{
	char date[HTTP_DATE_SIZE];
	time_t t;

	http_date(EXAMPLE_TIME, date);
	CU_ASSERT_STRING_EQUAL(date, "Sun, 06 Nov 1994 08:49:37 GMT");
	CU_ASSERT_EQUAL(http_date_parse(date, &t), 0);
	CU_ASSERT_EQUAL(t, EXAMPLE_TIME);
	t = 0;
	CU_ASSERT_EQUAL(http_date_parse("Sunday, 06-Nov-94 08:49:37 GMT", &t),
	    0);
	CU_ASSERT_EQUAL(t, EXAMPLE_TIME);
	t = 0;
	CU_ASSERT_EQUAL(http_date_parse("Sun Nov  6 08:49:37 1994", &t), 0);
	CU_ASSERT_EQUAL(t, EXAMPLE_TIME);
	CU_ASSERT_EQUAL(http_date_parse("", &t), -1);
	CU_ASSERT_EQUAL(http_date_parse("yesterday", &t), -1);
	CU_ASSERT_EQUAL(http_date_parse("Sun, 06 Nov 1994 08:49:37 GMT x",
	    &t), -1);
	CU_ASSERT_EQUAL(http_date_parse("Sun, 06 Nov 1994 08:49:37", &t), -1);
	CU_ASSERT_EQUAL(http_date_parse("Sun, 32 Nov 1994 08:49:37 GMT", &t),
	    -1);
}

static void
test_etag_lists(void)
{
	const char *tag = "\"abc\"";

	CU_ASSERT_TRUE(http_etag_listed("\"abc\"", tag));
	CU_ASSERT_TRUE(http_etag_listed("W/\"abc\"", tag));
	CU_ASSERT_TRUE(http_etag_listed("\"x\", \"abc\"", tag));
	CU_ASSERT_TRUE(http_etag_listed("\"x\",W/\"abc\" ,", tag));
	CU_ASSERT_TRUE(http_etag_listed("*", tag));
	CU_ASSERT_FALSE(http_etag_listed("", tag));
	CU_ASSERT_FALSE(http_etag_listed("\"abcd\"", tag));
	CU_ASSERT_FALSE(http_etag_listed("\"ab\"", tag));
	CU_ASSERT_FALSE(http_etag_listed("abc", tag));
	CU_ASSERT_FALSE(http_etag_listed("\"abc", tag));
	CU_ASSERT_FALSE(http_etag_listed("\"abc\"-gz", "\"abc-gz\""));
	/* Garbage first ends the list: a malformed field matches nothing. */
	CU_ASSERT_FALSE(http_etag_listed("junk, \"abc\"", tag));
}

static void
test_accept_encoding(void)
{
	CU_ASSERT_TRUE(http_accepts_gzip("gzip"));
	CU_ASSERT_TRUE(http_accepts_gzip("deflate, gzip, br"));
	CU_ASSERT_TRUE(http_accepts_gzip("GZIP;Q=0.5"));
	CU_ASSERT_TRUE(http_accepts_gzip("x-gzip"));
	CU_ASSERT_TRUE(http_accepts_gzip("*"));
	CU_ASSERT_TRUE(http_accepts_gzip("gzip;q=0.001"));
	CU_ASSERT_TRUE(http_accepts_gzip("br;q=0, gzip ; q=1"));
	CU_ASSERT_FALSE(http_accepts_gzip(NULL));
	CU_ASSERT_FALSE(http_accepts_gzip(""));
	CU_ASSERT_FALSE(http_accepts_gzip("identity"));
	CU_ASSERT_FALSE(http_accepts_gzip("deflate, br"));
	CU_ASSERT_FALSE(http_accepts_gzip("gzip;q=0"));
	CU_ASSERT_FALSE(http_accepts_gzip("gzip;q=0.000"));
	CU_ASSERT_FALSE(http_accepts_gzip("*;q=0"));
	CU_ASSERT_FALSE(http_accepts_gzip("gzip;q=0, *"));
	CU_ASSERT_FALSE(http_accepts_gzip("gzipped, xgzip"));
}

struct counted {
	struct buf	 data;
	int		 writes;
};

static int
counted_write(void *ctx, const char *data, size_t len)
{
	struct counted *c = ctx;

	c->writes++;
	buf_add(&c->data, data, len);
	return 0;
}

/* Several MiB go out in pieces, and gzip gives back the same bytes. */
static void
test_stream(void)
{
	struct counted plain = { BUF_INIT, 0 }, packed = { BUF_INIT, 0 };
	struct output to_plain = { 0, counted_write, &plain };
	struct output to_packed = { 0, counted_write, &packed };
	struct stream a, b;
	char line[64];
	unsigned char *back;
	uLongf back_len;
	z_stream z;

	stream_open(&a, &to_plain, 0);
	stream_open(&b, &to_packed, 1);
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(line, sizeof(line), "<url>%d</url>\n", i);

		stream_add(&a, line, (size_t)n);
		stream_add(&b, line, (size_t)n);
	}
	CU_ASSERT_EQUAL(stream_close(&a), 0);
	CU_ASSERT_EQUAL(stream_close(&b), 0);
	CU_ASSERT(plain.writes > 10);
	CU_ASSERT(packed.data.len < plain.data.len / 4);
	CU_ASSERT(memcmp(packed.data.data, "\x1f\x8b", 2) == 0);

	back_len = plain.data.len;
	back = xmalloc(back_len);
	memset(&z, 0, sizeof(z));
	CU_ASSERT_EQUAL(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)packed.data.data;
	z.avail_in = (uInt)packed.data.len;
	z.next_out = back;
	z.avail_out = (uInt)back_len;
	CU_ASSERT_EQUAL(inflate(&z, Z_FINISH), Z_STREAM_END);
	CU_ASSERT_EQUAL(z.total_out, plain.data.len);
	CU_ASSERT(memcmp(back, plain.data.data, plain.data.len) == 0);
	inflateEnd(&z);
	free(back);
	buf_free(&plain.data);
	buf_free(&packed.data);
}

static int
failing_write(void *ctx, const char *data, size_t len)
{
	(void)data;
	(void)len;
	(*(int *)ctx)++;
	return -1;
}

/* A client that went away gets one failed write, not a flood of them. */
static void
test_stream_gone(void)
{
	int writes = 0;
	struct output gone = { 0, failing_write, &writes };
	struct stream s;
	char chunk[4096] = { 0 };

	stream_open(&s, &gone, 1);
	for (int i = 0; i < 1000; i++)
		stream_add(&s, chunk, sizeof(chunk));
	CU_ASSERT_TRUE(s.failed);
	CU_ASSERT_EQUAL(stream_close(&s), -1);
	CU_ASSERT_EQUAL(writes, 1);
}

void
suite_http(void)
{
	static CU_TestInfo tests[] = {
		{ "HTTP dates", test_dates },
		{ "If-None-Match lists", test_etag_lists },
		{ "Accept-Encoding", test_accept_encoding },
		{ "streamed and gzipped bodies", test_stream },
		{ "a client that went away", test_stream_gone },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("http", tests);
}
