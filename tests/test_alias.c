#include <stdlib.h>

#include "alias.h"
#include "unit.h"

#define check(...)	check_at(__LINE__, __VA_ARGS__)
static void
check_at(int line, const char *in, const char *want)
{
	const char *why = NULL;
	char *got = alias_canonical(in, &why);

	if (want == NULL) {
		UNIT_AT(line, got == NULL);
		UNIT_AT(line, why != NULL);
	} else {
		CU_ASSERT_PTR_NOT_NULL_FATAL(got);
		UNIT_AT(line, strcmp(got, want) == 0);
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
