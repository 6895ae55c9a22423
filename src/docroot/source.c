/*
 * A document root of HTML files as a content source: walked once, then
 * followed with inotify on every directory (or, on network and FUSE
 * filesystems and past the limit of watches, by comparing the
 * directories' states on every request). A change is read where it is:
 * the file that changed, or the directory that appeared or went.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ascii.h"
#include "content_hash.h"
#include "dir_watch.h"
#include "escape.h"
#include "file.h"
#include "filestate.h"
#include "hash.h"
#include "head.h"
#include "id_map.h"
#include "jsonld.h"
#include "lastmod_keeper.h"
#include "log.h"
#include "paths.h"
#include "source.h"

/* The settings whose other value lists a page at another URL. */
enum spelling { SPELL_CLEAN, SPELL_NOT_CLEAN, SPELL_SLASH, SPELL_NO_SLASH,
	SPELLINGS };

/* Whatever makes a file or a directory appear, change or go. */
#define DIR_EVENTS	(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | \
	IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | \
	IN_MOVE_SELF | IN_ONLYDIR)
/* A path below the root longer than this makes no URL a sitemap holds. */
#define REL_MAX		2048

enum follow { FOLLOW_NONE, FOLLOW_INOTIFY, FOLLOW_STAT };

/* A file that is, or was, a page: what its id stands for. */
struct known {
	uint64_t	 id;
	char		*rel;
};

/* Files added since the last merge, looked through one by one. */
#define ADDED_MAX	1024

/* A directory of the tree, as it was when last read. */
struct dir {
	char		*rel;		/* "" for the root; NULL when gone */
	struct stat	 st;
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
	struct known	*files;		/* sorted by id */
	size_t		 nfiles;
	struct known	*added;		/* since, to be merged into files */
	size_t		 nadded;
	time_t		 dirs_changed;
	struct heads	*heads;		/* in a scan: to read side by side */
	struct lastmod_keeper *dates;	/* when content was first seen */
	int		 has_store;	/* [docroot] lastmod_store is set */
	struct canonical *canonicals;	/* one read: checked against */
	size_t		 ncanonicals;	/* the pages they name */
	size_t		 spelled[SPELLINGS];	/* canonicals naming their */
	char		*spelled_first[SPELLINGS];	/* page otherwise */
};

/* Pages read at once in a scan, and the threads that read them. */
#define HEADS_AT_ONCE	4096
#define HEAD_THREADS	16

/*
 * What the store is asked of a page: the hash of its content, 0 for none
 * (its own stated date decides), and the date it published itself, for
 * a page the store never saw, or 0.
 */
struct dating {
	uint64_t	 content;
	time_t		 first;
};

/* A page whose head a scan is yet to read: its file, and where it is. */
struct head_todo {
	char		*rel;
	dev_t		 dev;
	ino_t		 ino;
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

static void	stop_watching(struct source *);
static enum docroot_fs_kind kind_below_root(void *, const char *);
static int	is_index_name(const struct config *, const char *);
static void	forget_prefix(struct source *, const char *, struct dirty *);
static void	dirty_neighbours(struct source *, const struct config *,
		    const char *, struct dirty *);
static void	dirty_if_known(struct source *, const char *, struct dirty *);
static int	linked_dir(struct source *, const char *);
static int	dir_elsewhere(struct source *, const char *,
		    const struct stat *);
static uint64_t	inode_key(const struct stat *);
static uint64_t	state_key(const struct stat *);
static void	note_state(struct source *, uint64_t, const struct stat *);
static void	compare_pages(struct source *, struct dirty *);
static void	late_dates(struct source *, struct dirty *);
static int	dir_known(const struct source *, const char *);
static size_t	add_dir(struct source *, const char *, const struct stat *);
static void	watch_dir(struct source *, size_t, const char *);
static void	add_known(struct source *, uint64_t, const char *);
static void	drop_known(struct source *, uint64_t);
static void	merge_added(struct source *);
static const char *known_rel(const struct source *, uint64_t);
static uint64_t	id_of(const char *);
static void	join(struct buf *, const char *, const char *);
static int	inside_root(const struct source *, const char *);
static void	rules_key(const struct docroot_rules *, struct buf *);
static void	note_mtime(struct source *, time_t);
static void	sort_bucket(struct site *);
static void	note_watch_limit(struct source *);
static int	what_it_says(struct source *, const struct config *, const char *,
		    const struct stat *, struct buf *, struct page *,
		    struct dating *, struct buf *);
static void	stated_dates(struct source *, const struct config *,
		    const char *, const struct page_head *,
		    const struct body_dates *, const char *, struct page *,
		    struct dating *);
static char	*alternates_of(struct source *, const struct config *,
		    const char *, const struct page_head *, const char *,
		    const char *);
static int	own_date(struct source *, const char *, const char *, time_t *);
static int	same_file(struct source *, const struct config *, const char *,
		    const char *);
static int	listed_otherwise(const struct config *, const char *,
		    const char *);
static void	spelled_otherwise(struct source *, int, const char *);
static enum head_target below_url_path(const struct config *,
		    enum head_target, struct buf *);
static void	report_spellings(struct source *);
static void	take_head(struct source *, const struct config *, const char *,
		    const struct stat *, struct page *, struct dating *);
static void	remember_dates(struct source *, struct page **,
		    const struct dating *, size_t);
static void	read_heads(struct source *, const struct config *,
		    struct site *);
static void	check_canonicals(struct source *, struct site *);
static void	add_canonical(struct source *, const char *, const char *);
static void	canonicals_free(struct source *);

static struct source *
open_source(int long_lived, const struct reporter *rep)
{
	struct source *s = xcalloc(1, sizeof(*s));

	head_init();	/* here, before the scan may run in a thread */
	s->long_lived = long_lived;
	s->report = rep;
	s->inotify_fd = -1;
	s->dates = lastmod_keeper_new(rep);
	return s;
}

static void
forget(struct source *s)
{
	stop_watching(s);
	for (size_t i = 0; i < s->ndirs; i++)
		free(s->dirs[i].rel);
	free(s->dirs);
	id_map_free(&s->dir_at);
	id_map_free(&s->dir_of_inode);
	id_map_free(&s->page_state);
	free(s->dir_of_wd);
	merge_added(s);
	for (size_t i = 0; i < s->nfiles; i++)
		free(s->files[i].rel);
	free(s->files);
	s->dirs = NULL;
	s->dir_of_wd = NULL;
	s->files = NULL;
	s->ndirs = s->nwds = s->nfiles = 0;
}

static void
close_source(struct source *s)
{
	for (int k = 0; k < SPELLINGS; k++)
		free(s->spelled_first[k]);
	forget(s);
	lastmod_keeper_free(s->dates);
	buf_free(&s->key);
	free(s->root);
	free(s->real_root);
	free(s);
}

static void
stop_watching(struct source *s)
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
static void
give_up_watching(struct source *s, const char *what)
{
	log_msg("inotify: %s: %s; comparing the directories of %s on every "
	    "request%s", what, strerror(errno), s->root, errno == ENOSPC ?
	    " (raise fs.inotify.max_user_watches to follow them)" : "");
	stop_watching(s);
	s->inotify_failed = 1;
	s->follow = FOLLOW_STAT;
	s->lost = 1;	/* read again, each page's state noted */
}

static void
choose_follow(struct source *s, enum watch want)
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
 * Why the server rules answer the URL of the page at rel with another
 * file, or none, in a new string; NULL when they answer it with rel.
 * Another index file of the folder first in [docroot] index is a note;
 * two files for one URL, or none, a problem naming them.
 */
static char *
served_otherwise(struct source *s, const struct config *cfg, const char *rel,
    const char *url)
{
	const struct docroot_fs fs = { kind_below_root, s };
	struct buf served = BUF_INIT, why = BUF_INIT;
	const char *slash = strrchr(rel, '/');
	size_t dirlen = slash ? (size_t)(slash - rel) + 1 : 0;

	if (docroot_served(&cfg->docroot, url, &fs, rel, &served) == 0 &&
	    strcmp(buf_str(&served), rel) == 0) {
		buf_free(&served);
		return NULL;
	}
	if (served.len > dirlen && strncmp(buf_str(&served), rel, dirlen) ==
	    0 && strchr(buf_str(&served) + dirlen, '/') == NULL &&
	    is_index_name(cfg, buf_str(&served) + dirlen) &&
	    is_index_name(cfg, rel + dirlen))
		buf_printf(&why, "its folder's URL /%s serves %s, first in "
		    "[docroot] index", url, buf_str(&served) + dirlen);
	else if (served.len > 0) {
		buf_printf(&why, "its URL /%s serves the file %s", url,
		    buf_str(&served));
		report(s->report, FINDING_PROBLEM, "%s/%s: left out: the server "
		    "rules (sitemapd recipe) answer its URL /%s with %s: "
		    "rename one of the two", s->root, rel, url,
		    buf_str(&served));
	} else {
		buf_printf(&why, "the server rules answer its URL /%s with no "
		    "file", url);
		report(s->report, FINDING_PROBLEM, "%s/%s: left out: the server "
		    "rules (sitemapd recipe) answer its URL /%s with no file",
		    s->root, rel, url);
	}
	buf_free(&served);
	return why.data;
}

/* What the web server finds at rel: docroot_served asks. */
static enum docroot_fs_kind
kind_below_root(void *ctx, const char *rel)
{
	const struct source *s = ctx;
	struct buf path = BUF_INIT;
	struct stat st;
	int found;

	join(&path, s->root, rel);
	found = stat(buf_str(&path), &st) == 0;
	buf_free(&path);
	if (!found)
		return DOCROOT_FS_NONE;
	/* A server takes whatever is no folder for a file: it shadows. */
	return S_ISDIR(st.st_mode) ? DOCROOT_FS_DIR : DOCROOT_FS_FILE;
}

static int
is_index_name(const struct config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->docroot.nindex; i++)
		if (strcmp(name, cfg->docroot.index[i]) == 0)
			return 1;
	return 0;
}

