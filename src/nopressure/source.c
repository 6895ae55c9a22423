/*
 * The NoPressure runtime root as a content source: its shards read side
 * by side, and followed with inotify, which names the files that changed,
 * or on network and FUSE filesystems, where inotify sees only this
 * machine's writes, by comparing the shard directories' states on every
 * request. Without either (one read, or a watch that failed) the whole
 * root is read every time: a stale answer is never an option.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "content.h"
#include "dir_watch.h"
#include "filestate.h"
#include "log.h"
#include "source.h"
#include "tags.h"

/* Whatever makes a page file appear, change or go, in a shard. */
#define SHARD_EVENTS	(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | \
	IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | \
	IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
/* Shard directories appearing or going, and content/ itself going. */
#define CONTENT_EVENTS	(IN_CREATE | IN_MOVED_FROM | IN_MOVED_TO | \
	IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
/*
 * A cold page cache makes a scan wait on one read at a time; the disk and
 * the kernel do far better with many under way, so the shards of a full
 * scan are read by this many threads.
 */
#define SCAN_THREADS	16

enum follow {
	FOLLOW_NONE,			/* read everything every time */
	FOLLOW_INOTIFY,			/* read what inotify names */
	FOLLOW_STAT			/* read shards whose directory changed */
};

struct source {
	int		 long_lived;
	int		 inotify_failed;	/* then read everything, for good */
	enum follow	 follow;
	int		 inotify_fd;	/* -1 while not watching */
	struct dir_watch roots;		/* the root, content/, tags.yaml: */
	int		 roots_touched;	/* an event: compare their states */
	int		 lost;		/* an event said: read everything */
	int		 content_wd;
	int		 shard_wd[CONTENT_SHARDS];
	struct stat	 shard_st[CONTENT_SHARDS];	/* zero if absent */
	/* Changed so lately that another change may share its timestamp. */
	unsigned char	 racy[CONTENT_SHARDS];
	char		*root;
	struct reserved	 reserved;	/* the scan's own copy of cfg's */
	struct buf	 key;		/* what of it decides the versions */
	struct scan_rules rules;	/* tags, reserved and the reporter */
	struct stat	 root_st, content_st, tags_st;
	struct tagmap	 tags;
	time_t		 dirs_changed;	/* newest mtime of the directories */
};

static void	stop_watching(struct source *);
static void	path_of(const struct source *, const char *, struct buf *);
static void	note_mtime(struct source *, const struct stat *);
static int	is_content_dir(const char *);
static int	holds_html(const char *);

static struct source *
open_source(int long_lived, int afresh, const struct reporter *rep)
{
	struct source *s = xcalloc(1, sizeof(*s));

	(void)afresh;	/* nothing is kept between processes */
	s->long_lived = long_lived;
	s->rules = (struct scan_rules){ &s->tags, &s->reserved, rep, 0 };
	s->inotify_fd = -1;
	reserved_init(&s->reserved);
	stop_watching(s);
	return s;
}

static void
close_source(struct source *s)
{
	stop_watching(s);
	tagmap_free(&s->tags);
	reserved_free(&s->reserved);
	buf_free(&s->key);
	free(s->root);
	free(s);
}

static void
stop_watching(struct source *s)
{
	dir_watch_clear(&s->roots);
	if (s->inotify_fd != -1)
		close(s->inotify_fd);
	s->inotify_fd = -1;
	s->content_wd = -1;
	for (int b = 0; b < CONTENT_SHARDS; b++)
		s->shard_wd[b] = -1;
}

/* From here on every request reads the whole root: slower, never stale. */
static void
give_up_watching(struct source *s, const char *what)
{
	log_msg("inotify: %s: %s; reading the whole content root on every "
	    "request", what, strerror(errno));
	stop_watching(s);
	s->inotify_failed = 1;
	s->follow = FOLLOW_NONE;
}

