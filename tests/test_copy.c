#include <stdlib.h>
#include <string.h>

#include "copy_short.h"
#include "unit.h"

/*
 * Every length a path or a base URL can have in a part, and more: source
 * and destination allocated to the byte, so that the sanitizer build
 * catches a read or write past either; guards around a copy into a larger
 * buffer stay as they were.
 */
static void
test_every_length(void)
{
	for (size_t n = 0; n <= 200; n++) {
		char *from = malloc(n + (n == 0)), *to = malloc(n + (n == 0));
		char guarded[256];

		for (size_t i = 0; i < n; i++)
			from[i] = (char)('a' + (i * 7 + n) % 26);
		CU_ASSERT_PTR_EQUAL(copy_short(to, from, n), to + n);
		CU_ASSERT(memcmp(to, from, n) == 0);
		memset(guarded, '#', sizeof(guarded));
		copy_short(guarded + 8, from, n);
		CU_ASSERT(memcmp(guarded + 8, from, n) == 0);
		for (size_t i = 0; i < 8; i++)
			CU_ASSERT_EQUAL(guarded[i], '#');
		for (size_t i = 8 + n; i < sizeof(guarded); i++)
			CU_ASSERT_EQUAL(guarded[i], '#');
		free(from);
		free(to);
	}
}

void
suite_copy(void)
{
	static CU_TestInfo tests[] = {
		{ "every length, nothing outside touched", test_every_length },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("copy_short", tests);
}