/*
 * A page made of a regular file, into its bucket; NULL if it is none.
 * During a scan its head is read later, with others, side by side.
 */
static void
add_page(struct source *s, const struct config *cfg, const char *rel,
    const struct stat *st, struct site *buckets)
{
	struct buf url = BUF_INIT, note = BUF_INIT;
	const char *why = NULL;
	struct page page = { .id = id_of(rel), .markdown = 1,
	    .access = ACCESS_PUBLIC, .last_modified = st->st_mtime };
	struct site *bucket;

	switch (docroot_file(&cfg->docroot, rel, &url, &why)) {
	case DOCROOT_NONE:
		buf_free(&url);
		return;
	case DOCROOT_BAD_NAME:
		report(s->report, FINDING_PROBLEM, "%s/%s: left out: %s",
		    s->root, rel, why);
		page.broken = xstrdup(why);
		break;
	case DOCROOT_UNLISTED:
		if (strcmp(why, "an error page") == 0)
			buf_adds(&note, why);
		else
			buf_printf(&note, EXCLUDED_BY "%s", why);
		page.unlisted = xstrdup(buf_str(&note));
		/* FALLTHROUGH */
	case DOCROOT_PAGE:
		page.alias = xstrdup(buf_str(&url));
		page.url_path = 1;
		break;
	}
	if (page.alias != NULL && page.unlisted == NULL)
		page.unlisted = served_otherwise(s, cfg, rel, page.alias);
	buf_free(&url);
	buf_free(&note);
	note_state(s, page.id, st);
	bucket = &buckets[page.id & 0xff];
	bucket->pages = xgrowarray(bucket->pages, bucket->n,
	    sizeof(*bucket->pages));
	bucket->pages[bucket->n++] = page;
	if (page.alias == NULL || page.unlisted != NULL)
		return;
	if (s->heads == NULL) {
		struct page *added = &bucket->pages[bucket->n - 1];
		struct dating dating = { 0, 0 };

		take_head(s, cfg, rel, st, added, &dating);
		remember_dates(s, &added, &dating, 1);
		return;
	}
	s->heads->v = xgrowarray(s->heads->v, s->heads->n,
	    sizeof(*s->heads->v));
	s->heads->v[s->heads->n++] = (struct head_todo){ xstrdup(rel),
	    st->st_dev, st->st_ino, page.id & 0xff, bucket->n - 1, { 0, 0 } };
	if (s->heads->n == HEADS_AT_ONCE)
		read_heads(s, cfg, buckets);
}

/*
 * What the head of page's file says, into page: why it is not to be
 * listed, its URL, its date and alternates; unread, it is broken. With a
 * store, what to ask it into dating.
 */
static void
take_head(struct source *s, const struct config *cfg, const char *rel,
    const struct stat *st, struct page *page, struct dating *dating)
{
	struct buf url = BUF_INIT, note = BUF_INIT;

	buf_adds(&url, page->alias);
	if (what_it_says(s, cfg, rel, st, &url, page,
	    s->has_store ? dating : NULL, &note) == -1) {
		free(page->alias);
		page->alias = NULL;
		page->url_path = 0;
		page->broken = xstrdup(buf_str(&note));
	} else {
		if (note.len > 0)
			page->unlisted = xstrdup(buf_str(&note));
		if (strcmp(page->alias, buf_str(&url)) != 0) {
			free(page->alias);
			page->alias = xstrdup(buf_str(&url));
		}
	}
	buf_free(&url);
	buf_free(&note);
}

struct head_reading {
	struct source		*s;
	const struct config	*cfg;
	struct site		*buckets;
	atomic_size_t		 next;
};

/* Takes pages until none is left; each writes only its own page. */
static void *
head_worker(void *arg)
{
	struct head_reading *r = arg;
	struct heads *h = r->s->heads;
	size_t i;

	while ((i = atomic_fetch_add(&r->next, 1)) < h->n) {
		struct head_todo *t = &h->v[i];
		struct stat st = { .st_dev = t->dev, .st_ino = t->ino };

		take_head(r->s, r->cfg, t->rel, &st,
		    &r->buckets[t->bucket].pages[t->at], &t->dating);
	}
	return NULL;
}

