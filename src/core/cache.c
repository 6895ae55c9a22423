/*
 * The page metadata and sitemap entries a long-running process keeps,
 * and what brings them up to the content root on each request.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "filestate.h"
#include "log.h"
#include "sorted.h"

static int	scan_all(struct page_cache *, enum watch, struct buf *);
static void	*scan_in_background(void *);
static int	finish_background_scan(struct page_cache *, struct buf *);
static void	build(struct page_cache *, const struct config *);
static void	forget_root(struct page_cache *);
static int	is_content_dir(const char *);

/* Whatever makes a page file appear, change or go, in a shard. */
#define SHARD_EVENTS	(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | \
	IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | \
	IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
/* Shard directories appearing or going, and content/ itself going. */
#define CONTENT_EVENTS	(IN_CREATE | IN_MOVED_FROM | IN_MOVED_TO | \
	IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

static void
stop_watching(struct page_cache *c)
{
	dir_watch_clear(&c->roots);
	if (c->inotify_fd != -1)
		close(c->inotify_fd);
	c->inotify_fd = -1;
	c->content_wd = -1;
	for (int s = 0; s < CONTENT_SHARDS; s++)
		c->shard_wd[s] = -1;
}

/*
 * The pages a change leaves out are news in a long-running process's log;
 * a one-shot read (CGI, check, list) says nothing of them.
 */
static const struct reporter *
news_of(const struct page_cache *c)
{
	return c->long_lived ? c->rules.report : NULL;
}

void
cache_init(struct page_cache *c, int long_lived, const struct reporter *rep)
{
	memset(c, 0, sizeof(*c));
	c->long_lived = long_lived;
	c->rules = (struct scan_rules){ &c->tags, &c->reserved, rep };
	c->inotify_fd = -1;
	c->wake_fd = -1;
	alias_owners_init(&c->owners);
	stop_watching(c);
}

static void
forget_scan(struct page_cache *c)
{
	for (int s = 0; s < CONTENT_SHARDS; s++)
		site_free(&c->shards[s]);
	tagmap_free(&c->tags);
	alias_owners_free(&c->owners);
	memset(c->dirty, 0, sizeof(c->dirty));
	for (int s = 0; s < CONTENT_SHARDS; s++)
		id_list_free(&c->dirty_ids[s]);
	memset(c->shard_st, 0, sizeof(c->shard_st));
	memset(c->racy, 0, sizeof(c->racy));
	c->scanned = 0;
	c->built = 0;
}

/* Forgets everything read from the root; the cache itself goes on. */
static void
forget_root(struct page_cache *c)
{
	stop_watching(c);
	forget_scan(c);
	sitemap_free(&c->sitemap);
	buf_free(&c->nopressure_key);
	free(c->root);
	c->root = NULL;
}

void
cache_free(struct page_cache *c)
{
	if (c->scanning) {
		struct buf why = BUF_INIT;

		atomic_store(&c->scan_cancel, 1);
		finish_background_scan(c, &why);
		buf_free(&why);
		atomic_store(&c->scan_cancel, 0);
	}
	forget_root(c);
	reserved_free(&c->reserved);
	if (c->wake_fd != -1)
		close(c->wake_fd);
	c->wake_fd = -1;
}

void
cache_forget(struct page_cache *c)
{
	if (c->scanning)
		c->rescan_after = 1;
	else
		c->scanned = 0;
}

static int
start_background_scan(struct page_cache *c, const struct config *cfg)
{
	config_snapshot(&c->scan_cfg, cfg);
	atomic_store(&c->scan_done, 0);
	if (pthread_create(&c->scanner, NULL, scan_in_background, c) != 0) {
		config_free(&c->scan_cfg);
		return -1;	/* then it is read in the request's own time */
	}
	c->scanning = 1;
	return 0;
}

