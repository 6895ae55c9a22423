/*
 * The pages a long-running process keeps and the sitemap entries made
 * from them, and what brings them up to the content root on each
 * request, whichever source reads it.
 */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cache.h"
#include "log.h"
#include "sorted.h"

static int	scan_all(struct page_cache *, const struct config *,
		    const atomic_int *, struct buf *);
static void	*scan_in_background(void *);
static int	finish_background_scan(struct page_cache *, struct buf *);
static void	build(struct page_cache *, const struct config *);
static void	forget_root(struct page_cache *);
static void	forget_dirty(struct page_cache *);
static struct listing listing_of(struct page_cache *, const struct config *);
struct change;
static int	touches_image_pages(const struct page_cache *,
		    const struct change *, const struct site *fresh);

/*
 * The pages a change leaves out are news in a long-running process's log;
 * a one-shot read (CGI, check, list) says nothing of them.
 */
static const struct reporter *
news_of(const struct page_cache *c)
{
	return c->long_lived ? c->report : NULL;
}

void
cache_init(struct page_cache *c, int long_lived, const struct reporter *rep)
{
	memset(c, 0, sizeof(*c));
	c->long_lived = long_lived;
	c->report = rep;
	c->wake_fd = -1;
	alias_owners_init(&c->owners);
}

static void
forget_pages(struct page_cache *c)
{
	for (int b = 0; b < PAGE_BUCKETS; b++)
		site_free(&c->buckets[b]);
	alias_owners_free(&c->owners);
	forget_dirty(c);
	c->scanned = 0;
	c->built = 0;
}

/* Forgets everything read from the root; the cache itself goes on. */
static void
forget_root(struct page_cache *c)
{
	forget_pages(c);
	sitemap_free(&c->sitemap);
	if (c->src)
		c->ops->close(c->src);
	c->src = NULL;
	c->ops = NULL;
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
	c->scan_rc = scan_all(c, &c->scan_cfg, &c->scan_cancel, &c->scan_why);
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
	/* No INI to use yet (config_fallback): read once it is mended. */
	if (cfg->root == NULL)
		return;
	(void)cache_sitemap(c, cfg, &changed, &why);
	buf_free(&why);
}

/* Reads every page again, into the buckets. */
static int
scan_all(struct page_cache *c, const struct config *cfg,
    const atomic_int *cancel, struct buf *why)
{
	struct site fresh[PAGE_BUCKETS];
	int rc;

	memset(fresh, 0, sizeof(fresh));
	forget_pages(c);
	rc = c->ops->scan(c->src, cfg, fresh, cancel, why);
	if (rc == 0) {
		/* Grown by doubling: at a million pages, tens of MB spare. */
		for (int b = 0; b < PAGE_BUCKETS; b++)
			if (fresh[b].n > 0)
				fresh[b].pages = xreallocarray(fresh[b].pages,
				    fresh[b].n, sizeof(*fresh[b].pages));
		memcpy(c->buckets, fresh, sizeof(fresh));
		c->scanned = 1;
	} else
		for (int b = 0; b < PAGE_BUCKETS; b++)
			site_free(&fresh[b]);
	return rc;
}

static int
by_page_id(const void *a, const void *b)
{
	uint64_t x = ((const struct page *)a)->id;
	uint64_t y = ((const struct page *)b)->id;

	return x < y ? -1 : x > y;
}

/* Finds a page by id: its bucket holds it, sorted by id. */
static struct page *
find_page(uint64_t id, void *arg)
{
	const struct page_cache *c = arg;
	const struct site *bucket = &c->buckets[id & 0xff];
	struct sorted pages = { bucket->pages, bucket->n,
	    sizeof(*bucket->pages), by_page_id };
	struct page key = { .id = id };
	size_t at = sorted_find(&pages, &key);

	return at == SIZE_MAX ? NULL : &bucket->pages[at];
}

const struct page **
cache_pages(const struct page_cache *c, size_t *n)
{
	const struct page **pages;
	size_t k = 0;

	*n = 0;
	for (int s = 0; s < PAGE_BUCKETS; s++)
		*n += c->buckets[s].n;
	pages = xcalloc(*n ? *n : 1, sizeof(*pages));
	for (int s = 0; s < PAGE_BUCKETS; s++)
		for (size_t i = 0; i < c->buckets[s].n; i++)
			pages[k++] = &c->buckets[s].pages[i];
	return pages;
}

void
cache_restricted(const struct page_cache *c, const struct page *page,
    struct buf *out)
{
	if (c->ops)
		c->ops->restricted(c->src, page, out);
}

void
cache_file_of(const struct page_cache *c, const struct page *page,
    struct buf *out)
{
	if (c->ops && c->ops->file_of)
		c->ops->file_of(c->src, page, out);
}

uint64_t
cache_content_before(const struct page_cache *c, const struct page *page,
    enum content_kind kind)
{
	return c->ops && c->ops->content_before ?
	    c->ops->content_before(c->src, page, kind) : 0;
}

