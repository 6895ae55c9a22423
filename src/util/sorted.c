/* Arrays kept in order by removing and inserting rows in place. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "sorted.h"

void *
sorted_at(const struct sorted *s, size_t i)
{
	return (char *)s->rows + i * s->size;
}

int
sorted_by_string_then_id(const char *a, uint64_t ida, const char *b,
    uint64_t idb)
{
	int c = strcmp(a, b);

	if (c != 0)
		return c;
	return ida < idb ? -1 : ida > idb;
}

/* The first index of rows[0..hi) where cmp(row, key) > bias, or hi. */
static size_t
search(const struct sorted *s, size_t hi, const void *key, int bias)
{
	size_t lo = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->cmp(sorted_at(s, mid), key) <= bias)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t
sorted_lower(const struct sorted *s, const void *key)
{
	return search(s, s->n, key, -1);
}

size_t
sorted_upper(const struct sorted *s, const void *key)
{
	return search(s, s->n, key, 0);
}

size_t
sorted_find(const struct sorted *s, const void *key)
{
	size_t i = sorted_lower(s, key);

	return i < s->n && s->cmp(sorted_at(s, i), key) == 0 ? i : SIZE_MAX;
}

int
sorted_by_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

void
sorted_indices(size_t *idx, size_t *n)
{
	size_t k = 0;

	if (*n > 1)
		qsort(idx, *n, sizeof(*idx), sorted_by_index);
	for (size_t j = 0; j < *n; j++)
		if (idx[j] != SIZE_MAX && (k == 0 || idx[j] != idx[k - 1]))
			idx[k++] = idx[j];
	*n = k;
}

void
sorted_sort(const struct sorted *s, void *add, size_t n)
{
	if (n > 1)
		qsort(add, n, s->size, s->cmp);
}

struct run {
	size_t		 from, to;	/* old rows [from, to) */
	long long	 shift;
};

/*
 * Removing and inserting in one pass: each old row that stays moves once,
 * by the rows inserted minus the rows removed before it, so a row out and
 * a row in move only the rows between them. Runs moving left go first,
 * left to right, then runs moving right, right to left: no run lands on
 * one not yet moved.
 */
void
sorted_edit(struct sorted *s, size_t *rm, size_t nrm, const void *add,
    size_t nadd, size_t *placed)
{
	size_t *at = xcalloc(nadd + 1, sizeof(*at));
	struct run *runs = xcalloc(nrm + nadd + 1, sizeof(*runs));
	size_t nruns = 0, r = 0, j = 0, from = 0, old = s->n;

	for (size_t k = 0; k < nadd; k++)
		at[k] = search(s, old, (const char *)add + k * s->size, 0);
	for (;;) {
		size_t to = old;

		while (r < nrm && rm[r] == from) {
			r++;
			from++;
		}
		while (j < nadd && at[j] <= from)
			j++;
		if (from >= old)
			break;
		if (r < nrm && rm[r] < to)
			to = rm[r];
		if (j < nadd && at[j] < to)
			to = at[j];
		runs[nruns++] = (struct run){ from, to,
		    (long long)j - (long long)r };
		from = to;
	}
	if (nadd > nrm)
		s->rows = xreallocarray(s->rows, old - nrm + nadd, s->size);
	for (size_t k = 0; k < nruns; k++)
		if (runs[k].shift < 0)
			memmove(sorted_at(s, runs[k].from + runs[k].shift),
			    sorted_at(s, runs[k].from),
			    (runs[k].to - runs[k].from) * s->size);
	for (size_t k = nruns; k-- > 0;)
		if (runs[k].shift > 0)
			memmove(sorted_at(s, runs[k].from + runs[k].shift),
			    sorted_at(s, runs[k].from),
			    (runs[k].to - runs[k].from) * s->size);
	for (size_t k = 0, gone = 0; k < nadd; k++) {
		size_t to;

		while (gone < nrm && rm[gone] < at[k])
			gone++;
		to = at[k] - gone + k;
		memcpy(sorted_at(s, to), (const char *)add + k * s->size,
		    s->size);
		if (placed)
			placed[k] = to;
	}
	s->n = old - nrm + nadd;
	free(at);
	free(runs);
}

void
sorted_free(struct sorted *s)
{
	free(s->rows);
	s->rows = NULL;
	s->n = 0;
}
