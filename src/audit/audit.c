/*
 * The audit's order of work and the Sitemap check 1.0.0's five steps:
 * robots.txt, then every candidate sitemap and the children of each
 * index, each read as it arrives and freed; then the listed URLs
 * (audit_pages.c); then the steps' verdicts and the score.
 */
#include "autoconf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>
#include <libdeflate.h>

#include "audit.h"
#include "audit_state.h"
#include "hash.h"
#include "protocol_limits.h"

static const struct {
	const char *id, *title;
	double	 weight;
} step_rows[AUDIT_STEPS] = {
	{ "discover", "Discover sitemap candidates", 0.2 },
	{ "fetch", "Fetch a sitemap candidate", 0.25 },
	{ "parse", "Parse sitemap", 0.25 },
	{ "field-quality", "Validate sitemap field quality", 0.1 },
	{ "scope", "Validate URL scope", 0.2 },
};

/* The conventional paths of the specification, probed in this order. */
static const char *const conventional[] = {
	"/sitemap.xml", "/sitemap.txt", "/sitemap_index.xml",
	"/sitemap-index.xml",
};

static int	split_target(const char *, struct buf *, int *);
static void	read_robots(struct audit *, const char *);
static void	robots_done(void *, struct fetch *);
static void	add_candidate(struct audit *, const char *, const char *,
		    int, int);
static void	sitemap_done(void *, struct fetch *);
static void	read_sitemap(struct audit *, struct candidate *,
		    const char *, size_t);
static void	entry_read(void *, const struct doc_entry *);
static void	problem_read(void *, const char *, const char *,
		    const char *);
static void	judge_steps(struct audit *);
static void	judge_discover(struct audit *, struct audit_step *);
static void	judge_fetch(struct audit *, struct audit_step *);
static int	audit_allowed(void *, const struct fetch *, const char *);
static double	crawl_delay(const struct robotstxt *);
static int	asks_not_indexed(const struct audit *);
static void	audit_state_free(struct audit *);
static int	told(const struct audit *, const struct candidate *);
static int	gunzip(const char *, size_t, struct buf *);

int
audit_run(const struct audit_options *opt, struct audit_result *r,
    struct buf *why)
{
	struct crawl_options copt = {
		/* The project's URL after the version, once configure has one. */
		.user_agent = sizeof(PACKAGE_URL) > 1 ? AUDIT_AGENT_TOKEN "/"
		    PACKAGE_VERSION " (+" PACKAGE_URL ")" : AUDIT_AGENT_TOKEN "/"
		    PACKAGE_VERSION,
		.concurrency = opt->concurrency,
		.rate = opt->rate,
		.connect_s = opt->timeout_s < 10 ? opt->timeout_s : 10,
		.timeout_s = opt->timeout_s,
		.max_time_s = opt->max_time_s,
		.allowed = audit_allowed,
	};
	double delay;
	struct audit a = { .opt = opt, .r = r, .now = time(NULL) };
	struct buf origin = BUF_INIT, host = BUF_INIT;
	int is_origin;

	memset(r, 0, sizeof(*r));
	if (split_target(opt->target, &origin, &is_origin) == -1 ||
	    url_host(opt->target, &host) == -1) {
		buf_printf(why, "%s is no http or https URL with a host",
		    opt->target);
		buf_free(&origin);
		return -1;
	}
	a.host = host.data;
	r->origin = origin.data;
	for (size_t i = 0; i < AUDIT_STEPS; i++) {
		r->steps[i].id = step_rows[i].id;
		r->steps[i].title = step_rows[i].title;
		r->steps[i].weight = step_rows[i].weight;
	}
	copt.arg = &a;
	/* A site on loopback may redirect there; no other site may. */
	copt.private_ok = crawl_address_classes(a.host);
	if ((a.crawler = crawler_new(&copt)) == NULL) {
		buf_adds(why, "libcurl cannot start");
		free(a.host);
		return -1;
	}

