/*
 * Sorted arrays edited in place, checked against the same edit done the
 * slow way (remove, append, qsort) on random arrays.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sorted.h"
#include "unit.h"

static int
by_value(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/* One random edit of a random sorted array of small numbers (repeats). */
static void
edit_once(unsigned seed)
{
	size_t n = (size_t)(rand_r(&seed) % 40), nrm = 0, nadd;
	int *rows = calloc(n + 1, sizeof(int)), *want, *add;
	size_t *rm = calloc(n + 1, sizeof(size_t)), *placed, k = 0;
	struct sorted s = { rows, n, sizeof(int), by_value };

	for (size_t i = 0; i < n; i++)
		rows[i] = rand_r(&seed) % 30;
	qsort(rows, n, sizeof(int), by_value);
	for (size_t i = 0; i < n; i++)
		if (rand_r(&seed) % 3 == 0)
			rm[nrm++] = i;
	nadd = (size_t)(rand_r(&seed) % 10);
	add = calloc(nadd + 1, sizeof(int));
	placed = calloc(nadd + 1, sizeof(size_t));
	for (size_t j = 0; j < nadd; j++)
		add[j] = rand_r(&seed) % 30;
	qsort(add, nadd, sizeof(int), by_value);

	want = calloc(n + nadd + 1, sizeof(int));
	for (size_t i = 0, r = 0; i < n; i++) {
		if (r < nrm && rm[r] == i) {
			r++;
			continue;
		}
		want[k++] = rows[i];
	}
	memcpy(want + k, add, nadd * sizeof(int));
	k += nadd;
	qsort(want, k, sizeof(int), by_value);

	sorted_edit(&s, rm, nrm, add, nadd, placed);
	CU_ASSERT_EQUAL(s.n, k);
	CU_ASSERT_EQUAL(memcmp(s.rows, want, k * sizeof(int)), 0);
	for (size_t j = 0; j < nadd; j++) {
		CU_ASSERT(placed[j] < s.n);
		CU_ASSERT_EQUAL(((int *)s.rows)[placed[j]], add[j]);
		CU_ASSERT(j == 0 || placed[j] > placed[j - 1]);
		/* After the old rows equal to it: an old row next is above. */
		if (placed[j] + 1 < s.n &&
		    (j + 1 == nadd || placed[j + 1] != placed[j] + 1))
			CU_ASSERT(((int *)s.rows)[placed[j] + 1] > add[j]);
	}
	free(s.rows);
	free(rm);
	free(add);
	free(placed);
	free(want);
}

static void
test_edit_matches_a_full_sort(void)
{
	for (unsigned seed = 1; seed <= 500; seed++)
		edit_once(seed);
}

static void
test_find(void)
{
	int rows[] = { 1, 3, 3, 7 }, key = 3, absent = 4;
	struct sorted s = { rows, 4, sizeof(int), by_value };

	CU_ASSERT_EQUAL(sorted_find(&s, &key), 1);
	CU_ASSERT_EQUAL(sorted_lower(&s, &key), 1);
	CU_ASSERT_EQUAL(sorted_upper(&s, &key), 3);
	CU_ASSERT_EQUAL(sorted_find(&s, &absent), SIZE_MAX);
}

void
suite_sorted(void)
{
	static CU_TestInfo tests[] = {
		{ "an edit in place matches a full sort",
		    test_edit_matches_a_full_sort },
		{ "find, lower and upper", test_find },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("sorted", tests);
}
