/* A whole response body gzipped in one call. */
#ifndef SITEMAPD_GZIP_H
#define SITEMAPD_GZIP_H

#include <stddef.h>

#include "buf.h"

/* Appends the gzip member of data[0, len) to out. */
void	gzip_whole(const char *data, size_t len, struct buf *out);

#endif
