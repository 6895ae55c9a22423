/*
 * Any bytes on the FastCGI socket: the record reader, fed in pieces whose
 * sizes the first byte picks, and each request it yields through the
 * request description and base_url, from a peer trusted for everything.
 * Every reply it makes must be whole records, each within its length.
 */
#include <stdlib.h>
#include <string.h>

#include "baseurl.h"
#include "fcgi_proto.h"
#include "fuzz.h"
#include "request.h"

/* Aborts unless reply is whole records a web server can read. */
static void
check_framing(const struct buf *reply)
{
	const unsigned char *p = (const unsigned char *)reply->data;
	size_t left = reply->len;

	while (left > 0) {
		size_t len, size;

		if (left < FCGI_HEADER_LEN || p[0] != 1)
			abort();
		len = (size_t)p[4] << 8 | p[5];
		size = FCGI_HEADER_LEN + len + p[6];
		if (size > left)
			abort();
		if (p[1] == FCGI_GET_VALUES_RESULT) {
			/* Name-value pairs, exactly filling the record. */
			const unsigned char *q = p + FCGI_HEADER_LEN,
			    *end = q + len;

			while (q < end) {
				size_t nl, vl;

				if (end - q < 2 || (q[0] | q[1]) & 0x80)
					abort();
				nl = q[0];
				vl = q[1];
				q += 2;
				if (nl + vl > (size_t)(end - q))
					abort();
				q += nl + vl;
			}
		} else if (p[1] != FCGI_END_REQUEST &&
		    p[1] != FCGI_UNKNOWN_TYPE)
			abort();
		p += size;
		left -= size;
	}
}

static const char *
param(const char *name, void *req)
{
	return fcgi_request_param(req, name);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct host_policy policy;
	static int ready;
	struct fcgi_input in;
	size_t piece;
	const char *reason;

	if (!ready) {
		host_policy_init(&policy);
		host_policy_trust(&policy, "0.0.0.0/0", &reason);
		ready = 1;
	}
	if (size == 0)
		return 0;
	piece = (size_t)data[0] + 1;
	data++;
	size--;
	fcgi_input_init(&in, 16);
	while (size > 0 && !in.close) {
		size_t n = size < piece ? size : piece;
		struct fcgi_request freq;
		enum fcgi_next next;

		fcgi_input_add(&in, data, n);
		data += n;
		size -= n;
		while ((next = fcgi_input_next(&in, &freq, &reason)) ==
		    FCGI_GOT_REQUEST) {
			struct buf base = BUF_INIT, why = BUF_INIT;
			struct request req;

			request_from_params(&req, param, &freq);
			(void)base_url(&req, &policy, &base, &why);
			buf_free(&base);
			buf_free(&why);
			fcgi_request_free(&freq);
		}
		check_framing(&in.reply);
		buf_reset(&in.reply);
		if (next == FCGI_BROKEN)
			break;
	}
	fcgi_input_free(&in);
	return 0;
}
