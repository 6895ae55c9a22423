/*
 * parallel_each: threads that take indices in runs of a few, until none
 * is left. Each call writes only what its index owns, so nothing is
 * locked but the counter.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "parallel.h"

/* Indices a thread takes at once: the counter is not fought over. */
#define RUN	32

struct work {
	size_t		 n;
	void		(*each)(void *, size_t);
	void		*arg;
	atomic_size_t	 next;
};

static void *
worker(void *p)
{
	struct work *w = p;
	size_t i;

	while ((i = atomic_fetch_add(&w->next, RUN)) < w->n)
		for (size_t k = i; k < i + RUN && k < w->n; k++)
			w->each(w->arg, k);
	return NULL;
}

void
parallel_each(size_t n, void (*each)(void *arg, size_t i), void *arg)
{
	struct work w = { n, each, arg, 0 };
	pthread_t threads[PARALLEL_THREADS - 1];
	size_t want = n / PARALLEL_EACH, started = 0;

	if (want > PARALLEL_THREADS)
		want = PARALLEL_THREADS;
	/* The caller is one of them; a thread not started leaves it more. */
	while (started + 1 < want && pthread_create(&threads[started], NULL,
	    worker, &w) == 0)
		started++;
	worker(&w);
	for (size_t t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
}
