/*
 * The document root source's state, shared by the files that make it,
 * each calling only those below it: docroot_source.c composes watch.c
 * (events and states), tree.c (folders and their walk), page_reader.c
 * (a page's head and dates) and canonicals.c, over root_state.c;
 * nothing outside src/docroot includes it.
 */
#ifndef SITEMAPD_DOCROOT_SOURCE_H
#define SITEMAPD_DOCROOT_SOURCE_H

#include <stdint.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>

#include "buf.h"
#include "dir_watch.h"
#include "id_map.h"
#include "known_files.h"
#include "lastmod_keeper.h"
#include "paths.h"
#include "source.h"

/*
 * The settings whose other value lists a page at another URL; and a
 * url_path, for a site built to be published under one.
 */
enum spelling { SPELL_CLEAN, SPELL_NOT_CLEAN, SPELL_SLASH, SPELL_NO_SLASH,
	SPELL_UNDER, SPELLINGS };
/* "[docroot] clean_urls = yes" ...: what check says to set. */
extern const char *const docroot_spelling_fix[SPELLINGS];

/* Whatever makes a file or a directory appear, change or go. */
#define DIR_EVENTS	(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | \
	IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | \
	IN_MOVE_SELF | IN_ONLYDIR)
/* A path below the root longer than this makes no URL a sitemap holds. */
#define REL_MAX		2048

enum follow { FOLLOW_NONE, FOLLOW_INOTIFY, FOLLOW_STAT };

/* Changes to the known files a request leaves unmerged, at most. */
#define ADDED_MAX	1024

/* A directory of the tree, as it was when last read. */
struct dir {
	char		*rel;		/* "" for the root; NULL when gone */
	dev_t		 dev;
	ino_t		 ino;
	uint64_t	 state;		/* docroot_state_key, not the whole
					   stat: 144 bytes a folder */
	int		 wd;		/* -1 when not watched */
	int		 racy;		/* changed so lately it may again */
};

struct source {
	int		 long_lived;
	const struct reporter *report;
	enum follow	 follow;
	int		 inotify_failed;	/* then compare, for good */
	int		 inotify_fd;
	struct dir_watch roots;		/* the directories above the root */
	int		 roots_touched;
	int		 lost;		/* an event said: read everything */
	/*
	 * A folder of the tree is reached through a symlink, or under two
	 * names: which of its names lists its pages, and what each name
	 * leads to, change with any folder moved, replaced or removed.
	 */
	int		 linked;
	char		*root;
	char		*real_root;	/* symlinks are followed within it */
	struct stat	 root_st;
	struct buf	 key;		/* the [docroot] rules of the scan */
	struct dir	*dirs;
	size_t		 ndirs;
	struct id_map	 dir_at;	/* index in dirs by id_of(rel) */
	struct id_map	 dir_of_inode;	/* index in dirs by inode_key */
	struct id_map	 page_state;	/* with watch = stat: state_key of
					   each page's file, 0 to read again */
	int		*dir_of_wd;	/* index in dirs, or -1 */
	size_t		 nwds;
	struct known_files known;
	time_t		 dirs_changed;
	struct heads	*heads;		/* in a scan: to read side by side */
	struct lastmod_keeper *dates;	/* when content was first seen */
	struct image_sums *image_sums;	/* the content's image files' */
	struct image_users *image_users;	/* and the pages naming them */
	int		 has_store;	/* [docroot] lastmod_store is set */
	int		 afresh;	/* every page read, no fact taken */
	struct page_facts *facts;	/* in a scan, with page_facts */
	struct canonical *canonicals;	/* one read: checked against */
	size_t		 ncanonicals;	/* the pages they name */
	size_t		 spelled[SPELLINGS];	/* canonicals naming their */
	char		*spelled_first[SPELLINGS];	/* page otherwise */
	char		*spelled_under;	/* the url_path of SPELL_UNDER's first */
};

/* Pages read at once in a scan, and the threads that read them. */
#define HEADS_AT_ONCE	4096
#define HEAD_THREADS	16

/*
 * What the store is asked of a page: the hash of its content, 0 for none
 * (its own stated date decides), and the hashes older versions took, for
 * the rows they wrote, or 0 each; the date it states, for a page the
 * store never saw, or 0; whether that date is the modified date it
 * states, a floor under the store's (its file's date then dates new
 * content), or only its published date; and whether what its head said
 * holds only for now, as other files or the clock decide: then no page
 * fact keeps it.
 */
struct dating {
	uint64_t	 content;
	uint64_t	 before[CONTENT_KIND_MAIN];	/* by enum content_kind */
	time_t		 first;
	int		 floor;
	time_t		 changed;	/* with floor: its file's date */
	int		 transient;
};

