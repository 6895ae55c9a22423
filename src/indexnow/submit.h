/*
 * One IndexNow pass: what changed since the last, against the state,
 * submitted in batches and recorded as each is answered.
 */
#ifndef SITEMAPD_INDEXNOW_SUBMIT_H
#define SITEMAPD_INDEXNOW_SUBMIT_H

#include "indexnow.h"
#include "log.h"
#include "report.h"
#include "state.h"

/* Submissions and refusals are logged at most once a second. */
extern struct log_limit indexnow_said;

struct indexnow_outcome {
	int		 first;		/* the site was first seen: nothing sent */
	size_t		 added, changed, removed;
	size_t		 sent, refused, pending;
	long		 wait;		/* seconds the endpoint asked, or 0 */
};

/*
 * Submits (send) or only counts what listed asks of the state. -1 with
 * why when the state cannot be used; what an endpoint answers is in out.
 */
int	indexnow_pass(struct indexnow_state *, const struct config *,
	    const struct indexnow_set *listed, int send,
	    struct indexnow_outcome *, struct buf *why);
/*
 * "sitemapd indexnow": one pass over cfg's site, for a CGI site's cron or
 * deploy script. 0 when all was accepted or nothing changed.
 */
int	indexnow_once(const struct config *);
/* What check says of [indexnow]: the key file as fetched, what is pending. */
void	indexnow_report(const struct config *, const struct reporter *);

#endif