static void *
scan_in_background(void *arg)
{
	struct page_cache *c = arg;
	uint64_t one = 1;

	/*
	 * Behind the thread that answers: on a small machine sixteen busy
	 * readers would otherwise hold robots.txt up for their time slices.
	 * Nice is a thread's own on Linux, and its workers inherit it.
	 */
	(void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
	c->scan_rc = scan_all(c, c->scan_cfg.watch, &c->scan_why);
	/* Sorting a million entries takes seconds, off the answering thread. */
	if (c->scan_rc == 0)
		build(c, &c->scan_cfg);
	atomic_store(&c->scan_done, 1);
	/* Wakes the server's poll; a full counter has a wake-up pending. */
	if (c->wake_fd != -1)
		(void)!write(c->wake_fd, &one, sizeof(one));
	return NULL;
}

/* Waits for the background scan; 0 when it read the root in full. */
static int
finish_background_scan(struct page_cache *c, struct buf *why)
{
	pthread_join(c->scanner, NULL);
	c->scanning = 0;
	config_free(&c->scan_cfg);
	if (c->scan_rc == -1)
		buf_adds(why, buf_str(&c->scan_why));
	buf_free(&c->scan_why);
	if (c->rescan_after) {
		c->rescan_after = 0;
		c->scanned = 0;
	}
	return c->scan_rc;
}

void
cache_start(struct page_cache *c, const struct config *cfg)
{
	struct buf why = BUF_INIT;
	time_t changed;

	c->background = 1;
	c->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	(void)cache_sitemap(c, cfg, &changed, &why);
	buf_free(&why);
}

/* From here on every request reads the whole root: slower, never stale. */
static void
give_up_watching(struct page_cache *c, const char *what)
{
	log_msg("inotify: %s: %s; reading the whole content root on every "
	    "request", what, strerror(errno));
	stop_watching(c);
	c->inotify_failed = 1;
	c->mode = CACHE_RESCAN;
}

static void
path_of(const struct page_cache *c, const char *rel, struct buf *out)
{
	buf_reset(out);
	buf_printf(out, "%s/%s", c->root, rel);
}

/* Watches a shard directory before it is read, so no change slips by. */
static void
watch_shard(struct page_cache *c, int shard)
{
	struct buf path = BUF_INIT;
	int wd;

	if (c->inotify_fd == -1 || c->shard_wd[shard] != -1)
		return;
	buf_printf(&path, "%s/content/%02x", c->root, shard);
	wd = inotify_add_watch(c->inotify_fd, buf_str(&path), SHARD_EVENTS);
	if (wd != -1)
		c->shard_wd[shard] = wd;
	else if (errno != ENOENT)	/* a shard that is gone needs none */
		give_up_watching(c, buf_str(&path));
	buf_free(&path);
}

static void
unwatch_shard(struct page_cache *c, int shard)
{
	if (c->shard_wd[shard] != -1)
		inotify_rm_watch(c->inotify_fd, c->shard_wd[shard]);
	c->shard_wd[shard] = -1;
}

/*
 * A file of a shard changed: the page its name names is read again, or,
 * for a name that names none as it should (which the scan logs), the
 * whole shard.
 */
static void
note_page_file(struct page_cache *c, int shard, const char *name)
{
	uint64_t id;

	switch (content_page_of_file(name, &id)) {
	case 1:
		if ((int)(id & 0xff) == shard) {
			id_list_add(&c->dirty_ids[shard], id);
			break;
		}
		/* FALLTHROUGH */
	case -1:
		c->dirty[shard] = 1;
		break;
	}
}

static void
note_event(struct page_cache *c, const struct inotify_event *e)
{
	int shard;

	if (e->mask & IN_Q_OVERFLOW) {
		c->scanned = 0;
		return;
	}
	if (dir_watch_has(&c->roots, e->wd)) {
		c->roots_touched = 1;
		return;
	}
	if (e->wd == c->content_wd) {
		if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED))
			c->scanned = 0;
		else if (e->len > 0 && (shard = content_shard_of(e->name)) >= 0) {
			/* The directory at that name is another one now. */
			unwatch_shard(c, shard);
			c->dirty[shard] = 1;
		}
		return;
	}
	for (shard = 0; shard < CONTENT_SHARDS; shard++)
		if (c->shard_wd[shard] == e->wd)
			break;
	if (shard == CONTENT_SHARDS)
		return;
	if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED))
		unwatch_shard(c, shard);
	if (e->len == 0)
		c->dirty[shard] = 1;
	else
		note_page_file(c, shard, e->name);
}

