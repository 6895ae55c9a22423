#include <string.h>

#include "tags.h"
#include "unit.h"

static const char yaml[] =
    "staff:\n"
    "  name: Staff\n"
    "  roles: [staff, admin]\n"
    "  access_rule: union\n"
    "editors:\n"
    "  name: Editors\n"
    "  roles:\n"
    "    - editor\n"
    "    - admin\n"
    "  access_rule: intersect\n"
    "board:\n"
    "  name: Board\n"
    "  roles: [board]\n"
    "  access_rule: ~\n"
    "sales:\n"
    "  name: 7\n"		/* any scalar is a string to serde_yaml */
    "  roles: [sales]\n"
    "  access_rule: union\n"
    "open:\n"
    "  name: No roles\n"
    "  roles: []\n"
    "bare:\n"
    "  name: roles left empty\n"
    "  roles:\n"
    "gate:\n"
    "  name: no roles, a rule\n"
    "  roles: []\n"
    "  access_rule: intersect\n";

static enum access
access(const struct tagmap *m, const char *a, const char *b)
{
	char *tags[2] = { (char *)a, (char *)b };

	return access_of(m, tags, a == NULL ? 0 : b == NULL ? 1 : 2);
}

static void
test_access(void)
{
	struct buf why = BUF_INIT;
	struct tagmap m;

	CU_ASSERT_EQUAL_FATAL(tagmap_parse(yaml, strlen(yaml), &m, &why), 0);
	CU_ASSERT_EQUAL(m.n, 7);
	/* No tags, unknown tags, tags without roles: public. */
	CU_ASSERT_EQUAL(access(&m, NULL, NULL), ACCESS_PUBLIC);
	CU_ASSERT_EQUAL(access(&m, "nosuchtag", NULL), ACCESS_PUBLIC);
	CU_ASSERT_EQUAL(access(&m, "open", "bare"), ACCESS_PUBLIC);
	CU_ASSERT_EQUAL(access(&m, "open", "nosuchtag"), ACCESS_PUBLIC);
	/* One tag with roles restricts. */
	CU_ASSERT_EQUAL(access(&m, "staff", NULL), ACCESS_RESTRICTED);
	CU_ASSERT_EQUAL(access(&m, "open", "staff"), ACCESS_RESTRICTED);
	/* Union of disjoint sets: someone may read it. */
	CU_ASSERT_EQUAL(access(&m, "staff", "sales"), ACCESS_RESTRICTED);
	/* Any intersect wins: {staff, admin} and {editor, admin} share admin. */
	CU_ASSERT_EQUAL(access(&m, "staff", "editors"), ACCESS_RESTRICTED);
	/* {editor, admin} and {sales}, intersected: nobody. */
	CU_ASSERT_EQUAL(access(&m, "editors", "sales"), ACCESS_DENY);
	/* No rule at all defaults to intersect: {board} and {staff, admin}. */
	CU_ASSERT_EQUAL(access(&m, "board", "board"), ACCESS_RESTRICTED);
	CU_ASSERT_EQUAL(access(&m, "board", "editors"), ACCESS_DENY);
	/* An intersect rule on a tag without roles still counts. */
	{
		char *three[3] = { "staff", "sales", "gate" };

		CU_ASSERT_EQUAL(access_of(&m, three, 2), ACCESS_RESTRICTED);
		CU_ASSERT_EQUAL(access_of(&m, three, 3), ACCESS_DENY);
	}
	tagmap_free(&m);
	buf_free(&why);
}

#define expect_error(...)	expect_error_at(__LINE__, __VA_ARGS__)
static void
expect_error_at(int line, const char *text, const char *reason)
{
	struct buf why = BUF_INIT;
	struct tagmap m;

	UNIT_AT(line, tagmap_parse(text, strlen(text), &m, &why) == -1);
	UNIT_AT(line, strstr(buf_str(&why), reason) != NULL);
	UNIT_AT(line, m.n == 0);
	buf_free(&why);
}

static void
test_errors(void)
{
	struct buf why = BUF_INIT;
	struct tagmap m;

	CU_ASSERT_EQUAL(tagmap_parse("", 0, &m, &why), 0);
	CU_ASSERT_EQUAL(m.n, 0);
	CU_ASSERT_EQUAL(tagmap_parse("# nothing\n", 10, &m, &why), 0);
	CU_ASSERT_EQUAL(m.n, 0);
	buf_free(&why);

	/* What NoPressure's TagRecord cannot read either. */
	expect_error("a: [unclosed\n", "line");
	expect_error("- a\n- b\n", "expected a mapping of tag ids");
	expect_error("~\n", "expected a mapping of tag ids");
	expect_error("a: 3\n", "expected a mapping");
	expect_error("a:\n", "name is missing");
	expect_error("a:\n  roles: [x]\n", "name is missing");
	expect_error("a:\n  name: A\n  roles: staff\n", "roles must be a list");
	expect_error("a:\n  name: A\n  roles: ~\n", "roles must be a list");
	expect_error("a:\n  name: A\n  roles: [[x]]\n", "must be a string");
	expect_error("a:\n  name: [A]\n", "name must be a string");
	expect_error("a:\n  name: A\n  access_rule: any\n",
	    "union or intersect");
	expect_error("a:\n  name: A\n  access_rule: Union\n",
	    "union or intersect");
	expect_error("a:\n  name: A\n  future_field: 1\n",
	    "unknown field future_field");
	expect_error("a:\n  name: A\n  name: B\n", "name twice");
	expect_error("a:\n  name: A\nb: {name: B}\na: {name: A}\n",
	    "appears twice");
	expect_error("[a]: {}\n", "tag ids must be strings");
}

static void
test_load(void)
{
	struct buf why = BUF_INIT;
	struct tagmap m;

	CU_ASSERT_EQUAL(tagmap_load("/nonexistent/tags.yaml", &m, &why), 0);
	CU_ASSERT_EQUAL(m.n, 0);
	/* A directory exists but cannot be read as a file. */
	CU_ASSERT_EQUAL(tagmap_load("/", &m, &why), -1);
	buf_free(&why);
}

void
suite_tags(void)
{
	static CU_TestInfo tests[] = {
		{ "access resolution", test_access },
		{ "bad tags.yaml", test_errors },
		{ "missing and unreadable files", test_load },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("tags", tests);
}
