#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "gzip.h"
#include "http.h"
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
	/* So does anything glued to a tag: it is no entity-tag. */
	CU_ASSERT_FALSE(http_etag_listed("\"abc\"x", tag));
	CU_ASSERT_FALSE(http_etag_listed("\"abc\"x, \"abc\"", tag));
	CU_ASSERT_FALSE(http_etag_listed("W/\"abc\"\"", tag));
	CU_ASSERT_TRUE(http_etag_listed("\"abc\" \t, \"x\"", tag));
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

/* Several MiB gzipped in one call give back the same bytes to zlib. */
static void
test_gzip(void)
{
	struct buf plain = BUF_INIT, packed = BUF_INIT;
	unsigned char *back;
	z_stream z;

	for (int i = 0; i < 200000; i++)
		buf_printf(&plain, "<url>%d</url>\n", i);
	gzip_whole(plain.data, plain.len, &packed);
	CU_ASSERT(packed.len < plain.len / 4);
	CU_ASSERT(memcmp(packed.data, "\x1f\x8b", 2) == 0);

	back = xmalloc(plain.len);
	memset(&z, 0, sizeof(z));
	CU_ASSERT_EQUAL(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)packed.data;
	z.avail_in = (uInt)packed.len;
	z.next_out = back;
	z.avail_out = (uInt)plain.len;
	CU_ASSERT_EQUAL(inflate(&z, Z_FINISH), Z_STREAM_END);
	CU_ASSERT_EQUAL(z.total_out, plain.len);
	CU_ASSERT(memcmp(back, plain.data, plain.len) == 0);
	inflateEnd(&z);
	free(back);

	/* Nothing is a gzip member too: its header and an empty block. */
	buf_reset(&packed);
	gzip_whole("", 0, &packed);
	CU_ASSERT(packed.len >= 18);
	buf_free(&plain);
	buf_free(&packed);
}

void
suite_http(void)
{
	static CU_TestInfo tests[] = {
		{ "HTTP dates", test_dates },
		{ "If-None-Match lists", test_etag_lists },
		{ "Accept-Encoding", test_accept_encoding },
		{ "gzipped bodies", test_gzip },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("http", tests);
}