/* Reads the heads waiting, side by side: a cold disk answers many at once. */
static void
read_heads(struct source *s, const struct config *cfg, struct site *buckets)
{
	struct head_reading r = { s, cfg, buckets, 0 };
	struct page **pages;
	struct dating *datings;
	pthread_t threads[HEAD_THREADS];
	size_t started = 0;

	/* Fewer threads, even none, only make it slower. */
	while (started < HEAD_THREADS && started + 1 < s->heads->n &&
	    pthread_create(&threads[started], NULL, head_worker, &r) == 0)
		started++;
	head_worker(&r);
	for (size_t i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	pages = xreallocarray(NULL, s->heads->n, sizeof(*pages));
	datings = xreallocarray(NULL, s->heads->n, sizeof(*datings));
	for (size_t i = 0; i < s->heads->n; i++) {
		struct head_todo *t = &s->heads->v[i];

		pages[i] = &buckets[t->bucket].pages[t->at];
		datings[i] = t->dating;
		free(t->rel);
	}
	remember_dates(s, pages, datings, s->heads->n);
	free(pages);
	free(datings);
	s->heads->n = 0;
}

/*
 * What the head of the page at rel, listed at url, asks: why it is not to
 * be listed, into why; or to be listed at the URL its canonical names,
 * when that URL serves the same file (index.html for "/"), into url; its
 * own date of change and its hreflang alternates, into page; and, asked
 * for dating and unless it gives its own date, the hash of what it says
 * (content_hash.h) and the date it published itself.
 * -1, with why set, when it cannot be read: a page whose head is unknown
 * is left out.
 */
static int
what_it_says(struct source *s, const struct config *cfg, const char *rel,
    const struct stat *st, struct buf *url, struct page *page,
    struct dating *dating, struct buf *why)
{
	char chunk[16 * 1024];
	struct head_reader *r;
	struct page_head head;
	struct body_dates body = { NULL, NULL };
	struct buf path = BUF_INIT, target = BUF_INIT;
	struct stat now;
	const char *cannot;
	size_t total = 0;
	ssize_t n = 0;
	int fd, k, done = 0;

	join(&path, s->root, rel);
	if ((fd = file_open_regular(AT_FDCWD, buf_str(&path), 0, &now,
	    &cannot)) == -1 || now.st_ino != st->st_ino ||
	    now.st_dev != st->st_dev) {
		buf_printf(why, "cannot read it: %s", fd == -1 ? cannot :
		    "it changed while being read");
		report(s->report, FINDING_PROBLEM, "%s: left out: %s",
		    buf_str(&path), buf_str(why));
		if (fd != -1)
			close(fd);
		buf_free(&path);
		return -1;
	}
	r = head_begin();
	while (!done && total < HEAD_MAX && (n = read(fd, chunk,
	    sizeof(chunk))) > 0) {
		done = head_feed(r, chunk, (size_t)n);
		total += (size_t)n;
	}
	head_end(r, done || n == 0 ? NULL : n > 0 ?
	    "its head is still open after 1 MiB" : strerror(errno), &head);
	/*
	 * For the store's dates, and IndexNow's "has it changed?"; the
	 * dates its body states come with it, or alone where its head
	 * states none.
	 */
	if (dating != NULL || cfg->indexnow.key != NULL)
		page->content = content_hash(fd, &body);
	else if (head.modified == NULL)
		body_dates_read(fd, &body);
	if (dating != NULL)
		dating->content = page->content;
	close(fd);
	if (head.parser_said != NULL)
		report(s->report, FINDING_NOTE, "%s/%s: libxml2: %s", s->root,
		    rel, head.parser_said);
	if (head.unsure != NULL) {
		buf_printf(why, "what it says is unknown: %s", head.unsure);
		report(s->report, FINDING_PROBLEM, "%s/%s: left out: %s",
		    s->root, rel, buf_str(why));
		head_free(&head);
		body_dates_free(&body);
		buf_free(&path);
		return -1;
	}
	buf_reset(&path);
	buf_printf(&path, "/%s", cfg->docroot.url_path ?
	    cfg->docroot.url_path : "");
	escape_file_path(&path, buf_str(url));
	stated_dates(s, cfg, rel, &head, &body, buf_str(&path), page, dating);
	body_dates_free(&body);
	if (head.noindex)
		buf_printf(why, "noindex (its meta %s)", head.noindex);
	else if (head.refresh && head_target(head.refresh, buf_str(&path),
	    &cfg->hosts, &target) != HEAD_SELF)
		buf_printf(why, "a redirect to %s (its meta refresh)",
		    head.refresh);
	else if (head.canonical) {
		buf_reset(&target);
		switch (below_url_path(cfg, head_target(head.canonical,
		    buf_str(&path), &cfg->hosts, &target), &target)) {
		case HEAD_SELF:
			break;
		case HEAD_PATH:
			if (same_file(s, cfg, rel, buf_str(&target))) {
				buf_reset(url);
				buf_adds(url, buf_str(&target));
				break;
			}
			if ((k = listed_otherwise(cfg, rel,
			    buf_str(&target))) >= 0) {
				spelled_otherwise(s, k, rel);
				buf_printf(why, "its canonical %s is this page "
				    "as another [docroot] setting lists it",
				    head.canonical);
				break;
			}
			if (!s->long_lived)
				add_canonical(s, rel, buf_str(&target));
			/* FALLTHROUGH */
		case HEAD_ELSEWHERE:
			buf_printf(why, "its canonical is %s", head.canonical);
			break;
		case HEAD_INVALID:
			report(s->report, FINDING_NOTE, "%s/%s: its canonical "
			    "%.200s is no http or https URL: taken as none",
			    s->root, rel, head.canonical);
			break;
		}
	}
	if (why->len == 0 && head.nalternates > 0)
		page->alternates = alternates_of(s, cfg, rel, &head,
		    buf_str(&path), buf_str(url));
	head_free(&head);
	buf_free(&path);
	buf_free(&target);
	return 0;
}

/*
 * The dates a page states, in this order: its modified date (a <meta>,
 * then its JSON-LD entity's dateModified, then its microdata's) wins
 * over any store's; else its published date (its JSON-LD entity's
 * datePublished, its microdata's, then article:published_time) is truer
 * than the file's time: the lastmod, or with a store, the date of a page
 * it never saw.
 */
static void
stated_dates(struct source *s, const struct config *cfg, const char *rel,
    const struct page_head *head, const struct body_dates *body,
    const char *path, struct page *page, struct dating *dating)
{
	char *modified = head->modified ? xstrdup(head->modified) : NULL;
	char *published = NULL;
	time_t t;

	for (size_t i = 0; i < head->njsonld; i++)
		jsonld_dates(head->jsonld[i], strlen(head->jsonld[i]), path,
		    &cfg->hosts, &modified, &published);
	if (modified == NULL && body->modified != NULL)
		modified = xstrdup(body->modified);
	if (published == NULL && body->published != NULL)
		published = xstrdup(body->published);
	if (published == NULL && head->published != NULL)
		published = xstrdup(head->published);
	if (modified != NULL && own_date(s, rel, modified,
	    &page->last_modified)) {
		page->lastmod_from = LASTMOD_STATED;
		if (dating != NULL)
			dating->content = 0;
	} else if (published != NULL && own_date(s, rel, published, &t)) {
		if (dating != NULL)
			dating->first = t;
		else {
			page->last_modified = t;
			page->lastmod_from = LASTMOD_STATED;
		}
	}
	free(modified);
	free(published);
}

/*
 * The date a page gives itself, when it is one it can have
 * (head_stated_date): 1; else
 * the file's mtime stays, and check says why: 0.
 */
static int
own_date(struct source *s, const char *rel, const char *text,
    time_t *modified)
{
	static const char *const why[] = {
		[STATED_NO_DATE] = "is no W3C date",
		[STATED_TOO_OLD] = "is before 1970",
		[STATED_AHEAD] = "is in the future",
	};
	enum head_stated stated = head_stated_date(text, time(NULL), modified);

	if (stated != STATED_OK)
		report(s->report, FINDING_NOTE, "%s/%s: its date %.40s %s: its "
		    "file's time is used", s->root, rel, text, why[stated]);
	return stated == STATED_OK;
}

/*
 * Which setting, changed, would list the file rel at path: the other
 * clean_urls or the other trailing_slash (enum spelling), or -1.
 */
static int
listed_otherwise(const struct config *cfg, const char *rel, const char *path)
{
	for (int k = 0; k < SPELLINGS; k++) {
		struct docroot_rules other = cfg->docroot;
		struct buf url = BUF_INIT;
		const char *why;
		int same;

		if (k == SPELL_CLEAN || k == SPELL_NOT_CLEAN) {
			if (other.clean_urls == (k == SPELL_CLEAN))
				continue;
			other.clean_urls = !other.clean_urls;
		} else {
			if (other.trailing_slash == (k == SPELL_SLASH))
				continue;
			other.trailing_slash = !other.trailing_slash;
		}
		same = docroot_file(&other, rel, &url, &why) == DOCROOT_PAGE &&
		    strcmp(buf_str(&url), path) == 0;
		buf_free(&url);
		if (same)
			return k;
	}
	return -1;
}

/* Whether a request for path (no leading "/") would serve the file rel. */
static int
same_file(struct source *s, const struct config *cfg, const char *rel,
    const char *path)
{
	const struct docroot_fs fs = { kind_below_root, s };
	struct buf served = BUF_INIT;
	int same = docroot_served(&cfg->docroot, path, &fs, rel, &served) ==
	    0 && strcmp(buf_str(&served), rel) == 0;

	buf_free(&served);
	return same;
}

/*
 * The pages whose canonical names them as another setting would list
 * them: one problem for each setting, with their count and one of them.
 */
static void
report_spellings(struct source *s)
{
	static const char *const fix[SPELLINGS] = {
		[SPELL_CLEAN] = "clean_urls = yes",
		[SPELL_NOT_CLEAN] = "clean_urls = no",
		[SPELL_SLASH] = "trailing_slash = yes",
		[SPELL_NO_SLASH] = "trailing_slash = no",
	};

	for (int k = 0; k < SPELLINGS; k++) {
		size_t n = s->spelled[k];
		char *first = s->spelled_first[k];

		s->spelled_first[k] = NULL;
		if (n > 0)
			report(s->report, FINDING_PROBLEM, "%s: left out as "
			    "their canonical names them as [docroot] %s would "
			    "list them, pages: %zu, such as %s; set it, and "
			    "serve the site with what sitemapd recipe prints "
			    "for it", s->root, fix[k], n, first ? first : "?");
		s->spelled[k] = 0;
		free(first);
	}
}

/*
 * What an entry of a directory is, a symlink followed where it stays
 * inside the root: 0 with st filled, or -1 when it is to be skipped.
 */
static int
entry_state(struct source *s, int dirfd, const char *name, const char *rel,
    struct stat *st)
{
	struct buf path = BUF_INIT;
	int inside;

	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW) == -1)
		return -1;
	if (!S_ISLNK(st->st_mode))
		return 0;
	join(&path, s->root, rel);
	inside = inside_root(s, buf_str(&path));
	/* What a server would serve there is never listed: say so. */
	if (!inside)
		report(s->report, FINDING_NOTE, "%s: left out: a symlink "
		    "that leaves the root, which sitemapd does not follow: set "
		    "root to the folder it names, or copy that folder in",
		    buf_str(&path));
	buf_free(&path);
	if (!inside || fstatat(dirfd, name, st, 0) == -1)
		return -1;
	return 0;
}

