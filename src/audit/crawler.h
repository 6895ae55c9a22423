/*
 * A polite crawler on libcurl's multi interface: a bounded number of
 * transfers at once, a bounded rate of new ones, timeouts on each, a
 * bound on every body as decoded, redirects followed by hand (so that
 * each hop is asked of robots.txt and recorded), http and https only,
 * TLS verified.
 */
#ifndef SITEMAPD_CRAWLER_H
#define SITEMAPD_CRAWLER_H

#include <stddef.h>

#include "buf.h"

/* Redirects followed at most, as browsers and crawlers allow. */
#define CRAWL_REDIRECTS_MAX	5

struct fetch;

struct crawl_options {
	const char *user_agent;
	int	 concurrency;	/* transfers at once, 1 or more */
	double	 rate;		/* transfers started a second; 0: no bound */
	long	 connect_s;	/* seconds to connect */
	long	 timeout_s;	/* seconds for a whole transfer */
	/* May this URL be fetched? NULL: all may. */
	int	(*allowed)(void *arg, const char *url);
	void	*arg;		/* allowed's, and each fetch's done's */
};

struct fetch {
	/* Set by the caller. */
	char	*url;
	size_t	 max;		/* bytes of body kept, once decoded */
	/* Takes the body as it comes instead: 1 once it has enough. */
	int	(*body)(struct fetch *, const char *, size_t);
	void	*arg;
	int	 exempt;	/* robots.txt itself: not asked of allowed */
	/* The fetch is over: its results are set. It may add fetches. */
	void	(*done)(void *crawl_arg, struct fetch *);

	/* The results. */
	long	 status;	/* the last answer's, or 0 for none */
	char	*error;		/* why no answer came, or NULL */
	int	 blocked;	/* allowed said no, at the first URL or a hop */
	int	 cut;		/* the body passed max: data holds max bytes */
	int	 enough;	/* body said it had enough */
	struct buf data;	/* the body, when body is NULL */
	char	*final_url;	/* the URL that gave status */
	char	*location;	/* a redirect not followed: where it went */
	char	*content_type;
	char	*x_robots;	/* every X-Robots-Tag, joined by ", " */
	char	*chain[CRAWL_REDIRECTS_MAX + 1];	/* URLs redirected
				   from, in order, the first one's first */
	size_t	 nchain;

	/* The crawler's. */
	struct fetch *next;
	void	*easy;
};

struct crawler;

struct crawler *crawler_new(const struct crawl_options *);
/* A new fetch of url, its body kept up to max bytes: add it, then run. */
struct fetch	*fetch_new(const char *url, size_t max);
/* Queues f; it is the crawler's until done is called with it. */
void	crawler_add(struct crawler *, struct fetch *);
/* Runs until every fetch added, and every one they add, is done. */
void	crawler_run(struct crawler *);
/* Transfers started, redirects included. */
size_t	crawler_requests(const struct crawler *);
void	crawler_free(struct crawler *);
void	fetch_free(struct fetch *);

#endif
