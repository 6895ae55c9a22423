/*
 * A polite crawler on libcurl's multi interface: a bounded number of
 * transfers at once, a bounded rate of new ones, timeouts on each, a
 * bound on every body as decoded, redirects followed by hand (so that
 * each hop is asked of robots.txt and recorded), http and https only,
 * TLS verified; through the environment's proxy, as curl's (proxy_env.h).
 */
#ifndef SITEMAPD_CRAWLER_H
#define SITEMAPD_CRAWLER_H

#include <stddef.h>

#include "addresses.h"
#include "buf.h"

/* Redirects followed at most, as browsers and crawlers allow. */
#define CRAWL_REDIRECTS_MAX	5

struct fetch;

struct crawl_options {
	const char *user_agent;
	int	 concurrency;	/* transfers at once, 1 or more */
	double	 rate;		/* transfers started a second; 0: no bound */
	long	 connect_s;	/* seconds to connect */
	long	 timeout_s;	/* seconds for a fetch, redirects and
				   retries included */
	long	 max_time_s;	/* seconds for the whole run; 0: none */
	/* Address classes (CRAWL_LOOPBACK...) that may be connected to. */
	unsigned private_ok;
	/* May f fetch this URL, its own or a redirect's? NULL: all may. */
	int	(*allowed)(void *arg, const struct fetch *f, const char *url);
	void	*arg;		/* allowed's, and each fetch's done's */
};

/* Retry-After obeyed up to this many seconds (longer is cut to it), this
   many times a fetch. */
#define CRAWL_RETRY_AFTER_MAX	60
#define CRAWL_RETRIES		2

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
	int	 unsafe;	/* a hop to no http(s) URL, or to an address
				   the audit may not reach: error says */
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
	double	 deadline;	/* monotonic seconds; 0 before its start */
	int	 retries;
	unsigned private_ok;	/* the options', for the socket callback */
	/*
	 * Through a proxy, the URL's host is judged first, by a transfer
	 * that resolves it and connects nowhere: every address it has must
	 * be one the audit may reach, as the proxy may take any.
	 */
	int	 proxied;
	int	 judging;	/* the judging transfer runs */
	int	 judged;	/* and found addresses, each allowed */
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
/* True once the run's max_time_s has passed: later fetches failed. */
int	crawler_expired(const struct crawler *);
/* Spaces the starts of transfers by at least seconds (a Crawl-delay). */
void	crawler_min_gap(struct crawler *, double seconds);
/* Times 429 or 503 slowed the run. */
size_t	crawler_slowed(const struct crawler *);
/* The address classes of host (CRAWL_LOOPBACK...), 0 when it is public. */
unsigned crawl_address_classes(const char *host);
void	crawler_free(struct crawler *);
void	fetch_free(struct fetch *);

#endif
