/*
 * Which pages show which image files: a table of notes and what each
 * path and folder reads again, then random notes, repeated and asked of
 * between them so that the tail is merged many times, against a plain
 * list of what was noted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "id_list.h"
#include "image_users.h"
#include "unit.h"

static uint64_t	settled(const struct stat *);
static void	pages_of(struct dirty *, struct id_list *out);
static void	dirty_free(struct dirty *);

static void
test_image_users_answer_the_table(void)
{
	static const struct {
		const char	*rel;
		uint64_t	 page;
	} notes[] = {
		{ "img/a.png", 1 }, { "img/a.png", 1 }, { "img/a.png", 2 },
		{ "img/b.png", 3 }, { "a.png", 4 }, { "img/sub/c.png", 5 },
		{ "imgx/a.png", 6 },
	};
	static const struct {
		int		 line;
		int		 folder;	/* asked of a folder */
		const char	*rel;
		uint64_t	 pages[3];	/* in order, 0 ends */
	} cases[] = {
		{ __LINE__, 0, "img/a.png", { 1, 2 } },
		{ __LINE__, 0, "img/b.png", { 3 } },
		{ __LINE__, 0, "a.png", { 4 } },
		{ __LINE__, 0, "img", { 0 } },
		{ __LINE__, 0, "img/c.png", { 0 } },
		{ __LINE__, 1, "img", { 1, 2, 3 } },
		{ __LINE__, 1, "img/sub", { 5 } },
		{ __LINE__, 1, "imgx", { 6 } },
		{ __LINE__, 1, "", { 4 } },
		{ __LINE__, 1, "im", { 0 } },
	};
	struct image_users *u = image_users_new(settled);

	for (size_t i = 0; i < sizeof(notes) / sizeof(notes[0]); i++)
		image_users_note(u, notes[i].rel, NULL, notes[i].page, 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct dirty d = { 0 };
		struct id_list got = { 0 };
		size_t n = 0;

		if (cases[i].folder)
			image_users_dirty_folder(u, cases[i].rel, &d);
		else
			image_users_dirty(u, cases[i].rel, &d);
		pages_of(&d, &got);
		while (n < 3 && cases[i].pages[n] != 0)
			n++;
		UNIT_AT(cases[i].line, got.n == n);
		for (size_t k = 0; k < n && k < got.n; k++)
			UNIT_AT(cases[i].line, got.ids[k] == cases[i].pages[k]);
		id_list_free(&got);
		dirty_free(&d);
	}
	image_users_free(u);
}

/* 20,000 notes over 300 paths, asked of every 700 notes. */
static void
test_image_users_answer_as_a_list(void)
{
	enum { NOTES = 20000, PATHS = 300 };
	static uint64_t page_of[NOTES];
	static size_t path_of[NOTES];
	char paths[PATHS][24];
	unsigned seed = 7;
	struct image_users *u = image_users_new(settled);
	int wrong = 0;

	for (int p = 0; p < PATHS; p++)
		snprintf(paths[p], sizeof(paths[p]), "f%d/i%d.png", p % 17, p);
	for (size_t i = 0; i < NOTES; i++) {
		path_of[i] = (size_t)rand_r(&seed) % PATHS;
		page_of[i] = 1 + (uint64_t)rand_r(&seed) % 900;
		image_users_note(u, paths[path_of[i]], NULL, page_of[i], 0);
		if (i % 700 != 699)
			continue;
		for (int p = 0; p < PATHS; p += 13) {
			struct dirty d = { 0 };
			struct id_list got = { 0 }, want = { 0 };

			image_users_dirty(u, paths[p], &d);
			pages_of(&d, &got);
			for (size_t k = 0; k <= i; k++)
				if (path_of[k] == (size_t)p &&
				    !id_list_has(&want, page_of[k]))
					id_list_add(&want, page_of[k]);
			id_list_sort(&want);
			wrong += got.n != want.n || (got.n > 0 &&
			    memcmp(got.ids, want.ids, got.n * sizeof(*got.ids)));
			id_list_free(&got);
			id_list_free(&want);
			dirty_free(&d);
		}
	}
	CU_ASSERT_EQUAL(wrong, 0);
	image_users_free(u);
}

/* Every file as settled as any other: no state is compared here. */
static uint64_t
settled(const struct stat *st)
{
	(void)st;
	return 1;
}

/* The pages d names, each once, in order. */
static void
pages_of(struct dirty *d, struct id_list *out)
{
	for (size_t b = 0; b < PAGE_BUCKETS; b++)
		for (size_t i = 0; i < d->ids[b].n; i++)
			if (!id_list_has(out, d->ids[b].ids[i]))
				id_list_add(out, d->ids[b].ids[i]);
	id_list_sort(out);
}

static void
dirty_free(struct dirty *d)
{
	for (size_t b = 0; b < PAGE_BUCKETS; b++)
		id_list_free(&d->ids[b]);
}

void
suite_image_users(void)
{
	static CU_TestInfo tests[] = {
		{ "the pages of a path and of a folder, by table",
		    test_image_users_answer_the_table },
		{ "random notes answer as a list of them",
		    test_image_users_answer_as_a_list },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("image_users", tests);
}