/*
 * Reads one directory, watching it first so that no change slips by:
 * its pages go to found, its subdirectories to more, for the caller to
 * walk; one known under another name (a symlink to it) is not read
 * again, by a scan or later, so a loop ends. Returns -1 when
 * it cannot be read.
 */
static int
read_dir(struct source *s, const struct config *cfg, const char *rel,
    struct found *found, char ***more,
    size_t *nmore)
{
	struct buf path = BUF_INIT, child = BUF_INIT;
	struct dirent *de;
	struct stat st;
	DIR *d = NULL;
	int fd;

	join(&path, s->root, rel);
	if ((fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC))
	    == -1 || fstat(fd, &st) == -1 || (d = fdopendir(fd)) == NULL) {
		if (*rel != '\0')
			report(s->report, FINDING_PROBLEM, "%s: cannot read it: "
			    "%s; its pages are left out", buf_str(&path),
			    strerror(errno));
		if (fd != -1)
			close(fd);
		buf_free(&path);
		return -1;
	}
	if (dir_elsewhere(s, rel, &st)) {
		closedir(d);
		buf_free(&path);
		return 0;
	}
	note_mtime(s, st.st_mtime);
	watch_dir(s, add_dir(s, rel, &st), buf_str(&path));
	while ((de = readdir(d)) != NULL) {
		if (docroot_hidden(de->d_name))
			continue;
		buf_reset(&child);
		if (*rel)
			buf_printf(&child, "%s/", rel);
		buf_adds(&child, de->d_name);
		if (child.len > REL_MAX) {
			report(s->report, FINDING_PROBLEM, "%s/%.40s...: left "
			    "out: its path is longer than a URL in a sitemap "
			    "may be", s->root, buf_str(&child));
			continue;
		}
		if (found->dirty)
			dirty_neighbours(s, cfg, buf_str(&child), found->dirty);
		if (entry_state(s, dirfd(d), de->d_name, buf_str(&child),
		    &st) == -1)
			continue;
		if (S_ISDIR(st.st_mode)) {
			*more = xgrowarray(*more, *nmore,
			    sizeof(**more));
			(*more)[(*nmore)++] = xstrdup(buf_str(&child));
		} else if (S_ISREG(st.st_mode)) {
			uint64_t id = id_of(buf_str(&child));

			/* A scan meets each path once; a change, again. */
			if (found->buckets) {
				add_page(s, cfg, buf_str(&child), &st,
				    found->buckets);
				add_known(s, id, buf_str(&child));
			} else {
				id_list_add(&found->dirty->ids[id & 0xff], id);
				if (known_rel(s, id) == NULL)
					add_known(s, id, buf_str(&child));
			}
		}
	}
	closedir(d);
	buf_free(&path);
	buf_free(&child);
	return 0;
}

/* The tree below rel, one directory at a time: no recursion, no limit. */
static int
walk(struct source *s, const struct config *cfg, const char *rel,
    struct found *found, const atomic_int *cancel, struct buf *why)
{
	char **todo = xcalloc(1, sizeof(*todo));
	size_t ntodo = 0;
	int rc = 0;