	read_robots(&a, r->origin);
	if (is_origin && asks_not_indexed(&a)) {
		/* A staging copy: no sitemap is expected of it. */
		for (size_t i = 0; i < AUDIT_STEPS; i++) {
			r->steps[i].status = STEP_SKIPPED;
			buf_adds(&r->steps[i].evidence, "not judged: the "
			    "site asks not to be indexed\n");
		}
		add_finding(&a, "not-indexable", r->origin, "robots.txt "
		    "disallows Googlebot, Bingbot and every crawler the "
		    "whole site: no sitemap is expected");
		r->requests = crawler_requests(a.crawler);
		r->verdict = "not-indexable";
		audit_state_free(&a);
		return 0;
	}
	if ((delay = crawl_delay(&a.robots)) > 0 && !opt->ignore_robots) {
		crawler_min_gap(a.crawler, delay);
		add_finding(&a, "crawl-delay", NULL, "robots.txt asks %.3g s "
		    "between requests: the audit keeps to it", delay);
	}
	/* A sitemap named is the one audited; an origin's are found. */
	if (!is_origin)
		add_candidate(&a, opt->target, "given", 1, 0);
	for (size_t i = 0; is_origin && i < a.robots.n; i++) {
		const char *v = a.robots.v[i].value;

		if (a.robots.v[i].key != ROBOTSTXT_SITEMAP)
			continue;
		if (doc_url_valid(v))
			add_candidate(&a, v, "robots.txt", 1, 0);
		else
			add_finding(&a, "robots-sitemap-invalid", NULL,
			    "line %d: Sitemap: %s", a.robots.v[i].number, v);
	}
	for (size_t i = 0; is_origin && i < sizeof(conventional) /
	    sizeof(*conventional); i++) {
		struct buf url = BUF_INIT;

		buf_printf(&url, "%s%s", r->origin, conventional[i]);
		add_candidate(&a, url.data, "conventional path", 0, 0);
		buf_free(&url);
	}
	for (size_t i = 0; i < a.ncands; i++)
		a.any_named |= a.cands[i].named;
	crawler_run(a.crawler);
	r->listed = a.nurls;
	judge_steps(&a);
	if (!opt->skip_urls) {
		audit_list_findings(&a);
		audit_pages(&a);
	}
	r->requests = crawler_requests(a.crawler);
	if (crawler_slowed(a.crawler) > 0)
		add_finding(&a, "slowed", NULL, "the site answered 429 or 503 "
		    "%zu times: the audit waited as told and went slower",
		    crawler_slowed(a.crawler));
	if (crawler_expired(a.crawler))
		add_finding(&a, "max-time", NULL, "the audit stopped at "
		    "--max-time %ld s: what it had not fetched is not judged",
		    opt->max_time_s);

	audit_state_free(&a);

	/* The verdict: the steps' and the findings' worst. */
	r->verdict = "pass";
	for (size_t i = 0; i < AUDIT_STEPS; i++) {
		const struct audit_step *s = &r->steps[i];

		r->score += s->weight * (s->status == STEP_PASS ? 1.0 :
		    s->status == STEP_WARNING ? 0.5 : 0.0);
		if (s->status == STEP_FAILURE)
			r->verdict = "fail";
		else if (s->status == STEP_WARNING && r->verdict[0] == 'p')
			r->verdict = "warn";
	}
	for (size_t i = 0; i < r->nfindings; i++) {
		enum severity sev = finding_severity(r->findings[i].kind);

		if (sev == SEV_ERROR)
			r->verdict = "fail";
		else if (sev == SEV_WARNING && r->verdict[0] == 'p')
			r->verdict = "warn";
	}
	return 0;
}

void
audit_free(struct audit_result *r)
{
	free(r->origin);
	for (size_t i = 0; i < AUDIT_STEPS; i++)
		buf_free(&r->steps[i].evidence);
	for (size_t i = 0; i < r->nfindings; i++) {
		free(r->findings[i].url);
		free(r->findings[i].detail);
	}
	free(r->findings);
}

/*
 * The origin (scheme, host and port, as given) into origin, and whether
 * the target is that origin alone or names a sitemap.
 */