/*
 * A page whose head a scan is yet to read, or whose page fact it took
 * (rel NULL), for the store to date: its file, and where it is.
 */
struct head_todo {
	char		*rel;		/* a shared_str, or NULL */
	dev_t		 dev;
	ino_t		 ino;
	uint64_t	 state;		/* docroot_kept_state */
	uint8_t		 bucket;
	size_t		 at;
	struct dating	 dating;
};

struct heads {
	struct head_todo *v;
	size_t		 n;
};

/* A page whose canonical names another page of the site. */
struct canonical {
	char		*rel;
	char		*target;	/* that page's URL path, decoded */
};

/* Where a walk puts what it finds: pages for a scan, else ids to read. */
struct found {
	struct site	*buckets;
	struct dirty	*dirty;
};

/* root_state.c: below the others, calling none of them */
void	docroot_note_mtime(struct source *s, time_t t);
void	docroot_note_state(struct source *s, uint64_t id,
	    const struct stat *st);
uint64_t	docroot_state_key(const struct stat *st);
uint64_t	docroot_kept_state(const struct stat *st);
uint64_t	docroot_inode_key(const struct stat *st);
uint64_t	docroot_id_of(const char *rel);
void	docroot_join(struct buf *out, const char *dir, const char *rel);
int	docroot_inside_root(const struct source *s, const char *path);
/* What the web server finds at rel: docroot_served asks. */
enum docroot_fs_kind	docroot_kind_below_root(void *ctx, const char *rel);
/* The same, with what stat(2) said of it into st. */
enum docroot_fs_kind	docroot_stat_below_root(const struct source *s,
	    const char *rel, struct stat *st);
void	docroot_stop_watching(struct source *s);
void	docroot_give_up_watching(struct source *s, const char *what);
void	docroot_watch_dir(struct source *s, size_t i, const char *path);

/* tree.c: the folders and their walk, above page_reader.c */
int	docroot_read_dir(struct source *s, const struct config *cfg,
	    const char *rel, struct found *found, char ***more, size_t *nmore);
int	docroot_walk(struct source *s, const struct config *cfg,
	    const char *rel, struct found *found, const atomic_int *cancel,
	    struct buf *why);
int	docroot_dir_known(const struct source *s, const char *rel);
void	docroot_recheck_dir_of(struct source *s, const char *rel);
void	docroot_dirty_neighbours(struct source *s, const struct config *cfg,
	    const char *rel, struct dirty *d);
int	docroot_dir_elsewhere(struct source *s, const char *rel,
	    const struct stat *st);

/* watch.c: inotify's events and the states compared, above tree.c */
void	docroot_choose_follow(struct source *s, enum watch want);
void	docroot_note_watch_limit(struct source *s);
void	docroot_read_events(struct source *s, const struct config *cfg,
	    struct dirty *d);
void	docroot_compare_dirs(struct source *s, const struct config *cfg,
	    struct dirty *d);
void	docroot_compare_pages(struct source *s, struct dirty *d);
int	docroot_same_root(const struct source *s);

/* page_reader.c: a page read, its head and dates */
void	docroot_add_page(struct source *s, const struct config *cfg,
	    char *rel, const struct stat *st, struct site *buckets);
void	docroot_read_heads(struct source *s, const struct config *cfg,
	    struct site *buckets);
uint64_t	docroot_content_before(const struct source *s, const char *rel,
	    enum content_kind);

/* image_files.c: a page's images as files of the root */
int	docroot_names_site_images(const char *shown);
void	docroot_add_images(struct source *s, const struct config *cfg,
	    struct page *page, const char *shown);
uint64_t	docroot_with_image_bytes(struct source *s,
	    const struct config *cfg, uint64_t page, uint64_t content,
	    const char *shown, time_t *newest);

/* canonicals.c */
int	docroot_listed_otherwise(const struct config *cfg, const char *rel,
	    const char *path);
int	docroot_same_file(struct source *s, const struct config *cfg,
	    const char *rel, const char *path);
void	docroot_report_spellings(struct source *s);
void	docroot_check_canonicals(struct source *s, const struct config *cfg,
	    struct site *buckets);
void	docroot_add_canonical(struct source *s, const char *rel,
	    const char *target);
void	docroot_canonicals_free(struct source *s);
void	docroot_spelled_otherwise(struct source *s, int k, const char *rel,
	    const char *under);
int	docroot_published_under(const struct config *cfg, const char *url,
	    const char *path, struct buf *under);

#endif