static void
read_events(struct page_cache *c)
{
	char events[64 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t n;

	while ((n = read(c->inotify_fd, events, sizeof(events))) > 0) {
		for (char *p = events; p < events + n;) {
			const struct inotify_event *e = (void *)p;

			note_event(c, e);
			p += sizeof(*e) + e->len;
		}
	}
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		c->scanned = 0;
}

/* What inotify cannot see: the root or content/ replaced, tags.yaml. */
static int
same_roots(const struct page_cache *c)
{
	struct buf path = BUF_INIT;
	struct stat st;
	int same;

	same = stat(c->root, &st) == 0 && st.st_dev == c->root_st.st_dev &&
	    st.st_ino == c->root_st.st_ino;
	path_of(c, "content", &path);
	same = same && stat(buf_str(&path), &st) == 0 &&
	    st.st_dev == c->content_st.st_dev &&
	    st.st_ino == c->content_st.st_ino;
	path_of(c, "state/sys/tags.yaml", &path);
	if (stat(buf_str(&path), &st) == -1)
		memset(&st, 0, sizeof(st));
	same = same && same_file_state(&st, &c->tags_st);
	buf_free(&path);
	return same;
}

static void
note_mtime(struct page_cache *c, const struct stat *st)
{
	if (st->st_mtime > c->dirs_changed)
		c->dirs_changed = st->st_mtime;
}

/*
 * A directory whose mtime is this second or the last may change again
 * within the same timestamp; it is read again until its time has passed.
 */
static void
note_shard_state(struct page_cache *c, int shard, const struct stat *st)
{
	if (st->st_nlink > 0)
		note_mtime(c, st);
	c->shard_st[shard] = *st;
	c->racy[shard] = st->st_nlink > 0 && st->st_mtime >= time(NULL) - 1;
}

/* CACHE_STAT: a shard whose directory is not as it was is read again. */
static void
compare_shard_states(struct page_cache *c)
{
	struct buf path = BUF_INIT;
	int fd;

	path_of(c, "content", &path);
	fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	buf_free(&path);
	if (fd == -1) {
		c->scanned = 0;		/* the scan says why */
		return;
	}
	for (int s = 0; s < CONTENT_SHARDS; s++) {
		struct stat st;
		char name[3];

		snprintf(name, sizeof(name), "%02x", s);
		if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
			memset(&st, 0, sizeof(st));
		if (c->racy[s] || !same_file_state(&st, &c->shard_st[s]))
			c->dirty[s] = 1;
	}
	close(fd);
}

static void
choose_mode(struct page_cache *c, enum watch want)
{
	struct buf content = BUF_INIT;
	const char *fs = NULL;
	enum cache_mode mode = CACHE_RESCAN;

	if (c->long_lived && !c->inotify_failed) {
		path_of(c, "content", &content);
		if (want == WATCH_AUTO && (fs = dir_watch_shared_fs(c->root))
		    == NULL)
			fs = dir_watch_shared_fs(buf_str(&content));
		mode = want == WATCH_STAT || fs ? CACHE_STAT : CACHE_INOTIFY;
		buf_free(&content);
	}
	if (mode == CACHE_STAT && c->mode != CACHE_STAT)
		log_msg("%s: %s%s; comparing the shard directories on every "
		    "request", c->root, fs ? fs : "watch = stat", fs ? ", where "
		    "inotify misses other machines' writes" : "");
	c->mode = mode;
}

/*
 * Notes a shard's state and watches it, before it is read, so that no
 * change slips by. Returns 0 when there is no directory to read at its
 * name: it is gone, or something else stands there, a symlink included,
 * which a scan skips.
 */
static int
prepare_shard(struct page_cache *c, int contentfd, int shard)
{
	struct stat st;
	char name[3];

	snprintf(name, sizeof(name), "%02x", shard);
	if (fstatat(contentfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
		memset(&st, 0, sizeof(st));
	note_shard_state(c, shard, &st);
	if (st.st_nlink > 0 && !S_ISDIR(st.st_mode))
		return 0;
	watch_shard(c, shard);
	return 1;
}

/* Reads one shard into fresh; a shard directory that is gone is empty. */
static int
read_shard(struct page_cache *c, int contentfd, const char *contentpath,
    int shard, const struct id_list *only, struct site *fresh,
    struct buf *why)
{
	if (!prepare_shard(c, contentfd, shard))
		return 0;
	if (content_scan_shard(contentfd, contentpath, (unsigned)shard,
	    only, &c->rules, fresh, why) == 0)
		return 0;
	if (errno == ENOENT) {
		buf_reset(why);
		return 0;
	}
	return -1;
}

/*
 * A cold page cache makes a scan wait on one read at a time; the disk and
 * the kernel do far better with many under way, so the shards of a full
 * scan are read by this many threads.
 */
#define SCAN_THREADS	16

struct scan_job {
	const struct page_cache	*c;
	int			 contentfd;
	const char		*contentpath;
	const unsigned char	*wanted;
	struct site		*fresh;
	int			 failed[CONTENT_SHARDS];	/* errno, or 0 */
	struct buf		 why[CONTENT_SHARDS];
	atomic_int		 next;
};

/* Takes shards until none is left; reads the cache, changes nothing of it. */
static void *
scan_worker(void *arg)
{
	struct scan_job *job = arg;
	int s;

	while ((s = atomic_fetch_add(&job->next, 1)) < CONTENT_SHARDS) {
		if (!job->wanted[s])
			continue;
		/* The process is stopping: its answer is no longer wanted. */
		if (atomic_load(&job->c->scan_cancel)) {
			buf_adds(&job->why[s], "stopped");
			job->failed[s] = EINTR;
			continue;
		}
		if (content_scan_shard(job->contentfd, job->contentpath,
		    (unsigned)s, NULL, &job->c->rules, &job->fresh[s],
		    &job->why[s]) == -1)
			job->failed[s] = errno ? errno : EIO;
	}
	return NULL;
}

/* Reads the wanted shards side by side; the first failure is the answer. */
static int
scan_shards(const struct page_cache *c, int contentfd, const char *contentpath,
    const unsigned char *wanted, struct site *fresh, struct buf *why)
{
	struct scan_job *job = xcalloc(1, sizeof(*job));
	pthread_t threads[SCAN_THREADS];
	size_t started = 0;
	int rc = 0;

	job->c = c;
	job->contentfd = contentfd;
	job->contentpath = contentpath;
	job->wanted = wanted;
	job->fresh = fresh;
	atomic_init(&job->next, 0);
	/* Fewer threads, even none, only make it slower. */
	while (started < SCAN_THREADS &&
	    pthread_create(&threads[started], NULL, scan_worker, job) == 0)
		started++;
	scan_worker(job);
	for (size_t i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	for (int s = 0; s < CONTENT_SHARDS; s++) {
		/* Listed a moment ago: gone now means a root being pulled. */
		if (job->failed[s] && rc == 0) {
			buf_adds(why, buf_str(&job->why[s]));
			rc = -1;
		}
		buf_free(&job->why[s]);
	}
	free(job);
	return rc;
}

/* Reads everything again, with fresh watches. */
static int
scan_all(struct page_cache *c, enum watch want, struct buf *why)
{
	struct site fresh[CONTENT_SHARDS];
	unsigned char wanted[CONTENT_SHARDS] = { 0 };
	struct buf path = BUF_INIT;
	struct stat tags_st = { 0 };
	struct dirent *de;
	DIR *dir = NULL;
	int shard, rc = -1;

	memset(fresh, 0, sizeof(fresh));
	forget_scan(c);
	stop_watching(c);
	c->dirs_changed = 0;
	choose_mode(c, want);
	if (c->mode == CACHE_INOTIFY && (c->inotify_fd = inotify_init1(
	    IN_NONBLOCK | IN_CLOEXEC)) == -1)
		give_up_watching(c, "inotify_init1");
	/* Before their states are taken: no change slips in between. */
	if (c->inotify_fd != -1) {
		path_of(c, "state/sys/tags.yaml", &path);
		dir_watch_add(&c->roots, c->inotify_fd, buf_str(&path));
	}
	if (stat(c->root, &c->root_st) == -1) {
		buf_printf(why, "%s: %s", c->root, strerror(errno));
		goto out;
	}
	path_of(c, "state/sys/tags.yaml", &path);
	if (stat(buf_str(&path), &tags_st) == 0)
		note_mtime(c, &tags_st);
	if (tagmap_load(buf_str(&path), &c->tags, why) == -1)
		goto out;
	path_of(c, "content", &path);
	if ((dir = opendir(buf_str(&path))) == NULL ||
	    fstat(dirfd(dir), &c->content_st) == -1) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		if (errno == ENOENT && is_content_dir(c->root))
			buf_printf(why, "; [site] root is the directory that "
			    "holds content/: %.*s", (int)(strlen(c->root) -
			    strlen("/content")), c->root);
		goto out;
	}
	note_mtime(c, &c->content_st);
	if (c->inotify_fd != -1 && (c->content_wd = inotify_add_watch(
	    c->inotify_fd, buf_str(&path), CONTENT_EVENTS)) == -1)
		give_up_watching(c, buf_str(&path));
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
				report(c->rules.report, FINDING_PROBLEM,
				    "%s/%s: ignored: content/ holds only "
				    "shard directories, 00 to ff",
				    buf_str(&path), de->d_name);
			continue;
		}
		wanted[shard] = prepare_shard(c, dirfd(dir), shard);
	}
	if (errno != 0) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		goto out;
	}
	if (scan_shards(c, dirfd(dir), buf_str(&path), wanted, fresh, why)
	    == -1)
		goto out;
	memcpy(c->shards, fresh, sizeof(fresh));
	memset(fresh, 0, sizeof(fresh));
	c->tags_st = tags_st;
	c->scanned = 1;
	rc = 0;
out:
	for (shard = 0; shard < CONTENT_SHARDS; shard++)
		site_free(&fresh[shard]);
	if (dir)
		closedir(dir);
	buf_free(&path);
	return rc;
}