static int
split_target(const char *target, struct buf *origin, int *is_origin)
{
	CURLU *u = curl_url();
	char *o = NULL, *path = NULL, *query = NULL;
	int rc = -1;

	if (u == NULL)
		return -1;
	if (doc_url_valid(target) && curl_url_set(u, CURLUPART_URL, target,
	    0) == CURLUE_OK) {
		curl_url_set(u, CURLUPART_FRAGMENT, NULL, 0);
		curl_url_get(u, CURLUPART_PATH, &path, 0);
		curl_url_get(u, CURLUPART_QUERY, &query, 0);
		*is_origin = (path == NULL || strcmp(path, "/") == 0) &&
		    query == NULL;
		curl_url_set(u, CURLUPART_PATH, NULL, 0);
		curl_url_set(u, CURLUPART_QUERY, NULL, 0);
		if (curl_url_get(u, CURLUPART_URL, &o, 0) == CURLUE_OK) {
			size_t n = strlen(o);

			buf_add(origin, o, n > 0 && o[n - 1] == '/' ? n - 1 : n);
			rc = 0;
		}
	}
	curl_free(o);
	curl_free(path);
	curl_free(query);
	curl_url_cleanup(u);
	return rc;
}

/* The site's robots.txt, read as Google reads it, up to Google's bound. */
static void
read_robots(struct audit *a, const char *origin)
{
	struct buf url = BUF_INIT;
	struct fetch *f;

	buf_printf(&url, "%s/robots.txt", origin);
	f = fetch_new(url.data, AUDIT_ROBOTS_MAX);
	f->exempt = 1;
	f->done = robots_done;
	crawler_add(a->crawler, f);
	crawler_run(a->crawler);
	buf_free(&url);
}

static void
robots_done(void *arg, struct fetch *f)
{
	struct audit *a = arg;

	a->robots_status = f->status;
	if (f->nchain > 0 && f->error == NULL)
		a->robots_from = xstrdup(f->final_url);
	if (f->status >= 200 && f->status < 300)
		robotstxt_parse(&a->robots, f->data.data ? f->data.data : "",
		    f->data.len);
	else
		robotstxt_parse(&a->robots, "", 0);
	/*
	 * RFC 9309: 4xx means no rules; 5xx or no answer, full disallow,
	 * for crawlers. The auditor goes on, and says so.
	 */
	if (f->error != NULL || f->status >= 500)
		add_finding(a, "robots-unavailable", f->url, "%s", f->error ?
		    f->error : "answers an error");
	else if (f->nchain > 0 && f->status >= 300 && f->status < 400)
		add_finding(a, "robots-unavailable", f->url,
		    "redirects more than %d times", CRAWL_REDIRECTS_MAX);
	if (f->cut)
		add_finding(a, "robots-too-big", f->url,
		    "read up to %d bytes", AUDIT_ROBOTS_MAX);
	fetch_free(f);
}

/* A sitemap to fetch, unless fetched already: then an index loops. */
static void
add_candidate(struct audit *a, const char *url, const char *source,
    int declared, int child)
{
	struct candidate *c;
	struct fetch *f;

	for (size_t i = 0; i < a->ncands; i++)
		if (strcmp(a->cands[i].url, url) == 0) {
			/* A loop names the index itself or its parent. */
			if (child && (i == a->reading ||
			    (a->cands[a->reading].child &&
			    i == a->cands[a->reading].parent)))
				add_finding(a, "index-loop", url,
				    "named again by an index it leads to");
			else if (child)
				a->cands[i].named |= a->cands[a->reading].named;
			else if (declared)
				a->cands[i].declared = a->cands[i].named = 1;
			return;
		}
	if (child && a->children == AUDIT_SITEMAPS_MAX) {
		if (!a->said_not_all)
			add_finding(a, "not-all-read", url, "indexes name "
			    "more than %d sitemaps: the rest is not read",
			    AUDIT_SITEMAPS_MAX);
		a->said_not_all = 1;
		return;
	}
	a->children += child;
	a->cands = xgrowarray(a->cands, a->ncands, sizeof(*a->cands));
	c = &a->cands[a->ncands];
	memset(c, 0, sizeof(*c));
	c->url = xstrdup(url);
	c->source = source;
	c->declared = declared;
	c->child = child;
	c->parent = a->reading;
	c->named = child ? a->cands[a->reading].named : declared;
	f = fetch_new(url, SITEMAP_MAX_BYTES);
	f->arg = (void *)(uintptr_t)a->ncands++;
	f->done = sitemap_done;
	crawler_add(a->crawler, f);
}

