/*
 * Shared strings in their slabs: every length kept whole beside thousands
 * of others, a NUL inside ending one, the last holder freeing it, a slot
 * let go handed out again, and threads making and dropping them at once.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared_str.h"
#include "unit.h"

#define LIVE	3000

static void	fill(char *, size_t len, unsigned seed);

/* Slots never overlap: each string reads back after all are made. */
static void
test_every_length(void)
{
	static char *live[LIVE];
	char want[700];

	for (size_t i = 0; i < LIVE; i++) {
		fill(want, i % 700, (unsigned)i);
		live[i] = shared_str_ndup(want, i % 700);
	}
	for (size_t i = 0; i < LIVE; i++) {
		fill(want, i % 700, (unsigned)i);
		CU_ASSERT_STRING_EQUAL(live[i], want);
		if (i > 0)
			CU_ASSERT_PTR_NOT_EQUAL(live[i], live[i - 1]);
	}
	for (size_t i = 0; i < LIVE; i++)
		shared_str_drop(live[i]);
}

static void
test_nul_inside(void)
{
	char *s = shared_str_ndup("ab\0cd", 5);

	CU_ASSERT_STRING_EQUAL(s, "ab");
	shared_str_drop(s);
	s = shared_str_ndup("abcdef", 3);
	CU_ASSERT_STRING_EQUAL(s, "abc");
	shared_str_drop(s);
	CU_ASSERT_PTR_NULL(shared_str_hold(NULL));
	shared_str_drop(NULL);
}

/*
 * Held three times, it lasts till the third drop (the sanitizer build
 * sees a read after its free); then its slot is spare, and taken again
 * by the next string of its size.
 */
static void
test_holders_and_reuse(void)
{
	char *s = shared_str_dup("blog/924/page-92423.html"), *t;
	size_t spare;

	CU_ASSERT_PTR_EQUAL(shared_str_hold(s), s);
	shared_str_hold(s);
	shared_str_drop(s);
	shared_str_drop(s);
	CU_ASSERT_STRING_EQUAL(s, "blog/924/page-92423.html");
	spare = shared_str_spare();
	shared_str_drop(s);
	/* A slab build counts its slot spare; malloc's counts nothing. */
	if (shared_str_spare() != 0) {
		CU_ASSERT_EQUAL(shared_str_spare(), spare + 32);
		t = shared_str_dup("docs/411/page-41123.html");
		CU_ASSERT_PTR_EQUAL(t, s);
		CU_ASSERT_EQUAL(shared_str_spare(), spare);
		shared_str_drop(t);
	} else
		CU_ASSERT_EQUAL(spare, 0);
}

struct churn {
	unsigned	 seed;
	int		 bad;
};

static void *
churn(void *arg)
{
	struct churn *c = arg;
	char *kept[64] = { NULL }, want[300];

	for (unsigned i = 0; i < 20000; i++) {
		size_t at = i % 64, len = (c->seed + i * 7) % 300;

		if (kept[at] != NULL) {
			fill(want, strlen(kept[at]), c->seed + i - 64);
			c->bad |= strcmp(kept[at], want) != 0;
			shared_str_drop(kept[at]);
		}
		fill(want, len, c->seed + i);
		kept[at] = shared_str_dup(want);
	}
	for (size_t at = 0; at < 64; at++)
		shared_str_drop(kept[at]);
	return NULL;
}

/* Four threads at once: no slot handed to two strings. */
static void
test_threads(void)
{
	pthread_t t[4];
	struct churn c[4];

	for (unsigned i = 0; i < 4; i++) {
		c[i] = (struct churn){ i * 1000003u, 0 };
		CU_ASSERT_EQUAL(pthread_create(&t[i], NULL, churn, &c[i]), 0);
	}
	for (unsigned i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		CU_ASSERT_EQUAL(c[i].bad, 0);
	}
}

void
suite_shared_str(void)
{
	static CU_TestInfo tests[] = {
		{ "every length, each in its own slot", test_every_length },
		{ "a NUL inside ends it", test_nul_inside },
		{ "holders, then its slot again", test_holders_and_reuse },
		{ "threads making and dropping at once", test_threads },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("shared_str", tests);
}

/* len characters from seed, none a NUL. */
static void
fill(char *to, size_t len, unsigned seed)
{
	for (size_t i = 0; i < len; i++)
		to[i] = (char)('a' + (seed * 31 + i * 7) % 26);
	to[len] = '\0';
}
