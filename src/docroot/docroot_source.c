/*
 * A document root of HTML files as a content source: the functions the
 * core calls (source_ops). Walked once (tree.c), then followed with
 * inotify on every directory or by comparing states (watch.c); a change
 * is read where it is, each file as a page (page_reader.c).
 */
#include "autoconf.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "head.h"
#include "page_facts.h"
#include "shared_str.h"
#include "docroot_source.h"
#include "image_sums.h"
#include "image_users.h"

static struct source	*open_source(int long_lived, int afresh,
	    const struct reporter *rep);
static void	forget(struct source *s);
static void	close_source(struct source *s);
static int	scan(struct source *s, const struct config *cfg,
	    struct site *buckets, const atomic_int *cancel, struct buf *why);
static int	poll_source(struct source *s, const struct config *cfg,
	    struct dirty *d);
static void	late_dates(struct source *s, struct dirty *d);
static int	reread(struct source *s, const struct config *cfg,
	    const struct dirty *d, struct site *fresh, struct buf *why);
static time_t	changed(const struct source *s);
static void	restricted(const struct source *s, const struct page *page,
	    struct buf *out);
static uint64_t	content_before(const struct source *s,
		    const struct page *page, enum content_kind);
static void	file_of(const struct source *s, const struct page *page,
	    struct buf *out);
static void	rules_key(const struct docroot_rules *r, struct buf *out);
static void	open_facts(struct source *s, const struct config *cfg);
static void	close_facts(struct source *s, const struct config *cfg,
	    int complete);
static int	by_page_id(const void *a, const void *b);
static void	sort_bucket(struct site *bucket);

static struct source *
open_source(int long_lived, int afresh, const struct reporter *rep)
{
	struct source *s = xcalloc(1, sizeof(*s));

	head_init();	/* here, before the scan may run in a thread */
	s->long_lived = long_lived;
	s->afresh = afresh;
	s->report = rep;
	s->inotify_fd = -1;
	s->dates = lastmod_keeper_new(rep);
	s->image_sums = image_sums_new();
	s->image_users = image_users_new(docroot_kept_state);
	return s;
}

static void
forget(struct source *s)
{
	docroot_stop_watching(s);
	for (size_t i = 0; i < s->ndirs; i++)
		free(s->dirs[i].rel);
	free(s->dirs);
	id_map_free(&s->dir_at);
	id_map_free(&s->dir_of_inode);
	id_map_free(&s->page_state);
	free(s->dir_of_wd);
	known_free(&s->known);
	/* A read afresh names them anew: what it no longer names goes. */
	image_users_free(s->image_users);
	s->image_users = image_users_new(docroot_kept_state);
	s->dirs = NULL;
	s->dir_of_wd = NULL;
	s->ndirs = s->nwds = 0;
}

