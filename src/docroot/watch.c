/*
 * A document root followed: inotify on every directory, or, on network
 * and FUSE filesystems and past the limit of watches, the directories'
 * and pages' states compared on every request; what changed, into dirty.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "folder_set.h"
#include "image_users.h"
#include "log.h"
#include "parallel.h"
#include "paths.h"
#include "docroot_source.h"

/* What a stat of each folder or page, side by side, found. */
struct states {
	struct source	*s;
	struct stat	*dirs;		/* st_mode 0: gone */
	uint8_t		*changed;	/* by index in files */
};

static int	linked_dir(struct source *s, const char *rel);
static int	still_there(const struct source *s, const struct dir *dir);
static void	forget_folders(struct source *s, struct folder_set *gone,
	    struct dirty *d);
static void	stat_dir(void *arg, size_t i);
static void	stat_page(void *arg, size_t f);
static void	path_of(const struct source *s, const char *rel, char *out,
	    size_t size);

void
docroot_choose_follow(struct source *s, enum watch want)
{
	const char *fs = NULL;
	enum follow follow = FOLLOW_NONE;

	if (s->long_lived) {
		if (want == WATCH_AUTO)
			fs = dir_watch_shared_fs(s->root);
		follow = want == WATCH_STAT || fs || s->inotify_failed ?
		    FOLLOW_STAT : FOLLOW_INOTIFY;
	}
	if (follow == FOLLOW_STAT && s->follow != FOLLOW_STAT)
		log_msg("%s: %s; comparing the directories on every request",
		    s->root, fs ? fs : s->inotify_failed ? "inotify failed" :
		    "watch = stat");
	s->follow = follow;
}

/*
 * For check: more folders than inotify watches a user may hold, so that a
 * FastCGI process would compare them on every request instead.
 */
void
docroot_note_watch_limit(struct source *s)
{
	long limit = dir_watch_limit();

	if (limit >= 0 && s->ndirs > (size_t)limit)
		report(s->report, FINDING_NOTE, "%s: %zu folders, more than "
		    "the %ld inotify watches a user may hold: a FastCGI "
		    "process compares their states on every request instead "
		    "(raise fs.inotify.max_user_watches to follow them)",
		    s->root, s->ndirs, limit);
}

/* inotify: what the events name, into dirty. */
void
docroot_read_events(struct source *s, const struct config *cfg,
    struct dirty *d)
{
	char events[64 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	struct found found = { NULL, d };
	struct buf rel = BUF_INIT, url = BUF_INIT;
	struct folder_set gone = FOLDER_SET_INIT;	/* forgotten at once */
	ssize_t n;

	while ((n = read(s->inotify_fd, events, sizeof(events))) > 0) {
		for (char *p = events; p < events + n;) {
			const struct inotify_event *e = (void *)p;
			const char *why;
			uint64_t id;
			int i;

			p += sizeof(*e) + e->len;
			if (e->mask & IN_Q_OVERFLOW) {
				s->lost = 1;
				continue;
			}
			if (dir_watch_has(&s->roots, e->wd)) {
				s->roots_touched |= dir_watch_matters(&s->roots,
				    e);
				continue;
			}
			/* A folder gone, or below one, says nothing more. */
			if ((i = e->wd < 0 || (size_t)e->wd >= s->nwds ? -1 :
			    s->dir_of_wd[e->wd]) < 0 || s->dirs[i].rel ==
			    NULL || folder_set_has_above(&gone, s->dirs[i].rel,
			    1))
				continue;
			if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF |
			    IN_IGNORED)) {
				/*
				 * Gone, or moved: its parent's event says
				 * where. Unless the folder is where it is now
				 * known, walked there after the move (into a
				 * folder new in the same batch of events).
				 */
				if (!still_there(s, &s->dirs[i]))
					folder_set_add(&gone, s->dirs[i].rel);
				s->lost |= s->linked;
				continue;
			}
			if (e->len == 0 || docroot_hidden(e->name))
				continue;
			buf_reset(&rel);
			buf_printf(&rel, "%s%s%s", s->dirs[i].rel,
			    *s->dirs[i].rel ? "/" : "", e->name);
			if (e->mask & (IN_DELETE | IN_MOVED_FROM))
				docroot_note_mtime(s, time(NULL));
			docroot_dirty_neighbours(s, cfg, buf_str(&rel), d);
			/*
			 * A folder, or a symlink that is or was one: a deploy's
			 * "ln -sfn" repoints it with no event in either tree.
			 */
			if ((e->mask & IN_ISDIR) ||
			    docroot_dir_known(s, buf_str(&rel)) ||
			    linked_dir(s, buf_str(&rel))) {
				/*
				 * Where folders have two names, which one
				 * lists their pages is the whole tree's to
				 * say, as a fresh read says it.
				 */
				if (s->linked || linked_dir(s, buf_str(&rel)))
					s->lost = 1;
				folder_set_add(&gone, buf_str(&rel));
				if (linked_dir(s, buf_str(&rel)) || ((e->mask &
				    IN_ISDIR) && (e->mask & (IN_CREATE |
				    IN_MOVED_TO)))) {
					forget_folders(s, &gone, d);
					docroot_walk(s, cfg, buf_str(&rel),
					    &found, NULL, NULL);
				}
				continue;
			}
			buf_reset(&url);
			id = docroot_id_of(buf_str(&rel));
			if (docroot_file(&cfg->docroot, buf_str(&rel), &url,
			    &why) == DOCROOT_NONE) {
				/* No page: unless it was one, as it may. */
				if (known_rel(&s->known, id) != NULL)
					id_list_add(&d->ids[id & 0xff], id);
				continue;
			}
			if (known_rel(&s->known, id) == NULL)
				known_add(&s->known, id, buf_str(&rel));
			id_list_add(&d->ids[id & 0xff], id);
		}
	}
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		s->lost = 1;
	forget_folders(s, &gone, d);
	buf_free(&rel);
	buf_free(&url);
}

