/*
 * A file of a document root read as a page: its URL, what its head says
 * (noindex, canonical, alternates, dates), and the dates the lastmod
 * store keeps; in a scan, the heads read side by side.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/uri.h>

#include "ascii.h"
#include "content_hash.h"
#include "page_images.h"
#include "escape.h"
#include "file.h"
#include "head.h"
#include "jsonld.h"
#include "page_facts.h"
#include "paths.h"
#include "shared_str.h"
#include "docroot_source.h"

static char	*served_otherwise(struct source *s, const struct config *cfg,
	    const char *rel, const char *url);
static void	take_head(struct source *s, const struct config *cfg,
	    const char *rel, const struct stat *st, struct page *page,
	    struct dating *dating);
static void	*head_worker(void *arg);
static int	what_it_says(struct source *s, const struct config *cfg,
	    const char *rel, const struct stat *st, struct buf *url,
	    struct page *page, struct dating *dating, struct buf *why);
static void	stated_dates(struct source *s, const struct config *cfg,
	    const char *rel, const struct page_head *head,
	    const struct body_dates *body, const char *path, struct page *page,
	    struct dating *dating);
static int	own_date(struct source *s, const char *rel, const char *text,
	    time_t *modified, struct dating *dating);
static void	under_url_path(const struct config *cfg, const char *url,
	    struct buf *out);
static enum head_target	below_url_path(const struct config *cfg,
	    enum head_target where, struct buf *target);
static int	is_lang(const char *lang);
static char	*alternates_of(struct source *s, const struct config *cfg,
	    const char *rel, const struct page_head *head, const char *path,
	    const char *alias);
static void	remember_dates(struct source *s, struct page **pages,
	    const struct dating *datings, size_t n);
static void	take_fact(const struct page_fact *f, struct page *page,
	    struct dating *dating);
static void	learn_fact(struct source *s, const struct head_todo *t,
	    const struct page *page);

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
	const struct docroot_fs fs = { docroot_kind_below_root, s };
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
	    docroot_is_index_name(cfg, buf_str(&served) + dirlen) &&
	    docroot_is_index_name(cfg, rel + dirlen))
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

/*
 * A page made of a regular file, into its bucket; NULL if it is none.
 * During a scan its head is read later, with others, side by side.
 */
void
docroot_add_page(struct source *s, const struct config *cfg, char *rel,
    const struct stat *st, struct site *buckets)
{
	struct buf url = BUF_INIT, note = BUF_INIT;
	const char *why = NULL;
	char *other;
	struct page page = { .id = docroot_id_of(rel), .markdown = 1,
	    .access = ACCESS_PUBLIC, .last_modified = st->st_mtime };
	struct dating dating = { .content = 0 };
	const struct page_fact *fact = NULL;
	struct site *bucket;
	uint64_t state;

	switch (docroot_file(&cfg->docroot, rel, &url, &why)) {
	case DOCROOT_NONE:
		buf_free(&url);
		return;
	case DOCROOT_BAD_NAME:
		report(s->report, FINDING_PROBLEM, "%s/%s: left out: %s",
		    s->root, rel, why);
		page_notes(&page)->broken = xstrdup(why);
		break;
	case DOCROOT_UNLISTED:
		if (strcmp(why, "an error page") == 0)
			buf_adds(&note, why);
		else
			buf_printf(&note, EXCLUDED_BY "%s", why);
		page_notes(&page)->unlisted = xstrdup(buf_str(&note));
		/* FALLTHROUGH */
	case DOCROOT_PAGE:
		/* Most URLs are their file's path: kept once. */
		page.alias = strcmp(buf_str(&url), rel) == 0 ?
		    shared_str_hold(rel) : shared_str_dup(buf_str(&url));
		page.url_path = 1;
		break;
	}
	if (page.alias != NULL && page_unlisted(&page) == NULL &&
	    (other = served_otherwise(s, cfg, rel, page.alias)) != NULL)
		page_notes(&page)->unlisted = other;
	buf_free(&url);
	buf_free(&note);
	docroot_note_state(s, page.id, st);
	bucket = &buckets[page.id & 0xff];
	bucket->pages = xgrowarray(bucket->pages, bucket->n,
	    sizeof(*bucket->pages));
	bucket->pages[bucket->n++] = page;
	if (page.alias == NULL || page_unlisted(&page) != NULL)
		return;
	if (s->heads == NULL) {
		struct page *added = &bucket->pages[bucket->n - 1];

		take_head(s, cfg, rel, st, added, &dating);
		remember_dates(s, &added, &dating, 1);
		return;
	}
	state = docroot_kept_state(st);
	if (s->facts != NULL && state != 0 &&
	    (fact = page_facts_find(s->facts, page.id, state)) != NULL) {
		take_fact(fact, &bucket->pages[bucket->n - 1], &dating);
		if (!s->has_store)
			return;		/* nothing left to ask */
	}
	s->heads->v = xgrowarray(s->heads->v, s->heads->n,
	    sizeof(*s->heads->v));
	s->heads->v[s->heads->n++] = (struct head_todo){ fact ? NULL :
	    shared_str_hold(rel), st->st_dev, st->st_ino, state, page.id & 0xff,
	    bucket->n - 1, dating };
	if (s->heads->n == HEADS_AT_ONCE)
		docroot_read_heads(s, cfg, buckets);
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
	if (what_it_says(s, cfg, rel, st, &url, page, dating, &note) == -1) {
		shared_str_drop(page->alias);
		page->alias = NULL;
		page->url_path = 0;
		page_notes(page)->broken = xstrdup(buf_str(&note));
	} else {
		if (note.len > 0)
			page_notes(page)->unlisted = xstrdup(buf_str(&note));
		if (strcmp(page->alias, buf_str(&url)) != 0) {
			shared_str_drop(page->alias);
			page->alias = shared_str_dup(buf_str(&url));
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

		if (t->rel == NULL)
			continue;	/* its page fact was taken */
		take_head(r->s, r->cfg, t->rel, &st,
		    &r->buckets[t->bucket].pages[t->at], &t->dating);
	}
	return NULL;
}

/* Reads the heads waiting, side by side: a cold disk answers many at once. */
void
docroot_read_heads(struct source *s, const struct config *cfg,
    struct site *buckets)
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
		/* As its head said, before the store dates it. */
		if (t->rel != NULL)
			learn_fact(s, t, pages[i]);
		shared_str_drop(t->rel);
	}
	remember_dates(s, pages, datings, s->heads->n);
	free(pages);
	free(datings);
	s->heads->n = 0;
}

