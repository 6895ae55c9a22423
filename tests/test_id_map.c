/*
 * The id map, checked against a plain array of the same puts, and arrays
 * grown one element at a time by xgrowarray.
 */
#include <stdint.h>
#include <stdlib.h>

#include "buf.h"
#include "id_map.h"
#include "unit.h"

static void
test_map_matches_an_array(void)
{
	enum { N = 3000 };
	static uint64_t ids[N];
	static size_t want[N];
	struct id_map m = { 0 };
	unsigned seed = 7;
	size_t at;

	/* Few bits of id, so that many puts replace an earlier one. */
	for (size_t i = 0; i < N; i++) {
		ids[i] = (uint64_t)(rand_r(&seed) % 1000) << 40;
		id_map_put(&m, ids[i], i);
		for (size_t j = 0; j <= i; j++)
			if (ids[j] == ids[i])
				want[j] = i;
	}
	for (size_t i = 0; i < N; i++) {
		CU_ASSERT(id_map_get(&m, ids[i], &at));
		CU_ASSERT_EQUAL(at, want[i]);
	}
	CU_ASSERT_FALSE(id_map_get(&m, 1, &at));
	id_map_free(&m);
	CU_ASSERT_FALSE(id_map_get(&m, ids[0], &at));
}

static void
test_grown_array_keeps_every_element(void)
{
	size_t *v = NULL, n;

	for (n = 0; n < 5000; n++) {
		v = xgrowarray(v, n, sizeof(*v));
		v[n] = n;
	}
	for (size_t i = 0; i < n; i++)
		if (v[i] != i)
			CU_FAIL("an element was lost as the array grew");
	free(v);
}

void
suite_id_map(void)
{
	static CU_TestInfo tests[] = {
		{ "the map answers as an array of the same puts",
		    test_map_matches_an_array },
		{ "an array grown by doubling keeps every element",
		    test_grown_array_keeps_every_element },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("id_map", tests);
}
