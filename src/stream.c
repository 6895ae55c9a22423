/* A response body written as it is produced, gzipped when asked. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "stream.h"

/* Large enough that deflate and the FastCGI layer work on big pieces. */
#define STREAM_CHUNK	(64 * 1024)

/* zlib's windowBits for a gzip wrapper rather than a zlib one. */
#define GZIP_WINDOW	(15 + 16)
/* Sitemaps are repetitive: a fast level gets most of the gain. */
#define GZIP_LEVEL	3

void
stream_open(struct stream *s, const struct output *out, int gzip)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	s->gzip = gzip;
	if (gzip && deflateInit2(&s->z, GZIP_LEVEL, Z_DEFLATED, GZIP_WINDOW,
	    8, Z_DEFAULT_STRATEGY) != Z_OK) {
		/* It fails only for want of memory: as xmalloc does. */
		log_msg("deflateInit2: out of memory");
		abort();
	}
}

static void
emit(struct stream *s, const char *data, size_t len)
{
	if (!s->failed && len > 0 && s->out->write(s->out->ctx, data, len) != 0)
		s->failed = 1;
}

static void
deflate_pending(struct stream *s, int flush)
{
	unsigned char chunk[STREAM_CHUNK];
	int rc;

	s->z.next_in = (unsigned char *)s->pending.data;
	s->z.avail_in = (unsigned)s->pending.len;
	do {
		s->z.next_out = chunk;
		s->z.avail_out = sizeof(chunk);
		rc = deflate(&s->z, flush);
		emit(s, (const char *)chunk, sizeof(chunk) - s->z.avail_out);
	} while (s->z.avail_out == 0 || (flush == Z_FINISH &&
	    rc != Z_STREAM_END && rc != Z_STREAM_ERROR));
}

static void
drain(struct stream *s, int finish)
{
	if (s->gzip)
		deflate_pending(s, finish ? Z_FINISH : Z_NO_FLUSH);
	else
		emit(s, s->pending.data, s->pending.len);
	buf_reset(&s->pending);
}

void
stream_add(struct stream *s, const char *data, size_t len)
{
	buf_add(&s->pending, data, len);
	if (s->pending.len >= STREAM_CHUNK)
		drain(s, 0);
}

char *
stream_room(struct stream *s, size_t n)
{
	return buf_room(&s->pending, n);
}

void
stream_commit(struct stream *s, size_t n)
{
	buf_commit(&s->pending, n);
	if (s->pending.len >= STREAM_CHUNK)
		drain(s, 0);
}

void
stream_adds(struct stream *s, const char *str)
{
	stream_add(s, str, strlen(str));
}

int
stream_close(struct stream *s)
{
	drain(s, 1);
	if (s->gzip)
		deflateEnd(&s->z);
	buf_free(&s->pending);
	return s->failed ? -1 : 0;
}

int
buf_write(void *ctx, const char *data, size_t len)
{
	buf_add(ctx, data, len);
	return 0;
}
