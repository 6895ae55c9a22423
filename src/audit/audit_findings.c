/*
 * Every kind of finding an audit makes, once, and the findings kept: the
 * first AUDIT_FINDINGS_KEPT of a kind, the rest counted.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "audit_state.h"

/*
 * Every kind of finding, once: its severity, and the step whose verdict
 * it sets (to warning or failure), as the specification's criteria say.
 */
static const struct kind {
	const char	*name;
	enum severity	 severity;
	int		 step;		/* -1: none */
	enum step_status effect;
	const char	*heading;
} kinds[] = {
	/* robots.txt is additive: its fault fails no step (seed 002). */
	{ "robots-unavailable", SEV_WARNING, -1, STEP_PASS,
	    "robots.txt answers an error or nothing: crawlers stop there" },
	{ "robots-too-big", SEV_WARNING, -1, STEP_PASS,
	    "robots.txt past 500 KiB: crawlers read no further" },
	{ "robots-sitemap-invalid", SEV_WARNING, -1, STEP_PASS,
	    "a robots.txt Sitemap: line that is no absolute URL" },
	/* The fetch step asks for one that answers, not for all. */
	{ "sitemap-unreachable", SEV_WARNING, -1, STEP_PASS,
	    "a sitemap named that does not answer 2xx" },
	{ "xml-invalid", SEV_ERROR, PARSE, STEP_FAILURE,
	    "a sitemap that is not well-formed XML" },
	{ "not-a-sitemap", SEV_ERROR, PARSE, STEP_FAILURE,
	    "a sitemap named that is no supported format" },
	{ "url-missing", SEV_ERROR, PARSE, STEP_FAILURE,
	    "entries without a URL" },
	{ "url-invalid", SEV_ERROR, PARSE, STEP_FAILURE,
	    "URL values that are not absolute http(s) URLs" },
	{ "conventional-not-a-sitemap", SEV_INFO, -1, STEP_PASS,
	    "a conventional path answers 2xx with something else" },
	{ "namespace-missing", SEV_INFO, -1, STEP_PASS,
	    "a sitemap outside the sitemaps.org namespace" },
	{ "nested-index", SEV_WARNING, -1, STEP_PASS,
	    "an index inside an index: crawlers do not read it" },
	{ "index-loop", SEV_WARNING, -1, STEP_PASS,
	    "an index naming a sitemap read already" },
	{ "not-all-read", SEV_WARNING, -1, STEP_PASS,
	    "more than the audit reads" },
	{ "too-many-entries", SEV_ERROR, QUALITY, STEP_FAILURE,
	    "more than 50,000 entries in one sitemap" },
	{ "too-big", SEV_ERROR, QUALITY, STEP_FAILURE,
	    "a sitemap past 50 MB uncompressed" },
	{ "encoding-not-utf8", SEV_WARNING, QUALITY, STEP_WARNING,
	    "sitemaps in another encoding than UTF-8" },
	{ "lastmod-invalid", SEV_WARNING, QUALITY, STEP_WARNING,
	    "lastmod values that are no W3C date" },
	{ "changefreq-invalid", SEV_WARNING, QUALITY, STEP_WARNING,
	    "changefreq values outside the protocol's" },
	{ "priority-invalid", SEV_WARNING, QUALITY, STEP_WARNING,
	    "priority values outside 0.0 to 1.0" },
	{ "image-incomplete", SEV_WARNING, QUALITY, STEP_WARNING,
	    "image records incomplete or with a relative URL" },
	{ "video-incomplete", SEV_WARNING, QUALITY, STEP_WARNING,
	    "video records incomplete or with a relative URL" },
	{ "news-incomplete", SEV_WARNING, QUALITY, STEP_WARNING,
	    "news records incomplete" },
	{ "hreflang-incomplete", SEV_WARNING, QUALITY, STEP_WARNING,
	    "hreflang links incomplete or with a relative URL" },
	{ "off-host", SEV_WARNING, SCOPE, STEP_WARNING,
	    "URLs on another host than the scanned origin's" },
	{ "not-indexable", SEV_INFO, -1, STEP_PASS,
	    "a site that asks not to be indexed" },
	{ "sitemap-not-asked", SEV_WARNING, -1, STEP_PASS,
	    "sitemaps robots.txt keeps the auditor from" },
	{ "sitemap-off-host", SEV_WARNING, SCOPE, STEP_WARNING,
	    "sitemaps on another host than the scanned origin's" },
	{ "crawl-delay", SEV_INFO, -1, STEP_PASS,
	    "robots.txt's Crawl-delay for the auditor" },
	{ "slowed", SEV_WARNING, -1, STEP_PASS,
	    "the site asked the auditor to slow down" },
	{ "max-time", SEV_WARNING, -1, STEP_PASS,
	    "the audit ran out of --max-time" },
	{ "unreachable", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs that do not answer" },
	{ "status", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs that answer 4xx or 5xx" },
	{ "redirect", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs that redirect" },
	{ "noindex", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs that say noindex" },
	{ "canonical-elsewhere", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs whose canonical is another URL" },
	{ "robots-disallowed", SEV_ERROR, -1, STEP_PASS,
	    "listed URLs the site's robots.txt disallows" },
	{ "not-fetched", SEV_INFO, -1, STEP_PASS,
	    "listed URLs robots.txt keeps the auditor from" },
	{ "lastmod-future", SEV_WARNING, -1, STEP_PASS,
	    "lastmod in the future" },
	{ "lastmod-uniform", SEV_WARNING, -1, STEP_PASS,
	    "the same lastmod on every entry" },
	{ "hreflang-not-reciprocal", SEV_WARNING, -1, STEP_PASS,
	    "hreflang alternates that do not name each other" },
	{ "duplicate", SEV_WARNING, -1, STEP_PASS,
	    "URLs listed twice in one sitemap" },
	{ "in-two-sitemaps", SEV_WARNING, -1, STEP_PASS,
	    "URLs listed in two sitemaps" },
};

_Static_assert(sizeof(kinds) / sizeof(*kinds) <= AUDIT_KINDS_MAX,
    "audit.h: AUDIT_KINDS_MAX below the kinds of findings");

static const struct kind *kind_of(const char *);

enum severity
finding_severity(const char *kind)
{
	return kind_of(kind)->severity;
}

size_t
finding_count(const struct audit_result *r, const char *kind)
{
	return r->counts[kind_of(kind) - kinds];
}

const char *
finding_heading(const char *kind)
{
	return kind_of(kind)->heading;
}

const char *
step_status_name(enum step_status s)
{
	return s == STEP_PASS ? "pass" : s == STEP_WARNING ? "warning" :
	    s == STEP_SKIPPED ? "skipped" : "failure";
}

const char *
severity_name(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" :
	    "info";
}

void
add_finding(struct audit *a, const char *kind, const char *url,
    const char *fmt, ...)
{
	struct audit_result *r = a->r;
	const struct kind *k = kind_of(kind);
	struct audit_finding *f;
	struct buf detail = BUF_INIT;
	va_list ap;

	if (r->counts[k - kinds]++ >= AUDIT_FINDINGS_KEPT)
		return;
	r->findings = xgrowarray(r->findings, r->nfindings,
	    sizeof(*r->findings));
	f = &r->findings[r->nfindings++];
	f->kind = k->name;
	f->url = url ? xstrdup(url) : NULL;
	va_start(ap, fmt);
	buf_vprintf(&detail, fmt, ap);
	va_end(ap);
	f->detail = detail.data ? detail.data : xstrdup("");
}

int
finding_step(const char *kind, enum step_status *effect)
{
	const struct kind *k = kind_of(kind);

	*effect = k->effect;
	return k->step;
}

const char *
finding_kind(size_t k)
{
	return k < sizeof(kinds) / sizeof(*kinds) ? kinds[k].name : NULL;
}

static const struct kind *
kind_of(const char *name)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(*kinds); i++)
		if (strcmp(kinds[i].name, name) == 0)
			return &kinds[i];
	abort();	/* a kind not in the table is a bug here */
}
