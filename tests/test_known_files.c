/*
 * The known files, checked against a plain table of what is known after
 * random adds, drops, merges and scans, used as the document root uses
 * them: an id is added only when not known, a scan meets each path once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "known_files.h"
#include "unit.h"

enum { IDS = 300 };

static void	rel_of(uint64_t id, char *out, size_t size);
static int	matches(const struct known_files *kf, const int *known,
	    int step);

static void
test_known_files_match_a_table(void)
{
	struct known_files kf = { 0 };
	int known[IDS] = { 0 };
	unsigned seed = 11;
	char rel[32];

	for (int step = 0; step < 20000; step++) {
		uint64_t id = (uint64_t)(rand_r(&seed) % IDS);
		int op = rand_r(&seed) % 100;

		rel_of(id, rel, sizeof(rel));
		if (op < 45) {
			if (known_rel(&kf, id) == NULL) {
				CU_ASSERT_STRING_EQUAL(known_add(&kf, id, rel),
				    rel);
				known[id] = 1;
			}
		} else if (op < 90) {
			known_drop(&kf, id);
			known[id] = 0;
		} else if (op < 99) {
			known_merge(&kf);
			CU_ASSERT_EQUAL(known_pending(&kf), 0);
		} else {
			/* A scan starts afresh: each path met once. */
			known_free(&kf);
			for (uint64_t i = 0; i < IDS; i++) {
				known[i] = rand_r(&seed) % 2;
				rel_of(i, rel, sizeof(rel));
				if (known[i])
					known_add_scanned(&kf, i, rel);
			}
			/* Changes may follow it before its merge. */
			if (rand_r(&seed) % 2)
				known_merge(&kf);
		}
		if (!matches(&kf, known, step))
			break;
	}
	known_merge(&kf);
	for (size_t i = 0; i < kf.nfiles; i++) {
		CU_ASSERT_PTR_NOT_NULL(kf.files[i].rel);
		CU_ASSERT(i == 0 || kf.files[i - 1].id < kf.files[i].id);
	}
	known_free(&kf);
	CU_ASSERT_EQUAL(kf.nfiles, 0);
}

/* A hundred thousand added, then each dropped: none left behind. */
static void
test_every_added_file_can_go(void)
{
	enum { N = 100000 };
	struct known_files kf = { 0 };
	size_t left = 0;

	for (uint64_t id = 0; id < N; id++)
		known_add(&kf, id * 7919, "p.html");
	for (uint64_t id = 0; id < N; id += 2)
		known_drop(&kf, id * 7919);
	known_merge(&kf);
	for (uint64_t id = 0; id < N; id++)
		left += known_rel(&kf, id * 7919) != NULL;
	CU_ASSERT_EQUAL(left, N / 2);
	CU_ASSERT_EQUAL(kf.nfiles, N / 2);
	for (uint64_t id = 1; id < N; id += 2)
		known_drop(&kf, id * 7919);
	CU_ASSERT_EQUAL(known_pending(&kf), N / 2);
	known_merge(&kf);
	CU_ASSERT_EQUAL(kf.nfiles, 0);
	known_free(&kf);
}

static void
rel_of(uint64_t id, char *out, size_t size)
{
	snprintf(out, size, "f/%llu.html", (unsigned long long)id);
}

/* Every id known as the table says, with its path; reports the step. */
static int
matches(const struct known_files *kf, const int *known, int step)
{
	char want[32];

	for (uint64_t id = 0; id < IDS; id++) {
		const char *rel = known_rel(kf, id);

		rel_of(id, want, sizeof(want));
		if (known[id] ? rel == NULL || strcmp(rel, want) != 0 :
		    rel != NULL) {
			fprintf(stderr, "step %d: id %llu %s\n", step,
			    (unsigned long long)id, known[id] ?
			    "lost" : "still known");
			CU_FAIL("the known files differ from the table");
			return 0;
		}
	}
	return 1;
}

void
suite_known_files(void)
{
	static CU_TestInfo tests[] = {
		{ "adds, drops, merges and scans answer as a table",
		    test_known_files_match_a_table },
		{ "a hundred thousand added can each be dropped",
		    test_every_added_file_can_go },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("known_files", tests);
}
