/*
 * The lastmod store (lastmod_store.h) kept by a thread of its own, so
 * that no request waits on a database: a page to date is asked of the
 * thread, and a caller that may not wait long (a FastCGI request) goes on
 * with the dates it has after LASTMOD_WAIT_MS, the pages then named by
 * lastmod_keeper_late once the store has answered, to be read again. What
 * a store that failed could not take is kept and asked again when it is
 * back, so that every page read meanwhile is dated from it and recorded.
 */
#ifndef SITEMAPD_LASTMOD_KEEPER_H
#define SITEMAPD_LASTMOD_KEEPER_H

#include <stdint.h>

#include "id_list.h"
#include "lastmod_store.h"
#include "report.h"

/* The longest a request waits for the store, in all. */
#define LASTMOD_WAIT_MS	250
/* The waits before a store that failed is tried again, doubling. */
#define LASTMOD_RETRY_FIRST_S	5
#define LASTMOD_RETRY_MAX_S	600

struct lastmod_keeper;

/* rep hears of the store's faults. */
struct lastmod_keeper *lastmod_keeper_new(const struct reporter *rep);
void	lastmod_keeper_free(struct lastmod_keeper *);

/*
 * At a scan's start: the store at path (NULL: none), read whole, waited
 * for. Another path than before closes the one before.
 */
void	lastmod_keeper_start_scan(struct lastmod_keeper *, const char *path);
/*
 * Dates n pages (ids, their page ids): 1 once the store answered, asks
 * filled in; 0 when it did not within wait_ms (-1: waits as long as the
 * store takes; 0: not at all), the asks as they came. No wait is begun
 * while an earlier one's answer is still awaited.
 */
int	lastmod_keeper_dates(struct lastmod_keeper *, struct lastmod_ask *,
	    const uint64_t *ids, size_t n, long wait_ms);
/*
 * Whether the store, as the scan's start read it, holds rows of an older
 * kind of hash (lastmod_store_older): 1 too before any was read.
 */
int	lastmod_keeper_older(struct lastmod_keeper *);
/* At a scan's end, waited for: lastmod_store_sweep. */
void	lastmod_keeper_end_scan(struct lastmod_keeper *, int complete);
/* Adds the page ids the store dated after their caller had gone on. */
void	lastmod_keeper_late(struct lastmod_keeper *, struct id_list *out);

#endif
