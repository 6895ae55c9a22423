/*
 * One request in, one response out. The core knows nothing of FastCGI, CGI
 * or the command line: an adapter fills a struct request from whatever
 * carries the CGI variables and hands in an output to write to.
 */
#ifndef SITEMAPD_REQUEST_H
#define SITEMAPD_REQUEST_H

#include <stddef.h>

#include "body.h"
#include "cache.h"
#include "config.h"
#include "request_vars.h"

/*
 * Where a response goes: the web server, stdout, or a buffer in the tests.
 * The head and small bodies are written; a sitemap's body is made whole
 * and handed over with send_body, which takes a reference of its own and
 * sends it after what was written, or, without send_body, written too.
 */
struct output {
	int	  cgi_headers;	/* write a CGI header block before the body */
	int	(*write)(void *ctx, const char *data, size_t len);
	void	 *ctx;
	void	(*send_body)(void *ctx, struct body *);
	/* Bodies that requests in flight may share, or NULL. */
	struct bodies *shared;
	int	  noindex;	/* every answer says X-Robots-Tag: noindex */
};

/* An output write function that appends to the struct buf in ctx. */
int	buf_write(void *ctx, const char *data, size_t len);

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
