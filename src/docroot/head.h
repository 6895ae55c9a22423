/*
 * What a page of a document root says about itself in its <head>, as a
 * browser reads it: decoded as a browser would (encoding.h), then read
 * with libxml2's HTML push parser up to <body>, written or implied, so
 * that a page costs at most its head to read.
 */
#ifndef SITEMAPD_HEAD_H
#define SITEMAPD_HEAD_H

#include <stddef.h>
#include <time.h>

#include "host.h"

/*
 * More than any real head, inline scripts and styles included; a page
 * whose head is still open here is not read on, and not listed.
 */
#define HEAD_MAX	(1024 * 1024)

/* JSON-LD scripts read of a head, and bytes of each: more than pages have. */
#define HEAD_JSONLD_MAX		8
#define HEAD_JSONLD_BYTES	(256 * 1024)

/* More alternates than there are languages: the rest are not read. */
#define HEAD_ALTERNATES_MAX	200

/* <link rel=alternate hreflang href>, as written. */
struct head_alternate {
	char	*lang;
	char	*href;
};

struct page_head {
	const char *noindex;	/* the <meta name> saying noindex or none,
				   of meta_noindex_for's; or NULL */
	char	*canonical;	/* <link rel=canonical href>, as written */
	char	*refresh;	/* the URL <meta http-equiv=refresh> goes to */
	char	*modified;	/* article:modified_time, og:updated_time or
				   dcterms.modified, as written */
	char	*published;	/* article:published_time, as written */
	char	*jsonld[HEAD_JSONLD_MAX];	/* <script type=
				   application/ld+json>, each whole */
	size_t	 njsonld;
	struct head_alternate *alternates;
	size_t	 nalternates;	/* at most HEAD_ALTERNATES_MAX */
	size_t	 alternates_unread;	/* past that */
	int	 titled;	/* a <title> was read */
	char	*unsure;	/* why what it says cannot be known: a
				   browser may read it otherwise */
	char	*parser_said;	/* libxml2's first complaint, if any */
};

/* Once, before any thread reads a page: libxml2's own setup. */
void	head_init(void);
/* Starts reading one page; feed it with head_feed, then head_end. */
struct head_reader *head_begin(void);
/* 0 while more of the page is wanted, 1 once its head is read. */
int	head_feed(struct head_reader *, const char *, size_t);
/*
 * What the page said, into *head (freed with head_free). cut_short says
 * why the page was not read to its end, or is NULL: a head still open
 * then is unsure.
 */
void	head_end(struct head_reader *, const char *cut_short,
	    struct page_head *head);
void	head_free(struct page_head *);

/*
 * A W3C date or datetime (YYYY, YYYY-MM, YYYY-MM-DD, then Thh:mm with
 * optional :ss and fraction, and Z or +hh:mm): 0 with the moment in *t,
 * or -1.
 */
int	head_date(const char *, time_t *t);

/* What head_stated_date makes of a page's own date. */
enum head_stated {
	STATED_OK,
	STATED_NO_DATE,		/* no W3C date */
	STATED_TOO_OLD,		/* before 1970, before any web page */
	STATED_AHEAD		/* over a day ahead of now: a zone's slip at most */
};

/* A page's own date, into *t only when it is one a page can have. */
enum head_stated head_stated_date(const char *, time_t now, time_t *t);

/* Where a URL a page names leads, seen from the page. */
enum head_target {
	HEAD_SELF,		/* the page itself */
	HEAD_PATH,		/* another path on this site */
	HEAD_ELSEWHERE,		/* another site, or a query */
	HEAD_INVALID		/* no http or https URL at all */
};

/*
 * Where href, found on the page at path (its URL path, "/" first,
 * percent-encoded), leads;
 * for HEAD_PATH, target gets that path, percent-decoded. A host the
 * policy does not allow is another site's (with allowed_hosts unset, any
 * host is taken for this site's). A fragment does not count; a query
 * makes another URL.
 */
enum head_target head_target(const char *href, const char *path,
	    const struct host_policy *, struct buf *target);

#endif
