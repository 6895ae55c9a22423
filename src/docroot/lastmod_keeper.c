/*
 * The lastmod store's own thread. It alone touches the store; callers
 * hand it work in order (a scan's start, pages to date, a scan's end)
 * under one lock, and wait on it only as long as they may. A store that
 * fails is closed and opened again after a wait that doubles; the pages
 * it could not date meanwhile are owed, one entry per page, and dated as
 * soon as it is back, their ids then late for the source to read again.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "id_map.h"
#include "lastmod_keeper.h"
#include "log.h"

enum op_kind { OP_START, OP_DATES, OP_END };

/* A piece of work, done in order. */
struct op {
	enum op_kind	 kind;
	const char	*path;		/* OP_START */
	int		 complete;	/* OP_END */
	struct lastmod_ask *asks;	/* OP_DATES: copies, URLs owned */
	uint64_t	*ids;
	size_t		 n;
	int		 done, answered;
	int		 abandoned;	/* its caller went on: it is freed here */
	struct op	*next;
};

struct lastmod_keeper {
	pthread_mutex_t	 lock;		/* all but the store, below */
	pthread_cond_t	 work;		/* for the thread */
	pthread_cond_t	 done;		/* for callers */
	pthread_t	 thread;
	int		 stopping;
	struct op	*first, *last;
	size_t		 awaited;	/* abandoned and not yet done */
	struct lastmod_ask *owed;	/* what a failed store could not date */
	uint64_t	*owed_ids;
	size_t		 nowed;
	struct id_map	 owed_at;
	struct id_list	 late;
	int		 older;		/* lastmod_store_older, as last read */
	const struct reporter *report;
	/* The thread's alone. */
	struct lastmod_store *store;
	char		*path;
	time_t		 retry;		/* after a fault: when to try again */
	int		 backoff;	/* seconds to the next try; 0 in use */
};

static void	*keep(void *);
static void	 learn_older(struct lastmod_keeper *);
static void	 run(struct lastmod_keeper *, struct op *);
static void	 finish(struct lastmod_keeper *, struct op *);
static struct op *owed_op(struct lastmod_keeper *);
static void	 owe(struct lastmod_keeper *, const struct op *);
static void	 enqueue(struct lastmod_keeper *, struct op *);
static void	 wait_done(struct lastmod_keeper *, struct op *);
static int	 store_ready(struct lastmod_keeper *);
static void	 store_failed(struct lastmod_keeper *, struct buf *);
static void	 op_free(struct op *);
static time_t	 monotonic(void);

struct lastmod_keeper *
lastmod_keeper_new(const struct reporter *rep)
{
	struct lastmod_keeper *k = xcalloc(1, sizeof(*k));
	pthread_condattr_t attr;

	k->report = rep;
	k->older = 1;	/* until a store is read */
	pthread_mutex_init(&k->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&k->work, &attr);
	pthread_cond_init(&k->done, &attr);
	pthread_condattr_destroy(&attr);
	if (pthread_create(&k->thread, NULL, keep, k) != 0)
		abort();	/* only for want of memory, as xmalloc */
	return k;
}

int
lastmod_keeper_older(struct lastmod_keeper *k)
{
	int older;

	pthread_mutex_lock(&k->lock);
	older = k->older;
	pthread_mutex_unlock(&k->lock);
	return older;
}

void
lastmod_keeper_free(struct lastmod_keeper *k)
{
	if (k == NULL)
		return;
	pthread_mutex_lock(&k->lock);
	k->stopping = 1;
	pthread_cond_signal(&k->work);
	pthread_mutex_unlock(&k->lock);
	pthread_join(k->thread, NULL);
	while (k->first != NULL) {
		struct op *op = k->first;

		k->first = op->next;
		op_free(op);
	}
	for (size_t i = 0; i < k->nowed; i++)
		free((char *)k->owed[i].url);
	free(k->owed);
	free(k->owed_ids);
	id_map_free(&k->owed_at);
	id_list_free(&k->late);
	lastmod_store_close(k->store);
	free(k->path);
	pthread_cond_destroy(&k->work);
	pthread_cond_destroy(&k->done);
	pthread_mutex_destroy(&k->lock);
	free(k);
}

void
lastmod_keeper_start_scan(struct lastmod_keeper *k, const char *path)
{
	struct op op = { .kind = OP_START, .path = path };

	enqueue(k, &op);
	wait_done(k, &op);
}

void
lastmod_keeper_end_scan(struct lastmod_keeper *k, int complete)
{
	struct op op = { .kind = OP_END, .complete = complete };

	enqueue(k, &op);
	wait_done(k, &op);
}

