/*
 * A document root's tree as last read: its folders, each known by the id
 * of its path, and the walk that reads them, one folder at a time, and
 * hands their files to known_files.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exported.h"
#include "hash.h"
#include "image_users.h"
#include "lister.h"
#include "paths.h"
#include "recipe.h"
#include "docroot_source.h"

static int	follow_link(struct source *s, const char *rel,
	    struct stat *st);
static int	cannot_read(struct source *s, const char *rel, int err);
static int	begin_dir(struct source *s, const char *rel,
	    const struct stat *st, const struct found *found);
static void	take_entries(struct source *s, const struct config *cfg,
	    const char *rel, const struct dir_listing *l, struct found *found,
	    char ***more, size_t *nmore);
static int	take_listed(struct source *s, const struct config *cfg,
	    const char *rel, const struct dir_listing *l, struct found *found,
	    char ***more, size_t *nmore);
static size_t	add_dir(struct source *s, const char *rel,
	    const struct stat *st);
static int	dir_index(const struct source *s, const char *rel, size_t *at);
static void	dirty_if_known(struct source *s, const char *rel,
	    struct dirty *d);
static int	generator_sitemap(const char *name);
static int	exported_into(const char *root);
static void	compile_generator_sitemaps(void);

/* recipe.h's, compiled once. */
static regex_t	generator_sitemaps;
static int	generator_sitemaps_ok;

/*
 * Reads one directory, watching it first so that no change slips by:
 * its pages go to found, its subdirectories to more, for the caller to
 * walk; one known under another name (a symlink to it) is not read
 * again, by a scan or later, so a loop ends. Returns -1 when
 * it cannot be read.
 */
int
docroot_read_dir(struct source *s, const struct config *cfg, const char *rel,
    struct found *found, char ***more,
    size_t *nmore)
{
	struct buf path = BUF_INIT;
	struct dir_listing l;
	struct stat st;
	int fd, err;

	docroot_join(&path, s->root, rel);
	fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	buf_free(&path);
	if (fd == -1 || fstat(fd, &st) == -1) {
		err = errno;
		if (fd != -1)
			close(fd);
		return cannot_read(s, rel, err);
	}
	if (!begin_dir(s, rel, &st, found)) {
		close(fd);
		return 0;
	}
	dir_list_fd(fd, &l);
	if (l.err)
		return cannot_read(s, rel, l.err);
	take_entries(s, cfg, rel, &l, found, more, nmore);
	dir_listing_free(&l);
	return 0;
}

/*
 * The tree below rel, one directory at a time: no recursion, no limit.
 * Unless inotify is to watch each folder before it is read, the folders
 * are listed ahead by listers, side by side.
 */
int
docroot_walk(struct source *s, const struct config *cfg, const char *rel,
    struct found *found, const atomic_int *cancel, struct buf *why)
{
	struct lister *ahead = s->inotify_fd == -1 ? lister_start(s->root) :
	    NULL;
	char **todo = xcalloc(1, sizeof(*todo));
	size_t ntodo = 0;
	int rc = 0;

	todo[ntodo++] = xstrdup(rel);
	if (ahead)
		lister_add(ahead, rel);
	for (size_t next = 0; next < ntodo; next++) {
		size_t had = ntodo;
		int read;

		if (cancel && atomic_load(cancel)) {
			buf_adds(why, "stopped");
			rc = -1;
			break;
		}
		if (ahead) {
			struct dir_listing l;

			lister_next(ahead, &l);
			read = take_listed(s, cfg, todo[next], &l, found, &todo,
			    &ntodo);
			dir_listing_free(&l);
			for (size_t k = had; k < ntodo; k++)
				lister_add(ahead, todo[k]);
		} else
			read = docroot_read_dir(s, cfg, todo[next], found,
			    &todo, &ntodo);
		if (read == -1 && next == 0 && why != NULL) {
			buf_printf(why, "%s: %s", s->root, strerror(errno));
			rc = -1;
			break;
		}
	}
	if (ahead)
		lister_stop(ahead);
	for (size_t i = 0; i < ntodo; i++)
		free(todo[i]);
	free(todo);
	return rc;
}

int
docroot_dir_known(const struct source *s, const char *rel)
{
	size_t at;

	return dir_index(s, rel, &at);
}

/*
 * With watch = stat, the folder rel's file is in is read again at the
 * next comparison: that file went while the folder's state stayed, as
 * when a symlink to the folder is repointed between the two stats.
 */
void
docroot_recheck_dir_of(struct source *s, const char *rel)
{
	const char *slash = strrchr(rel, '/');
	char *dir = xstrndup(rel, slash ? (size_t)(slash - rel) : 0);
	size_t at;

	if (dir_index(s, dir, &at))
		s->dirs[at].racy = 1;
	free(dir);
}

