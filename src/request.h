/*
 * One request in, one response out. The core knows nothing of FastCGI, CGI
 * or the command line: an adapter fills a struct request from whatever
 * carries the CGI variables and hands in an output to write to.
 */
#ifndef SITEMAPD_REQUEST_H
#define SITEMAPD_REQUEST_H

#include <stddef.h>

#include "cache.h"
#include "config.h"
#include "request_vars.h"
#include "stream.h"

/*
 * What request_handle returns when it sent nothing because the content
 * root is still being read in the background: ask again later, or with
 * must_answer set to get a 503.
 */
#define REQUEST_WAIT	0

/* Answers req on out and returns the HTTP status it sent, or REQUEST_WAIT. */
int	request_handle(const struct config *, struct page_cache *,
	    const struct request *req, const struct output *out);

#endif
