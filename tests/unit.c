#include <stdio.h>
#include <stdlib.h>

#include <CUnit/Basic.h>

#include "log.h"
#include "unit.h"

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

int
main(void)
{
	unsigned failures;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	/* The code under test logs what it skips; the tests check it. */
	log_set_quiet(1);
	suite_alias();
	suite_baseurl();
	suite_escape();
	suite_fcgi();
	suite_http();
	suite_proxy();
	suite_reserved();
	suite_robots();
	suite_robotstxt();
	suite_ron();
	suite_tags();
	suite_sitemap();
	suite_sorted();
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	if (CU_get_number_of_tests_run() == 0)
		failures = 1;
	CU_cleanup_registry();
	return failures ? 1 : 0;
}