/* A sitemap's answer: read at once, and its body freed. */
static void
sitemap_done(void *arg, struct fetch *f)
{
	struct audit *a = arg;
	struct candidate *c = &a->cands[(uintptr_t)f->arg];
	struct buf plain = BUF_INIT;

	c->status = f->status;
	c->fetched = f->error == NULL && !f->blocked && f->status >= 200 &&
	    f->status < 300;
	if (f->nchain > 0)
		c->final_url = xstrdup(f->final_url);
	if (f->error != NULL)
		c->error = xstrdup(f->error);
	else if (f->blocked)
		c->error = xstrdup("robots.txt disallows the auditor");
	else if (f->location != NULL) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "too many redirects (more than %d), the last "
		    "to %s", CRAWL_REDIRECTS_MAX, f->location);
		c->error = why.data;
	}
	if (!c->fetched) {
		if (f->blocked && f->nchain == 0)
			add_finding(a, "sitemap-not-asked", c->url, "robots.txt "
			    "disallows %s; --ignore-robots asks it",
			    AUDIT_AGENT_TOKEN);
		else if (c->declared)
			add_finding(a, "sitemap-unreachable", c->url, "%s",
			    c->error ? c->error : "answers an error");
		goto out;
	}
	/* Cross-submission: read, and scope says where it lives. */
	if (!on_host(a, f->final_url))
		add_finding(a, "sitemap-off-host", c->url, "%s is on another "
		    "host than %s", f->final_url, a->host);
	if (f->cut) {
		c->too_big = 1;
		add_finding(a, "too-big", c->url, "over %d bytes",
		    SITEMAP_MAX_BYTES);
		goto out;
	}
	/* A .gz file, sent as it is: the bound is the uncompressed size. */
	if (f->data.len >= 2 && memcmp(f->data.data, "\x1f\x8b", 2) == 0) {
		if (gunzip(f->data.data, f->data.len, &plain) == -1) {
			c->too_big = plain.len > SITEMAP_MAX_BYTES;
			add_finding(a, c->too_big ? "too-big" : "xml-invalid",
			    c->url, c->too_big ? "over %d bytes once "
			    "uncompressed" : "gzip that does not uncompress",
			    SITEMAP_MAX_BYTES);
			goto out;
		}
		buf_free(&f->data);
		f->data = plain;
		plain = (struct buf)BUF_INIT;
	}
	read_sitemap(a, c, f->data.data ? f->data.data : "", f->data.len);
out:
	buf_free(&plain);
	fetch_free(f);
}

static void
read_sitemap(struct audit *a, struct candidate *c, const char *body,
    size_t len)
{
	struct doc_reader reader = { a, entry_read, problem_read };

	enum doc_format format;

	a->reading = (size_t)(c - a->cands);
	c->bytes = len;
	format = sitemap_doc_read(body, len, c->url, &reader);
	c = &a->cands[a->reading];	/* entries may have moved them */
	c->format = format;
	a->r->sitemaps++;
	if (c->format == DOC_INDEX && c->child)
		add_finding(a, "nested-index", c->url, "an index's child is "
		    "an index: its %zu children are not read", c->entries);
	if (c->entries > (c->format == DOC_INDEX ? SITEMAP_INDEX_MAX :
	    SITEMAP_MAX_URLS))
		add_finding(a, "too-many-entries", c->url, "%zu entries",
		    c->entries);
}

