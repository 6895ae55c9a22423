/*
 * Each listed URL as a search engine's crawler meets it: robots.txt's
 * verdict for Googlebot and for every crawler, the answer and its
 * redirects, X-Robots-Tag, and the head read as sitemapd reads its own
 * pages (docroot/head.h); then what the list says of itself: dates in
 * the future or all alike, hreflang alternates that do not answer back.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>

#include "audit.h"
#include "audit_state.h"
#include "hash.h"
#include "head.h"
#include "head_scan.h"

/* Over a day ahead: more than any time zone's slip. */
#define FUTURE_SLACK	86400

/* A listed URL and its hash, for a sample a run picks again. */
struct ranked {
	uint64_t	 h;
	size_t		 i;
};

/* One page being read. */
struct page_job {
	struct audit	*a;
	size_t		 index;
	struct head_reader *head;
	size_t		 read;
};

static size_t	*chosen(const struct audit *, size_t *);
static void	queue_next(struct audit *);
static void	page_done(void *, struct fetch *);
static int	page_body(struct fetch *, const char *, size_t);
static void	judge_page(struct audit *, const char *, struct fetch *,
		    struct page_head *);
static const char *x_robots_noindex(const char *);
static int	resolve(const char *, const char *, struct buf *);
static void	progress(const struct audit *, size_t, size_t, int);
static int	by_hash(const void *, const void *);

void
audit_pages(struct audit *a)
{
	head_init();
	a->pages = chosen(a, &a->npages);
	a->queued = 0;
	a->r->checked = 0;
	progress(a, 0, a->npages, 0);
	/* A few ahead of the transfers, not all: memory stays flat. */
	for (int i = 0; i < 2 * a->opt->concurrency + 2; i++)
		queue_next(a);
	crawler_run(a->crawler);
	progress(a, a->r->checked, a->npages, 1);
	free(a->pages);
	a->pages = NULL;
}

void
audit_list_findings(struct audit *a)
{
	size_t dated = 0, same = 0;
	const char *first = NULL;

	for (size_t i = 0; i < a->nurls; i++) {
		const struct listed *l = &a->urls[i];
		time_t t;

		if (l->lastmod != NULL && head_date(l->lastmod, &t) == 0) {
			if (t > a->now + FUTURE_SLACK)
				add_finding(a, "lastmod-future", l->url,
				    "lastmod %s", l->lastmod);
			if (first == NULL)
				first = l->lastmod;
			dated++;
			same += strcmp(first, l->lastmod) == 0;
		}
		for (size_t j = 0; j < l->nalternates; j++) {
			const char *href = l->alternates[j].href;
			size_t at = listed_find(a, href);
			const struct listed *m;
			size_t k;

			if (at == (size_t)-1 || at == i)
				continue;	/* not listed: unknown */
			m = &a->urls[at];
			for (k = 0; k < m->nalternates; k++)
				if (strcmp(m->alternates[k].href, l->url) == 0)
					break;
			if (k == m->nalternates)
				add_finding(a, "hreflang-not-reciprocal",
				    l->url, "names %s (%s), which does not "
				    "name it back", href,
				    l->alternates[j].lang);
		}
	}
	/* Every entry dated, all alike: the build's time, not the pages'. */
	if (dated >= 2 && dated == a->nurls && same == dated)
		add_finding(a, "lastmod-uniform", NULL, "all %zu entries say "
		    "lastmod %s", dated, first);
}

/*
 * The URLs fetched: every listed one on the origin's host, or --sample
 * N of them, picked by their URL's hash so that a run picks the same.
 */