static void
close_source(struct source *s)
{
	for (int k = 0; k < SPELLINGS; k++)
		free(s->spelled_first[k]);
	free(s->spelled_under);
	forget(s);
	lastmod_keeper_free(s->dates);
	image_sums_free(s->image_sums);
	image_users_free(s->image_users);
	buf_free(&s->key);
	free(s->root);
	free(s->real_root);
	free(s);
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
	s->lost = s->roots_touched = s->linked = 0;
	docroot_choose_follow(s, cfg->watch);
	if (s->follow == FOLLOW_INOTIFY && (s->inotify_fd = inotify_init1(
	    IN_NONBLOCK | IN_CLOEXEC)) == -1)
		docroot_give_up_watching(s, "inotify_init1");
	/* The root replaced or renamed shows in the directory above it. */
	if (s->inotify_fd != -1)
		dir_watch_add(&s->roots, s->inotify_fd, s->root);
	if (stat(s->root, &s->root_st) == -1) {
		buf_printf(why, "%s: %s", s->root, strerror(errno));
		return -1;
	}
	s->has_store = cfg->docroot.lastmod_store != NULL;
	lastmod_keeper_start_scan(s->dates, cfg->docroot.lastmod_store);
	open_facts(s, cfg);
	s->heads = &heads;
	rc = docroot_walk(s, cfg, "", &found, cancel, why);
	docroot_read_heads(s, cfg, buckets);
	free(heads.v);
	s->heads = NULL;
	close_facts(s, cfg, rc == 0);
	lastmod_keeper_end_scan(s->dates, rc == 0);
	known_merge(&s->known);
	for (int b = 0; b < PAGE_BUCKETS; b++)
		sort_bucket(&buckets[b]);
	docroot_report_spellings(s);
	if (rc == 0 && !s->long_lived) {
		docroot_note_watch_limit(s);
		docroot_check_canonicals(s, cfg, buckets);
	}
	docroot_canonicals_free(s);
	return rc;
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
		docroot_read_events(s, cfg, d);
	else {
		/*
		 * Pages first: a folder repointed between the two is then
		 * seen by its own stat, and read again whole, rather than
		 * only as its pages gone.
		 */
		docroot_compare_pages(s, d);
		docroot_compare_dirs(s, cfg, d);
	}
	late_dates(s, d);
	/* A pass over every known file: not for each one added. */
	if (known_pending(&s->known) > ADDED_MAX)
		known_merge(&s->known);
	if (s->lost)
		return -1;
	if ((s->roots_touched || !s->roots.trusted) && !docroot_same_root(s))
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
		if (known_rel(&s->known, late.ids[i]) != NULL)
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
			char *rel = known_rel(&s->known, id);
			struct stat st;

			if (rel == NULL)
				continue;
			docroot_join(&path, s->root, rel);
			if (lstat(buf_str(&path), &st) == -1 ||
			    (S_ISLNK(st.st_mode) && (!docroot_inside_root(s,
			    buf_str(&path)) || stat(buf_str(&path), &st) == -1)))
				st.st_mode = 0;
			if (S_ISREG(st.st_mode))
				docroot_add_page(s, cfg, rel, &st, fresh);
			else {
				docroot_recheck_dir_of(s, rel);
				known_drop(&s->known, id);
			}
		}
		sort_bucket(&fresh[b]);
	}
	buf_free(&path);
	docroot_report_spellings(s);
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
	const char *rel = known_rel(&s->known, page->id);

	if (rel != NULL)
		buf_adds(out, rel);
}

static uint64_t
content_before(const struct source *s, const struct page *page,
    enum content_kind kind)
{
	const char *rel = known_rel(&s->known, page->id);

	return rel != NULL ? docroot_content_before(s, rel, kind) : 0;
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
	.content_before = content_before,
	.rules_in_root = 1,
	.urls_settled = 1,
};

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

/*
 * The page facts kept at [docroot] page_facts, for the scan to take: those
 * made by this version under the same rules. Facts that cannot be used
 * are said at the scan's end; every page was then read.
 */
static void
open_facts(struct source *s, const struct config *cfg)
{
	struct buf context = BUF_INIT;

	if (cfg->docroot.page_facts == NULL || s->afresh)
		return;
	/*
	 * All that what a head says, kept, depends on; and which content
	 * hash the facts hold, as facts of the whole page's are none.
	 */
	buf_printf(&context, "sitemapd %s\n%s\nindexnow %d\nhash %d\n"
	    "images %d\n", PACKAGE_VERSION, buf_str(&s->key),
	    cfg->indexnow.key != NULL, CONTENT_KIND_MAIN, cfg->images);
	for (size_t i = 0; i < cfg->hosts.nallowed; i++)
		buf_printf(&context, "host %s\n", cfg->hosts.allowed[i]);
	s->facts = page_facts_open(cfg->docroot.page_facts, buf_str(&context));
	buf_free(&context);
}

static void
close_facts(struct source *s, const struct config *cfg, int complete)
{
	struct buf why = BUF_INIT;

	if (s->facts != NULL && !page_facts_usable(s->facts, &why))
		report(s->report, FINDING_PROBLEM, "[docroot] page_facts %s: "
		    "%s; every page was read from its file",
		    cfg->docroot.page_facts, buf_str(&why));
	else if (s->facts != NULL && page_facts_write(s->facts, complete,
	    &why) == -1)
		report(s->report, FINDING_PROBLEM, "[docroot] page_facts %s: "
		    "cannot write: %s; the next request reads the pages "
		    "again", cfg->docroot.page_facts, buf_str(&why));
	page_facts_close(s->facts);
	s->facts = NULL;
	buf_free(&why);
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