/* The alias owners and the sitemap, made from every page. */
static void
build(struct page_cache *c, const struct config *cfg)
{
	struct sitemap_edit edit = { .all = 1 };
	const struct listing rules = listing_of(c, cfg);
	size_t n;
	const struct page **pages = cache_pages(c, &n);

	alias_owners_free(&c->owners);
	alias_owners_init(&c->owners);
	if (!c->ops->urls_settled) {
		alias_owners_add(&c->owners, pages, n);
		alias_owners_settle(&c->owners, NULL, find_page, c, NULL,
		    NULL);
	}
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
 * What a change replaces: whole buckets, or in others the pages of some
 * ids; and the pages elsewhere whose alias changed hands through it.
 */
struct change {
	unsigned char	 whole[PAGE_BUCKETS];
	const struct id_list *ids;	/* by bucket, sorted, unless whole */
	struct id_list	 others;
};

static int
replaced(const struct change *ch, uint64_t id)
{
	return ch->whole[id & 0xff] || id_list_has(&ch->ids[id & 0xff], id);
}

static int
changes(const struct change *ch, int bucket)
{
	return ch->whole[bucket] || ch->ids[bucket].n > 0;
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
	*pages = xgrowarray(*pages, *n, sizeof(**pages));
	(*pages)[(*n)++] = page;
}

/* The replaced pages of a bucket, old or new, and their aliases. */
static void
collect(const struct change *ch, const struct site *bucket,
    const struct page ***pages, size_t *n, char ***aliases, size_t *naliases)
{
	for (size_t i = 0; i < bucket->n; i++) {
		const struct page *page = &bucket->pages[i];

		if (!replaced(ch, page->id))
			continue;
		add_page(pages, n, page);
		if (page->alias) {
			*aliases = xgrowarray(*aliases, *naliases,
			    sizeof(**aliases));
			(*aliases)[(*naliases)++] = xstrdup(page->alias);
		}
	}
}

/*
 * The bucket with fresh in place of the pages of ids: both sorted by id.
 * In place, from the end: a bucket at a million pages is thousands of
 * pages, and a copy of it in new memory is faulted in page by page.
 */
static void
merge_pages(struct site *bucket, const struct id_list *ids, struct site *fresh)
{
	size_t n = 0, i, j, k;

	for (i = 0; i < bucket->n; i++) {
		if (id_list_has(ids, bucket->pages[i].id))
			page_free(&bucket->pages[i]);
		else
			bucket->pages[n++] = bucket->pages[i];
	}
	if (fresh->n > 0)
		bucket->pages = xreallocarray(bucket->pages, n + fresh->n,
		    sizeof(*bucket->pages));
	i = n;
	j = fresh->n;
	k = n + fresh->n;
	while (j > 0) {
		if (i > 0 && bucket->pages[i - 1].id > fresh->pages[j - 1].id)
			bucket->pages[--k] = bucket->pages[--i];
		else
			bucket->pages[--k] = fresh->pages[--j];
	}
	bucket->n = n + fresh->n;
	free(fresh->pages);
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
	const struct listing rules = listing_of(c, c->cfg);
	const struct page **pages = NULL;
	char **aliases = NULL;
	size_t naliases = 0, n = 0;
	int rebuild = 0;
	/* An image page changed: the entries that show it are not known. */
	int incremental = c->built &&
	    c->config_generation == c->cfg->generation &&
	    !(rules.site_image != NULL && touches_image_pages(c, ch, fresh));

	/* Out with the old, while it is still as it was put in. */
	for (int s = 0; incremental && s < PAGE_BUCKETS; s++)
		if (changes(ch, s))
			collect(ch, &c->buckets[s], &pages, &n, &aliases,
			    &naliases);
	if (incremental) {
		if (!c->ops->urls_settled)
			alias_owners_remove(&c->owners, pages, n);
		sitemap_remove(&rules, &c->sitemap, &edit, pages, n);
	}
	n = 0;
	for (int s = 0; s < PAGE_BUCKETS; s++) {
		if (ch->whole[s]) {
			site_free(&c->buckets[s]);
			c->buckets[s] = fresh[s];
			memset(&fresh[s], 0, sizeof(fresh[s]));
		} else if (ch->ids[s].n > 0)
			merge_pages(&c->buckets[s], &ch->ids[s], &fresh[s]);
		else
			continue;
		if (incremental)
			collect(ch, &c->buckets[s], &pages, &n, &aliases,
			    &naliases);
	}
	if (incremental) {
		if (!c->ops->urls_settled)
			alias_owners_add(&c->owners, pages, n);
		for (size_t i = 0; i < naliases && !c->ops->urls_settled; i++)
			alias_owners_settle(&c->owners, aliases[i], find_page,
			    c, note_other, ch);
		/* Pages that gained or lost an alias, elsewhere. */
		id_list_sort(&ch->others);
		for (size_t i = 0; i < ch->others.n; i++) {
			const struct page *other = find_page(ch->others.ids[i],
			    c);

			sitemap_remove(&rules, &c->sitemap, &edit, &other, 1);
			add_page(&pages, &n, other);
			/* An image's alias changed hands: built again. */
			if (rules.site_image != NULL && other->image)
				rebuild = 1;
		}
		sitemap_add(&rules, &c->sitemap, &edit, pages, n,
		    news_of(c));
	}
	if (!incremental || rebuild)
		c->built = 0;
	for (size_t i = 0; i < naliases; i++)
		free(aliases[i]);
	free(aliases);
	free(pages);
}

/* Reads again what the source named, and puts it in place. */
static int
reread_dirty(struct page_cache *c, const struct config *cfg, struct buf *why)
{
	struct site fresh[PAGE_BUCKETS];
	struct change ch = { .ids = c->dirty.ids };
	int rc;

	memset(fresh, 0, sizeof(fresh));
	for (int b = 0; b < PAGE_BUCKETS; b++) {
		if (c->dirty.whole[b])
			id_list_free(&c->dirty.ids[b]);
		id_list_sort(&c->dirty.ids[b]);
		ch.whole[b] = c->dirty.whole[b];
	}
	rc = c->ops->reread(c->src, cfg, &c->dirty, fresh, why);
	if (rc == 0)
		apply_change(c, &ch, fresh);
	for (int b = 0; b < PAGE_BUCKETS; b++)
		site_free(&fresh[b]);
	id_list_free(&ch.others);
	forget_dirty(c);
	return rc;
}

static int
any_dirty(const struct page_cache *c)
{
	for (int b = 0; b < PAGE_BUCKETS; b++)
		if (c->dirty.whole[b] || c->dirty.ids[b].n > 0)
			return 1;
	return 0;
}

int
cache_update(struct page_cache *c, const struct config *cfg, struct buf *why)
{
	const struct source_ops *ops = source_of(cfg);

	if (c->scanning) {
		if (!atomic_load(&c->scan_done))
			return 1;
		if (finish_background_scan(c, why) == -1)
			return -1;
	}
	if (c->ops != ops || c->root == NULL || strcmp(c->root, cfg->root)
	    != 0) {
		forget_root(c);
		c->root = xstrdup(cfg->root);
		c->ops = ops;
		c->src = ops->open(c->long_lived, c->afresh, c->report);
	}
	c->cfg = cfg;
	if (c->scanned && !c->read_once && (!c->long_lived ||
	    c->ops->poll(c->src, cfg, &c->dirty) == -1))
		c->scanned = 0;
	if (!c->scanned) {
		if (c->background && start_background_scan(c, cfg) == 0)
			return 1;
		if (scan_all(c, cfg, NULL, why) == -1)
			return -1;
	} else if (any_dirty(c) && reread_dirty(c, cfg, why) == -1) {
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
	*changed = c->ops->changed(c->src);
	if (c->sitemap.newest > *changed)
		*changed = c->sitemap.newest;
	if (cfg->mtime > *changed)
		*changed = cfg->mtime;
	return &c->sitemap;
}

int
cache_busy(const struct page_cache *c)
{
	/*
	 * Until an update takes the scan up, not only while it runs: one
	 * that ends between the update that found it running and this
	 * question is still to be waited for, not a 503.
	 */
	return c->scanning;
}

int
cache_wake_fd(const struct page_cache *c)
{
	return c->wake_fd;
}

static void
forget_dirty(struct page_cache *c)
{
	memset(c->dirty.whole, 0, sizeof(c->dirty.whole));
	for (int b = 0; b < PAGE_BUCKETS; b++)
		id_list_free(&c->dirty.ids[b]);
}

/*
 * NoPressure's renderer shows a site image as its content object's path
 * with "?v=VERSION"; it is listed only where that object is a public
 * image that owns its alias.
 */
static int
site_image(const char *path, void *arg, struct buf *out)
{
	const struct page_cache *c = arg;
	const struct page *image;
	uint64_t id;

	if (!alias_owners_owner(&c->owners, path + 1, &id) ||
	    (image = find_page(id, (void *)c)) == NULL || !image->image ||
	    image->access != ACCESS_PUBLIC || page_broken(image) != NULL)
		return -1;
	buf_printf(out, "%s?v=%u", path, (unsigned)image->version);
	return 0;
}

/* The listing rules, with the site's image pages where its source has them. */
static struct listing
listing_of(struct page_cache *c, const struct config *cfg)
{
	struct listing rules = config_listing(cfg);

	if (cfg->images && c->ops->images_are_pages) {
		rules.site_image = site_image;
		rules.site_image_arg = c;
	}
	return rules;
}

/* Whether a change replaces an image page, or puts one in. */
static int
touches_image_pages(const struct page_cache *c, const struct change *ch,
    const struct site *fresh)
{
	for (int s = 0; s < PAGE_BUCKETS; s++) {
		if (!changes(ch, s))
			continue;
		for (size_t i = 0; i < c->buckets[s].n; i++)
			if (c->buckets[s].pages[i].image &&
			    replaced(ch, c->buckets[s].pages[i].id))
				return 1;
		for (size_t i = 0; i < fresh[s].n; i++)
			if (fresh[s].pages[i].image)
				return 1;
	}
	return 0;
}
