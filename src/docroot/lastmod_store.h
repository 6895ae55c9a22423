/*
 * When each page's content was first seen, kept in SQLite across rebuilds
 * ([docroot] lastmod_store): a generator rewrites every file, and so
 * every mtime, on each build, while a page whose content stays keeps its
 * lastmod. Several processes share one store (WAL, a busy timeout); any
 * fault of it is logged once, and the pages keep their own dates.
 */
#ifndef SITEMAPD_LASTMOD_STORE_H
#define SITEMAPD_LASTMOD_STORE_H

#include <stdint.h>
#include <time.h>

#include "buf.h"

struct lastmod_store;

/* Opens the store at path, made if need be: NULL with why. */
struct lastmod_store *lastmod_store_open(const char *path, struct buf *why);
void	lastmod_store_close(struct lastmod_store *);

/*
 * The page at url with content hash: when the store saw that content
 * there before, *date becomes the date it was first seen, and it returns
 * 1; else *date is recorded as its first, and it returns 0; -1 with why.
 */
int	lastmod_store_date(struct lastmod_store *, const char *url,
	    uint64_t hash, time_t *date, struct buf *why);

/* Brackets many dates in one transaction, as a scan gives them. */
int	lastmod_store_begin(struct lastmod_store *, struct buf *why);
int	lastmod_store_commit(struct lastmod_store *, struct buf *why);

/* How many pages it remembers, for check: -1 with why. */
long	lastmod_store_count(struct lastmod_store *, struct buf *why);

#endif
