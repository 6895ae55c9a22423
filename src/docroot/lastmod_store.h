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
#include "page.h"

struct lastmod_store;

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
 * Whether the rows it read last hold a hash of an older kind (page.h),
 * or it read none yet: only then are pages hashed by older rules too.
 */
int	lastmod_store_older(const struct lastmod_store *);

/*
 * A page to date: its URL and content hash (content_hash.h's main), and
 * its date; the hashes older versions kept (before, by enum
 * content_kind; 0 where unknown), for the rows they wrote.
 */
struct lastmod_ask {
	const char	*url;
	uint64_t	 hash;
	uint64_t	 before[CONTENT_KIND_MAIN];
	time_t		 date;		/* its file's; out, the store's */
	time_t		 first;		/* or 0: its date if the store never
					   saw the page */
	int		 floor;		/* first is a modified date it states:
					   taken however it is first seen */
	int		 remembered;	/* out: the store saw it before */
};

/*
 * Each page whose content the store saw there before takes the date it
 * was first seen, and is remembered; new content is recorded with the
 * page's date, in one transaction for all. -1 with why.
 */
int	lastmod_store_dates(struct lastmod_store *, struct lastmod_ask *,
	    size_t n, struct buf *why);

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