/*
 * Without inotify: a directory whose state differs is read again, with
 * every file known in it; a new directory is walked, one that is gone
 * takes its tree along. A file rewritten in place changes no directory:
 * compare_pages finds it. The folders are stated side by side first:
 * where each stat is a round trip, they overlap.
 */
void
docroot_compare_dirs(struct source *s, const struct config *cfg,
    struct dirty *d)
{
	struct found found = { NULL, d };
	size_t ndirs = s->ndirs;
	struct states now = { s, xcalloc(ndirs + 1, sizeof(*now.dirs)),
	    NULL };
	struct folder_set gone = FOLDER_SET_INIT, changed = FOLDER_SET_INIT;

	parallel_each(ndirs, stat_dir, &now);
	for (size_t i = 0; i < ndirs; i++) {
		if (s->dirs[i].rel == NULL)
			continue;
		if (!S_ISDIR(now.dirs[i].st_mode)) {
			folder_set_add(&gone, s->dirs[i].rel);
			docroot_note_mtime(s, time(NULL));
			s->lost |= s->linked;
		} else if (s->dirs[i].racy ||
		    docroot_state_key(&now.dirs[i]) != s->dirs[i].state) {
			folder_set_add(&changed, s->dirs[i].rel);
			/* Another folder now at its name: as for inotify. */
			s->lost |= s->linked && (now.dirs[i].st_ino !=
			    s->dirs[i].ino || now.dirs[i].st_dev !=
			    s->dirs[i].dev);
		}
	}
	free(now.dirs);
	forget_folders(s, &gone, d);
	/* The changed folders' files as they were, gone or not... */
	known_merge(&s->known);
	for (size_t f = 0; changed.n > 0 && f < s->known.nfiles; f++) {
		const struct known *k = &s->known.files[f];

		if (folder_set_has_folder_of(&changed, k->rel)) {
			id_list_add(&d->ids[k->id & 0xff], k->id);
			docroot_dirty_neighbours(s, cfg, k->rel, d);
		}
	}
	/* ...and as they are, unless gone with a folder above them. */
	for (size_t i = 0; i < changed.n; i++) {
		char **more = NULL;
		size_t nmore = 0;

		if (!docroot_dir_known(s, changed.rels[i]))
			continue;
		docroot_read_dir(s, cfg, changed.rels[i], &found, &more,
		    &nmore);
		for (size_t k = 0; k < nmore; k++) {
			if (!docroot_dir_known(s, more[k]))
				docroot_walk(s, cfg, more[k], &found, NULL,
				    NULL);
			free(more[k]);
		}
		free(more);
	}
	folder_set_free(&changed);
}

