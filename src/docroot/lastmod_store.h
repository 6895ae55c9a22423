/*
 * When each page's content was first seen, kept across rebuilds ([docroot]
 * lastmod_store): a generator rewrites every file, and so every mtime, on
 * each build, while a page whose content stays keeps its lastmod. In a
 * SQLite file, or for a farm in PostgreSQL (store_db.h); several processes
 * share one store. Any fault of it is logged once, and the pages keep
 * their own dates.
 */
#ifndef SITEMAPD_LASTMOD_STORE_H
#define SITEMAPD_LASTMOD_STORE_H

#include <stdint.h>
#include <time.h>

#include "buf.h"

struct lastmod_store;

/* 1 when where names a PostgreSQL server, not a SQLite file. */
int	lastmod_store_remote(const char *where);

/* Opens the store where says, made if need be: NULL with why. */
struct lastmod_store *lastmod_store_open(const char *where, struct buf *why);
void	lastmod_store_close(struct lastmod_store *);
/* Where it is, fit for a log: no password. */
const char *lastmod_store_name(const struct lastmod_store *);

/*
 * Reads every page it remembers, at a scan's start, so that a page whose
 * content has not changed costs the store nothing: -1 with why.
 */
int	lastmod_store_load(struct lastmod_store *, struct buf *why);

/*
 * The page at url with content hash: when the store saw that content
 * there before, *date becomes the date it was first seen, and it returns
 * 1; else *date is recorded as its first, and it returns 0; -1 with why.
 */
int	lastmod_store_date(struct lastmod_store *, const char *url,
	    uint64_t hash, time_t *date, struct buf *why);

/* Brackets many dates in one transaction, as a scan gives them. */
void	lastmod_store_begin(struct lastmod_store *);
int	lastmod_store_commit(struct lastmod_store *, struct buf *why);

/*
 * At a scan's end: after a complete one, the pages it did not date are
 * marked gone, those back unmarked, and those gone long forgotten. -1
 * with why.
 */
int	lastmod_store_sweep(struct lastmod_store *, int complete, time_t now,
	    struct buf *why);

/* How many pages it remembers, for check: -1 with why. */
long	lastmod_store_count(struct lastmod_store *, struct buf *why);

#endif
