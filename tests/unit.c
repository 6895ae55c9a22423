#define _XOPEN_SOURCE 700	/* nftw */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "buf.h"
#include "log.h"
#include "unit.h"

char *
unit_tmpdir(void)
{
	const char *tmp = getenv("TMPDIR");
	struct buf dir = BUF_INIT;

	buf_printf(&dir, "%s/sitemapd-unit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir.data) == NULL) {
		perror(dir.data);
		exit(1);
	}
	return dir.data;
}

static int
remove_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)type;
	(void)f;
	return remove(path);
}

void
unit_rmtree(char *dir)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

void
unit_write(const char *dir, const char *path, const char *text)
{
	struct buf full = BUF_INIT;
	FILE *f;

	buf_printf(&full, "%s/%s", dir, path);
	for (char *s = full.data + strlen(dir) + 1; (s = strchr(s, '/'));
	    s++) {
		*s = '\0';
		mkdir(full.data, 0755);
		*s = '/';
	}
	if ((f = fopen(full.data, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF) {
		perror(full.data);
		exit(1);
	}
	buf_free(&full);
}

void
unit_add_suite(const char *name, CU_TestInfo *tests)
{
	CU_SuiteInfo suites[] = {
		{ name, NULL, NULL, NULL, NULL, tests },
		CU_SUITE_INFO_NULL
	};

	if (CU_register_suites(suites) != CUE_SUCCESS) {
		fprintf(stderr, "%s\n", CU_get_error_msg());
		exit(1);
	}
}

/* tests/unit runs every suite; tests/unit NAME... runs only those. */
int
main(int argc, char **argv)
{
	unsigned failures;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	/* The code under test logs what it skips; the tests check it. */
	log_set_quiet(1);
	suite_alias();
	suite_baseurl();
	suite_cache();
	suite_config();
	suite_content();
	suite_addresses();
	suite_docroot();
	suite_escape();
	suite_fcgi();
	suite_http();
	suite_id_map();
	suite_known_files();
	suite_main_content();
	suite_folder_set();
	suite_image_users();
	suite_indexnow();
	suite_copy();
	suite_number();
	suite_proxy();
	suite_proxy_env();
	suite_request();
	suite_reserved();
	suite_robots();
	suite_robotstxt();
	suite_ron();
	suite_tags();
	suite_shared_str();
	suite_sitemap();
	suite_sorted();
	CU_basic_set_mode(CU_BRM_VERBOSE);
	if (argc == 1)
		CU_basic_run_tests();
	for (int i = 1; i < argc; i++) {
		CU_pSuite suite = CU_get_suite(argv[i]);

		if (suite == NULL) {
			fprintf(stderr, "unit: no suite named %s\n", argv[i]);
			CU_cleanup_registry();
			return 1;
		}
		CU_basic_run_suite(suite);
	}
	failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	if (CU_get_number_of_tests_run() == 0)
		failures = 1;
	CU_cleanup_registry();
	return failures ? 1 : 0;
}