static int
by_page_id(const void *a, const void *b)
{
	uint64_t x = ((const struct page *)a)->id;
	uint64_t y = ((const struct page *)b)->id;

	return x < y ? -1 : x > y;
}

/* Finds a page by id: its shard holds it, sorted by id. */
static struct page *
find_page(uint64_t id, void *arg)
{
	const struct page_cache *c = arg;
	const struct site *shard = &c->shards[id & 0xff];
	struct sorted pages = { shard->pages, shard->n, sizeof(*shard->pages),
	    by_page_id };
	struct page key = { .id = id };
	size_t at = sorted_find(&pages, &key);

	return at == SIZE_MAX ? NULL : &shard->pages[at];
}

const struct page **
cache_pages(const struct page_cache *c, size_t *n)
{
	const struct page **pages;
	size_t k = 0;

	*n = 0;
	for (int s = 0; s < CONTENT_SHARDS; s++)
		*n += c->shards[s].n;
	pages = xcalloc(*n ? *n : 1, sizeof(*pages));
	for (int s = 0; s < CONTENT_SHARDS; s++)
		for (size_t i = 0; i < c->shards[s].n; i++)
			pages[k++] = &c->shards[s].pages[i];
	return pages;
}

/* The alias owners and the sitemap, made from every page. */
static void
build(struct page_cache *c, const struct config *cfg)
{
	struct sitemap_edit edit = { .all = 1 };
	const struct listing rules = config_listing(cfg);
	size_t n;
	const struct page **pages = cache_pages(c, &n);

	alias_owners_free(&c->owners);
	alias_owners_init(&c->owners);
	alias_owners_add(&c->owners, pages, n);
	alias_owners_settle(&c->owners, NULL, find_page, c, NULL, NULL);
	/* A process that answers one request would log on every request. */
	sitemap_add(&rules, &c->sitemap, &edit, pages, n, news_of(c));
	free(pages);
#ifdef __GLIBC__
	/*
	 * A full build frees as much as it keeps (the scan threads' arenas,
	 * the rows sorted before they went in): give it back, or a long-lived
	 * process holds twice what it needs.
	 */
	if (c->long_lived)
		malloc_trim(0);
#endif
	c->built = 1;
	c->config_generation = cfg->generation;
}