static void
entry_read(void *arg, const struct doc_entry *e)
{
	struct audit *a = arg;
	size_t cand = a->reading, at;
	struct candidate *c = &a->cands[cand];
	struct listed *l;
	uint64_t id;

	c->entries++;
	if (!on_host(a, e->loc))
		add_finding(a, "off-host", e->loc, "listed by %s", c->url);
	if (c->child && e->format == DOC_INDEX)
		return;
	if (e->format == DOC_INDEX) {
		add_candidate(a, e->loc, "sitemap index", 1, 1);
		return;
	}
	if ((at = listed_find(a, e->loc)) != (size_t)-1) {
		const struct candidate *first = &a->cands[a->urls[at].sitemap];

		if (first == c)
			add_finding(a, "duplicate", e->loc, "twice in %s",
			    c->url);
		else if (told(a, first) && told(a, c))
			add_finding(a, "in-two-sitemaps", e->loc,
			    "in %s and %s", first->url, c->url);
		return;
	}
	if (a->nurls == AUDIT_URLS_MAX) {
		if (!a->said_not_all)
			add_finding(a, "not-all-read", c->url, "more than %d "
			    "URLs: the rest is not checked", AUDIT_URLS_MAX);
		a->said_not_all = 1;
		return;
	}
	a->urls = xgrowarray(a->urls, a->nurls, sizeof(*a->urls));
	l = &a->urls[a->nurls];
	memset(l, 0, sizeof(*l));
	l->url = xstrdup(e->loc);
	l->lastmod = e->lastmod ? xstrdup(e->lastmod) : NULL;
	l->sitemap = cand;
	if (e->nalternates > 0) {
		l->alternates = xreallocarray(NULL, e->nalternates,
		    sizeof(*l->alternates));
		for (size_t i = 0; i < e->nalternates; i++) {
			l->alternates[i].lang = xstrdup(e->alternates[i].lang);
			l->alternates[i].href = xstrdup(e->alternates[i].href);
		}
		l->nalternates = e->nalternates;
	}
	id = hash_add(HASH_INIT, e->loc, strlen(e->loc));
	while (id_map_get(&a->by_url, id, &at))
		id++;
	id_map_put(&a->by_url, id, a->nurls++);
}

static void
problem_read(void *arg, const char *kind, const char *loc,
    const char *detail)
{
	struct audit *a = arg;
	const struct candidate *c = &a->cands[a->reading];

	/* A guess that meets a web page is no sitemap's fault. */
	if (strcmp(kind, "not-a-sitemap") == 0 && !c->declared)
		kind = "conventional-not-a-sitemap";
	if (loc != NULL)
		add_finding(a, kind, loc, "%s (in %s)", detail, c->url);
	else
		add_finding(a, kind, c->url, "%s", detail);
}

/*
 * Each step's verdict by the specification's criteria: discover and
 * fetch from the candidates, the others from the findings the kinds
 * table ties to them; a step after one that found nothing fails.
 */
static void
judge_steps(struct audit *a)
{
	struct audit_step *s = a->r->steps;
	size_t parsed = 0, urls = 0, entries = 0, lists = 0, children = 0;
	size_t too_big = 0;

	judge_discover(a, &s[DISCOVER]);
	judge_fetch(a, &s[FETCH]);
	for (size_t i = 0; i < a->ncands; i++) {
		const struct candidate *c = &a->cands[i];

		if (!c->fetched)
			continue;
		/* The seed judges the limits under field-quality alone. */
		if (c->too_big) {
			buf_printf(&s[PARSE].evidence, "%s: past 50 MB, not "
			    "read (field-quality)\n", c->url);
			too_big++;
			continue;
		}
		buf_printf(&s[PARSE].evidence, "%s: %s, %zu entries%s\n",
		    c->url, c->format == DOC_NONE ? "not a sitemap" :
		    doc_format_name(c->format), c->entries,
		    c->child ? " (child of an index)" : "");
		if (c->format != DOC_NONE) {
			parsed++;
			entries += c->entries;
		}
		if (c->format == DOC_INDEX)
			children += c->entries;
		else if (c->format != DOC_NONE)
			lists++;
	}
	urls = a->nurls;
	for (size_t i = 0; i < a->r->nfindings; i++) {
		enum step_status effect;
		int at = finding_step(a->r->findings[i].kind, &effect);

		if (at >= 0 && effect > s[at].status)
			s[at].status = effect;
	}
	if (too_big == 0 && (parsed == 0 || entries == 0 || lists == 0)) {
		s[PARSE].status = STEP_FAILURE;
		if (s[FETCH].status == STEP_FAILURE)
			buf_adds(&s[PARSE].evidence, "not reached: no sitemap "
			    "answered\n");
		else if (parsed > 0 && entries > 0)
			/* An index is a pointer: what it points to is read. */
			buf_printf(&s[PARSE].evidence, "the indexes name %zu "
			    "sitemaps, and none of them could be read\n",
			    children);
		else
			buf_adds(&s[PARSE].evidence, "no sitemap with an "
			    "absolute http(s) URL\n");
		for (int i = QUALITY; i <= SCOPE; i++) {
			s[i].status = STEP_FAILURE;
			buf_adds(&s[i].evidence, "not reached: no sitemap "
			    "was read\n");
		}
		return;
	}
	buf_printf(&s[QUALITY].evidence, "%zu sitemaps read, %zu entries\n",
	    parsed, entries);
	buf_printf(&s[SCOPE].evidence, "%zu distinct page URLs; host %s\n",
	    urls, a->host);
	/* Each kind that sets a step: how often, and its first. */
	for (size_t k = 0; finding_kind(k) != NULL; k++) {
		const char *kind = finding_kind(k);
		const struct audit_finding *first = NULL;
		enum step_status effect;
		int at = finding_step(kind, &effect);

		if (at < QUALITY || finding_count(a->r, kind) == 0)
			continue;
		for (size_t i = 0; i < a->r->nfindings && first == NULL; i++)
			if (a->r->findings[i].kind == kind)
				first = &a->r->findings[i];
		buf_printf(&s[at].evidence, "%s: %zu, first %s%s%s\n", kind,
		    finding_count(a->r, kind), first->url ? first->url : "",
		    first->url ? ": " : "", first->detail);
	}
}

