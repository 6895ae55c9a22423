/*
 * FastCGI 1.0 records in, whole requests out (the specification's sections
 * 3 to 6). Every length the peer sends is checked against the bytes that
 * actually arrived, and against FCGI_PARAMS_MAX, before anything is
 * allocated for it: libfcgi trusts a name-value length of 2 GB and aborts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi_proto.h"

#define FCGI_VERSION_1		1
#define FCGI_RESPONDER		1
#define FCGI_KEEP_CONN		1
/* FCGI_END_REQUEST protocol statuses. */
#define FCGI_REQUEST_COMPLETE	0
#define FCGI_CANT_MPX_CONN	1
#define FCGI_UNKNOWN_ROLE	3

void
fcgi_input_init(struct fcgi_input *in, size_t max_conns)
{
	memset(in, 0, sizeof(*in));
	in->max_conns = max_conns;
}

void
fcgi_input_free(struct fcgi_input *in)
{
	buf_free(&in->pending);
	buf_free(&in->params);
	buf_free(&in->reply);
}

void
fcgi_input_add(struct fcgi_input *in, const void *data, size_t len)
{
	buf_add(&in->pending, data, len);
}

int
fcgi_input_busy(const struct fcgi_input *in)
{
	return in->id != 0 || in->stdin_id != 0 ||
	    in->pending.len > in->start;
}

int
fcgi_header(unsigned char h[FCGI_HEADER_LEN], enum fcgi_type type,
    unsigned id, size_t len)
{
	if (len > FCGI_RECORD_MAX)
		return -1;
	h[0] = FCGI_VERSION_1;
	h[1] = (unsigned char)type;
	h[2] = (unsigned char)(id >> 8);
	h[3] = (unsigned char)id;
	h[4] = (unsigned char)(len >> 8);
	h[5] = (unsigned char)len;
	h[6] = 0;	/* no padding */
	h[7] = 0;
	return 0;
}

/* One record whole; -1, and nothing appended, when it cannot be one. */
static int
put_record(struct buf *b, enum fcgi_type type, unsigned id,
    const void *content, size_t len)
{
	unsigned char h[FCGI_HEADER_LEN];

	if (fcgi_header(h, type, id, len) == -1)
		return -1;
	buf_add(b, h, sizeof(h));
	buf_add(b, content, len);
	return 0;
}

void
fcgi_put_stream(struct buf *b, enum fcgi_type type, unsigned id,
    const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		size_t n = len < FCGI_CONTENT_MAX ? len : FCGI_CONTENT_MAX;

		put_record(b, type, id, p, n);
		p += n;
		len -= n;
	}
}

size_t
fcgi_stream_size(size_t len)
{
	return len + FCGI_HEADER_LEN * ((len + FCGI_CONTENT_MAX - 1) /
	    FCGI_CONTENT_MAX);
}

static void
put_end_request(struct buf *b, unsigned id, unsigned char protocol_status)
{
	unsigned char body[8] = { 0, 0, 0, 0, protocol_status, 0, 0, 0 };

	put_record(b, FCGI_END_REQUEST, id, body, sizeof(body));
}

void
fcgi_put_end(struct buf *b, unsigned id)
{
	put_record(b, FCGI_STDOUT, id, NULL, 0);
	put_end_request(b, id, FCGI_REQUEST_COMPLETE);
}

/* A name-value length: one byte below 128, else four with the top bit set. */
static int
read_length(const unsigned char **p, const unsigned char *end, size_t *len)
{
	const unsigned char *q = *p;

	if (q >= end)
		return -1;
	if ((q[0] & 0x80) == 0) {
		*len = q[0];
		*p = q + 1;
		return 0;
	}
	if (end - q < 4)
		return -1;
	*len = (size_t)(q[0] & 0x7f) << 24 | (size_t)q[1] << 16 |
	    (size_t)q[2] << 8 | q[3];
	*p = q + 4;
	return 0;
}

