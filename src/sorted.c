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

static int
by_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

void
sorted_remove(struct sorted *s, size_t *idx, size_t n)
{
	size_t to, k = 0;

	if (n == 0)
		return;
	qsort(idx, n, sizeof(*idx), by_index);
	for (size_t j = 0; j < n; j++)
		if (k == 0 || idx[j] != idx[k - 1])
			idx[k++] = idx[j];
	n = k;
	to = idx[0];
	for (size_t j = 0; j < n; j++) {
		size_t from = idx[j] + 1;
		size_t end = j + 1 < n ? idx[j + 1] : s->n;

		memmove(sorted_at(s, to), sorted_at(s, from),
		    (end - from) * s->size);
		to += end - from;
	}
	s->n -= n;
}

void
sorted_sort(const struct sorted *s, void *add, size_t n)
{
	if (n > 1)
		qsort(add, n, s->size, s->cmp);
}

/*
 * From the last new row to the first: each finds its place among the old
 * rows still below it, and the old rows above that place move up once,
 * in one block, to where they end.
 */
void
sorted_insert(struct sorted *s, const void *add, size_t n, size_t *placed)
{
	size_t old = s->n;

	if (n == 0)
		return;
	s->rows = xreallocarray(s->rows, s->n + n, s->size);
	for (size_t j = n; j-- > 0;) {
		const void *row = (const char *)add + j * s->size;
		size_t at = search(s, old, row, 0);

		memmove(sorted_at(s, at + j + 1), sorted_at(s, at),
		    (old - at) * s->size);
		memcpy(sorted_at(s, at + j), row, s->size);
		if (placed)
			placed[j] = at + j;
		old = at;
	}
	s->n += n;
}

void
sorted_free(struct sorted *s)
{
	free(s->rows);
	s->rows = NULL;
	s->n = 0;
}