/*
 * What a change replaces: whole shards, or in others the pages of some
 * ids; and the pages elsewhere whose alias changed hands through it.
 */
struct change {
	unsigned char	 whole[CONTENT_SHARDS];
	const struct id_list *ids;	/* by shard, sorted, unless whole */
	struct id_list	 others;
};

static int
replaced(const struct change *ch, uint64_t id)
{
	return ch->whole[id & 0xff] || id_list_has(&ch->ids[id & 0xff], id);
}

static int
changes(const struct change *ch, int shard)
{
	return ch->whole[shard] || ch->ids[shard].n > 0;
}

static void
note_other(struct page *page, void *arg)
{
	struct change *ch = arg;

	if (!replaced(ch, page->id))
		id_list_add(&ch->others, page->id);
}

static void
add_page(const struct page ***pages, size_t *n, const struct page *page)
{
	*pages = xreallocarray(*pages, *n + 1, sizeof(**pages));
	(*pages)[(*n)++] = page;
}

/* The replaced pages of a shard, old or new, and their aliases. */
static void
collect(const struct change *ch, const struct site *shard,
    const struct page ***pages, size_t *n, char ***aliases, size_t *naliases)
{
	for (size_t i = 0; i < shard->n; i++) {
		const struct page *page = &shard->pages[i];

		if (!replaced(ch, page->id))
			continue;
		add_page(pages, n, page);
		if (page->alias) {
			*aliases = xreallocarray(*aliases, *naliases + 1,
			    sizeof(**aliases));
			(*aliases)[(*naliases)++] = xstrdup(page->alias);
		}
	}
}