/* A directory read: known from now on, or known anew; its index. */
static size_t
add_dir(struct source *s, const char *rel, const struct stat *st)
{
	size_t at;

	if (s->follow != FOLLOW_STAT || !dir_index(s, rel, &at)) {
		at = s->ndirs;
		s->dirs = xgrowarray(s->dirs, s->ndirs, sizeof(*s->dirs));
		s->dirs[s->ndirs++] = (struct dir){ .rel = xstrdup(rel),
		    .wd = -1 };
		id_map_put(&s->dir_at, docroot_id_of(rel), at);
	}
	s->dirs[at].dev = st->st_dev;
	s->dirs[at].ino = st->st_ino;
	s->dirs[at].state = docroot_state_key(st);
	s->dirs[at].racy = st->st_mtime >= time(NULL) - 1;
	id_map_put(&s->dir_of_inode, docroot_inode_key(st), at);
	return at;
}

/*
 * The known pages whose URL the server rules may now answer otherwise,
 * as rel came or went (docroot_served's order): rel.html and rel's index
 * files after the file rel; after x.html, x's index files; after an index
 * file, the others of its folder. And those whose content shows an image
 * that rel answered, or may.
 */
void
docroot_dirty_neighbours(struct source *s, const struct config *cfg,
    const char *rel, struct dirty *d)
{
	const char *slash = strrchr(rel, '/');
	size_t dirlen = slash ? (size_t)(slash - rel) + 1 : 0;
	size_t len = strlen(rel);
	struct buf n = BUF_INIT;

	buf_printf(&n, "%s.html", rel);
	dirty_if_known(s, buf_str(&n), d);
	for (size_t i = 0; i < cfg->docroot.nindex; i++) {
		const char *index = cfg->docroot.index[i];

		buf_reset(&n);
		buf_printf(&n, "%s/%s", rel, index);
		dirty_if_known(s, buf_str(&n), d);
		if (len > 5 && strcmp(rel + len - 5, ".html") == 0) {
			buf_reset(&n);
			buf_printf(&n, "%.*s/%s", (int)(len - 5), rel, index);
			dirty_if_known(s, buf_str(&n), d);
		}
		if (docroot_is_index_name(cfg, rel + dirlen)) {
			buf_reset(&n);
			buf_printf(&n, "%.*s%s", (int)dirlen, rel, index);
			dirty_if_known(s, buf_str(&n), d);
		}
	}
	image_users_dirty(s->image_users, rel, d);
	buf_free(&n);
}

/* A directory listed ahead: as docroot_read_dir, but listed already. */
static int
take_listed(struct source *s, const struct config *cfg, const char *rel,
    const struct dir_listing *l, struct found *found, char ***more,
    size_t *nmore)
{
	if (l->err)
		return cannot_read(s, rel, l->err);
	if (begin_dir(s, rel, &l->st, found))
		take_entries(s, cfg, rel, l, found, more, nmore);
	return 0;
}

/* -1, with errno err; a folder below the root is said to be left out. */
static int
cannot_read(struct source *s, const char *rel, int err)
{
	if (*rel != '\0')
		report(s->report, FINDING_PROBLEM, "%s/%s: cannot read it: %s; "
		    "its pages are left out", s->root, rel, strerror(err));
	errno = err;
	return -1;
}

/*
 * A directory about to be read: 0 when it is known under another name,
 * not to be read again; else noted, and watched, 1. A second name met
 * after the scan (not in one, found->buckets NULL) may be the one a
 * fresh read lists the pages under: the whole tree is read again.
 */
static int
begin_dir(struct source *s, const char *rel, const struct stat *st,
    const struct found *found)
{
	struct buf path = BUF_INIT;

	if (docroot_dir_elsewhere(s, rel, st)) {
		s->linked = 1;
		s->lost |= found->buckets == NULL;
		return 0;
	}
	docroot_note_mtime(s, st->st_mtime);
	docroot_join(&path, s->root, rel);
	docroot_watch_dir(s, add_dir(s, rel, st), buf_str(&path));
	buf_free(&path);
	return 1;
}

