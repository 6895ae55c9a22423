/*
 * The PageMetaCache: the content metadata, and the sitemap entries made
 * from it, kept between the requests of a long-running process. inotify
 * names the files that changed, and only their pages are read again, and
 * changed in place in the sorted entries. On network and FUSE filesystems
 * inotify sees only this machine's writes, so there each request compares
 * the shard directories' states instead and reads changed shards again. Without
 * either (CGI, or a watch that failed) every request scans: a stale answer
 * is never an option.
 */
#ifndef SITEMAPD_CACHE_H
#define SITEMAPD_CACHE_H

#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <time.h>

#include "alias_owner.h"
#include "buf.h"
#include "config.h"
#include "content.h"
#include "dir_watch.h"
#include "sitemap.h"
#include "tags.h"

enum cache_mode {
	CACHE_RESCAN,			/* read everything on every request */
	CACHE_INOTIFY,			/* read what inotify names */
	CACHE_STAT			/* read shards whose directory changed */
};

struct page_cache {
	int		 long_lived;	/* serves many requests */
	int		 inotify_failed;	/* then rescan, for good */
	enum cache_mode	 mode;
	int		 inotify_fd;	/* -1 while not watching */
	struct dir_watch roots;		/* the root, content/, tags.yaml: */
	int		 roots_touched;	/* an event: compare their states */
	int		 content_wd;
	int		 shard_wd[CONTENT_SHARDS];
	unsigned char	 dirty[CONTENT_SHARDS];	/* read the whole shard */
	struct id_list	 dirty_ids[CONTENT_SHARDS];	/* read these pages */
	struct stat	 shard_st[CONTENT_SHARDS];	/* zero if absent */
	/* Changed so lately that another change may share its timestamp. */
	unsigned char	 racy[CONTENT_SHARDS];
	int		 scanned;	/* shards and tags are current */
	char		*root;
	const struct config *cfg;	/* of the request in hand */
	struct reserved	 reserved;	/* the scan's own copy of cfg's */
	struct scan_rules rules;	/* tags, reserved and the reporter */
	struct buf	 nopressure_key;	/* reserved entries of the scan */
	struct stat	 root_st, content_st, tags_st;
	struct tagmap	 tags;
	struct site	 shards[CONTENT_SHARDS];
	struct alias_owners owners;	/* of the pages in shards */
	time_t		 dirs_changed;	/* newest mtime of the directories */
	unsigned	 config_generation;
	int		 built;		/* sitemap matches shards and config */
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
/* True while a background scan reads the root. */
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
 * Every page of the last scan, in shard order, alias collisions marked
 * once a sitemap is built. The pages are the cache's: free only the array.
 */
const struct page **cache_pages(const struct page_cache *, size_t *n);

#endif