static size_t *
chosen(const struct audit *a, size_t *n)
{
	size_t *pick = xreallocarray(NULL, a->nurls + 1, sizeof(*pick));

	*n = 0;
	for (size_t i = 0; i < a->nurls; i++)
		if (on_host(a, a->urls[i].url))
			pick[(*n)++] = i;
	if (a->opt->sample > 0 && a->opt->sample < *n) {
		struct ranked *order = xreallocarray(NULL, *n,
		    sizeof(*order));

		for (size_t i = 0; i < *n; i++) {
			const char *u = a->urls[pick[i]].url;

			order[i].h = hash_add(HASH_INIT, u, strlen(u));
			order[i].i = pick[i];
		}
		qsort(order, *n, sizeof(*order), by_hash);
		*n = a->opt->sample;
		for (size_t i = 0; i < *n; i++)
			pick[i] = order[i].i;
		free(order);
	}
	return pick;
}

/* The next page to fetch, after robots.txt's verdicts on it. */
static void
queue_next(struct audit *a)
{
	struct page_job *job;
	struct fetch *f;
	const char *url;

	if (a->queued == a->npages)
		return;
	url = a->urls[a->pages[a->queued]].url;
	if (!robotstxt_allowed(&a->robots, "Googlebot", url, NULL))
		add_finding(a, "robots-disallowed", url,
		    "robots.txt disallows Googlebot");
	else if (!robotstxt_allowed(&a->robots, "*", url, NULL))
		add_finding(a, "robots-disallowed", url,
		    "robots.txt disallows every crawler (*)");
	job = xcalloc(1, sizeof(*job));
	job->a = a;
	job->index = a->pages[a->queued++];
	f = fetch_new(url, 0);
	f->body = page_body;
	f->arg = job;
	f->done = page_done;
	crawler_add(a->crawler, f);
}

static void
page_done(void *arg, struct fetch *f)
{
	struct audit *a = arg;
	struct page_job *job = f->arg;
	struct page_head head;
	const char *url = a->urls[job->index].url;

	memset(&head, 0, sizeof(head));
	if (job->head != NULL)
		head_end(job->head, f->enough || f->error == NULL ? NULL :
		    "the transfer ended early", &head);
	judge_page(a, url, f, job->head ? &head : NULL);
	if (job->head != NULL)
		head_free(&head);
	a->r->checked++;
	progress(a, a->r->checked, 0, 0);
	free(job);
	fetch_free(f);
	queue_next(a);
}

/* A page's bytes: its head read, and no more; nothing of another type. */
static int
page_body(struct fetch *f, const char *data, size_t len)
{
	struct page_job *job = f->arg;
	char *type = NULL;
	long status = 0;

	/* A head is read only of a page that answers 200, as HTML. */
	if (job->read == 0) {
		curl_easy_getinfo(f->easy, CURLINFO_CONTENT_TYPE, &type);
		curl_easy_getinfo(f->easy, CURLINFO_RESPONSE_CODE, &status);
		if (status == 200 && (type == NULL || strncasecmp(type,
		    "text/html", 9) == 0 || strncasecmp(type,
		    "application/xhtml", 17) == 0))
			job->head = head_begin();
	}
	if (job->head == NULL)
		return 1;
	job->read += len;
	if (head_feed(job->head, data, len))
		return 1;
	return job->read > HEAD_MAX;
}

static void
judge_page(struct audit *a, const char *url, struct fetch *f,
    struct page_head *head)
{
	struct buf canonical = BUF_INIT, self = BUF_INIT;
	const char *said;

