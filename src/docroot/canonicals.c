/*
 * Canonicals that name another page of the site, checked once every page
 * is read, and those that spell their own page's URL otherwise than the
 * [docroot] settings list it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "paths.h"
#include "docroot_source.h"
#include "sorted.h"

static int	by_alias(const void *a, const void *b);
static int	by_id(const void *a, const void *b);
static const struct page *page_served(struct source *, const struct config *,
		    const struct site *, const char *);

/* Each setting in the section that takes it. */
const char *const docroot_spelling_fix[SPELLINGS] = {
	[SPELL_CLEAN] = "[docroot] clean_urls = yes",
	[SPELL_NOT_CLEAN] = "[docroot] clean_urls = no",
	[SPELL_SLASH] = "[site] trailing_slash = yes",
	[SPELL_NO_SLASH] = "[site] trailing_slash = no",
	[SPELL_UNDER] = "[docroot] url_path = /",
};

/*
 * Which setting, changed, would list the file rel at path: the other
 * clean_urls or the other trailing_slash (enum spelling), or -1.
 */
int
docroot_listed_otherwise(const struct config *cfg, const char *rel,
    const char *path)
{
	for (int k = 0; k < SPELL_UNDER; k++) {
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

/*
 * Whether path (no leading "/") is the page's url under a url_path of
 * plain names that none is set, as a site built for /docs/ names each
 * page: 1 with that path ("docs/") in under.
 */
int
docroot_published_under(const struct config *cfg, const char *url,
    const char *path, struct buf *under)
{
	size_t n = strlen(path), m = strlen(url);

	if (cfg->docroot.url_path != NULL || n <= m ||
	    strcmp(path + n - m, url) != 0 || path[n - m - 1] != '/')
		return 0;
	for (size_t i = 0; i < n - m; i++)
		if (!ascii_is_alpha((unsigned char)path[i]) &&
		    !ascii_is_digit((unsigned char)path[i]) &&
		    !ascii_in((unsigned char)path[i], "/-._~"))
			return 0;
	if (path[0] == '.' || strstr(path, "/.") != NULL ||
	    strstr(path, "//") != NULL)
		return 0;
	buf_add(under, path, n - m);
	return 1;
}

/* Whether a request for path (no leading "/") would serve the file rel. */
int
docroot_same_file(struct source *s, const struct config *cfg, const char *rel,
    const char *path)
{
	const struct docroot_fs fs = { docroot_kind_below_root, s };
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
void
docroot_report_spellings(struct source *s)
{
	for (int k = 0; k < SPELLINGS; k++) {
		size_t n = s->spelled[k];
		char *first = s->spelled_first[k];

		s->spelled_first[k] = NULL;
		if (n > 0)
			report(s->report, FINDING_PROBLEM, "%s: left out as "
			    "their canonical names them as %s%s would "
			    "list them, pages: %zu, such as %s; set it, and "
			    "serve the site with what sitemapd recipe prints "
			    "for it", s->root, docroot_spelling_fix[k],
			    k == SPELL_UNDER &&
			    s->spelled_under ? s->spelled_under : "", n,
			    first ? first : "?");
		s->spelled[k] = 0;
		free(first);
	}
	free(s->spelled_under);
	s->spelled_under = NULL;
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
 * notes it. The canonical may name it as the server answers it rather
 * than as it is listed (/docs/install.html for /docs/install, under
 * clean_urls): then it is the page of the file served.
 */
void
docroot_check_canonicals(struct source *s, const struct config *cfg,
    struct site *buckets)
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
		target = found ? *found : page_served(s, cfg, buckets,
		    c->target);
		if (target == NULL)
			report(s->report, FINDING_NOTE, "%s/%s: its canonical "
			    "/%s is no page of this document root: neither is "
			    "listed", s->root, c->rel, c->target);
		else if (page_unlisted(target) || page_broken(target))
			report(s->report, FINDING_NOTE, "%s/%s: its canonical "
			    "/%s is itself left out (%s): neither is listed",
			    s->root, c->rel, c->target, page_unlisted(target) ?
			    page_unlisted(target) : page_broken(target));
	}
	free(by_url);
}

/* The page of the file a request for path (no leading "/") is served. */
static const struct page *
page_served(struct source *s, const struct config *cfg,
    const struct site *buckets, const char *path)
{
	const struct docroot_fs fs = { docroot_kind_below_root, s };
	struct buf served = BUF_INIT;
	const struct page *page = NULL;

	if (docroot_served(&cfg->docroot, path, &fs, "", &served) == 0) {
		const struct page key = { .id = docroot_id_of(buf_str(&served)) };
		const struct site *b = &buckets[key.id & 0xff];
		const struct sorted bucket = { b->pages, b->n, sizeof(*b->pages),
		    by_id };
		size_t at = sorted_find(&bucket, &key);

		if (at != SIZE_MAX && b->pages[at].alias)
			page = &b->pages[at];
	}
	buf_free(&served);
	return page;
}

/* Heads are read side by side: one at a time here. */
void
docroot_add_canonical(struct source *s, const char *rel, const char *target)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

	pthread_mutex_lock(&lock);
	s->canonicals = xgrowarray(s->canonicals, s->ncanonicals,
	    sizeof(*s->canonicals));
	s->canonicals[s->ncanonicals++] = (struct canonical){ xstrdup(rel),
	    xstrdup(target) };
	pthread_mutex_unlock(&lock);
}

void
docroot_canonicals_free(struct source *s)
{
	for (size_t i = 0; i < s->ncanonicals; i++) {
		free(s->canonicals[i].rel);
		free(s->canonicals[i].target);
	}
	free(s->canonicals);
	s->canonicals = NULL;
	s->ncanonicals = 0;
}

/*
 * Counts a page whose canonical names it as setting k would list it,
 * keeping the first by name, whichever thread reads it: under a lock, as
 * another thread may be comparing with the name it replaces.
 */
void
docroot_spelled_otherwise(struct source *s, int k, const char *rel,
    const char *under)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	char *first;

	pthread_mutex_lock(&lock);
	s->spelled[k]++;
	first = s->spelled_first[k];
	if (first == NULL || strcmp(rel, first) < 0) {
		free(first);
		s->spelled_first[k] = xstrdup(rel);
		if (under != NULL) {
			free(s->spelled_under);
			s->spelled_under = xstrdup(under);
		}
	}
	pthread_mutex_unlock(&lock);
}

/* A bucket's order (scan's sort_bucket). */
static int
by_id(const void *a, const void *b)
{
	const struct page *p = a, *q = b;

	return p->id < q->id ? -1 : p->id > q->id;
}
