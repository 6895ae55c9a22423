/*
 * A function run over the indices [0, n) by a few threads, where each
 * call waits on the kernel (a stat on a network filesystem is a round
 * trip): they overlap. Few indices take no thread at all.
 */
#ifndef SITEMAPD_PARALLEL_H
#define SITEMAPD_PARALLEL_H

#include <stddef.h>

/* At most this many threads, each given at least PARALLEL_EACH indices. */
#define PARALLEL_THREADS	16
#define PARALLEL_EACH		256

/* Calls each(arg, i) once for every i below n, in no order; waits. */
void	parallel_each(size_t n, void (*each)(void *arg, size_t i), void *arg);

#endif
