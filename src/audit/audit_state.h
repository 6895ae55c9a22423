/*
 * What an audit holds while it runs, shared by its files: audit.c (the
 * specification's steps), audit_pages.c (each listed URL), below them
 * audit_findings.c (the findings) and audit_urls.c (hosts, the listed
 * URLs). Nothing outside audit/ includes it.
 */
#ifndef SITEMAPD_AUDIT_STATE_H
#define SITEMAPD_AUDIT_STATE_H

#include <time.h>

#include "crawler.h"
#include "id_map.h"
#include "robots_matcher.h"
#include "sitemap_doc.h"

struct audit_options;
struct audit_result;

/* The specification's steps, in its order: r->steps[] and finding_step. */
enum audit_step_at { DISCOVER, FETCH, PARSE, QUALITY, SCOPE };

/* A sitemap fetched: a candidate of the specification, or an index's child. */
struct candidate {
	char		*url;
	const char	*source;	/* where it was found */
	int		 declared;	/* named, not guessed: given,
					   robots.txt or an index */
	int		 child;		/* of an index */
	size_t		 parent;	/* that index's candidate */
	char		*final_url;	/* where redirects led, or NULL */
	int		 named;		/* declared, or a child of one */
	long		 status;	/* 0: no answer */
	char		*error;
	int		 fetched;	/* answered 2xx */
	enum doc_format	 format;
	size_t		 entries;
	size_t		 bytes;		/* uncompressed */
	int		 too_big;
};

/* A URL a sitemap lists, once. */
struct listed {
	char		*url;
	char		*lastmod;
	size_t		 sitemap;	/* the first candidate listing it */
	struct doc_alternate *alternates;
	size_t		 nalternates;
};

struct audit {
	const struct audit_options *opt;
	struct audit_result *r;
	char		*host;		/* the scanned origin's, lowercase */
	struct robotstxt robots;
	long		 robots_status;
	char		*robots_error;
	char		*robots_from;	/* where its redirects led, or NULL */
	int		 robots_cut;
	struct candidate *cands;
	size_t		 ncands;
	struct listed	*urls;
	size_t		 nurls;
	struct id_map	 by_url;	/* hash of a URL to its index */
	size_t		 reading;	/* the candidate a reader reads */
	size_t		 children;	/* of indexes, fetched */
	int		 said_not_all;	/* not-all-read given */
	int		 any_named;	/* a sitemap declared at the top */
	struct crawler	*crawler;
	time_t		 now;
	size_t		*pages;		/* the listed URLs to fetch */
	size_t		 npages, queued;
};

/* Each listed URL fetched, or a sample: findings for what a crawler meets. */
void	audit_pages(struct audit *);
/* The findings of the list itself: dates, hreflang clusters. */
void	audit_list_findings(struct audit *);

/* audit_findings.c: each kind of finding, and the findings kept. */
void	add_finding(struct audit *, const char *kind, const char *url,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* audit_urls.c: hosts, and the listed URLs by value. */
/* The lowercase host of an http(s) URL into host: 0, or -1. */
int	url_host(const char *url, struct buf *host);
/* True when url is on the scanned origin's host. */
int	on_host(const struct audit *, const char *url);
/* The index of url among the listed, or (size_t)-1. */
size_t	listed_find(const struct audit *, const char *url);

#endif
