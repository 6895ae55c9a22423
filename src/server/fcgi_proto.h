/*
 * The FastCGI 1.0 wire format as a responder reads it: bytes from the web
 * server in, whole requests and the records to answer out. No I/O here, so
 * the fuzzer and the unit tests drive exactly what the server runs.
 */
#ifndef SITEMAPD_FCGI_PROTO_H
#define SITEMAPD_FCGI_PROTO_H

#include <stddef.h>

#include "buf.h"

#define FCGI_HEADER_LEN		8
/* What a record's 16-bit content length can say. */
#define FCGI_RECORD_MAX		65535
/* The largest record content that keeps the next header 8-byte aligned. */
#define FCGI_CONTENT_MAX	65528
/*
 * All of one request's parameters, names and values together. nginx and
 * lighttpd cap a request's headers at 64 KiB or less; a peer that sends
 * more is not a web server, and nothing is allocated past this.
 */
#define FCGI_PARAMS_MAX		(256 * 1024)

enum fcgi_type {
	FCGI_BEGIN_REQUEST = 1, FCGI_ABORT_REQUEST, FCGI_END_REQUEST,
	FCGI_PARAMS, FCGI_STDIN, FCGI_STDOUT, FCGI_STDERR, FCGI_DATA,
	FCGI_GET_VALUES, FCGI_GET_VALUES_RESULT, FCGI_UNKNOWN_TYPE
};

struct fcgi_param {
	char	*name;
	char	*value;
};

/* A request whose parameters have all arrived. */
struct fcgi_request {
	unsigned		 id;
	int			 keep_conn;
	struct fcgi_param	*params;
	size_t			 nparams;
};

/* One connection's incoming side. */
struct fcgi_input {
	struct buf	 pending;	/* bytes not yet a whole record */
	size_t		 start;		/* where in pending the next one starts */
	unsigned	 id;		/* request being received, 0 for none */
	int		 keep_conn;
	unsigned	 stdin_id;	/* answered; its FCGI_STDIN not ended */
	struct buf	 params;	/* its PARAMS stream so far */
	struct buf	 reply;		/* records to send that no request makes */
	int		 close;		/* answer what is in reply, then hang up */
	size_t		 max_conns;	/* for FCGI_GET_VALUES */
};

enum fcgi_next { FCGI_NEED_MORE, FCGI_GOT_REQUEST, FCGI_BROKEN };

void	fcgi_input_init(struct fcgi_input *, size_t max_conns);
void	fcgi_input_free(struct fcgi_input *);
/* Appends bytes read from the connection. */
void	fcgi_input_add(struct fcgi_input *, const void *, size_t);
/*
 * True while a request has begun arriving, its stdin has not ended, or
 * bytes of one wait.
 */
int	fcgi_input_busy(const struct fcgi_input *);

/*
 * Works through the records received so far. FCGI_GOT_REQUEST fills req
 * (free it with fcgi_request_free); FCGI_BROKEN sets why: the peer broke
 * the protocol or a limit, and the connection must go. Either way, first
 * send what has been added to reply.
 */
enum fcgi_next fcgi_input_next(struct fcgi_input *, struct fcgi_request *req,
	    const char **why);

const char *fcgi_request_param(const struct fcgi_request *, const char *name);
void	fcgi_request_free(struct fcgi_request *);

/*
 * Writes the header of a record of len bytes of content into h; -1 when
 * len does not fit a record's 16-bit length.
 */
int	fcgi_header(unsigned char h[FCGI_HEADER_LEN], enum fcgi_type,
	    unsigned id, size_t len);
/*
 * Appends len bytes of a stream (FCGI_STDOUT) as records of at most
 * FCGI_CONTENT_MAX; nothing for none, since an empty record ends it.
 */
void	fcgi_put_stream(struct buf *, enum fcgi_type, unsigned id,
	    const void *data, size_t len);
/* The bytes of the records fcgi_put_stream makes of len bytes. */
size_t	fcgi_stream_size(size_t len);
/* Appends the end of request id: an empty FCGI_STDOUT, FCGI_END_REQUEST. */
void	fcgi_put_end(struct buf *, unsigned id);

#endif
