/* The CGI variables of one request, as an adapter hands them to the core. */
#ifndef SITEMAPD_REQUEST_VARS_H
#define SITEMAPD_REQUEST_VARS_H

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

#endif
