/*
 * A whole response body gzipped in one call, with libdeflate: on sitemaps
 * its level 1 is faster than zlib's level 1 and packs tighter than zlib's
 * level 3 (doc/performance).
 */
#include <stdlib.h>

#include <libdeflate.h>

#include "gzip.h"
#include "log.h"

#define GZIP_LEVEL	1

void
gzip_whole(const char *data, size_t len, struct buf *out)
{
	/* Only the thread that answers requests compresses: one is kept. */
	static struct libdeflate_compressor *c;
	size_t bound, n;
	char *at;

	if (c == NULL && (c = libdeflate_alloc_compressor(GZIP_LEVEL)) == NULL) {
		/* It fails only for want of memory: as xmalloc does. */
		log_msg("libdeflate_alloc_compressor: out of memory");
		abort();
	}
	bound = libdeflate_gzip_compress_bound(c, len);
	at = buf_room(out, bound);
	n = libdeflate_gzip_compress(c, data, len, at, bound);
	buf_commit(out, n);
}