/* The shard with fresh in place of the pages of ids: both sorted by id. */
static void
merge_pages(struct site *shard, const struct id_list *ids, struct site *fresh)
{
	struct page *pages = xcalloc(shard->n + fresh->n + 1, sizeof(*pages));
	size_t n = 0, i = 0, j = 0;

	while (i < shard->n || j < fresh->n) {
		if (i < shard->n && id_list_has(ids, shard->pages[i].id)) {
			page_free(&shard->pages[i++]);
			continue;
		}
		if (j < fresh->n && (i == shard->n ||
		    fresh->pages[j].id < shard->pages[i].id))
			pages[n++] = fresh->pages[j++];
		else
			pages[n++] = shard->pages[i++];
	}
	free(shard->pages);
	free(fresh->pages);
	shard->pages = pages;
	shard->n = n;
	memset(fresh, 0, sizeof(*fresh));
}

/*
 * Puts what was read again in place of the old. When the sitemap is
 * built, it and the alias owners change only where those pages are: the
 * cost is that of the change, not of the site.
 */
static void
apply_change(struct page_cache *c, struct change *ch, struct site *fresh)
{
	struct sitemap_edit edit = { 0 };
	const struct listing rules = config_listing(c->cfg);
	const struct page **pages = NULL;
	char **aliases = NULL;
	size_t naliases = 0, n = 0;
	int incremental = c->built &&
	    c->config_generation == c->cfg->generation;

	/* Out with the old, while it is still as it was put in. */
	for (int s = 0; incremental && s < CONTENT_SHARDS; s++)
		if (changes(ch, s))
			collect(ch, &c->shards[s], &pages, &n, &aliases,
			    &naliases);
	if (incremental) {
		alias_owners_remove(&c->owners, pages, n);
		sitemap_remove(&rules, &c->sitemap, &edit, pages, n);
	}
	n = 0;
	for (int s = 0; s < CONTENT_SHARDS; s++) {
		if (ch->whole[s]) {
			site_free(&c->shards[s]);
			c->shards[s] = fresh[s];
			memset(&fresh[s], 0, sizeof(fresh[s]));
		} else if (ch->ids[s].n > 0)
			merge_pages(&c->shards[s], &ch->ids[s], &fresh[s]);
		else
			continue;
		if (incremental)
			collect(ch, &c->shards[s], &pages, &n, &aliases,
			    &naliases);
	}
	if (incremental) {
		alias_owners_add(&c->owners, pages, n);
		for (size_t i = 0; i < naliases; i++)
			alias_owners_settle(&c->owners, aliases[i], find_page,
			    c, note_other, ch);
		/* Pages that gained or lost an alias, elsewhere. */
		id_list_sort(&ch->others);
		for (size_t i = 0; i < ch->others.n; i++) {
			const struct page *other = find_page(ch->others.ids[i],
			    c);

			sitemap_remove(&rules, &c->sitemap, &edit, &other, 1);
			add_page(&pages, &n, other);
		}
		sitemap_add(&rules, &c->sitemap, &edit, pages, n,
		    news_of(c));
	} else
		c->built = 0;
	for (size_t i = 0; i < naliases; i++)
		free(aliases[i]);
	free(aliases);
	free(pages);
}

/*
 * Reads again what inotify or the shard states named: whole shards, or
 * the pages of the ids whose files changed.
 */