/* The hash of the page at rel by an older kind (page.h), or 0. */
uint64_t
docroot_content_before(const struct source *s, const char *rel,
    enum content_kind kind)
{
	struct buf path = BUF_INIT;
	struct content_sums sums = { .whole = 0 };
	uint64_t before[CONTENT_KIND_MAIN];
	struct stat st;
	const char *cannot;
	int fd;

	docroot_join(&path, s->root, rel);
	if ((fd = file_open_regular(AT_FDCWD, buf_str(&path), 0, &st,
	    &cannot)) != -1) {
		(void)content_hash(fd, NULL, NULL, 1, &sums);
		close(fd);
	}
	buf_free(&path);
	content_sums_before(&sums, before);
	return kind < CONTENT_KIND_MAIN ? before[kind] : 0;
}

/*
 * What the head of the page at rel, listed at url, asks: why it is not to
 * be listed, into why; or to be listed at the URL its canonical names,
 * when that URL serves the same file (index.html for "/"), into url; its
 * own date of change and its hreflang alternates, into page; into
 * dating, with a store and unless it gives its own date, the hash of what
 * it says (content_hash.h) and the date it published itself, and whether
 * what it said holds only for now.
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
	struct content_sums sums = { .shown = 1 };
	struct buf path = BUF_INIT, target = BUF_INIT, under = BUF_INIT;
	struct stat now;
	const char *cannot;
	struct buf self = BUF_INIT;	/* the URL path it is read at */
	struct buf shown = BUF_INIT;	/* its images, page_images_end's */
	struct page_images *images = NULL;
	int hashed = s->has_store || cfg->indexnow.key != NULL;
	time_t images_changed = 0;
	size_t total = 0;
	ssize_t n = 0;
	int fd, k, done = 0, read_whole = 0;

	docroot_join(&path, s->root, rel);
	if ((fd = file_open_regular(AT_FDCWD, buf_str(&path), 0, &now,
	    &cannot)) == -1 || now.st_ino != st->st_ino ||
	    now.st_dev != st->st_dev) {
		buf_printf(why, "cannot read it: %s", fd == -1 ? cannot :
		    "it changed while being read");
		dating->transient = 1;
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
	/* Listed with images = yes; their files' bytes in its hash. */
	if (cfg->images || hashed) {
		images = page_images_begin();
		buf_addc(&self, '/');
		under_url_path(cfg, buf_str(url), &self);
	}
	/*
	 * For the store's dates, and IndexNow's "has it changed?"; the
	 * dates its body states come with it, or alone where its head
	 * states none.
	 */
	/*
	 * A page with no title is read whole: a shell that shows nothing
	 * until a script fills it, or a fragment of scripts, is no page.
	 */
	if (hashed || !head.titled || images != NULL) {
		if (content_hash(fd, &body, images, s->has_store &&
		    lastmod_keeper_older(s->dates), &sums) == 0) {
			read_whole = 1;
			if (images != NULL)
				page_images_end(images, sums.from,
				    buf_str(&self), &shown);
			/*
			 * What it says hangs on its image files: no page
			 * fact keeps it, it is read at each start.
			 */
			if (docroot_names_site_images(buf_str(&shown)))
				dating->transient = 1;
			page->content = hashed ? docroot_with_image_bytes(s,
			    cfg, page->id, sums.main, buf_str(&shown),
			    &images_changed) : sums.main;
			/* New content, dated as the newest file it shows. */
			if (s->has_store &&
			    images_changed > page->last_modified)
				page->last_modified = images_changed;
			page->content_from = CONTENT_FROM_MAIN + sums.from;
			content_sums_before(&sums, dating->before);
		} else
			sums.shown = 1;		/* not known: not judged */
		if (!hashed) {
			page->content = 0;
			page->content_from = CONTENT_FROM_NONE;
		}
	} else if (head.modified == NULL)
		body_dates_read(fd, &body);
	if (s->has_store)
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
		page_images_free(images);
		buf_free(&self);
		buf_free(&shown);
		buf_free(&path);
		return -1;
	}
	buf_reset(&path);
	buf_addc(&path, '/');
	under_url_path(cfg, buf_str(url), &path);
	stated_dates(s, cfg, rel, &head, &body, buf_str(&path), page, dating);
	body_dates_free(&body);
	if (!head.titled && !sums.shown && sums.scripted)
		buf_adds(why, "no page: no title, nothing a reader sees, only "
		    "scripts (a shell for them to fill, or a fragment)");
	else if (head.noindex)
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
			/* What another file is decides: never kept. */
			dating->transient = 1;
			if (docroot_same_file(s, cfg, rel, buf_str(&target))) {
				buf_reset(url);
				buf_adds(url, buf_str(&target));
				break;
			}
			if ((k = docroot_listed_otherwise(cfg, rel,
			    buf_str(&target))) >= 0) {
				docroot_spelled_otherwise(s, k, rel, NULL);
				buf_printf(why, "its canonical %s is this page "
				    "as another [docroot] setting lists it",
				    head.canonical);
				break;
			}
			if (docroot_published_under(cfg, buf_str(url),
			    buf_str(&target), &under)) {
				docroot_spelled_otherwise(s, SPELL_UNDER, rel,
				    buf_str(&under));
				buf_printf(why, "its canonical %s is this page "
				    "published under /%s ([docroot] url_path)",
				    head.canonical, buf_str(&under));
				break;
			}
			if (!s->long_lived)
				docroot_add_canonical(s, rel, buf_str(&target));
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
		page->extensions = alternates_of(s, cfg, rel, &head,
		    buf_str(&path), buf_str(url));
	if (why->len == 0 && read_whole && cfg->images)
		docroot_add_images(s, cfg, page, buf_str(&shown));
	page_images_free(images);
	buf_free(&self);
	buf_free(&shown);
	head_free(&head);
	buf_free(&path);
	buf_free(&target);
	buf_free(&under);
	return 0;
}