/* A directory's entries: pages into found, folders into more. */
static void
take_entries(struct source *s, const struct config *cfg, const char *rel,
    const struct dir_listing *l, struct found *found, char ***more,
    size_t *nmore)
{
	struct buf child = BUF_INIT;

	for (size_t i = 0; i < l->n; i++) {
		const char *name = l->v[i].name;
		struct stat st = l->v[i].st;

		if (docroot_hidden(name))
			continue;
		buf_reset(&child);
		if (*rel) {
			buf_adds(&child, rel);
			buf_adds(&child, "/");
		}
		buf_adds(&child, name);
		if (child.len > REL_MAX) {
			report(s->report, FINDING_PROBLEM, "%s/%.40s...: left "
			    "out: its path is longer than a URL in a sitemap "
			    "may be", s->root, buf_str(&child));
			continue;
		}
		if (found->dirty)
			docroot_dirty_neighbours(s, cfg, buf_str(&child),
			    found->dirty);
		if (st.st_mode == 0)
			continue;
		if (!s->long_lived && *rel == '\0' && S_ISREG(st.st_mode) &&
		    generator_sitemap(name) && !exported_into(s->root))
			report(s->report, FINDING_NOTE, "%s/%s: a sitemap its "
			    "generator left: a crawler that finds it reads "
			    "old URLs and dates; turn that generator's "
			    "sitemap off, or serve the site with what "
			    "sitemapd recipe prints, whose rules never serve "
			    "it",
			    s->root, name);
		if (S_ISLNK(st.st_mode)) {
			if (follow_link(s, buf_str(&child), &st) == -1)
				continue;
			s->linked |= S_ISDIR(st.st_mode);
		}
		if (S_ISDIR(st.st_mode)) {
			*more = xgrowarray(*more, *nmore, sizeof(**more));
			(*more)[(*nmore)++] = xstrdup(buf_str(&child));
		} else if (S_ISREG(st.st_mode) &&
		    docroot_page_name(&cfg->docroot, name)) {
			/* Only what may be a page is known: not its images. */
			uint64_t id = docroot_id_of(buf_str(&child));

			/* A scan meets each path once; a change, again. */
			if (found->buckets)
				docroot_add_page(s, cfg, known_add_scanned(
				    &s->known, id, buf_str(&child)), &st,
				    found->buckets);
			else {
				id_list_add(&found->dirty->ids[id & 0xff], id);
				if (known_rel(&s->known, id) == NULL)
					known_add(&s->known, id,
					    buf_str(&child));
			}
		}
	}
	buf_free(&child);
}

/*
 * A symlink at rel, followed where it stays inside the root: 0 with st
 * filled, or -1 when it is to be skipped.
 */
static int
follow_link(struct source *s, const char *rel, struct stat *st)
{
	struct buf path = BUF_INIT;
	char real[PATH_MAX];
	int inside;

	docroot_join(&path, s->root, rel);
	/* Named as what it is: a loop, a link to nothing, or one out. */
	if (realpath(buf_str(&path), real) == NULL) {
		report(s->report, FINDING_NOTE, "%s: left out: a symlink %s",
		    buf_str(&path), errno == ELOOP ? "in a loop: the names "
		    "it leads through come back to it" : errno == ENOENT ?
		    "to nothing: what it names is not there" :
		    strerror(errno));
		buf_free(&path);
		return -1;
	}
	inside = docroot_inside_root(s, buf_str(&path));
	/* What a server would serve there is never listed: say so. */
	if (!inside)
		report(s->report, FINDING_NOTE, "%s: left out: a symlink "
		    "that leaves the root, which sitemapd does not follow: set "
		    "root to the folder it names, or copy that folder in",
		    buf_str(&path));
	inside = inside && stat(buf_str(&path), st) == 0;
	buf_free(&path);
	return inside ? 0 : -1;
}

/* The index of the folder known at rel, into at: 0 when none is. */
static int
dir_index(const struct source *s, const char *rel, size_t *at)
{
	return id_map_get(&s->dir_at, docroot_id_of(rel), at) &&
	    s->dirs[*at].rel && strcmp(s->dirs[*at].rel, rel) == 0;
}

static void
dirty_if_known(struct source *s, const char *rel, struct dirty *d)
{
	uint64_t id = docroot_id_of(rel);
	const char *known = known_rel(&s->known, id);

	if (known != NULL && strcmp(known, rel) == 0)
		id_list_add(&d->ids[id & 0xff], id);
}

/*
 * The directory st is of is known, and still there, under another name
 * than rel: rel is a second way to it.
 */
int
docroot_dir_elsewhere(struct source *s, const char *rel, const struct stat *st)
{
	struct buf path = BUF_INIT;
	struct stat now;
	const struct dir *d;
	size_t at;
	int there;

	if (!id_map_get(&s->dir_of_inode, docroot_inode_key(st), &at))
		return 0;
	d = &s->dirs[at];
	if (d->rel == NULL || strcmp(d->rel, rel) == 0 ||
	    d->dev != st->st_dev || d->ino != st->st_ino)
		return 0;
	/* It may have moved here, its old name not yet seen gone. */
	docroot_join(&path, s->root, d->rel);
	there = stat(buf_str(&path), &now) == 0 && now.st_dev == st->st_dev &&
	    now.st_ino == st->st_ino;
	buf_free(&path);
	return there;
}

/* Whether a name at the root is a sitemap a generator left there. */
static int
generator_sitemap(const char *name)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, compile_generator_sitemaps);
	return generator_sitemaps_ok &&
	    regexec(&generator_sitemaps, name, 0, NULL, 0) == 0;
}

/* Whether sitemapd export writes into root: its sitemaps are its own. */
static int
exported_into(const char *root)
{
	struct buf path = BUF_INIT;
	int there;

	buf_printf(&path, "%s/%s", root, EXPORTED_WRITTEN);
	there = access(buf_str(&path), F_OK) == 0;
	buf_free(&path);
	return there;
}

static void
compile_generator_sitemaps(void)
{
	generator_sitemaps_ok = regcomp(&generator_sitemaps,
	    "^" GENERATOR_SITEMAPS "$", REG_EXTENDED | REG_NOSUB) == 0;
}
