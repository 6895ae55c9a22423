#include <string.h>

#include "sidecar.h"
#include "unit.h"

/* Parses text; returns 0 or -1 and leaves the reason in why. */
static int
parse(const char *text, struct sidecar *sc, struct buf *why)
{
	buf_reset(why);
	return sidecar_parse(text, strlen(text), sc, why);
}

static void
expect_invalid(const char *text, const char *reason)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL(parse(text, &sc, &why), -1);
	if (strstr(buf_str(&why), reason) == NULL) {
		fprintf(stderr, "\nwanted \"%s\", got \"%s\"\n", reason,
		    buf_str(&why));
		CU_FAIL("reason");
	}
	buf_free(&why);
}

static void
test_pretty(void)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL_FATAL(parse(
	    "(\n"
	    "    alias: \"About/Team\",\n"
	    "    title: Some(\"The team\"),\n"
	    "    mime: \"text/markdown\",\n"
	    "    tags: [\n        \"staff\",\n        \" news \",\n    ],\n"
	    "    nav_title: None,\n"
	    "    nav_parent_id: Some(\"000000000000002a\"),\n"
	    "    nav_order: Some(-3),\n"
	    "    original_filename: Some(\"team.md\"),\n"
	    "    theme: None,\n"
	    ")\n", &sc, &why), 0);
	CU_ASSERT_STRING_EQUAL(sc.alias, "about/team");
	CU_ASSERT_TRUE(sc.markdown);
	CU_ASSERT_EQUAL_FATAL(sc.ntags, 2);
	CU_ASSERT_STRING_EQUAL(sc.tags[0], "staff");
	CU_ASSERT_STRING_EQUAL(sc.tags[1], "news");
	sidecar_free(&sc);
	buf_free(&why);
}

static void
test_minimal_and_order(void)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL_FATAL(parse("(mime:\"image/png\")", &sc, &why), 0);
	CU_ASSERT_PTR_NULL(sc.alias);
	CU_ASSERT_FALSE(sc.markdown);
	CU_ASSERT_EQUAL(sc.ntags, 0);
	sidecar_free(&sc);

	/* Fields in any order, a struct name, no trailing comma. */
	CU_ASSERT_EQUAL_FATAL(parse("PageMeta ( tags: [], title: Some(\"T\"),"
	    " mime: \"text/markdown\", alias: \"  \" )", &sc, &why), 0);
	CU_ASSERT_PTR_NULL(sc.alias);
	CU_ASSERT_TRUE(sc.markdown);
	sidecar_free(&sc);

	/* Markdown is exactly text/markdown. */
	CU_ASSERT_EQUAL_FATAL(parse("(mime: \"text/markdown; charset=utf-8\")",
	    &sc, &why), 0);
	CU_ASSERT_FALSE(sc.markdown);
	sidecar_free(&sc);
	buf_free(&why);
}

static void
test_escapes(void)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL_FATAL(parse("(alias: \"\\u{41}b\\u{63}/d\","
	    " title: Some(\"q\\\"\\\\\\n\\r\\t\\0\\u{1F600} \xc3\xa9\"),"
	    " mime: \"text/markdown\", tags: [\"t\\u{e9}\"])", &sc, &why), 0);
	CU_ASSERT_STRING_EQUAL(sc.alias, "abc/d");
	CU_ASSERT_STRING_EQUAL(sc.tags[0], "t\xc3\xa9");
	sidecar_free(&sc);

	CU_ASSERT_EQUAL_FATAL(parse("(alias: r#\"A/b\"#, mime: r\"m\")",
	    &sc, &why), 0);
	CU_ASSERT_STRING_EQUAL(sc.alias, "a/b");
	sidecar_free(&sc);
	buf_free(&why);
	expect_invalid("(alias: r#\"raw\"quoted\"#, mime: r\"m\")",
	    "character not allowed");

	expect_invalid("(mime: \"a\\qb\")", "unknown escape");
	expect_invalid("(mime: \"\\u{110000}\")", "Unicode scalar");
	expect_invalid("(mime: \"\\u{d800}\")", "Unicode scalar");
	expect_invalid("(mime: \"\\u41\")", "\\u must be followed");
	expect_invalid("(mime: \"\\u{}\")", "malformed");
	expect_invalid("(alias: \"a\\0b\", mime: \"m\")", "NUL");
}