static int
parse_pairs(const unsigned char *p, size_t len, struct fcgi_param **pairs,
    size_t *n, const char **why)
{
	const unsigned char *end;

	*pairs = NULL;
	*n = 0;
	if (len == 0)
		return 0;	/* p may be NULL then */
	for (end = p + len; p < end;) {
		size_t nlen, vlen;

		if (read_length(&p, end, &nlen) == -1 ||
		    read_length(&p, end, &vlen) == -1) {
			*why = "a parameter's lengths are cut short";
			goto fail;
		}
		if (nlen > (size_t)(end - p) || vlen > (size_t)(end - p) - nlen) {
			*why = "a parameter's length runs past its data";
			goto fail;
		}
		/* C strings would cut the value short and hide the rest. */
		if (memchr(p, '\0', nlen + vlen) != NULL) {
			*why = "a parameter holds a NUL byte";
			goto fail;
		}
		*pairs = xreallocarray(*pairs, *n + 1, sizeof(**pairs));
		(*pairs)[*n].name = xstrndup((const char *)p, nlen);
		(*pairs)[*n].value = xstrndup((const char *)p + nlen, vlen);
		(*n)++;
		p += nlen + vlen;
	}
	return 0;
fail:
	for (size_t i = 0; i < *n; i++) {
		free((*pairs)[i].name);
		free((*pairs)[i].value);
	}
	free(*pairs);
	*pairs = NULL;
	*n = 0;
	return -1;
}

static void
put_pair(struct buf *b, const char *name, const char *value)
{
	/* Both are ours and short: one-byte lengths. */
	buf_addc(b, (char)strlen(name));
	buf_addc(b, (char)strlen(value));
	buf_adds(b, name);
	buf_adds(b, value);
}

/*
 * FCGI_GET_VALUES: the variables asked for that we know, each once however
 * often it is asked for, so the answer always fits its one record.
 */
static int
answer_get_values(struct fcgi_input *in, const unsigned char *content,
    size_t len, const char **why)
{
	static const char *const known[] = { "FCGI_MAX_CONNS",
	    "FCGI_MAX_REQS", "FCGI_MPXS_CONNS" };
	int answered[3] = { 0 };
	struct fcgi_param *asked;
	struct buf body = BUF_INIT;
	char conns[24];
	size_t n;

	if (parse_pairs(content, len, &asked, &n, why) == -1)
		return -1;
	snprintf(conns, sizeof(conns), "%zu", in->max_conns);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < 3; k++)
			if (strcmp(asked[i].name, known[k]) == 0 &&
			    !answered[k]) {
				put_pair(&body, known[k], k < 2 ? conns : "0");
				answered[k] = 1;
			}
		free(asked[i].name);
		free(asked[i].value);
	}
	free(asked);
	put_record(&in->reply, FCGI_GET_VALUES_RESULT, 0, body.data, body.len);
	buf_free(&body);
	return 0;
}

static void
answer_unknown_type(struct fcgi_input *in, unsigned type)
{
	unsigned char body[8] = { (unsigned char)type };

	put_record(&in->reply, FCGI_UNKNOWN_TYPE, 0, body, sizeof(body));
}

/* Returns 1 when the connection is to close after its replies. */
static int
begin_request(struct fcgi_input *in, unsigned id, const unsigned char *c)
{
	unsigned role = (unsigned)c[0] << 8 | c[1];
	int keep = c[2] & FCGI_KEEP_CONN;

	/* One request at a time per connection, as FCGI_MPXS_CONNS says. */
	if (in->id != 0) {
		put_end_request(&in->reply, id, FCGI_CANT_MPX_CONN);
		return 0;
	}
	if (role != FCGI_RESPONDER) {
		put_end_request(&in->reply, id, FCGI_UNKNOWN_ROLE);
		return !keep;
	}
	in->id = id;
	in->keep_conn = keep;
	in->stdin_id = 0;
	buf_reset(&in->params);
	return 0;
}

