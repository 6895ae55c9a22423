/*
 * What every part of a document root's source notes and asks, below
 * them all: a path's id and its file's state, the newest change to a
 * folder, whether a symlink stays inside the root, and the inotify
 * watch of each folder.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hash.h"
#include "log.h"
#include "paths.h"
#include "docroot_source.h"

/* The newest moment a folder changed, which source_ops' changed gives. */
void
docroot_note_mtime(struct source *s, time_t t)
{
	if (t > s->dirs_changed)
		s->dirs_changed = t;
}

/* What the web server finds at rel: docroot_served asks. */
enum docroot_fs_kind
docroot_kind_below_root(void *ctx, const char *rel)
{
	struct stat st;

	return docroot_stat_below_root(ctx, rel, &st);
}

enum docroot_fs_kind
docroot_stat_below_root(const struct source *s, const char *rel,
    struct stat *st)
{
	struct buf path = BUF_INIT;
	int found;

	docroot_join(&path, s->root, rel);
	found = stat(buf_str(&path), st) == 0;
	buf_free(&path);
	if (!found)
		return DOCROOT_FS_NONE;
	/* A server takes whatever is no folder for a file: it shadows. */
	return S_ISDIR(st->st_mode) ? DOCROOT_FS_DIR : DOCROOT_FS_FILE;
}

/*
 * With watch = stat, what a page's file was when read: its state, or 0
 * for one changed so lately that it may change again within the same
 * time stamp, to be read again at the next request.
 */
void
docroot_note_state(struct source *s, uint64_t id, const struct stat *st)
{
	if (s->follow == FOLLOW_STAT)
		id_map_put(&s->page_state, id, st->st_mtime >= time(NULL) - 1 ?
		    0 : docroot_state_key(st));
}

uint64_t
docroot_state_key(const struct stat *st)
{
	uint64_t k = docroot_inode_key(st);

	k = hash_add(k, &st->st_size, sizeof(st->st_size));
	k = hash_add(k, &st->st_mtim, sizeof(st->st_mtim));
	k = hash_add(k, &st->st_ctim, sizeof(st->st_ctim));
	return k | 1;	/* never 0 */
}

/*
 * A file's state as a page fact keeps it, or 0 for one changed so lately
 * that it may change again within the same time stamp.
 */
uint64_t
docroot_kept_state(const struct stat *st)
{
	time_t racy = time(NULL) - 1;

	return st->st_mtime >= racy || st->st_ctime >= racy ? 0 :
	    docroot_state_key(st);
}

uint64_t
docroot_inode_key(const struct stat *st)
{
	uint64_t k = hash_add(HASH_INIT, &st->st_dev, sizeof(st->st_dev));

	return hash_add(k, &st->st_ino, sizeof(st->st_ino));
}

/* FNV-1a of the path below the root: the same file, the same id. */
uint64_t
docroot_id_of(const char *rel)
{
	return hash_add(HASH_INIT, rel, strlen(rel));
}

void
docroot_join(struct buf *out, const char *dir, const char *rel)
{
	buf_reset(out);
	buf_adds(out, dir);
	if (*rel)
		buf_printf(out, "/%s", rel);
}

/* A symlink is followed only where its target stays inside the root. */
int
docroot_inside_root(const struct source *s, const char *path)
{
	char real[PATH_MAX];
	size_t n = strlen(s->real_root);

	return realpath(path, real) != NULL && strncmp(real, s->real_root, n)
	    == 0 && (real[n] == '/' || real[n] == '\0');
}

void
docroot_stop_watching(struct source *s)
{
	dir_watch_clear(&s->roots);
	if (s->inotify_fd != -1)
		close(s->inotify_fd);
	s->inotify_fd = -1;
	for (size_t i = 0; i < s->ndirs; i++)
		s->dirs[i].wd = -1;
	for (size_t w = 0; w < s->nwds; w++)
		s->dir_of_wd[w] = -1;
}

/*
 * A watch that cannot be added (most often past the watches a user may
 * hold, fs.inotify.max_user_watches): the directories' states are
 * compared on every request from then on, slower but never stale.
 */
void
docroot_give_up_watching(struct source *s, const char *what)
{
	log_msg("inotify: %s: %s; comparing the directories of %s on every "
	    "request%s", what, strerror(errno), s->root, errno == ENOSPC ?
	    " (raise fs.inotify.max_user_watches to follow them)" : "");
	docroot_stop_watching(s);
	s->inotify_failed = 1;
	s->follow = FOLLOW_STAT;
	s->lost = 1;	/* read again, each page's state noted */
}

/* Watches directory i, known at path, before it is read. */
void
docroot_watch_dir(struct source *s, size_t i, const char *path)
{
	int wd;

	if (s->inotify_fd == -1)
		return;
	if ((wd = inotify_add_watch(s->inotify_fd, path, DIR_EVENTS)) == -1) {
		docroot_give_up_watching(s, path);
		return;
	}
	s->dirs[i].wd = wd;
	if ((size_t)wd >= s->nwds) {
		size_t n = (size_t)wd * 2 + 16;

		s->dir_of_wd = xreallocarray(s->dir_of_wd, n,
		    sizeof(*s->dir_of_wd));
		for (size_t w = s->nwds; w < n; w++)
			s->dir_of_wd[w] = -1;
		s->nwds = n;
	}
	/*
	 * A watch is the inode's: a folder moved, walked at its new name
	 * before its old one is forgotten, gets the watch it had, which
	 * forgetting the old name must not remove.
	 */
	if (s->dir_of_wd[wd] != -1 && (size_t)s->dir_of_wd[wd] != i)
		s->dirs[s->dir_of_wd[wd]].wd = -1;
	s->dir_of_wd[wd] = (int)i;
}