static void
test_unknown_fields(void)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL_FATAL(parse(
	    "#![enable(unwrap_newtypes)]\n"
	    "// a comment\n"
	    "(\n"
	    "    layout: Wide(columns: 2, sidebar: true),\n"
	    "    extra: { \"k\": [1, 2.5e-3, -7, 0x1f], 'c': ('\\n', 'x') },\n"
	    "    /* block /* nested */ comment */\n"
	    "    unit: (),\n"
	    "    tuple: (1, \"two\", [Three], Some(None)),\n"
	    "    raw: r##\"a \"# b\"##,\n"
	    "    bytes: b\"ab\",\n"
	    "    flag: false,\n"
	    "    mime: \"text/plain\",\n"
	    "    r#weird: 1,\n"
	    ")\n"
	    "// trailing comment\n", &sc, &why), 0);
	CU_ASSERT_FALSE(sc.markdown);
	sidecar_free(&sc);
	buf_free(&why);
}

static void
test_implicit_some(void)
{
	struct buf why = BUF_INIT;
	struct sidecar sc;

	CU_ASSERT_EQUAL(parse("#![enable(implicit_some)]\n"
	    "(title: \"T\", mime: \"text/markdown\", nav_order: 3)",
	    &sc, &why), 0);
	sidecar_free(&sc);
	buf_free(&why);
	expect_invalid("(title: \"T\", mime: \"text/markdown\")",
	    "expected Some(...) or None");
}

static void
test_invalid(void)
{
	expect_invalid("", "expected a struct");
	expect_invalid("(alias: \"a\")", "mime is missing");
	expect_invalid("(mime: \"  \")", "mime is empty");
	expect_invalid("(mime: \"text/markdown\")", "non-empty title");
	expect_invalid("(mime: \"text/markdown\", title: Some(\" \"))",
	    "non-empty title");
	expect_invalid("(mime: \"m\", tags: [\"a\", \" \"])", "empty tag");
	expect_invalid("(mime: \"m\", mime: \"m\")", "appears twice");
	expect_invalid("(mime: 3)", "expected a string");
	expect_invalid("(mime: \"m\", tags: \"a\")", "expected a list");
	expect_invalid("(mime: \"m\", nav_order: Some(\"x\"))",
	    "expected an integer");
	expect_invalid("(mime: \"m\", nav_order: Some(99999999999999999999))",
	    "out of range");
	expect_invalid("(mime: \"m\", theme: 3)", "expected Some");
	expect_invalid("(mime: \"m\" alias: \"a\")", "expected , or )");
	expect_invalid("(mime: \"m\",", "expected a field name");
	expect_invalid("(mime: \"m)", "unterminated string");
	expect_invalid("(mime: \"m\") x", "unexpected text");
	expect_invalid("(mime: \"m\", x: [1, 2)", "expected , or ]");
	expect_invalid("(mime: \"m\", x: {1: 2 3})", "expected , or }");
	expect_invalid("(mime: \"m\", tags: [\"a\" \"b\"])", "expected , or ]");
	expect_invalid("(mime: \"m\", x: ,)", "expected a value");
	expect_invalid("(mime: \"m\") /* open", "unterminated comment");
	expect_invalid("(mime: \"\xff\")", "invalid UTF-8");
	expect_invalid("(mime: \"\xc0\xaf\")", "invalid UTF-8");
	expect_invalid("(mime: \"m\", alias: \"a/../b\")", "segment");
	expect_invalid("(mime: \"m\", alias: \"/\")", "empty");
	expect_invalid("(mime:\n\"m\",\n\n x: @)", "line 4:");
}

static void
test_depth(void)
{
	struct buf text = BUF_INIT;

	buf_adds(&text, "(mime: \"m\", x: ");
	for (int i = 0; i < 100000; i++)
		buf_addc(&text, '[');
	expect_invalid(buf_str(&text), "nested too deeply");
	buf_free(&text);
}

void
suite_ron(void)
{
	static CU_TestInfo tests[] = {
		{ "pretty sidecar", test_pretty },
		{ "minimal, any order", test_minimal_and_order },
		{ "string escapes", test_escapes },
		{ "unknown fields of any shape", test_unknown_fields },
		{ "implicit_some", test_implicit_some },
		{ "invalid sidecars", test_invalid },
		{ "nesting limit", test_depth },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("ron sidecar", tests);
}