	todo[ntodo++] = xstrdup(rel);
	for (size_t next = 0; next < ntodo; next++) {
		if (cancel && atomic_load(cancel)) {
			buf_adds(why, "stopped");
			rc = -1;
			break;
		}
		if (read_dir(s, cfg, todo[next], found, &todo,
		    &ntodo) == -1 && next == 0 && why != NULL) {
			buf_printf(why, "%s: %s", s->root, strerror(errno));
			rc = -1;
			break;
		}
	}
	for (size_t i = 0; i < ntodo; i++)
		free(todo[i]);
	free(todo);
	return rc;
}

static int
scan(struct source *s, const struct config *cfg, struct site *buckets,
    const atomic_int *cancel, struct buf *why)
{
	struct found found = { buckets, NULL };
	struct heads heads = { NULL, 0 };
	char real[PATH_MAX];
	int rc;

	forget(s);
	free(s->root);
	free(s->real_root);
	s->root = xstrdup(cfg->root);
	s->real_root = xstrdup(realpath(s->root, real) ? real : s->root);
	buf_reset(&s->key);
	rules_key(&cfg->docroot, &s->key);
	s->dirs_changed = 0;
	s->lost = s->roots_touched = 0;
	choose_follow(s, cfg->watch);
	if (s->follow == FOLLOW_INOTIFY && (s->inotify_fd = inotify_init1(
	    IN_NONBLOCK | IN_CLOEXEC)) == -1)
		give_up_watching(s, "inotify_init1");
	/* The root replaced or renamed shows in the directory above it. */
	if (s->inotify_fd != -1)
		dir_watch_add(&s->roots, s->inotify_fd, s->root);
	if (stat(s->root, &s->root_st) == -1) {
		buf_printf(why, "%s: %s", s->root, strerror(errno));
		return -1;
	}
	s->has_store = cfg->docroot.lastmod_store != NULL;
	lastmod_keeper_start_scan(s->dates, cfg->docroot.lastmod_store);
	s->heads = &heads;
	rc = walk(s, cfg, "", &found, cancel, why);
	read_heads(s, cfg, buckets);
	free(heads.v);
	s->heads = NULL;
	lastmod_keeper_end_scan(s->dates, rc == 0);
	merge_added(s);
	for (int b = 0; b < PAGE_BUCKETS; b++)
		sort_bucket(&buckets[b]);
	report_spellings(s);
	if (rc == 0 && !s->long_lived) {
		note_watch_limit(s);
		check_canonicals(s, buckets);
	}
	canonicals_free(s);
	return rc;
}

/*
 * For check: more folders than inotify watches a user may hold, so that a
 * FastCGI process would compare them on every request instead.
 */
static void
note_watch_limit(struct source *s)
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
static void
read_events(struct source *s, const struct config *cfg, struct dirty *d)
{
	char events[64 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	struct found found = { NULL, d };
	struct buf rel = BUF_INIT, url = BUF_INIT;
	ssize_t n;

	while ((n = read(s->inotify_fd, events, sizeof(events))) > 0) {
		for (char *p = events; p < events + n;) {
			const struct inotify_event *e = (void *)p;
			const char *why;
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
			if ((i = e->wd < 0 || (size_t)e->wd >= s->nwds ? -1 :
			    s->dir_of_wd[e->wd]) < 0 || s->dirs[i].rel == NULL)
				continue;
			if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF |
			    IN_IGNORED)) {
				/* Gone, or moved: its parent's event says where. */
				forget_prefix(s, s->dirs[i].rel, d);
				continue;
			}
			if (e->len == 0 || docroot_hidden(e->name))
				continue;
			buf_reset(&rel);
			buf_printf(&rel, "%s%s%s", s->dirs[i].rel,
			    *s->dirs[i].rel ? "/" : "", e->name);
			if (e->mask & (IN_DELETE | IN_MOVED_FROM))
				note_mtime(s, time(NULL));
			dirty_neighbours(s, cfg, buf_str(&rel), d);
			/*
			 * A folder, or a symlink that is or was one: a deploy's
			 * "ln -sfn" repoints it with no event in either tree.
			 */
			if ((e->mask & IN_ISDIR) || dir_known(s, buf_str(&rel)) ||
			    linked_dir(s, buf_str(&rel))) {
				forget_prefix(s, buf_str(&rel), d);
				if (linked_dir(s, buf_str(&rel)) || ((e->mask &
				    IN_ISDIR) && (e->mask & (IN_CREATE |
				    IN_MOVED_TO))))
					walk(s, cfg, buf_str(&rel), &found,
					    NULL, NULL);
				continue;
			}
			buf_reset(&url);
			if (docroot_file(&cfg->docroot, buf_str(&rel), &url,
			    &why) == DOCROOT_NONE) {
				uint64_t id = id_of(buf_str(&rel));

				/* No page: unless it was one, as it may. */
				if (known_rel(s, id) != NULL)
					id_list_add(&d->ids[id & 0xff], id);
				continue;
			}
			if (known_rel(s, id_of(buf_str(&rel))) == NULL)
				add_known(s, id_of(buf_str(&rel)), buf_str(&rel));
			id_list_add(&d->ids[id_of(buf_str(&rel)) & 0xff],
			    id_of(buf_str(&rel)));
		}
	}
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		s->lost = 1;
	buf_free(&rel);
	buf_free(&url);
}

/*
 * Without inotify: a directory whose state differs is read again, with
 * every file known in it; a new directory is walked, one that is gone
 * takes its tree along. A file rewritten in place changes no directory:
 * compare_pages finds it.
 */
static void
compare_dirs(struct source *s, const struct config *cfg, struct dirty *d)
{
	struct found found = { NULL, d };
	struct buf path = BUF_INIT;
	size_t ndirs = s->ndirs;

	for (size_t i = 0; i < ndirs; i++) {
		struct stat st;
		char **more = NULL, *rel;
		size_t nmore = 0;

		if (s->dirs[i].rel == NULL)
			continue;
		join(&path, s->root, s->dirs[i].rel);
		if (stat(buf_str(&path), &st) == -1 || !S_ISDIR(st.st_mode)) {
			forget_prefix(s, s->dirs[i].rel, d);
			note_mtime(s, time(NULL));
			continue;
		}
		if (!s->dirs[i].racy && same_file_state(&st, &s->dirs[i].st))
			continue;
		rel = xstrdup(s->dirs[i].rel);
		/* Its files as they were, gone or not, and as they are. */
		merge_added(s);
		for (size_t f = 0; f < s->nfiles; f++) {
			const char *slash = strrchr(s->files[f].rel, '/');
			size_t dirlen = slash ? (size_t)(slash -
			    s->files[f].rel) : 0;

			if (dirlen == strlen(rel) && strncmp(s->files[f].rel,
			    rel, dirlen) == 0) {
				id_list_add(&d->ids[s->files[f].id & 0xff],
				    s->files[f].id);
				dirty_neighbours(s, cfg, s->files[f].rel, d);
			}
		}
		read_dir(s, cfg, rel, &found, &more, &nmore);
		for (size_t k = 0; k < nmore; k++) {
			if (!dir_known(s, more[k]))
				walk(s, cfg, more[k], &found, NULL, NULL);
			free(more[k]);
		}
		free(more);
		free(rel);
	}
	buf_free(&path);
}