/*
 * The dates a page states, in this order: its modified date (a <meta>,
 * then its JSON-LD entity's dateModified, then its microdata's) is the
 * lastmod; with a store, a floor, not a ceiling, since generators state
 * a post's publication date as modified until told otherwise: a change
 * of its content the store sees later dates it then, unless it states a
 * later date again (remember_dates). Else its published date (its
 * JSON-LD entity's datePublished, its microdata's, then
 * article:published_time) is truer than the file's time: the lastmod, or
 * with a store, the date of a page it never saw.
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
	if (modified != NULL && own_date(s, rel, modified, &t, dating)) {
		dating->changed = page->last_modified;
		page->last_modified = t;
		page->lastmod_from = LASTMOD_STATED;
		if (dating->content != 0) {
			dating->first = t;
			dating->floor = 1;
		}
	} else if (published != NULL && own_date(s, rel, published, &t,
	    dating)) {
		if (s->has_store)
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
    time_t *modified, struct dating *dating)
{
	static const char *const why[] = {
		[STATED_NO_DATE] = "is no W3C date",
		[STATED_TOO_OLD] = "is before 1970",
		[STATED_AHEAD] = "is in the future",
	};
	enum head_stated stated = head_stated_date(text, time(NULL), modified);

	/* A date ahead becomes one it can have: not kept. */
	if (stated == STATED_AHEAD)
		dating->transient = 1;
	if (stated != STATED_OK)
		report(s->report, FINDING_NOTE, "%s/%s: its date %.40s %s: its "
		    "file's time is used", s->root, rel, text, why[stated]);
	return stated == STATED_OK;
}

/*
 * The URL path of the page listed at url (a path below url_path, as
 * docroot_file makes it), appended without its first "/", escaped: the
 * home of a site under /docs/ with trailing_slash = no is "docs", as
 * sitemap_page_path writes it.
 */