static int
rescan_dirty(struct page_cache *c, struct buf *why)
{
	struct site fresh[CONTENT_SHARDS];
	struct change ch = { .ids = c->dirty_ids };
	struct buf path = BUF_INIT;
	struct stat st;
	int fd, rc = 0;

	memset(fresh, 0, sizeof(fresh));
	path_of(c, "content", &path);
	if ((fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC))
	    == -1 || fstat(fd, &st) == -1) {
		buf_printf(why, "%s: %s", buf_str(&path), strerror(errno));
		rc = -1;
	} else
		note_mtime(c, &st);
	for (int s = 0; s < CONTENT_SHARDS && rc == 0; s++) {
		if (c->dirty[s])
			id_list_free(&c->dirty_ids[s]);
		else if (c->dirty_ids[s].n == 0)
			continue;
		ch.whole[s] = c->dirty[s];
		id_list_sort(&c->dirty_ids[s]);
		if (read_shard(c, fd, buf_str(&path), s, c->dirty[s] ? NULL :
		    &c->dirty_ids[s], &fresh[s], why) == -1)
			rc = -1;
	}
	if (rc == 0) {
		apply_change(c, &ch, fresh);
		memset(c->dirty, 0, sizeof(c->dirty));
	}
	for (int s = 0; s < CONTENT_SHARDS; s++) {
		site_free(&fresh[s]);
		id_list_free(&c->dirty_ids[s]);
	}
	id_list_free(&ch.others);
	if (fd != -1)
		close(fd);
	buf_free(&path);
	return rc;
}

static int
any_dirty(const struct page_cache *c)
{
	for (int s = 0; s < CONTENT_SHARDS; s++)
		if (c->dirty[s] || c->dirty_ids[s].n > 0)
			return 1;
	return 0;
}

int
cache_update(struct page_cache *c, const struct config *cfg, struct buf *why)
{
	struct buf key = BUF_INIT;

	if (c->scanning) {
		if (!atomic_load(&c->scan_done))
			return 1;
		if (finish_background_scan(c, why) == -1)
			return -1;
	}
	if (c->root == NULL || strcmp(c->root, cfg->root) != 0) {
		forget_root(c);
		c->root = xstrdup(cfg->root);
	}
	c->cfg = cfg;
	/* Which version a page serves depends on the admin path. */
	reserved_nopressure_key(&cfg->reserved, &key);
	if (strcmp(buf_str(&key), buf_str(&c->nopressure_key)) != 0) {
		c->scanned = 0;
		buf_free(&c->nopressure_key);
		c->nopressure_key = key;
	} else
		buf_free(&key);
	if (c->mode == CACHE_RESCAN || (c->mode == CACHE_INOTIFY &&
	    c->inotify_fd == -1))
		c->scanned = 0;
	else if (c->scanned) {
		if (c->mode == CACHE_INOTIFY)
			read_events(c);
		if ((c->roots_touched || !c->roots.trusted) && !same_roots(c))
			c->scanned = 0;
		else if (c->mode == CACHE_STAT)
			compare_shard_states(c);
		c->roots_touched = 0;
	}
	if (!c->scanned) {
		/* The scan reads its own copy: cfg may be reloaded meanwhile. */
		reserved_free(&c->reserved);
		reserved_copy(&c->reserved, &cfg->reserved);
		if (c->background && start_background_scan(c, cfg) == 0)
			return 1;
		if (scan_all(c, cfg->watch, why) == -1)
			return -1;
	} else if (any_dirty(c) && rescan_dirty(c, why) == -1) {
		c->scanned = 0;		/* start over next time */
		return -1;
	}
	if (!c->built || c->config_generation != cfg->generation)
		build(c, cfg);
	return 0;
}

struct sitemap *
cache_sitemap(struct page_cache *c, const struct config *cfg,
    time_t *changed, struct buf *why)
{
	switch (cache_update(c, cfg, why)) {
	case 1:
		buf_adds(why, "the content root is still being read");
		return NULL;
	case -1:
		return NULL;
	}
	*changed = c->dirs_changed;
	if (c->sitemap.newest > *changed)
		*changed = c->sitemap.newest;
	if (cfg->mtime > *changed)
		*changed = cfg->mtime;
	return &c->sitemap;
}

int
cache_busy(const struct page_cache *c)
{
	return c->scanning && !atomic_load(&c->scan_done);
}

int
cache_wake_fd(const struct page_cache *c)
{
	return c->wake_fd;
}

/* A root that names content/ itself, as a newcomer might set it. */
static int
is_content_dir(const char *root)
{
	const char *slash = strrchr(root, '/');

	return slash != NULL && slash != root && strcmp(slash, "/content") == 0;
}