/* Without inotify: each page whose file's state differs is read again. */
static void
compare_pages(struct source *s, struct dirty *d)
{
	struct buf path = BUF_INIT;

	merge_added(s);
	for (size_t f = 0; f < s->nfiles; f++) {
		struct stat st;
		size_t was;

		if (!id_map_get(&s->page_state, s->files[f].id, &was))
			continue;
		join(&path, s->root, s->files[f].rel);
		if (stat(buf_str(&path), &st) == -1 ||
		    state_key(&st) != (uint64_t)was || was == 0)
			id_list_add(&d->ids[s->files[f].id & 0xff],
			    s->files[f].id);
	}
	buf_free(&path);
}

/* The root itself is the one it was: not replaced, not renamed away. */
static int
same_root(const struct source *s)
{
	struct stat st;

	return stat(s->root, &st) == 0 && st.st_dev == s->root_st.st_dev &&
	    st.st_ino == s->root_st.st_ino;
}

static int
poll_source(struct source *s, const struct config *cfg, struct dirty *d)
{
	struct buf key = BUF_INIT;
	int same_rules;

	/* Other rules make other pages of the same files. */
	rules_key(&cfg->docroot, &key);
	same_rules = strcmp(buf_str(&key), buf_str(&s->key)) == 0;
	buf_free(&key);
	if (!same_rules || s->follow == FOLLOW_NONE ||
	    (s->follow == FOLLOW_INOTIFY && s->inotify_fd == -1))
		return -1;
	if (s->follow == FOLLOW_INOTIFY)
		read_events(s, cfg, d);
	else {
		compare_dirs(s, cfg, d);
		compare_pages(s, d);
	}
	late_dates(s, d);
	/* A pass over every known file: not for each one added. */
	if (s->nadded > ADDED_MAX)
		merge_added(s);
	if (s->lost)
		return -1;
	if ((s->roots_touched || !s->roots.trusted) && !same_root(s))
		return -1;
	s->roots_touched = 0;
	return 0;
}

/*
 * The pages the store dated after their request had gone on, or once back
 * from a fault: read again, they take its dates (then known to it).
 */
static void
late_dates(struct source *s, struct dirty *d)
{
	struct id_list late = { NULL, 0 };

	lastmod_keeper_late(s->dates, &late);
	for (size_t i = 0; i < late.n; i++)
		if (known_rel(s, late.ids[i]) != NULL)
			id_list_add(&d->ids[late.ids[i] & 0xff], late.ids[i]);
	id_list_free(&late);
}

/* The files dirty names, each as it is now: a page, or gone. */
static int
reread(struct source *s, const struct config *cfg, const struct dirty *d,
    struct site *fresh, struct buf *why)
{
	struct buf path = BUF_INIT;

	(void)why;
	for (int b = 0; b < PAGE_BUCKETS; b++) {
		for (size_t i = 0; i < d->ids[b].n; i++) {
			uint64_t id = d->ids[b].ids[i];
			const char *rel = known_rel(s, id);
			struct stat st;

			if (rel == NULL)
				continue;
			join(&path, s->root, rel);
			if (lstat(buf_str(&path), &st) == -1 ||
			    (S_ISLNK(st.st_mode) && (!inside_root(s,
			    buf_str(&path)) || stat(buf_str(&path), &st) == -1)))
				st.st_mode = 0;
			if (S_ISREG(st.st_mode))
				add_page(s, cfg, rel, &st, fresh);
			else
				drop_known(s, id);
		}
		sort_bucket(&fresh[b]);
	}
	buf_free(&path);
	report_spellings(s);
	return 0;
}

static time_t
changed(const struct source *s)
{
	return s->dirs_changed;
}

static void
restricted(const struct source *s, const struct page *page, struct buf *out)
{
	(void)s;
	(void)page;
	(void)out;	/* every page of a document root is public */
}

static void
file_of(const struct source *s, const struct page *page, struct buf *out)
{
	const char *rel = known_rel(s, page->id);

	if (rel != NULL)
		buf_adds(out, rel);
}

const struct source_ops docroot_source = {
	.open = open_source,
	.close = close_source,
	.scan = scan,
	.poll = poll_source,
	.reread = reread,
	.changed = changed,
	.restricted = restricted,
	.file_of = file_of,
};

/*
 * The known pages whose URL the server rules may now answer otherwise,
 * as rel came or went (docroot_served's order): rel.html and rel's index
 * files after the file rel; after x.html, x's index files; after an index
 * file, the others of its folder.
 */
static void
dirty_neighbours(struct source *s, const struct config *cfg, const char *rel,
    struct dirty *d)
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
		if (is_index_name(cfg, rel + dirlen)) {
			buf_reset(&n);
			buf_printf(&n, "%.*s%s", (int)dirlen, rel, index);
			dirty_if_known(s, buf_str(&n), d);
		}
	}
	buf_free(&n);
}

static void
dirty_if_known(struct source *s, const char *rel, struct dirty *d)
{
	uint64_t id = id_of(rel);
	const char *known = known_rel(s, id);

	if (known != NULL && strcmp(known, rel) == 0)
		id_list_add(&d->ids[id & 0xff], id);
}

/* rel is a symlink to a folder that stays inside the root. */
static int
linked_dir(struct source *s, const char *rel)
{
	struct buf path = BUF_INIT;
	struct stat st;
	int linked;

	join(&path, s->root, rel);
	linked = lstat(buf_str(&path), &st) == 0 && S_ISLNK(st.st_mode) &&
	    stat(buf_str(&path), &st) == 0 && S_ISDIR(st.st_mode) &&
	    inside_root(s, buf_str(&path));
	buf_free(&path);
	return linked;
}

/* Every known file under rel, and rel itself, to be read again. */
static void
forget_prefix(struct source *s, const char *rel, struct dirty *d)
{
	size_t n = strlen(rel);
	char *prefix = xstrdup(rel);

	merge_added(s);		/* a pass over them all in any case */
	for (size_t f = 0; f < s->nfiles; f++)
		if (n == 0 || (strncmp(s->files[f].rel, prefix, n) == 0 &&
		    s->files[f].rel[n] == '/'))
			id_list_add(&d->ids[s->files[f].id & 0xff],
			    s->files[f].id);
	for (size_t i = 0; i < s->ndirs; i++) {
		char *dr = s->dirs[i].rel;

		if (dr == NULL || !(strcmp(dr, prefix) == 0 || n == 0 ||
		    (strncmp(dr, prefix, n) == 0 && dr[n] == '/')))
			continue;
		if (s->dirs[i].wd != -1) {
			inotify_rm_watch(s->inotify_fd, s->dirs[i].wd);
			s->dir_of_wd[s->dirs[i].wd] = -1;
		}
		free(dr);
		s->dirs[i].rel = NULL;
		s->dirs[i].wd = -1;
	}
	free(prefix);
}

/*
 * The directory st is of is known, and still there, under another name
 * than rel: rel is a second way to it.
 */
static int
dir_elsewhere(struct source *s, const char *rel, const struct stat *st)
{
	struct buf path = BUF_INIT;
	struct stat now;
	const struct dir *d;
	size_t at;
	int there;

	if (!id_map_get(&s->dir_of_inode, inode_key(st), &at))
		return 0;
	d = &s->dirs[at];
	if (d->rel == NULL || strcmp(d->rel, rel) == 0 ||
	    d->st.st_dev != st->st_dev || d->st.st_ino != st->st_ino)
		return 0;
	/* It may have moved here, its old name not yet seen gone. */
	join(&path, s->root, d->rel);
	there = stat(buf_str(&path), &now) == 0 && now.st_dev == st->st_dev &&
	    now.st_ino == st->st_ino;
	buf_free(&path);
	return there;
}

