/*
 * Directories listed ahead of a walk by a few threads: each one's entries
 * and their states (lstat), so that the stats of one folder overlap the
 * walk's work on another, and on a network filesystem, where each stat is
 * a round trip, each other's.
 */
#ifndef SITEMAPD_LISTER_H
#define SITEMAPD_LISTER_H

#include <stddef.h>
#include <sys/stat.h>

/* Listers at once, and how many folders they may be ahead of the walk. */
#define LISTERS		8
#define LISTED_AHEAD	64

struct dir_entry {
	char		*name;
	struct stat	 st;		/* lstat's; st_mode 0 when it failed */
};

/* A directory as listed: err is the errno of opening it, or 0. */
struct dir_listing {
	int		 err;
	struct stat	 st;
	struct dir_entry *v;
	size_t		 n;
};

/* Lists the directory open at fd, which it closes. */
void	dir_list_fd(int fd, struct dir_listing *out);
void	dir_listing_free(struct dir_listing *);

struct lister;

/* Listers of the directories below root, started. */
struct lister	*lister_start(const char *root);
/* The directory at rel (below root), to be listed after those added. */
void	lister_add(struct lister *, const char *rel);
/*
 * The listing of the next directory added, into out, waited for; listed
 * by the caller when no lister could be started.
 */
void	lister_next(struct lister *, struct dir_listing *out);
void	lister_stop(struct lister *);

#endif
