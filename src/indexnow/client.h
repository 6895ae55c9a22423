/*
 * The HTTP requests sitemapd makes itself, through libcurl: a submission
 * to an IndexNow endpoint, and check's fetch of the key file.
 */
#ifndef SITEMAPD_INDEXNOW_CLIENT_H
#define SITEMAPD_INDEXNOW_CLIENT_H

#include <stddef.h>

#include "buf.h"

/* Seconds to connect, and for the whole exchange. */
#define INDEXNOW_CONNECT_S	10
#define INDEXNOW_TIMEOUT_S	30

/*
 * POSTs the JSON body to endpoint. Returns the HTTP status, with in
 * *retry_after the seconds a Retry-After asked (0 for none); or -1 with
 * why when no answer came.
 */
long	indexnow_post(const char *endpoint, const char *body, size_t len,
	    long *retry_after, struct buf *why);
/* GETs url, its body (up to max bytes) into body: as indexnow_post. */
long	indexnow_fetch(const char *url, size_t max, struct buf *body,
	    struct buf *why);

#endif
