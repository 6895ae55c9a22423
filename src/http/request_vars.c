/* Fills a struct request from whatever looks up CGI variables by name. */
#include "request_vars.h"

void
request_from_params(struct request *req, param_fn param, void *ctx)
{
	req->method = param("REQUEST_METHOD", ctx);
	req->request_uri = param("REQUEST_URI", ctx);
	req->script_name = param("SCRIPT_NAME", ctx);
	req->path_info = param("PATH_INFO", ctx);
	req->https = param("HTTPS", ctx);
	req->request_scheme = param("REQUEST_SCHEME", ctx);
	req->http_host = param("HTTP_HOST", ctx);
	req->server_name = param("SERVER_NAME", ctx);
	req->server_port = param("SERVER_PORT", ctx);
	req->remote_addr = param("REMOTE_ADDR", ctx);
	req->forwarded = param("HTTP_FORWARDED", ctx);
	req->x_forwarded_proto = param("HTTP_X_FORWARDED_PROTO", ctx);
	req->x_forwarded_host = param("HTTP_X_FORWARDED_HOST", ctx);
	req->x_forwarded_port = param("HTTP_X_FORWARDED_PORT", ctx);
	req->if_none_match = param("HTTP_IF_NONE_MATCH", ctx);
	req->if_modified_since = param("HTTP_IF_MODIFIED_SINCE", ctx);
	req->accept_encoding = param("HTTP_ACCEPT_ENCODING", ctx);
	req->must_answer = 0;
}
