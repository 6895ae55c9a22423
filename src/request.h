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
#include "stream.h"

/* The CGI variables the core reads; any may be NULL. */
struct request {
	const char	*method;
	const char	*request_uri;
	const char	*script_name;
	const char	*path_info;
	const char	*https;
	const char	*request_scheme;
	const char	*http_host;
	const char	*server_name;
	const char	*server_port;
	const char	*remote_addr;
	/* Believed only when remote_addr is a trusted proxy. */
	const char	*forwarded;
	const char	*x_forwarded_proto;
	const char	*x_forwarded_host;
	const char	*x_forwarded_port;
	const char	*if_none_match;
	const char	*if_modified_since;
	const char	*accept_encoding;
	int		 must_answer;	/* no REQUEST_WAIT: a 503 instead */
};

/* Looks up one CGI variable by name; NULL when it is not set. */
typedef const char *(*param_fn)(const char *name, void *ctx);

void	request_from_params(struct request *, param_fn, void *ctx);

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
