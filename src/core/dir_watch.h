/*
 * Whether a few files may have changed, asked without a stat per request:
 * inotify on every directory along their paths, so a write, a rename or a
 * replaced directory anywhere on the way makes an event. Where events can
 * miss a change (a symlink on the way, whose target may move unseen; a
 * network or FUSE filesystem, where other machines write), the watch is
 * not trusted, and the caller compares states on every request as before.
 */
#ifndef SITEMAPD_DIR_WATCH_H
#define SITEMAPD_DIR_WATCH_H

#include <stddef.h>

struct inotify_event;

/* A directory on the way, and the name in it that leads on. */
struct dir_watch_step {
	int		 wd;
	char		*name;
};

struct dir_watch {
	int			 fd;	/* inotify, or -1 */
	struct dir_watch_step	*steps;
	size_t			 n;
	int			 trusted;	/* events see every change */
};

/*
 * Watches the directories along path on fd (an inotify descriptor), up to
 * the one that holds its last name; not path itself.
 */
void	dir_watch_add(struct dir_watch *, int fd, const char *path);
/* True when wd is one of the watch's. */
int	dir_watch_has(const struct dir_watch *, int wd);
/*
 * True when the event, on one of the watch's directories, may change
 * what a path names: it concerns the directory itself or a name on the
 * way, not another file beside it (a temporary file in /tmp).
 */
int	dir_watch_matters(const struct dir_watch *, const struct inotify_event *);
/* Removes the watches, which are then untrusted until added again. */
void	dir_watch_clear(struct dir_watch *);

/*
 * How many inotify watches this user may hold: the lower of the system's
 * and this user namespace's limit, or -1 when neither can be read.
 */
long	dir_watch_limit(void);

/*
 * The name of a filesystem where another machine may write (statfs(2)
 * f_type), so that inotify misses changes, or NULL.
 */
const char *dir_watch_shared_fs(const char *path);

#endif
