/*
 * What a request brings: Host, Forwarded and X-Forwarded-*, from a peer
 * trusted for all of them, and the conditional and encoding headers. The
 * input is the header values, one per line.
 */
#include <stdlib.h>
#include <string.h>

#include "baseurl.h"
#include "forwarded.h"
#include "fuzz.h"
#include "http.h"
#include "request.h"

enum { HOST, FORWARDED, XF_PROTO, XF_HOST, XF_PORT, SERVER_PORT, HTTPS,
	IF_NONE_MATCH, IF_MODIFIED_SINCE, ACCEPT_ENCODING, FIELDS };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct host_policy policy;
	static int ready;
	char *text = malloc(size + 1), *field[FIELDS] = { 0 }, *p = text;
	struct request req = { 0 };
	struct forwarded fw = { 0 };
	struct buf out = BUF_INIT, why = BUF_INIT;
	const char *reason;
	time_t t;

	if (!ready) {
		host_policy_init(&policy);
		host_policy_trust(&policy, "0.0.0.0/0", &reason);
		host_policy_trust(&policy, "::/0", &reason);
		ready = 1;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	for (int i = 0; i < FIELDS; i++) {
		field[i] = p;
		if (p != NULL && (p = strchr(p, '\n')) != NULL)
			*p++ = '\0';
	}
	req.method = "GET";
	req.request_uri = "/sitemap.xml";
	req.remote_addr = "192.0.2.1";
	req.server_name = "localhost";
	req.http_host = field[HOST];
	req.forwarded = field[FORWARDED];
	req.x_forwarded_proto = field[XF_PROTO];
	req.x_forwarded_host = field[XF_HOST];
	req.x_forwarded_port = field[XF_PORT];
	req.server_port = field[SERVER_PORT];
	req.https = field[HTTPS];
	(void)base_url(&req, &policy, &out, &why);
	buf_reset(&out);
	if (field[HOST])
		(void)host_canonical(field[HOST], 0, &out, &reason);
	if (field[FORWARDED] && forwarded_parse(field[FORWARDED], &fw,
	    &reason) == 0)
		forwarded_free(&fw);
	if (field[IF_NONE_MATCH])
		(void)http_etag_listed(field[IF_NONE_MATCH], "\"abc-gz\"");
	if (field[IF_MODIFIED_SINCE])
		(void)http_date_parse(field[IF_MODIFIED_SINCE], &t);
	if (field[ACCEPT_ENCODING])
		(void)http_accepts_gzip(field[ACCEPT_ENCODING]);
	buf_free(&out);
	buf_free(&why);
	free(text);
	return 0;
}