static void
under_url_path(const struct config *cfg, const char *url, struct buf *out)
{
	const char *under = cfg->docroot.url_path ? cfg->docroot.url_path :
	    "";

	if (*url == '\0' && *under != '\0' && !cfg->docroot.trailing_slash)
		buf_add(out, under, strlen(under) - 1);
	else {
		buf_adds(out, under);
		escape_file_path(out, url);
	}
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
	/* "/docs", the home of a site under /docs/ with trailing_slash = no. */
	if (n > 0 && !cfg->docroot.trailing_slash && target->len == n &&
	    strncmp(buf_str(target) + 1, under, n - 1) == 0) {
		buf_reset(target);
		buf_adds(target, "");
		return HEAD_PATH;
	}
	if (strncmp(buf_str(target) + 1, under, n) != 0)
		return HEAD_ELSEWHERE;
	memmove(target->data, target->data + 1 + n, target->len - n);
	target->len -= n + 1;
	return HEAD_PATH;
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
	char *alternates;
	const char *under = cfg->docroot.url_path ? cfg->docroot.url_path : "";
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
		/* As the sitemap's entries name pages: under url_path. */
		if (strpbrk(named, "\t\n") != NULL)
			continue;
		buf_printf(&out, "%s\t", a->lang);
		if (*named == '\0' && *under != '\0' &&
		    !cfg->docroot.trailing_slash)
			buf_printf(&out, "%.*s\n", (int)strlen(under) - 1, under);
		else
			buf_printf(&out, "%s%s\n", under, named);
	}
	if (head->alternates_unread > 0)
		report(s->report, FINDING_NOTE, "%s/%s: more than %d hreflang "
		    "alternates: the %zu after them are not read", s->root, rel,
		    HEAD_ALTERNATES_MAX, head->alternates_unread);
	buf_free(&target);
	alternates = out.len ? shared_str_dup(buf_str(&out)) : NULL;
	buf_free(&out);
	return alternates;
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
	time_t floor;
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
		    page_unlisted(pages[i]) != NULL)
			continue;
		asked[nasks] = pages[i];
		ids[nasks] = pages[i]->id;
		/* New content of a page that states its date: its file's. */
		asks[nasks++] = (struct lastmod_ask){ .url = pages[i]->alias,
		    .hash = datings[i].content, .date = datings[i].floor ?
		    datings[i].changed : pages[i]->last_modified,
		    .first = datings[i].first, .floor = datings[i].floor };
		memcpy(asks[nasks - 1].before, datings[i].before,
		    sizeof(asks[nasks - 1].before));
	}
	if (nasks > 0 && lastmod_keeper_dates(s->dates, asks, ids, nasks,
	    wait_ms) == 1)
		for (size_t i = 0; i < nasks; i++) {
			floor = asks[i].floor ? asks[i].first : 0;
			asked[i]->last_modified = asks[i].date > floor ?
			    asks[i].date : floor;
			if (floor != 0)
				asked[i]->lastmod_from = asks[i].date > floor ?
				    LASTMOD_CHANGED_AFTER_STATED :
				    LASTMOD_STATED;
			else if (asks[i].remembered)
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

/* A page's head as a page fact kept it, into page and dating. */
static void
take_fact(const struct page_fact *f, struct page *page, struct dating *dating)
{
	if (f->broken) {
		shared_str_drop(page->alias);
		page->alias = NULL;
		page->url_path = 0;
		page_notes(page)->broken = xstrdup(f->why ? f->why : "");
		return;
	}
	if (f->why != NULL)
		page_notes(page)->unlisted = xstrdup(f->why);
	page->extensions = f->extensions ? shared_str_dup(f->extensions) :
	    NULL;
	page->last_modified = f->modified;
	page->lastmod_from = f->from;
	page->content = f->content;
	page->content_from = f->content_from;
	dating->content = f->dated ? f->content : 0;
	dating->first = f->first;
	/* Its file is as it was when the store saw it: no new content. */
	dating->floor = f->floor;
	dating->changed = f->modified;
}

/* What the head of t's page said, kept unless only for now. */
static void
learn_fact(struct source *s, const struct head_todo *t,
    const struct page *page)
{
	struct page_fact f = { .id = page->id, .state = t->state,
	    .modified = page->last_modified, .content = page->content,
	    .first = t->dating.first, .dated = t->dating.content != 0,
	    .floor = t->dating.floor != 0,
	    .from = page->lastmod_from, .content_from = page->content_from,
	    .broken = page_broken(page) != NULL };

	if (s->facts == NULL || t->state == 0 || t->dating.transient)
		return;
	if (page->notes != NULL)
		f.why = page->notes->broken ? page->notes->broken :
		    page->notes->unlisted;
	f.extensions = page->extensions;
	page_facts_learn(s->facts, &f);
}