/*
 * Without inotify: each page whose file's state differs is read again,
 * and each showing an image whose file's does; the files stated side by
 * side.
 */
void
docroot_compare_pages(struct source *s, struct dirty *d)
{
	struct states now = { s, NULL, NULL };

	known_merge(&s->known);
	now.changed = xcalloc(s->known.nfiles + 1, 1);
	parallel_each(s->known.nfiles, stat_page, &now);
	for (size_t f = 0; f < s->known.nfiles; f++) {
		uint64_t id = s->known.files[f].id;

		if (now.changed[f])
			id_list_add(&d->ids[id & 0xff], id);
	}
	free(now.changed);
	image_users_compare(s->image_users, s->root, d);
}

/* The root itself is the one it was: not replaced, not renamed away. */
int
docroot_same_root(const struct source *s)
{
	struct stat st;

	return stat(s->root, &st) == 0 && st.st_dev == s->root_st.st_dev &&
	    st.st_ino == s->root_st.st_ino;
}

/* rel is a symlink to a folder that stays inside the root. */
static int
linked_dir(struct source *s, const char *rel)
{
	struct buf path = BUF_INIT;
	struct stat st;
	int linked;

	docroot_join(&path, s->root, rel);
	linked = lstat(buf_str(&path), &st) == 0 && S_ISLNK(st.st_mode) &&
	    stat(buf_str(&path), &st) == 0 && S_ISDIR(st.st_mode) &&
	    docroot_inside_root(s, buf_str(&path));
	buf_free(&path);
	return linked;
}

/*
 * Every known file below the folders gone, and every page showing an
 * image there, to be read again; those folders and the ones below them,
 * forgotten. One pass for them all.
 */
static void
forget_folders(struct source *s, struct folder_set *gone, struct dirty *d)
{
	if (gone->n == 0)
		return;
	known_merge(&s->known);		/* a pass over them all in any case */
	for (size_t f = 0; f < s->known.nfiles; f++) {
		const struct known *k = &s->known.files[f];

		if (folder_set_has_above(gone, k->rel, 0))
			id_list_add(&d->ids[k->id & 0xff], k->id);
	}
	for (size_t i = 0; i < s->ndirs; i++) {
		if (s->dirs[i].rel == NULL ||
		    !folder_set_has_above(gone, s->dirs[i].rel, 1))
			continue;
		image_users_dirty_folder(s->image_users, s->dirs[i].rel, d);
		if (s->dirs[i].wd != -1) {
			inotify_rm_watch(s->inotify_fd, s->dirs[i].wd);
			s->dir_of_wd[s->dirs[i].wd] = -1;
		}
		free(s->dirs[i].rel);
		s->dirs[i].rel = NULL;
		s->dirs[i].wd = -1;
	}
	folder_set_free(gone);
}

/* parallel_each: folder i's state now, or none. */
static void
stat_dir(void *arg, size_t i)
{
	struct states *now = arg;
	char path[PATH_MAX + REL_MAX + 2];

	if (now->s->dirs[i].rel == NULL)
		return;
	path_of(now->s, now->s->dirs[i].rel, path, sizeof(path));
	if (stat(path, &now->dirs[i]) == -1)
		now->dirs[i].st_mode = 0;
}

/* parallel_each: whether page f's file differs from when it was read. */
static void
stat_page(void *arg, size_t f)
{
	struct states *now = arg;
	const struct source *s = now->s;
	char path[PATH_MAX + REL_MAX + 2];
	struct stat st;
	size_t was;

	if (!id_map_get(&s->page_state, s->known.files[f].id, &was))
		return;
	path_of(s, s->known.files[f].rel, path, sizeof(path));
	now->changed[f] = stat(path, &st) == -1 || was == 0 ||
	    docroot_state_key(&st) != (uint64_t)was;
}

/* docroot_join into a buffer of a thread's own. */
static void
path_of(const struct source *s, const char *rel, char *out, size_t size)
{
	snprintf(out, size, "%s%s%s", s->root, *rel ? "/" : "", rel);
}

/* Whether the folder at dir's name is still the one it knew there. */
static int
still_there(const struct source *s, const struct dir *dir)
{
	char path[PATH_MAX];
	struct stat st;

	path_of(s, dir->rel, path, sizeof(path));
	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
	    st.st_dev == dir->dev && st.st_ino == dir->ino;
}
