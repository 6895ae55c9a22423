/*
 * Whole sitemap answers kept by their ETag, which names exactly what the
 * body holds: a crawler asking for a part again gets the bytes already
 * made, and a part that changed has another ETag, so a kept answer is
 * never stale. Only a few small ones: a 50,000-URL part is kept gzipped.
 */
#ifndef SITEMAPD_ANSWERS_H
#define SITEMAPD_ANSWERS_H

#include "buf.h"

#define ANSWERS_SLOTS	8
#define ANSWER_MAX	(2 * 1024 * 1024)	/* bytes of one body */
#define ANSWERS_MAX	(8 * 1024 * 1024)	/* of all of them */
#define ANSWER_KEY_SIZE	48

struct answer {
	char		 key[ANSWER_KEY_SIZE];	/* "" when free */
	struct buf	 body;
	unsigned long	 used;		/* when last asked for */
};

struct answers {
	struct answer	 slot[ANSWERS_SLOTS];
	unsigned long	 clock;
	size_t		 bytes;
};

/* The body kept under key, or NULL. */
const struct buf *answers_find(struct answers *, const char *key);
/* Keeps body (taken; it is emptied) under key, if it fits. */
void	answers_keep(struct answers *, const char *key, struct buf *body);
void	answers_free(struct answers *);

#endif
