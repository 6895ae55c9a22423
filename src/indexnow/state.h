/*
 * What IndexNow was told of each URL, kept in SQLite or, for a farm, in
 * PostgreSQL ([indexnow] state): a restart submits nothing again, a
 * change made while no process ran is submitted at the next start, and
 * processes sharing the state submit each change once between them.
 */
#ifndef SITEMAPD_INDEXNOW_STATE_H
#define SITEMAPD_INDEXNOW_STATE_H

#include "buf.h"
#include "indexnow.h"

struct indexnow_state;

/* What to submit, against what the state says was submitted. */
struct indexnow_todo {
	char		**urls;
	uint64_t	*seen;		/* to record: 0, no longer listed */
	size_t		 n;
	size_t		 added, changed, removed;
	int		 first;		/* the state knew nothing of the site:
					   what is listed is recorded, and
					   nothing is to be submitted */
};

struct indexnow_state *indexnow_state_open(const char *where,
	    struct buf *why);
void	indexnow_state_close(struct indexnow_state *);
/* Where it is, fit for a log. */
const char *indexnow_state_name(const struct indexnow_state *);

/*
 * Begins a transaction in which no other process sharing the state can
 * begin one, and fills todo with what listed (the URLs under base) asks.
 * -1 with why, the transaction ended, when the state cannot be used or
 * another process holds it for longer than the state waits.
 */
int	indexnow_state_begin(struct indexnow_state *, const char *base,
	    const struct indexnow_set *listed, struct indexnow_todo *,
	    struct buf *why);
/* Records todo's URLs from, up to to, as submitted. */
int	indexnow_state_record(struct indexnow_state *,
	    const struct indexnow_todo *, size_t from, size_t to,
	    struct buf *why);
/* Commits what was recorded, or forgets it. */
int	indexnow_state_end(struct indexnow_state *, int commit,
	    struct buf *why);
void	indexnow_todo_free(struct indexnow_todo *);

#endif