/* Watches a shard directory before it is read, so no change slips by. */
static void
watch_shard(struct source *s, int shard)
{
	struct buf path = BUF_INIT;
	int wd;

	if (s->inotify_fd == -1 || s->shard_wd[shard] != -1)
		return;
	buf_printf(&path, "%s/content/%02x", s->root, shard);
	wd = inotify_add_watch(s->inotify_fd, buf_str(&path), SHARD_EVENTS);
	if (wd != -1)
		s->shard_wd[shard] = wd;
	else if (errno != ENOENT)	/* a shard that is gone needs none */
		give_up_watching(s, buf_str(&path));
	buf_free(&path);
}

static void
unwatch_shard(struct source *s, int shard)
{
	if (s->shard_wd[shard] != -1)
		inotify_rm_watch(s->inotify_fd, s->shard_wd[shard]);
	s->shard_wd[shard] = -1;
}

/*
 * A file of a shard changed: the page its name names is read again, or,
 * for a name that names none as it should (which the scan logs), the
 * whole shard.
 */
static void
note_page_file(struct dirty *d, int shard, const char *name)
{
	uint64_t id;

	switch (content_page_of_file(name, &id)) {
	case 1:
		if ((int)(id & 0xff) == shard) {
			id_list_add(&d->ids[shard], id);
			break;
		}
		/* FALLTHROUGH */
	case -1:
		d->whole[shard] = 1;
		break;
	}
}

static void
note_event(struct source *s, const struct inotify_event *e, struct dirty *d)
{
	int shard;

	if (e->mask & IN_Q_OVERFLOW) {
		s->lost = 1;
		return;
	}
	if (dir_watch_has(&s->roots, e->wd)) {
		s->roots_touched |= dir_watch_matters(&s->roots, e);
		return;
	}
	if (e->wd == s->content_wd) {
		if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED))
			s->lost = 1;
		else if (e->len > 0 && (shard = content_shard_of(e->name)) >= 0) {
			/* The directory at that name is another one now. */
			unwatch_shard(s, shard);
			d->whole[shard] = 1;
		}
		return;
	}
	for (shard = 0; shard < CONTENT_SHARDS; shard++)
		if (s->shard_wd[shard] == e->wd)
			break;
	if (shard == CONTENT_SHARDS)
		return;
	if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED))
		unwatch_shard(s, shard);
	if (e->len == 0)
		d->whole[shard] = 1;
	else
		note_page_file(d, shard, e->name);
}