/* Drops the bytes consumed, so pending never holds more than a record. */
static void
compact(struct fcgi_input *in)
{
	size_t left = in->pending.len - in->start;

	if (in->start == 0)
		return;
	memmove(in->pending.data, in->pending.data + in->start, left);
	in->pending.len = left;
	in->start = 0;
}

enum fcgi_next
fcgi_input_next(struct fcgi_input *in, struct fcgi_request *req,
    const char **why)
{
	memset(req, 0, sizeof(*req));
	while (!in->close && in->pending.len - in->start >= FCGI_HEADER_LEN) {
		const unsigned char *h = (const unsigned char *)in->pending.data +
		    in->start, *content = h + FCGI_HEADER_LEN;
		size_t avail = in->pending.len - in->start, clen;
		unsigned type, id;

		if (h[0] != FCGI_VERSION_1) {
			*why = "not a FastCGI 1.0 record";
			return FCGI_BROKEN;
		}
		type = h[1];
		id = (unsigned)h[2] << 8 | h[3];
		clen = (size_t)h[4] << 8 | h[5];
		if (avail < FCGI_HEADER_LEN + clen + h[6])
			break;
		in->start += FCGI_HEADER_LEN + clen + h[6];

		if (id == 0) {
			if (type != FCGI_GET_VALUES)
				answer_unknown_type(in, type);
			else if (answer_get_values(in, content, clen, why) == -1)
				return FCGI_BROKEN;
			continue;
		}
		switch (type) {
		case FCGI_BEGIN_REQUEST:
			if (clen < 8) {
				*why = "FCGI_BEGIN_REQUEST is too short";
				return FCGI_BROKEN;
			}
			if (id == in->id) {
				*why = "a request began twice";
				return FCGI_BROKEN;
			}
			in->close = begin_request(in, id, content);
			break;
		case FCGI_ABORT_REQUEST:
			/* One already answered needs nothing more. */
			if (id != in->id)
				break;
			put_end_request(&in->reply, id, FCGI_REQUEST_COMPLETE);
			in->id = 0;
			in->close = !in->keep_conn;
			break;
		case FCGI_PARAMS:
			if (id != in->id)
				break;
			if (clen > FCGI_PARAMS_MAX - in->params.len) {
				*why = "request parameters over 256 KiB";
				return FCGI_BROKEN;
			}
			if (clen > 0) {
				buf_add(&in->params, content, clen);
				break;
			}
			in->id = 0;
			if (parse_pairs((const unsigned char *)in->params.data,
			    in->params.len, &req->params, &req->nparams,
			    why) == -1)
				return FCGI_BROKEN;
			req->id = id;
			req->keep_conn = in->keep_conn;
			in->stdin_id = id;
			compact(in);
			return FCGI_GOT_REQUEST;
		case FCGI_STDIN:
			/*
			 * A GET or HEAD has no body worth reading, but hanging
			 * up before its end makes the web server's write of it
			 * fail, and Apache then answers 503.
			 */
			if (id == in->stdin_id && clen == 0) {
				in->stdin_id = 0;
				in->close = !in->keep_conn;
			}
			break;
		default:
			/* FCGI_DATA, and types that are not for a responder. */
			break;
		}
	}
	compact(in);
	return FCGI_NEED_MORE;
}

const char *
fcgi_request_param(const struct fcgi_request *req, const char *name)
{
	/* The first of a repeated name, as libfcgi's FCGX_GetParam. */
	for (size_t i = 0; i < req->nparams; i++)
		if (strcmp(req->params[i].name, name) == 0)
			return req->params[i].value;
	return NULL;
}

void
fcgi_request_free(struct fcgi_request *req)
{
	for (size_t i = 0; i < req->nparams; i++) {
		free(req->params[i].name);
		free(req->params[i].value);
	}
	free(req->params);
	memset(req, 0, sizeof(*req));
}