	if (f->blocked && f->nchain == 0) {
		add_finding(a, "not-fetched", url, "robots.txt disallows %s",
		    AUDIT_AGENT_TOKEN);
		return;
	}
	if (f->error != NULL) {
		add_finding(a, "unreachable", url, "%s", f->error);
		return;
	}
	if (f->nchain > 0 || f->location != NULL) {
		if (f->blocked)
			add_finding(a, "redirect", url, "redirects to %s, "
			    "which the auditor does not fetch", f->final_url);
		else if (f->location != NULL)
			add_finding(a, "redirect", url, "%ld to %s, after %zu "
			    "redirects", f->status, f->location, f->nchain);
		else
			add_finding(a, "redirect", url, "redirects to %s, "
			    "which answers %ld", f->final_url, f->status);
		return;
	}
	if (f->status != 200) {
		add_finding(a, "status", url, "answers %ld", f->status);
		return;
	}
	if ((said = x_robots_noindex(f->x_robots)) != NULL)
		add_finding(a, "noindex", url, "X-Robots-Tag: %s", said);
	if (head == NULL)
		return;
	if (head->noindex != NULL)
		add_finding(a, "noindex", url, "<meta name=\"%s\"> says noindex",
		    head->noindex);
	if (head->canonical != NULL && resolve(url, head->canonical,
	    &canonical) == 0 && resolve(url, url, &self) == 0 &&
	    strcmp(canonical.data, self.data) != 0)
		add_finding(a, "canonical-elsewhere", url, "canonical is %s",
		    canonical.data);
	buf_free(&canonical);
	buf_free(&self);
}

/*
 * The X-Robots-Tag value that keeps the page out of a search engine:
 * noindex or none, for every crawler or for one that reads sitemaps, as
 * a robots meta tag of that name would (meta_noindex_for); NULL if none.
 * "googlebot: noindex, nofollow, otherbot: noindex": a name before a
 * colon holds until the next one.
 */
static const char *
x_robots_noindex(const char *all)
{
	struct buf item = BUF_INIT, reader = BUF_INIT;
	const char *found = NULL;

	if (all == NULL)
		return NULL;
	buf_adds(&reader, "robots");
	for (const char *p = all; *p && found == NULL; p += *p == ',') {
		size_t n = strcspn(p, ",");
		const char *colon = memchr(p, ':', n);

		/* "unavailable_after: DATE" is a rule, not a crawler. */
		if (colon != NULL && strncasecmp(p + strspn(p, " \t"),
		    "unavailable_after", 17) != 0) {
			buf_reset(&reader);
			buf_add(&reader, p, (size_t)(colon - p));
			n -= (size_t)(colon + 1 - p);
			p = colon + 1;
		}
		buf_reset(&item);
		buf_add(&item, p, n);
		if (meta_noindex_for(buf_str(&reader), buf_str(&item)) != NULL)
			found = all;
		p += n;
	}
	buf_free(&item);
	buf_free(&reader);
	return found;
}

/* href read from the page at base, as one normal absolute URL. */
static int
resolve(const char *base, const char *href, struct buf *out)
{
	CURLU *u = curl_url();
	char *s = NULL;
	int rc = -1;

	if (u == NULL)
		return -1;
	if (curl_url_set(u, CURLUPART_URL, base, 0) == CURLUE_OK &&
	    curl_url_set(u, CURLUPART_URL, href, 0) == CURLUE_OK) {
		curl_url_set(u, CURLUPART_FRAGMENT, NULL, 0);
		if (curl_url_get(u, CURLUPART_URL, &s, 0) == CURLUE_OK) {
			buf_reset(out);
			buf_adds(out, s);
			rc = 0;
		}
	}
	curl_free(s);
	curl_url_cleanup(u);
	return rc;
}

/* "checked N of M" on a terminal, at most once a second; a newline last. */
static void
progress(const struct audit *a, size_t done, size_t total, int last)
{
	static size_t of;
	static time_t shown;
	time_t t = time(NULL);

	if (total > 0)
		of = total;
	if (!a->opt->progress || of == 0)
		return;
	if (last) {
		fprintf(stderr, "\rchecked %zu of %zu listed URLs\n", done, of);
		return;
	}
	if (t == shown)
		return;
	shown = t;
	fprintf(stderr, "\rchecked %zu of %zu listed URLs", done, of);
}

static int
by_hash(const void *x, const void *y)
{
	const struct ranked *p = x, *q = y;

	if (p->h != q->h)
		return p->h < q->h ? -1 : 1;
	return p->i < q->i ? -1 : p->i > q->i;
}