static void
read_events(struct source *s, struct dirty *d)
{
	char events[64 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t n;

	while ((n = read(s->inotify_fd, events, sizeof(events))) > 0) {
		for (char *p = events; p < events + n;) {
			const struct inotify_event *e = (void *)p;

			note_event(s, e, d);
			p += sizeof(*e) + e->len;
		}
	}
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		s->lost = 1;
}

/* What inotify cannot see: the root or content/ replaced, tags.yaml. */
static int
same_roots(const struct source *s)
{
	struct buf path = BUF_INIT;
	struct stat st;
	int same;

	same = stat(s->root, &st) == 0 && st.st_dev == s->root_st.st_dev &&
	    st.st_ino == s->root_st.st_ino;
	path_of(s, "content", &path);
	same = same && stat(buf_str(&path), &st) == 0 &&
	    st.st_dev == s->content_st.st_dev &&
	    st.st_ino == s->content_st.st_ino;
	path_of(s, "state/sys/tags.yaml", &path);
	if (stat(buf_str(&path), &st) == -1)
		memset(&st, 0, sizeof(st));
	same = same && same_file_state(&st, &s->tags_st);
	buf_free(&path);
	return same;
}

/*
 * A directory whose mtime is this second or the last may change again
 * within the same timestamp; it is read again until its time has passed.
 */
static void
note_shard_state(struct source *s, int shard, const struct stat *st)
{
	if (st->st_nlink > 0)
		note_mtime(s, st);
	s->shard_st[shard] = *st;
	s->racy[shard] = st->st_nlink > 0 && st->st_mtime >= time(NULL) - 1;
}

/* FOLLOW_STAT: a shard whose directory is not as it was is read again. */
static int
compare_shard_states(struct source *s, struct dirty *d)
{
	struct buf path = BUF_INIT;
	int fd;

	path_of(s, "content", &path);
	fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	buf_free(&path);
	if (fd == -1)
		return -1;		/* the scan says why */
	for (int b = 0; b < CONTENT_SHARDS; b++) {
		struct stat st;
		char name[3];

		snprintf(name, sizeof(name), "%02x", b);
		if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
			memset(&st, 0, sizeof(st));
		if (s->racy[b] || !same_file_state(&st, &s->shard_st[b]))
			d->whole[b] = 1;
	}
	close(fd);
	return 0;
}

static int
poll_source(struct source *s, const struct config *cfg, struct dirty *d)
{
	struct buf key = BUF_INIT;
	int same_key;

	/*
	 * Which version a page serves depends on the admin path; what a
	 * page holds, on whether its images are read.
	 */
	reserved_nopressure_key(&cfg->reserved, &key);
	same_key = strcmp(buf_str(&key), buf_str(&s->key)) == 0 &&
	    cfg->images == s->rules.images;
	buf_free(&key);
	if (!same_key || s->follow == FOLLOW_NONE || (s->follow ==
	    FOLLOW_INOTIFY && s->inotify_fd == -1))
		return -1;
	if (s->follow == FOLLOW_INOTIFY)
		read_events(s, d);
	if (s->lost)
		return -1;
	if ((s->roots_touched || !s->roots.trusted) && !same_roots(s))
		return -1;
	s->roots_touched = 0;
	if (s->follow == FOLLOW_STAT)
		return compare_shard_states(s, d);
	return 0;
}

static void
choose_follow(struct source *s, enum watch want)
{
	struct buf content = BUF_INIT;
	const char *fs = NULL;
	enum follow follow = FOLLOW_NONE;

	if (s->long_lived && !s->inotify_failed) {
		path_of(s, "content", &content);
		if (want == WATCH_AUTO && (fs = dir_watch_shared_fs(s->root))
		    == NULL)
			fs = dir_watch_shared_fs(buf_str(&content));
		follow = want == WATCH_STAT || fs ? FOLLOW_STAT : FOLLOW_INOTIFY;
		buf_free(&content);
	}
	if (follow == FOLLOW_STAT && s->follow != FOLLOW_STAT)
		log_msg("%s: %s%s; comparing the shard directories on every "
		    "request", s->root, fs ? fs : "watch = stat", fs ? ", where "
		    "inotify misses other machines' writes" : "");
	s->follow = follow;
}

/*
 * Notes a shard's state and watches it, before it is read, so that no
 * change slips by. Returns 0 when there is no directory to read at its
 * name: it is gone, or something else stands there, a symlink included,
 * which a scan skips.
 */
static int
prepare_shard(struct source *s, int contentfd, int shard)
{
	struct stat st;
	char name[3];

	snprintf(name, sizeof(name), "%02x", shard);
	if (fstatat(contentfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
		memset(&st, 0, sizeof(st));
	note_shard_state(s, shard, &st);
	if (st.st_nlink > 0 && !S_ISDIR(st.st_mode))
		return 0;
	watch_shard(s, shard);
	return 1;
}

/* Reads one shard into fresh; a shard directory that is gone is empty. */
static int
read_shard(struct source *s, int contentfd, const char *contentpath,
    int shard, const struct id_list *only, struct site *fresh,
    struct buf *why)
{
	if (!prepare_shard(s, contentfd, shard))
		return 0;
	if (content_scan_shard(contentfd, contentpath, (unsigned)shard,
	    only, &s->rules, fresh, why) == 0)
		return 0;
	if (errno == ENOENT) {
		buf_reset(why);
		return 0;
	}
	return -1;
}

struct scan_job {
	const struct source	*s;
	int			 contentfd;
	const char		*contentpath;
	const unsigned char	*wanted;
	struct site		*fresh;
	const atomic_int	*cancel;
	int			 failed[CONTENT_SHARDS];	/* errno, or 0 */
	struct buf		 why[CONTENT_SHARDS];
	atomic_int		 next;
};

/* Takes shards until none is left; reads the source, changes nothing of it. */
static void *
scan_worker(void *arg)
{
	struct scan_job *job = arg;
	int b;

	while ((b = atomic_fetch_add(&job->next, 1)) < CONTENT_SHARDS) {
		if (!job->wanted[b])
			continue;
		/* The process is stopping: its answer is no longer wanted. */
		if (job->cancel && atomic_load(job->cancel)) {
			buf_adds(&job->why[b], "stopped");
			job->failed[b] = EINTR;
			continue;
		}
		if (content_scan_shard(job->contentfd, job->contentpath,
		    (unsigned)b, NULL, &job->s->rules, &job->fresh[b],
		    &job->why[b]) == -1)
			job->failed[b] = errno ? errno : EIO;
	}
	return NULL;
}

/* Reads the wanted shards side by side; the first failure is the answer. */
static int
scan_shards(const struct source *s, int contentfd, const char *contentpath,
    const unsigned char *wanted, struct site *fresh, const atomic_int *cancel,
    struct buf *why)
{
	struct scan_job *job = xcalloc(1, sizeof(*job));
	pthread_t threads[SCAN_THREADS];
	size_t started = 0;
	int rc = 0;

	job->s = s;
	job->contentfd = contentfd;
	job->contentpath = contentpath;
	job->wanted = wanted;
	job->fresh = fresh;
	job->cancel = cancel;
	atomic_init(&job->next, 0);
	/* Fewer threads, even none, only make it slower. */
	while (started < SCAN_THREADS &&
	    pthread_create(&threads[started], NULL, scan_worker, job) == 0)
		started++;
	scan_worker(job);
	for (size_t i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	for (int b = 0; b < CONTENT_SHARDS; b++) {
		/* Listed a moment ago: gone now means a root being pulled. */
		if (job->failed[b] && rc == 0) {
			buf_adds(why, buf_str(&job->why[b]));
			rc = -1;
		}
		buf_free(&job->why[b]);
	}
	free(job);
	return rc;
}

/* Reads everything again, with fresh watches. */
static int
scan(struct source *s, const struct config *cfg, struct site *fresh,
    const atomic_int *cancel, struct buf *why)
{
	unsigned char wanted[CONTENT_SHARDS] = { 0 };
	struct buf path = BUF_INIT;
	struct stat tags_st = { 0 };
	struct dirent *de;
	DIR *dir = NULL;
	int shard, rc = -1;

	stop_watching(s);
	tagmap_free(&s->tags);
	free(s->root);
	s->root = xstrdup(cfg->root);
	/* The scan reads its own copy: cfg may be reloaded meanwhile. */
	reserved_free(&s->reserved);
	reserved_copy(&s->reserved, &cfg->reserved);
	buf_reset(&s->key);
	reserved_nopressure_key(&s->reserved, &s->key);
	s->rules.images = cfg->images;
	memset(s->shard_st, 0, sizeof(s->shard_st));
	memset(s->racy, 0, sizeof(s->racy));
	s->dirs_changed = 0;
	s->lost = s->roots_touched = 0;
	choose_follow(s, cfg->watch);
	if (s->follow == FOLLOW_INOTIFY && (s->inotify_fd = inotify_init1(
	    IN_NONBLOCK | IN_CLOEXEC)) == -1)
		give_up_watching(s, "inotify_init1");
	/* Before their states are taken: no change slips in between. */
	if (s->inotify_fd != -1) {
		path_of(s, "state/sys/tags.yaml", &path);
		dir_watch_add(&s->roots, s->inotify_fd, buf_str(&path));
		path_of(s, "content", &path);
		dir_watch_add(&s->roots, s->inotify_fd, buf_str(&path));
	}
	if (stat(s->root, &s->root_st) == -1) {
		buf_printf(why, "%s: %s", s->root, strerror(errno));
		goto out;
	}
	path_of(s, "state/sys/tags.yaml", &path);
	if (stat(buf_str(&path), &tags_st) == 0)
		note_mtime(s, &tags_st);
	if (tagmap_load(buf_str(&path), &s->tags, why) == -1)
		goto out;
	path_of(s, "content", &path);
	if ((dir = opendir(buf_str(&path))) == NULL ||
	    fstat(dirfd(dir), &s->content_st) == -1) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		if (errno == ENOENT && is_content_dir(s->root))
			buf_printf(why, "; [site] root is the directory that "
			    "holds content/: %.*s", (int)(strlen(s->root) -
			    strlen("/content")), s->root);
		else if (errno == ENOENT && holds_html(s->root))
			buf_printf(why, "; %s holds HTML pages: for a document "
			    "root, set [site] source = docroot", s->root);
		goto out;
	}
	note_mtime(s, &s->content_st);
	if (s->inotify_fd != -1 && (s->content_wd = inotify_add_watch(
	    s->inotify_fd, buf_str(&path), CONTENT_EVENTS)) == -1)
		give_up_watching(s, buf_str(&path));
	for (errno = 0; (de = readdir(dir)) != NULL; errno = 0) {
		struct stat st;

		if (de->d_name[0] == '.' || fstatat(dirfd(dir), de->d_name,
		    &st, AT_SYMLINK_NOFOLLOW) == -1)
			continue;
		if ((shard = content_shard_of(de->d_name)) < 0 ||
		    !S_ISDIR(st.st_mode)) {
			/* NoPressure skips legacy/ on purpose. */
			if (!S_ISDIR(st.st_mode) ||
			    strcmp(de->d_name, "legacy") != 0)
				report(s->rules.report, FINDING_PROBLEM,
				    "%s/%s: ignored: content/ holds only "
				    "shard directories, 00 to ff",
				    buf_str(&path), de->d_name);
			continue;
		}
		wanted[shard] = prepare_shard(s, dirfd(dir), shard);
	}
	if (errno != 0) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		goto out;
	}
	if (scan_shards(s, dirfd(dir), buf_str(&path), wanted, fresh, cancel,
	    why) == -1)
		goto out;
	s->tags_st = tags_st;
	rc = 0;
out:
	if (dir)
		closedir(dir);
	buf_free(&path);
	return rc;
}

/*
 * Reads again what inotify or the shard states named: whole shards, or
 * the pages of the ids whose files changed.
 */
static int
reread(struct source *s, const struct config *cfg, const struct dirty *d,
    struct site *fresh, struct buf *why)
{
	struct buf path = BUF_INIT;
	struct stat st;
	int fd, rc = 0;

	(void)cfg;
	path_of(s, "content", &path);
	if ((fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC))
	    == -1 || fstat(fd, &st) == -1) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		rc = -1;
	} else
		note_mtime(s, &st);
	for (int b = 0; b < CONTENT_SHARDS && rc == 0; b++) {
		if (!d->whole[b] && d->ids[b].n == 0)
			continue;
		if (read_shard(s, fd, buf_str(&path), b, d->whole[b] ? NULL :
		    &d->ids[b], &fresh[b], why) == -1)
			rc = -1;
	}
	if (fd != -1)
		close(fd);
	buf_free(&path);
	return rc;
}

