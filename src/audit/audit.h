/*
 * sitemapd audit: any deployed site checked from outside, first as the
 * Sitemap check 1.0.0 specifies (five weighted steps), then URL by URL
 * as a search engine's crawler would meet each listed page.
 */
#ifndef SITEMAPD_AUDIT_H
#define SITEMAPD_AUDIT_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"

/* The agent the auditor is, and the token robots.txt groups name it by. */
#define AUDIT_AGENT_TOKEN	"sitemapd-audit"
/* Listed URLs kept at most, and child sitemaps read: past them, a finding. */
#define AUDIT_URLS_MAX		1000000
#define AUDIT_SITEMAPS_MAX	1000
/* Seconds an audit runs at most unless --max-time says otherwise. */
#define AUDIT_MAX_TIME		900
/* Google reads this much of a robots.txt, and no more. */
#define AUDIT_ROBOTS_MAX	(500 * 1024)

struct audit_options {
	const char *target;	/* an origin or a sitemap's URL */
	size_t	 sample;	/* listed URLs fetched; 0: all */
	int	 ignore_robots;	/* fetch what robots.txt denies the auditor */
	int	 skip_urls;	/* the specification's check alone */
	int	 concurrency;
	double	 rate;		/* requests a second */
	long	 timeout_s;	/* each fetch, redirects and retries too */
	long	 max_time_s;	/* the whole audit */
	int	 progress;	/* a progress line on stderr */
};

enum step_status { STEP_PASS, STEP_WARNING, STEP_FAILURE, STEP_SKIPPED };
enum severity { SEV_INFO, SEV_WARNING, SEV_ERROR };

#define AUDIT_STEPS	5

struct audit_step {
	const char	*id;	/* as the specification names it */
	const char	*title;
	double		 weight;
	enum step_status status;
	struct buf	 evidence;	/* lines */
};

/*
 * Findings of one kind kept, the first ones: the rest are counted, so an
 * audit's memory grows with the sitemaps read, never with their product.
 */
#define AUDIT_FINDINGS_KEPT	20
/* More than the kinds audit.c's table has. */
#define AUDIT_KINDS_MAX		64

struct audit_finding {
	const char	*kind;
	char		*url;	/* the listed URL or the sitemap; or NULL */
	char		*detail;
};

struct audit_result {
	char		*origin;
	struct audit_step steps[AUDIT_STEPS];
	struct audit_finding	*findings;	/* the first of each kind */
	size_t		 nfindings;
	size_t		 counts[AUDIT_KINDS_MAX];	/* each kind's, all */
	size_t		 sitemaps;	/* documents read */
	size_t		 listed;	/* distinct URLs listed */
	size_t		 checked;	/* of them fetched */
	size_t		 requests;
	double		 score;
	const char	*verdict;	/* "pass", "warn", "fail", or
					   "not-indexable": the site asks
					   search engines to keep out */
};

/*
 * Audits opt->target into *r (freed with audit_free). -1 with why when
 * the target is no http or https URL: nothing was fetched.
 */
int	audit_run(const struct audit_options *, struct audit_result *,
	    struct buf *why);
void	audit_free(struct audit_result *);

/* A kind's severity, and the heading findings of that kind go under. */
enum severity	finding_severity(const char *kind);
/* How many findings of kind the audit made, kept or not. */
size_t		finding_count(const struct audit_result *, const char *kind);
/* The step (its index in steps[]) a kind sets, and to what; -1: none. */
int		finding_step(const char *kind, enum step_status *effect);
/* The kinds, in the table's order; NULL past the last. */
const char	*finding_kind(size_t);
const char	*finding_heading(const char *kind);
const char	*step_status_name(enum step_status);
const char	*severity_name(enum severity);

/* The report: a table and findings grouped, or one JSON object. */
void	audit_print_text(const struct audit_result *, FILE *);
void	audit_print_json(const struct audit_result *, FILE *);

#endif