static void
judge_discover(struct audit *a, struct audit_step *s)
{
	size_t found = 0;

	if (a->robots_status >= 200 && a->robots_status < 300)
		buf_printf(&s->evidence, "robots.txt answers %ld%s%s%s\n",
		    a->robots_status, a->robots_from ? " (redirected to " : "",
		    a->robots_from ? a->robots_from : "",
		    a->robots_from ? ")" : "");
	else
		buf_printf(&s->evidence, "robots.txt: %s\n",
		    a->robots_status ? "no rules (not 2xx)" : "no answer");
	for (size_t i = 0; i < a->ncands; i++) {
		const struct candidate *c = &a->cands[i];

		if (c->child)
			continue;
		/* A named sitemap is found; a guessed one, once it answers. */
		if (c->declared || c->fetched) {
			found++;
			buf_printf(&s->evidence, "%s (%s)\n", c->url,
			    c->source);
		}
	}
	s->status = found > 0 ? STEP_PASS : STEP_FAILURE;
	if (found == 0 && finding_count(a->r, "sitemap-not-asked") > 0)
		buf_adds(&s->evidence, "no candidate: robots.txt names no "
		    "sitemap, and disallows the auditor the conventional "
		    "paths\n");
	else if (found == 0)
		buf_adds(&s->evidence, "no candidate: robots.txt names no "
		    "sitemap, and no conventional path answers 2xx\n");
}

static void
judge_fetch(struct audit *a, struct audit_step *s)
{
	size_t ok = 0;

	for (size_t i = 0; i < a->ncands; i++) {
		const struct candidate *c = &a->cands[i];

		if (c->child)
			continue;
		if (c->error)
			buf_printf(&s->evidence, "%s: %s\n", c->url, c->error);
		else
			buf_printf(&s->evidence, "%s: %ld%s%s%s\n", c->url,
			    c->status, c->final_url ? " (redirected to " : "",
			    c->final_url ? c->final_url : "",
			    c->final_url ? ")" : "");
		ok += c->fetched;
	}
	s->status = ok > 0 ? STEP_PASS : STEP_FAILURE;
}

/*
 * The crawler's question: a page on this host, allowed to the auditor;
 * a sitemap on any host (sitemaps may be cross-submitted, or live on a
 * CDN), this robots.txt asked only of this host's.
 */
static int
audit_allowed(void *arg, const struct fetch *f, const char *url)
{
	struct audit *a = arg;

	if (!on_host(a, url))
		return f->done == sitemap_done;
	return a->opt->ignore_robots ||
	    robotstxt_allowed(&a->robots, AUDIT_AGENT_TOKEN, url, NULL);
}

/*
 * Whether robots.txt, as read, keeps the search engines' crawlers and
 * every other out of the whole site: what [site] indexable = no and
 * WordPress's "discourage search engines" write.
 */
