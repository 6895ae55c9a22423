/*
 * Response bodies, made whole for the request that asks and freed when
 * the last request that sends them is done. Requests in flight at the
 * same moment for the same bytes (the same key: route and ETag) share one
 * body, so a thousand slow readers of one sitemap cost one sitemap.
 * Nothing outlives its requests: a body no request holds is gone, and
 * only its memory, emptied, is kept for the next (see body.c).
 */
#ifndef SITEMAPD_BODY_H
#define SITEMAPD_BODY_H

#include <stddef.h>

#include "buf.h"

#define BODY_KEY_SIZE	64

/* What a body's bytes are: each kind keeps its own spare memory. */
enum body_kind {
	BODY_PLAIN,	/* XML as rendered */
	BODY_PACKED,	/* gzipped */
	BODY_KINDS
};

struct bodies;

struct body {
	struct buf	 bytes;
	enum body_kind	 kind;
	unsigned	 refs;
	char		 key[BODY_KEY_SIZE];	/* "" when not shared */
	struct bodies	*in;		/* the table it is shared in, or NULL */
};

/* The shared bodies in flight, within a bound on their bytes. */
struct bodies {
	struct body	**all;
	size_t		 n, cap;
	size_t		 bytes;
	size_t		 max_bytes;
};

/* An empty body of a kind with one reference, shared with nobody. */
struct body *body_new(enum body_kind);
struct body *body_ref(struct body *);
/* Drops a reference; the last frees the body and takes it off its table. */
void	body_release(struct body *);
/*
 * The spare memory of a kind, empty, into out (or an empty buf); and a
 * buf's memory given back for that, leaving b empty.
 */
void	body_spare_take(enum body_kind, struct buf *out);
void	body_spare_give(enum body_kind, struct buf *b);

void	bodies_init(struct bodies *, size_t max_bytes);
/* The body in flight under key, with a reference taken, or NULL. */
struct body *bodies_find(struct bodies *, const char *key);
/* True when the bodies in flight hold max_bytes or more. */
int	bodies_full(const struct bodies *);
/* Shares b under key (at most BODY_KEY_SIZE - 1 bytes) while it lives. */
void	bodies_share(struct bodies *, struct body *b, const char *key);
/* Only when no body is in flight: each is freed by its last release. */
void	bodies_free(struct bodies *);

#endif