static time_t
changed(const struct source *s)
{
	return s->dirs_changed;
}

static void
restricted(const struct source *s, const struct page *page, struct buf *out)
{
	access_roles(&s->tags, page->tags, page_ntags(page), out);
}

const struct source_ops nopressure_source = {
	.open = open_source,
	.close = close_source,
	.scan = scan,
	.poll = poll_source,
	.reread = reread,
	.changed = changed,
	.restricted = restricted,
	.images_are_pages = 1,
};

static void
path_of(const struct source *s, const char *rel, struct buf *out)
{
	buf_reset(out);
	buf_printf(out, "%s/%s", s->root, rel);
}

static void
note_mtime(struct source *s, const struct stat *st)
{
	if (st->st_mtime > s->dirs_changed)
		s->dirs_changed = st->st_mtime;
}

/* A document root given for a NoPressure one: index.html, or any page. */
static int
holds_html(const char *root)
{
	DIR *d = opendir(root);
	struct dirent *de;
	int html = 0;

	while (d != NULL && !html && (de = readdir(d)) != NULL) {
		const char *dot = strrchr(de->d_name, '.');

		html = dot != NULL && (strcasecmp(dot, ".html") == 0 ||
		    strcasecmp(dot, ".htm") == 0);
	}
	if (d != NULL)
		closedir(d);
	return html;
}

/* A root that names content/ itself, as a newcomer might set it. */
static int
is_content_dir(const char *root)
{
	const char *slash = strrchr(root, '/');

	return slash != NULL && slash != root && strcmp(slash, "/content") == 0;
}