int
lastmod_keeper_dates(struct lastmod_keeper *k, struct lastmod_ask *asks,
    const uint64_t *ids, size_t n, long wait_ms)
{
	struct op *op = xcalloc(1, sizeof(*op));
	struct timespec until;
	int answered;

	op->kind = OP_DATES;
	op->n = n;
	op->asks = xreallocarray(NULL, n, sizeof(*op->asks));
	op->ids = xreallocarray(NULL, n, sizeof(*op->ids));
	for (size_t i = 0; i < n; i++) {
		op->asks[i] = asks[i];
		op->asks[i].url = xstrdup(asks[i].url);
		op->ids[i] = ids[i];
	}
	clock_gettime(CLOCK_MONOTONIC, &until);
	if (wait_ms > 0) {
		until.tv_sec += wait_ms / 1000;
		until.tv_nsec += wait_ms % 1000 * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
	}
	enqueue(k, op);
	pthread_mutex_lock(&k->lock);
	/* One wait a request: none while an earlier answer is awaited. */
	if (k->awaited > 0 && wait_ms >= 0)
		wait_ms = 0;
	while (!op->done && wait_ms != 0)
		if (wait_ms < 0)
			pthread_cond_wait(&k->done, &k->lock);
		else if (pthread_cond_timedwait(&k->done, &k->lock, &until) != 0)
			break;
	if (!op->done) {
		op->abandoned = 1;
		k->awaited++;
		pthread_mutex_unlock(&k->lock);
		return 0;
	}
	pthread_mutex_unlock(&k->lock);
	if ((answered = op->answered))
		for (size_t i = 0; i < n; i++) {
			asks[i].date = op->asks[i].date;
			asks[i].remembered = op->asks[i].remembered;
		}
	op_free(op);
	return answered;
}

void
lastmod_keeper_late(struct lastmod_keeper *k, struct id_list *out)
{
	pthread_mutex_lock(&k->lock);
	for (size_t i = 0; i < k->late.n; i++)
		id_list_add(out, k->late.ids[i]);
	id_list_free(&k->late);
	pthread_mutex_unlock(&k->lock);
}

/* The thread: the work in order; when idle, what is owed once it may be. */
static void *
keep(void *arg)
{
	struct lastmod_keeper *k = arg;

	pthread_mutex_lock(&k->lock);
	for (;;) {
		struct op *op = k->first;

		if (op == NULL && k->stopping)
			break;
		if (op == NULL && k->nowed > 0 && monotonic() >= k->retry)
			op = owed_op(k);
		else if (op != NULL && (k->first = op->next) == NULL)
			k->last = NULL;
		if (op == NULL) {
			struct timespec until = { k->retry, 0 };

			if (k->nowed > 0)
				pthread_cond_timedwait(&k->work, &k->lock,
				    &until);
			else
				pthread_cond_wait(&k->work, &k->lock);
			continue;
		}
		pthread_mutex_unlock(&k->lock);
		run(k, op);
		pthread_mutex_lock(&k->lock);
		finish(k, op);
	}
	pthread_mutex_unlock(&k->lock);
	return NULL;
}

/* One piece of work, on the store, without the lock. */
static void
run(struct lastmod_keeper *k, struct op *op)
{
	struct buf why = BUF_INIT;

	switch (op->kind) {
	case OP_START:
		if (op->path == NULL || k->path == NULL ||
		    strcmp(op->path, k->path) != 0) {
			lastmod_store_close(k->store);
			k->store = NULL;
			k->backoff = 0;
			k->retry = 0;
			free(k->path);
			k->path = op->path ? xstrdup(op->path) : NULL;
		}
		if (k->store != NULL && lastmod_store_load(k->store, &why) == -1)
			store_failed(k, &why);
		else if (store_ready(k))
			learn_older(k);
		break;
	case OP_DATES:
		if (!store_ready(k))
			break;
		if (lastmod_store_dates(k->store, op->asks, op->n, &why) == -1)
			store_failed(k, &why);
		else
			op->answered = 1;
		break;
	case OP_END:
		if (k->store && lastmod_store_sweep(k->store, op->complete,
		    time(NULL), &why) == -1)
			store_failed(k, &why);
		break;
	}
	buf_free(&why);
}

