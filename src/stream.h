/*
 * A response body on its way to the client: collected into large pieces,
 * gzipped when asked, and written as it is produced, so a sitemap of any
 * size never sits whole in memory.
 */
#ifndef SITEMAPD_STREAM_H
#define SITEMAPD_STREAM_H

#include <stddef.h>

#include <zlib.h>

#include "buf.h"

/* Where bytes go: the web server, stdout, or a buffer in the tests. */
struct output {
	int	  cgi_headers;	/* write a CGI header block before the body */
	int	(*write)(void *ctx, const char *data, size_t len);
	void	 *ctx;
};

struct stream {
	const struct output *out;
	struct buf	 pending;
	int		 gzip;
	int		 failed;	/* the client went away: write no more */
	z_stream	 z;
};

void	stream_open(struct stream *, const struct output *, int gzip);
void	stream_add(struct stream *, const char *, size_t);
void	stream_adds(struct stream *, const char *);
/* Room for n bytes, written in place, then sent on by stream_commit. */
char	*stream_room(struct stream *, size_t n);
void	stream_commit(struct stream *, size_t n);
/* Writes what is left and ends the body; -1 if any write failed. */
int	stream_close(struct stream *);

/* An output write function that appends to the struct buf in ctx. */
int	buf_write(void *ctx, const char *data, size_t len);

#endif
