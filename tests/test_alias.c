#include <stdlib.h>

#include "alias.h"
#include "unit.h"

static void
check(const char *in, const char *want)
{
	const char *why = NULL;
	char *got = alias_canonical(in, &why);

	if (want == NULL) {
		CU_ASSERT_PTR_NULL(got);
		CU_ASSERT_PTR_NOT_NULL(why);
	} else {
		CU_ASSERT_PTR_NOT_NULL_FATAL(got);
		CU_ASSERT_STRING_EQUAL(got, want);
	}
	free(got);
}

static void
test_canonical_forms(void)
{
	check("about", "about");
	check("About/Team", "about/team");
	check("  /Guides//Getting-Started/ ", "guides/getting-started");
	check("\ta/b\t", "a/b");
	check("~user/!$&'()*+,;=:@", "~user/!$&'()*+,;=:@");
	check("a.b/c..d/.e", "a.b/c..d/.e");
}

static void
test_rejected(void)
{
	check("", NULL);
	check("   ", NULL);
	check("/", NULL);
	check("//", NULL);
	check("a/./b", NULL);
	check("a/../b", NULL);
	check("..", NULL);
	check("a\\b", NULL);
	check("a b", NULL);
	check("a%20b", NULL);
	check("caf\xc3\xa9", NULL);
	check("a\x01" "b", NULL);
	check("a\x7f", NULL);
	check("a?b", NULL);
	check("a#b", NULL);
	check("a<b", NULL);
	check("a\"b", NULL);
}

static void
test_blank(void)
{
	CU_ASSERT_TRUE(alias_is_blank("", 0));
	CU_ASSERT_TRUE(alias_is_blank(" \t ", 3));
	CU_ASSERT_FALSE(alias_is_blank(" a ", 3));
}

void
suite_alias(void)
{
	static CU_TestInfo tests[] = {
		{ "canonical forms", test_canonical_forms },
		{ "rejected aliases", test_rejected },
		{ "blank", test_blank },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("alias", tests);
}