/*
 * With watch = stat, what a page's file was when read: its state, or 0
 * for one changed so lately that it may change again within the same
 * time stamp, to be read again at the next request.
 */
static void
note_state(struct source *s, uint64_t id, const struct stat *st)
{
	if (s->follow == FOLLOW_STAT)
		id_map_put(&s->page_state, id, st->st_mtime >= time(NULL) - 1 ?
		    0 : state_key(st));
}

static uint64_t
state_key(const struct stat *st)
{
	uint64_t k = inode_key(st);

	k = hash_add(k, &st->st_size, sizeof(st->st_size));
	k = hash_add(k, &st->st_mtim, sizeof(st->st_mtim));
	k = hash_add(k, &st->st_ctim, sizeof(st->st_ctim));
	return k | 1;	/* never 0 */
}

static uint64_t
inode_key(const struct stat *st)
{
	uint64_t k = hash_add(HASH_INIT, &st->st_dev, sizeof(st->st_dev));

	return hash_add(k, &st->st_ino, sizeof(st->st_ino));
}

static int
dir_known(const struct source *s, const char *rel)
{
	size_t at;

	return id_map_get(&s->dir_at, id_of(rel), &at) && s->dirs[at].rel &&
	    strcmp(s->dirs[at].rel, rel) == 0;
}

/* A directory read: known from now on, or known anew; its index. */
static size_t
add_dir(struct source *s, const char *rel, const struct stat *st)
{
	size_t at;

	if (s->follow != FOLLOW_STAT || !dir_known(s, rel)) {
		at = s->ndirs;
		s->dirs = xgrowarray(s->dirs, s->ndirs, sizeof(*s->dirs));
		s->dirs[s->ndirs++] = (struct dir){ xstrdup(rel), *st, -1, 0 };
		id_map_put(&s->dir_at, id_of(rel), at);
	} else
		id_map_get(&s->dir_at, id_of(rel), &at);
	s->dirs[at].st = *st;
	s->dirs[at].racy = st->st_mtime >= time(NULL) - 1;
	id_map_put(&s->dir_of_inode, inode_key(st), at);
	return at;
}

/* Watches directory i, known at path, before it is read. */
static void
watch_dir(struct source *s, size_t i, const char *path)
{
	int wd;

	if (s->inotify_fd == -1)
		return;
	if ((wd = inotify_add_watch(s->inotify_fd, path, DIR_EVENTS)) == -1) {
		give_up_watching(s, path);
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
	s->dir_of_wd[wd] = (int)i;
}

static void
add_known(struct source *s, uint64_t id, const char *rel)
{
	s->added = xgrowarray(s->added, s->nadded, sizeof(*s->added));
	s->added[s->nadded++] = (struct known){ id, xstrdup(rel) };
}

static int
by_id(const void *a, const void *b)
{
	uint64_t x = ((const struct known *)a)->id;
	uint64_t y = ((const struct known *)b)->id;

	return x < y ? -1 : x > y;
}

static void
drop_known(struct source *s, uint64_t id)
{
	struct known key = { id, NULL }, *k;

	for (size_t i = 0; i < s->nadded; i++)
		if (s->added[i].id == id) {
			free(s->added[i].rel);
			s->added[i] = s->added[--s->nadded];
			break;
		}
	k = bsearch(&key, s->files, s->nfiles, sizeof(*s->files), by_id);
	if (k == NULL)
		return;
	free(k->rel);
	memmove(k, k + 1, (size_t)(s->files + s->nfiles - k - 1) *
	    sizeof(*k));
	s->nfiles--;
}

/* The files added since, sorted, merged into files: a pass over both. */
static void
merge_added(struct source *s)
{
	struct known *all;
	size_t i = 0, j = 0, n = 0;

	if (s->nadded == 0)
		return;
	qsort(s->added, s->nadded, sizeof(*s->added), by_id);
	all = xcalloc(s->nfiles + s->nadded, sizeof(*all));
	while (i < s->nfiles || j < s->nadded) {
		if (j == s->nadded || (i < s->nfiles &&
		    s->files[i].id <= s->added[j].id))
			all[n++] = s->files[i++];
		else if (n > 0 && all[n - 1].id == s->added[j].id)
			free(s->added[j++].rel);	/* known already */
		else
			all[n++] = s->added[j++];
	}
	free(s->files);
	free(s->added);
	s->files = all;
	s->nfiles = n;
	s->added = NULL;
	s->nadded = 0;
}

static const char *
known_rel(const struct source *s, uint64_t id)
{
	struct known key = { id, NULL }, *k;

	k = bsearch(&key, s->files, s->nfiles, sizeof(*s->files), by_id);
	if (k)
		return k->rel;
	for (size_t i = 0; i < s->nadded; i++)
		if (s->added[i].id == id)
			return s->added[i].rel;
	return NULL;
}

/* FNV-1a of the path below the root: the same file, the same id. */
static uint64_t
id_of(const char *rel)
{
	return hash_add(HASH_INIT, rel, strlen(rel));
}

static void
join(struct buf *out, const char *dir, const char *rel)
{
	buf_reset(out);
	buf_adds(out, dir);
	if (*rel)
		buf_printf(out, "/%s", rel);
}

/* A symlink is followed only where its target stays inside the root. */
static int
inside_root(const struct source *s, const char *path)
{
	char real[PATH_MAX];
	size_t n = strlen(s->real_root);

	return realpath(path, real) != NULL && strncmp(real, s->real_root, n)
	    == 0 && (real[n] == '/' || real[n] == '\0');
}

/* What of the rules makes pages: when it changes, every page may. */
static void
rules_key(const struct docroot_rules *r, struct buf *out)
{
	for (size_t i = 0; i < r->nextensions; i++)
		buf_printf(out, "e%s\n", r->extensions[i]);
	for (size_t i = 0; i < r->nindex; i++)
		buf_printf(out, "i%s\n", r->index[i]);
	for (size_t i = 0; i < r->nexclude; i++)
		buf_printf(out, "x%s\n", r->exclude[i]);
	buf_printf(out, "c%d\nt%d\nu%s\ns%s", r->clean_urls,
	    r->trailing_slash, r->url_path ? r->url_path : "",
	    r->lastmod_store ? r->lastmod_store : "");
}

static void
note_mtime(struct source *s, time_t t)
{
	if (t > s->dirs_changed)
		s->dirs_changed = t;
}

static int
by_page_id(const void *a, const void *b)
{
	uint64_t x = ((const struct page *)a)->id;
	uint64_t y = ((const struct page *)b)->id;

	return x < y ? -1 : x > y;
}

static void
sort_bucket(struct site *bucket)
{
	if (bucket->n > 1)
		qsort(bucket->pages, bucket->n, sizeof(*bucket->pages),
		    by_page_id);
}

static int
by_alias(const void *a, const void *b)
{
	const struct page *x = *(const struct page *const *)a;
	const struct page *y = *(const struct page *const *)b;

	return strcmp(x->alias, y->alias);
}

/*
 * A page that names another as its canonical is left out for it: if that
 * one is not listed either, or is no page at all, neither is, and check
 * notes it.
 */
static void
check_canonicals(struct source *s, struct site *buckets)
{
	struct page key = { 0 };
	const struct page *want = &key, **by_url = NULL, *const *found;
	size_t n = 0;

	for (int b = 0; b < PAGE_BUCKETS && s->ncanonicals > 0; b++)
		for (size_t i = 0; i < buckets[b].n; i++)
			if (buckets[b].pages[i].alias) {
				by_url = xgrowarray(by_url, n, sizeof(*by_url));
				by_url[n++] = &buckets[b].pages[i];
			}
	if (n > 1)
		qsort(by_url, n, sizeof(*by_url), by_alias);
	for (size_t i = 0; i < s->ncanonicals; i++) {
		const struct canonical *c = &s->canonicals[i];
		const struct page *target;

		key.alias = c->target;
		found = n ? bsearch(&want, by_url, n, sizeof(*by_url),
		    by_alias) : NULL;
		target = found ? *found : NULL;
		if (target == NULL)
			report(s->report, FINDING_NOTE, "%s/%s: its canonical "
			    "/%s is no page of this document root: neither is "
			    "listed", s->root, c->rel, c->target);
		else if (target->unlisted || target->broken)
			report(s->report, FINDING_NOTE, "%s/%s: its canonical "
			    "/%s is itself left out (%s): neither is listed",
			    s->root, c->rel, c->target, target->unlisted ?
			    target->unlisted : target->broken);
	}
	free(by_url);
}

/*
 * A path head_target found ("/docs/a.html"), made the path of a page
 * below url_path ("a.html"); one outside url_path is another site's.
 */
static enum head_target
below_url_path(const struct config *cfg, enum head_target where,
    struct buf *target)
{
	const char *under = cfg->docroot.url_path ? cfg->docroot.url_path : "";
	size_t n = strlen(under);

	if (where != HEAD_PATH)
		return where;
	if (strncmp(buf_str(target) + 1, under, n) != 0)
		return HEAD_ELSEWHERE;
	memmove(target->data, target->data + 1 + n, target->len - n);
	target->len -= n + 1;
	return HEAD_PATH;
}

/* Heads are read side by side: one at a time here. */
static void
add_canonical(struct source *s, const char *rel, const char *target)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

	pthread_mutex_lock(&lock);
	s->canonicals = xgrowarray(s->canonicals, s->ncanonicals,
	    sizeof(*s->canonicals));
	s->canonicals[s->ncanonicals++] = (struct canonical){ xstrdup(rel),
	    xstrdup(target) };
	pthread_mutex_unlock(&lock);
}