static int
asks_not_indexed(const struct audit *a)
{
	static const char *const agents[] = { "Googlebot", "Bingbot",
	    "sitemapd-nobody" };
	struct buf home = BUF_INIT;
	int all_out = a->robots_status >= 200 && a->robots_status < 300;

	buf_printf(&home, "%s/", a->r->origin);
	for (size_t i = 0; all_out && i < sizeof(agents) / sizeof(*agents);
	    i++)
		all_out = !robotstxt_allowed(&a->robots, agents[i], home.data,
		    NULL);
	buf_free(&home);
	return all_out;
}

/*
 * The Crawl-delay of the group robots.txt gives the auditor (its own,
 * else "*"), in seconds, at most a minute; 0 for none. Google ignores
 * the line; Bing and Yandex read it, and a polite auditor does too.
 */
static double
crawl_delay(const struct robotstxt *r)
{
	double own = -1, any = -1, *in = NULL;
	int agents_run = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct robotstxt_line *l = &r->v[i];
		size_t n;

		if (l->key == ROBOTSTXT_USER_AGENT) {
			if (!agents_run)
				in = NULL;
			agents_run = 1;
			n = robotstxt_agent_token(l->value);
			if (n == strlen(AUDIT_AGENT_TOKEN) && strncasecmp(
			    l->value, AUDIT_AGENT_TOKEN, n) == 0)
				in = &own;
			else if (robotstxt_agent_any(l->value) && in == NULL)
				in = &any;
			continue;
		}
		agents_run = 0;
		if (l->key == ROBOTSTXT_UNKNOWN && in != NULL &&
		    strncasecmp(l->value, "crawl-delay:", 12) == 0) {
			char *end;
			double v = strtod(l->value + 12, &end);

			if (end != l->value + 12 && v > 0 && *in < 0)
				*in = v;
		}
	}
	if (own < 0)
		own = any;
	return own < 0 ? 0 : own > 60 ? 60 : own;
}

/*
 * A sitemap crawlers are told of: named (given, in robots.txt, or an
 * index's child of one), or any when none is named. A guessed path
 * beside named ones is the same list again, as sitemapd serves
 * /sitemap_index.xml beside /sitemap.xml.
 */
static int
told(const struct audit *a, const struct candidate *c)
{
	return c->named || !a->any_named;
}

/*
 * gzip into out, never past the sitemap's bound: -1 when it is not
 * gzip, or holds more (then out->len is past the bound).
 */
static int
gunzip(const char *in, size_t len, struct buf *out)
{
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t room = len * 4 < 1 << 20 ? 1 << 20 : len * 4, got = 0;
	enum libdeflate_result rc = LIBDEFLATE_BAD_DATA;

	if (d == NULL)
		return -1;
	for (;;) {
		if (room > SITEMAP_MAX_BYTES + 1)
			room = SITEMAP_MAX_BYTES + 1;
		buf_reset(out);
		rc = libdeflate_gzip_decompress(d, in, len, buf_room(out, room),
		    room, &got);
		if (rc != LIBDEFLATE_INSUFFICIENT_SPACE ||
		    room == SITEMAP_MAX_BYTES + 1)
			break;
		room *= 2;
	}
	libdeflate_free_decompressor(d);
	if (rc == LIBDEFLATE_INSUFFICIENT_SPACE) {
		out->len = SITEMAP_MAX_BYTES + 1;
		return -1;
	}
	if (rc != LIBDEFLATE_SUCCESS)
		return -1;
	buf_commit(out, got);
	return got > SITEMAP_MAX_BYTES ? -1 : 0;
}

/* What the run held; the result stays. */
static void
audit_state_free(struct audit *a)
{
	crawler_free(a->crawler);
	robotstxt_free(&a->robots);
	free(a->robots_error);
	free(a->robots_from);
	for (size_t i = 0; i < a->ncands; i++) {
		free(a->cands[i].url);
		free(a->cands[i].error);
		free(a->cands[i].final_url);
	}
	free(a->cands);
	for (size_t i = 0; i < a->nurls; i++) {
		free(a->urls[i].url);
		free(a->urls[i].lastmod);
		for (size_t j = 0; j < a->urls[i].nalternates; j++) {
			free(a->urls[i].alternates[j].lang);
			free(a->urls[i].alternates[j].href);
		}
		free(a->urls[i].alternates);
	}
	free(a->urls);
	id_map_free(&a->by_url);
	free(a->host);
}
