/*
 * The folder set: a table of paths asked of two sets, one of folders and
 * one of the root itself, then random paths against a plain comparison
 * of prefixes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "folder_set.h"
#include "unit.h"

static int	plainly_above(const char *folder, const char *rel, int self);

static void
test_folders_answer_the_table(void)
{
	static const struct {
		int		 line;
		int		 root;	/* asked of { "" }, else of folders */
		const char	*rel;
		int		 folder_of, below, self;
	} cases[] = {
		{ __LINE__, 0, "docs/a.html", 1, 1, 1 },
		{ __LINE__, 0, "docs/x/y/a.html", 0, 1, 1 },
		{ __LINE__, 0, "docs", 0, 0, 1 },
		{ __LINE__, 0, "docsy/a.html", 0, 0, 0 },
		{ __LINE__, 0, "doc/a.html", 0, 0, 0 },
		{ __LINE__, 0, "a.html", 0, 0, 0 },
		{ __LINE__, 0, "blog", 0, 0, 0 },
		{ __LINE__, 0, "blog/p.html", 0, 0, 0 },
		{ __LINE__, 0, "blog/2020", 0, 0, 1 },
		{ __LINE__, 0, "blog/2020/p.html", 1, 1, 1 },
		{ __LINE__, 0, "blog/2020x/p.html", 0, 0, 0 },
		{ __LINE__, 0, "blog/2020/07/p.html", 0, 1, 1 },
		{ __LINE__, 0, "x/docs/a.html", 0, 0, 0 },
		{ __LINE__, 1, "a.html", 1, 1, 1 },
		{ __LINE__, 1, "d/a.html", 0, 1, 1 },
		{ __LINE__, 1, "", 1, 1, 1 },
	};
	struct folder_set folders = FOLDER_SET_INIT, root = FOLDER_SET_INIT;

	folder_set_add(&folders, "docs");
	folder_set_add(&folders, "blog/2020");
	folder_set_add(&folders, "docs");	/* once is enough */
	CU_ASSERT_EQUAL(folders.n, 2);
	folder_set_add(&root, "");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct folder_set *set = cases[i].root ? &root :
		    &folders;
		const char *rel = cases[i].rel;
		int line = cases[i].line;

		UNIT_AT(line, folder_set_has_folder_of(set, rel) ==
		    cases[i].folder_of);
		if (*rel)	/* no file's path is "" */
			UNIT_AT(line, folder_set_has_above(set, rel, 0) ==
			    cases[i].below);
		UNIT_AT(line, folder_set_has_above(set, rel, 1) ==
		    cases[i].self);
	}
	folder_set_free(&folders);
	folder_set_free(&root);
	CU_ASSERT_FALSE(folder_set_has_above(&folders, "docs/a.html", 0));
}

/* Paths of a few short names, asked of a set of some of them. */
static void
test_folders_answer_as_prefixes(void)
{
	static const char *const names[] = { "a", "b", "ab", "a.html" };
	char paths[200][32], *in[20];
	unsigned seed = 5;
	size_t nin = 0;
	struct folder_set set = FOLDER_SET_INIT;

	for (int p = 0; p < 200; p++) {
		int depth = 1 + rand_r(&seed) % 4;

		paths[p][0] = '\0';
		for (int k = 0; k < depth; k++) {
			if (k > 0)
				strcat(paths[p], "/");
			strcat(paths[p], names[rand_r(&seed) % 4]);
		}
		if (p % 10 == 0) {
			in[nin++] = paths[p];
			folder_set_add(&set, paths[p]);
		}
	}
	for (int p = 0; p < 200; p++) {
		for (int self = 0; self <= 1; self++) {
			int want = 0;

			for (size_t i = 0; i < nin; i++)
				want |= plainly_above(in[i], paths[p], self);
			if (folder_set_has_above(&set, paths[p], self) != want)
				fprintf(stderr, "%s, self %d: %d\n", paths[p],
				    self, !want);
			CU_ASSERT_EQUAL(folder_set_has_above(&set, paths[p],
			    self), want);
		}
	}
	folder_set_free(&set);
}

/* rel lies below folder, or is it. */
static int
plainly_above(const char *folder, const char *rel, int self)
{
	size_t n = strlen(folder);

	if (strcmp(folder, rel) == 0)
		return self;
	return strncmp(rel, folder, n) == 0 && rel[n] == '/';
}

void
suite_folder_set(void)
{
	static CU_TestInfo tests[] = {
		{ "a path's folder and the folders above it, by table",
		    test_folders_answer_the_table },
		{ "random paths answer as a comparison of prefixes",
		    test_folders_answer_as_prefixes },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("folder_set", tests);
}