static void
canonicals_free(struct source *s)
{
	for (size_t i = 0; i < s->ncanonicals; i++) {
		free(s->canonicals[i].rel);
		free(s->canonicals[i].target);
	}
	free(s->canonicals);
	s->canonicals = NULL;
	s->ncanonicals = 0;
}

/* A language tag as hreflang takes it: "en", "en-GB", "x-default". */
static int
is_lang(const char *lang)
{
	size_t n = strlen(lang);

	if (n == 0 || n > 35)
		return 0;
	for (const char *c = lang; *c; c++)
		if (!ascii_is_alpha((unsigned char)*c) &&
		    !ascii_is_digit((unsigned char)*c) && *c != '-')
			return 0;
	return 1;
}

/*
 * The alternates a page at path (its URL path, encoded), listed as alias,
 * names on this site, as page.h keeps them; NULL for none. Whether each
 * is listed and names the page back, the sitemap decides.
 */
static char *
alternates_of(struct source *s, const struct config *cfg, const char *rel,
    const struct page_head *head, const char *path, const char *alias)
{
	struct buf out = BUF_INIT, target = BUF_INIT;

	for (size_t i = 0; i < head->nalternates; i++) {
		const struct head_alternate *a = &head->alternates[i];
		const char *named;

		if (!is_lang(a->lang)) {
			report(s->report, FINDING_NOTE, "%s/%s: hreflang "
			    "\"%.40s\" is no language tag: that alternate "
			    "is not listed", s->root, rel, a->lang);
			continue;
		}
		buf_reset(&target);
		switch (below_url_path(cfg, head_target(a->href, path,
		    &cfg->hosts, &target), &target)) {
		case HEAD_SELF:
			named = alias;
			break;
		case HEAD_PATH:
			named = buf_str(&target);
			break;
		default:
			continue;	/* another site's, or no URL */
		}
		if (strpbrk(named, "\t\n") == NULL)
			buf_printf(&out, "%s\t%s\n", a->lang, named);
	}
	if (head->alternates_unread > 0)
		report(s->report, FINDING_NOTE, "%s/%s: more than %d hreflang "
		    "alternates: the %zu after them are not read", s->root, rel,
		    HEAD_ALTERNATES_MAX, head->alternates_unread);
	buf_free(&target);
	if (out.len == 0)
		return NULL;
	return out.data;
}

/*
 * Pages whose content the store saw before keep the date it was first
 * seen; new content is remembered with the page's date.
 */
static void
remember_dates(struct source *s, struct page **pages,
    const struct dating *datings, size_t n)
{
	struct lastmod_ask *asks;
	struct page **asked;
	uint64_t *ids;
	size_t nasks = 0;
	/* A request waits a moment; a scan, off the request path, more. */
	long wait_ms = s->long_lived && s->heads == NULL ? LASTMOD_WAIT_MS :
	    -1;

	if (!s->has_store)
		return;
	asks = xreallocarray(NULL, n, sizeof(*asks));
	asked = xreallocarray(NULL, n, sizeof(*asked));
	ids = xreallocarray(NULL, n, sizeof(*ids));
	for (size_t i = 0; i < n; i++) {
		if (datings[i].content == 0 || pages[i]->alias == NULL ||
		    pages[i]->unlisted != NULL)
			continue;
		asked[nasks] = pages[i];
		ids[nasks] = pages[i]->id;
		asks[nasks++] = (struct lastmod_ask){ pages[i]->alias,
		    datings[i].content, pages[i]->last_modified,
		    datings[i].first, 0 };
	}
	if (nasks > 0 && lastmod_keeper_dates(s->dates, asks, ids, nasks,
	    wait_ms) == 1)
		for (size_t i = 0; i < nasks; i++) {
			asked[i]->last_modified = asks[i].date;
			if (asks[i].remembered)
				asked[i]->lastmod_from = LASTMOD_REMEMBERED;
			else if (asks[i].first != 0 &&
			    asks[i].date == asks[i].first)
				/* New to the store: the date it published. */
				asked[i]->lastmod_from = LASTMOD_STATED;
		}
	free(asks);
	free(asked);
	free(ids);
}

/*
 * Counts a page whose canonical names it as setting k would list it,
 * keeping the first by name, whichever thread reads it: under a lock, as
 * another thread may be comparing with the name it replaces.
 */
static void
spelled_otherwise(struct source *s, int k, const char *rel)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	char *first;

	pthread_mutex_lock(&lock);
	s->spelled[k]++;
	first = s->spelled_first[k];
	if (first == NULL || strcmp(rel, first) < 0) {
		free(first);
		s->spelled_first[k] = xstrdup(rel);
	}
	pthread_mutex_unlock(&lock);
}
