/*
 * The PageMetaCache: the pages of the content root, and the sitemap
 * entries made from them, kept between the requests of a long-running
 * process. Its source (source.h) says which pages changed, and only those
 * are read again and changed in place in the sorted entries; when it
 * cannot tell (CGI, or a watch that failed), every request reads the
 * whole root: a stale answer is never an option.
 */
#ifndef SITEMAPD_CACHE_H
#define SITEMAPD_CACHE_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "alias_owner.h"
#include "buf.h"
#include "config.h"
#include "page.h"
#include "sitemap.h"
#include "source.h"

struct page_cache {
	int		 long_lived;	/* serves many requests */
	int		 afresh;	/* reads every page: takes nothing
					   kept by another process */
	int		 read_once;	/* the tree as first read serves
					   every request: export's files
					   are of one version */
	const struct reporter *report;
	const struct source_ops *ops;	/* of the root in hand, or NULL */
	struct source	*src;
	char		*root;
	struct dirty	 dirty;		/* what to read again */
	int		 scanned;	/* the pages are current */
	const struct config *cfg;	/* of the request in hand */
	struct site	 buckets[PAGE_BUCKETS];
	struct alias_owners owners;	/* of the pages in buckets */
	unsigned	 config_generation;
	int		 built;		/* sitemap matches pages and config */
	struct sitemap	 sitemap;
	/* A full scan in a thread of its own, while requests go on. */
	int		 background;
	int		 scanning;
	int		 rescan_after;	/* SIGHUP came during the scan */
	pthread_t	 scanner;
	struct config	 scan_cfg;	/* what its build reads */
	int		 scan_rc;
	struct buf	 scan_why;
	atomic_int	 scan_done;
	int		 wake_fd;	/* readable when it is done */
	atomic_int	 scan_cancel;
};

/* rep hears what the content root holds that is not read or not listed. */
void	cache_init(struct page_cache *, int long_lived,
	    const struct reporter *rep);
void	cache_free(struct page_cache *);
/* Makes the next request read the whole content root again. */
void	cache_forget(struct page_cache *);

/*
 * From now on, full scans run in a thread of their own: one starts now,
 * and until it is done cache_sitemap answers NULL, "being read", at once.
 * A long-running process thereby answers robots.txt, which needs no
 * content, however long the content root takes to read.
 */
void	cache_start(struct page_cache *, const struct config *);

/*
 * Brings the cache up to the root as it is now: 0 when it is, 1 while a
 * background scan reads it (wait on cache_wake_fd), -1 with the reason in
 * why when it cannot be read in full.
 */
int	cache_update(struct page_cache *, const struct config *, struct buf *why);
/* True while a background scan reads the root, or is yet to be taken up. */
int	cache_busy(const struct page_cache *);
/* Readable when a background scan is done; -1 without cache_start. */
int	cache_wake_fd(const struct page_cache *);

/*
 * The sitemap of cfg's root as it is now, and in *changed the newest moment
 * its content can reflect. NULL with the reason in why when the root cannot
 * be read in full, or is still being read.
 */
struct sitemap *cache_sitemap(struct page_cache *, const struct config *,
	    time_t *changed, struct buf *why);

/*
 * Every page of the last scan, in bucket order, alias collisions marked
 * once a sitemap is built. The pages are the cache's: free only the array.
 */
const struct page **cache_pages(const struct page_cache *, size_t *n);
/* Who may read a restricted page, as its source says, for list. */
void	cache_restricted(const struct page_cache *, const struct page *,
	    struct buf *out);
/* The file a page is read from, below the root, where its source says. */
void	cache_file_of(const struct page_cache *, const struct page *,
	    struct buf *out);
/* source_ops' content_before: its file read again; 0 where unknown. */
uint64_t	cache_content_before(const struct page_cache *,
	    const struct page *, enum content_kind);

#endif