/* Under the lock: its answer to its caller, or late, or owed. */
static void
finish(struct lastmod_keeper *k, struct op *op)
{
	if (op->kind == OP_DATES && !op->answered && k->path != NULL)
		owe(k, op);
	if (op->kind == OP_DATES && op->answered && op->abandoned)
		for (size_t i = 0; i < op->n; i++)
			id_list_add(&k->late, op->ids[i]);
	if (op->abandoned) {
		if (k->awaited > 0)
			k->awaited--;
		op_free(op);
		return;
	}
	op->done = 1;
	pthread_cond_broadcast(&k->done);
}

/* All that is owed, as one piece of work whose caller has gone. */
static struct op *
owed_op(struct lastmod_keeper *k)
{
	struct op *op = xcalloc(1, sizeof(*op));

	op->kind = OP_DATES;
	op->asks = k->owed;
	op->ids = k->owed_ids;
	op->n = k->nowed;
	op->abandoned = 1;
	k->awaited++;
	k->owed = NULL;
	k->owed_ids = NULL;
	k->nowed = 0;
	id_map_free(&k->owed_at);
	return op;
}

/* The pages of op, owed: the latest ask of each page stands. */
static void
owe(struct lastmod_keeper *k, const struct op *op)
{
	for (size_t i = 0; i < op->n; i++) {
		size_t at;

		if (id_map_get(&k->owed_at, op->ids[i], &at))
			free((char *)k->owed[at].url);
		else {
			k->owed = xgrowarray(k->owed, k->nowed,
			    sizeof(*k->owed));
			k->owed_ids = xgrowarray(k->owed_ids, k->nowed,
			    sizeof(*k->owed_ids));
			at = k->nowed++;
			id_map_put(&k->owed_at, op->ids[i], at);
			k->owed_ids[at] = op->ids[i];
		}
		k->owed[at] = op->asks[i];
		k->owed[at].url = xstrdup(op->asks[i].url);
		k->owed[at].remembered = 0;
	}
}

static void
enqueue(struct lastmod_keeper *k, struct op *op)
{
	pthread_mutex_lock(&k->lock);
	if (k->last)
		k->last->next = op;
	else
		k->first = op;
	k->last = op;
	pthread_cond_signal(&k->work);
	pthread_mutex_unlock(&k->lock);
}

static void
wait_done(struct lastmod_keeper *k, struct op *op)
{
	pthread_mutex_lock(&k->lock);
	while (!op->done)
		pthread_cond_wait(&k->done, &k->lock);
	pthread_mutex_unlock(&k->lock);
}

/*
 * Whether the store may be asked: one that failed is opened and read
 * again once its wait is over, so that a lock, a server restarted or a
 * file removed costs that wait and nothing more.
 */
/* What the store just read says of older rows, for the readers of pages. */
static void
learn_older(struct lastmod_keeper *k)
{
	pthread_mutex_lock(&k->lock);
	k->older = lastmod_store_older(k->store);
	pthread_mutex_unlock(&k->lock);
}

static int
store_ready(struct lastmod_keeper *k)
{
	struct buf why = BUF_INIT;

	if (k->store != NULL)
		return 1;
	if (k->path == NULL || monotonic() < k->retry)
		return 0;
	if ((k->store = lastmod_store_open(k->path, &why)) == NULL ||
	    lastmod_store_load(k->store, &why) == -1) {
		store_failed(k, &why);
		buf_free(&why);
		return 0;
	}
	learn_older(k);
	/* The log's, not check's: said each time, unlike a page's note. */
	if (k->backoff > 0)
		log_msg("[docroot] lastmod_store %s: in use again",
		    lastmod_store_name(k->store));
	k->backoff = 0;
	buf_free(&why);
	return 1;
}

/* Said at each fault: until the next try, the files' dates. */
static void
store_failed(struct lastmod_keeper *k, struct buf *why)
{
	k->backoff = k->backoff == 0 ? LASTMOD_RETRY_FIRST_S :
	    k->backoff * 2 > LASTMOD_RETRY_MAX_S ? LASTMOD_RETRY_MAX_S :
	    k->backoff * 2;
	k->retry = monotonic() + k->backoff;
	report(k->report, FINDING_PROBLEM, "[docroot] lastmod_store %s; pages "
	    "keep their files' dates until it answers, and it is tried again "
	    "in %d s", buf_str(why), k->backoff);
	lastmod_store_close(k->store);
	k->store = NULL;
}

static void
op_free(struct op *op)
{
	for (size_t i = 0; op->kind == OP_DATES && i < op->n; i++)
		free((char *)op->asks[i].url);
	free(op->asks);
	free(op->ids);
	free(op);
}

static time_t
monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}
