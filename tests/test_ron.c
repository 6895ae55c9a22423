/*
 * Sidecars read and validated as NoPressure does: its own tests of
 * flat_storage.rs (canonicalize_alias_*, sidecar_requires_title_for_markdown,
 * sidecar_allows_missing_alias, the round trip of a full sidecar), restated,
 * and the points where a careless reader differs from ron 0.8.1 and
 * validate_sidecar. The ron corpus (tests/ron-corpus.sh) covers the syntax
 * at large. Each failure reports the line of its case.
 */
#include <string.h>

#include "sidecar.h"
#include "unit.h"

#define VALID	0
#define INVALID	-1

static const struct {
	int		 line;
	const char	*text;
	int		 verdict;
	const char	*alias;		/* for a valid one; NULL: no alias */
	int		 markdown;
	const char	*tags;		/* joined with "|" */
} cases[] = {
	/* NoPressure's sidecar_roundtrip_with_valid_data, as it writes it. */
	{ __LINE__, "(\n    alias: \"docs/intro\",\n    title: Some(\"Intro\"),\n"
	    "    mime: \"text/markdown\",\n    tags: [\n        \"docs\",\n"
	    "    ],\n    nav_title: Some(\"Docs\"),\n    nav_parent_id: None,\n"
	    "    nav_order: Some(1),\n    original_filename: Some(\"intro.md\"),\n"
	    "    theme: Some(\"minimal\"),\n)", VALID, "docs/intro", 1, "docs" },
	/* sidecar_allows_missing_alias */
	{ __LINE__, "(alias: \"\", title: Some(\"Untitled\"), mime: \"text/markdown\")",
	    VALID, NULL, 1, "" },
	{ __LINE__, "(title: Some(\"T\"), mime: \"text/markdown\")", VALID,
	    NULL, 1, "" },
	/* sidecar_requires_title_for_markdown */
	{ __LINE__, "(alias: \"docs/intro\", mime: \"text/markdown\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(title: None, mime: \"text/markdown\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(title: Some(\"\"), mime: \"text/markdown\")", INVALID, NULL, 0, NULL },
	/* ...but the title is not trimmed: a blank one is a title. */
	{ __LINE__, "(title: Some(\" \"), mime: \"text/markdown\")", VALID,
	    NULL, 1, "" },
	/* The mime is trimmed to ask for a title, not to be markdown. */
	{ __LINE__, "(mime: \" text/markdown \")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(title: Some(\"T\"), mime: \" text/markdown\")", VALID,
	    NULL, 0, "" },
	{ __LINE__, "(mime: \"Text/Markdown\")", VALID, NULL, 0, "" },
	{ __LINE__, "(mime: \" \")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"a\")", INVALID, NULL, 0, NULL },
	/* canonicalize_alias_normalizes_slashes_and_case */
	{ __LINE__, "(alias: \"/Docs//Getting-Started/\", mime: \"image/png\")",
	    VALID, "docs/getting-started", 0, "" },
	/* canonicalize_alias_rejects_empty, _dot_segments, _invalid_characters */
	{ __LINE__, "(alias: \"/\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"docs/../secret\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"docs/hello world\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"docs/hello%20world\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"docs/hello?world\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"back\\\\slash\", mime: \"m\")", INVALID, NULL, 0, NULL },
	/* Rust trims Unicode white space; a blank alias is no alias. */
	{ __LINE__, "(alias: \"\\u{a0}docs\\u{3000}\", mime: \"m\")", VALID,
	    "docs", 0, "" },
	{ __LINE__, "(alias: \" \\u{2003} \", mime: \"m\")", VALID, NULL, 0, "" },
	{ __LINE__, "(alias: \"a\\u{85}b\", mime: \"m\")", INVALID, NULL, 0, NULL },
	/* A tag is refused only when blank, and kept as written. */
	{ __LINE__, "(mime: \"m\", tags: [\" admin\", \"news \"])", VALID,
	    NULL, 0, " admin|news " },
	{ __LINE__, "(mime: \"m\", tags: [\"a\", \" \"])", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\", tags: [\"\\u{3000}\"])", INVALID, NULL, 0, NULL },
	/* nav_order is an i32, in any base ron reads. */
	{ __LINE__, "(mime: \"m\", nav_order: Some(2147483647))", VALID,
	    NULL, 0, "" },
	{ __LINE__, "(mime: \"m\", nav_order: Some(-2147483648))", VALID,
	    NULL, 0, "" },
	{ __LINE__, "(mime: \"m\", nav_order: Some(2147483648))", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\", nav_order: Some(0x7fff_ffff))", VALID,
	    NULL, 0, "" },
	{ __LINE__, "(mime: \"m\", nav_order: Some(-0b101))", VALID, NULL, 0, "" },
	{ __LINE__, "(mime: \"m\", nav_order: Some(0o17))", VALID, NULL, 0, "" },
	{ __LINE__, "(mime: \"m\", nav_order: Some(_1))", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\", nav_order: Some(1.0))", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\", nav_order: 5)", INVALID, NULL, 0, NULL },
	{ __LINE__, "#![enable(implicit_some)]\n(mime: \"m\", nav_order: 5, "
	    "title: \"T\")", VALID, NULL, 0, "" },
	/* Escapes: \x is a byte as a char, \u{} one to six digits. */
	{ __LINE__, "(alias: \"\\x41b\", mime: \"m\")", VALID, "ab", 0, "" },
	{ __LINE__, "(alias: \"\\u{41}\", mime: \"m\")", VALID, "a", 0, "" },
	{ __LINE__, "(alias: \"\\u{0000041}\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"\\u{d800}\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: \"\\q\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: r#\"raw\"\"#, mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: r##\"a\"#b\"##, mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(alias: r#\"docs\"#, mime: \"m\")", VALID, "docs", 0, "" },
	/* The struct may be named, but only by its name. */
	{ __LINE__, "ContentSidecar(mime: \"m\")", VALID, NULL, 0, "" },
	{ __LINE__, "ContentSidecar (mime: \"m\")", VALID, NULL, 0, "" },
	{ __LINE__, "Sidecar(mime: \"m\")", INVALID, NULL, 0, NULL },
	/* Unknown fields are skipped whatever they hold, if ron reads it. */
	{ __LINE__, "(x: Wide(columns: 2, on: true), y: {\"k\": [1, 2.5e-3, "
	    "-7, 0x1f], 'c': ('\\n', 'x')}, z: (), w: (1, \"two\", [Three], "
	    "Some(None)), v: +inf, u: 1e5, mime: \"m\", r#raw: 1)",
	    VALID, NULL, 0, "" },
	{ __LINE__, "(x: b\"ab\", mime: \"m\")", INVALID, NULL, 0, NULL },	/* ron 0.9 */
	{ __LINE__, "(x: 1_0.5, mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(x: 'ab', mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(nav-order: 1, mime: \"m\")", INVALID, NULL, 0, NULL },
	/* Whatever else ron refuses. */
	{ __LINE__, "\xef\xbb\xbf(mime: \"m\")", INVALID, NULL, 0, NULL },	/* a BOM */
	{ __LINE__, "(mime: \"m\", mime: \"m\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\" alias: \"a\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\",,)", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\",)", VALID, NULL, 0, "" },
	{ __LINE__, "(mime: \"m\") x", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime: \"m\") /* a /* nested */ comment */ // end",
	    VALID, NULL, 0, "" },
	{ __LINE__, "(mime: \"m\") /* open", INVALID, NULL, 0, NULL },
	{ __LINE__, "(mime:\v\"m\")", INVALID, NULL, 0, NULL },	/* not white space */
	{ __LINE__, "(mime: \"\xff\")", INVALID, NULL, 0, NULL },
	{ __LINE__, "", INVALID, NULL, 0, NULL },
};

static void
test_cases(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf why = BUF_INIT, tags = BUF_INIT;
		struct sidecar sc;
		int rc = sidecar_parse(cases[i].text, strlen(cases[i].text),
		    &sc, &why);
		int ok = rc == cases[i].verdict;

		if (ok && rc == 0) {
			for (size_t t = 0; t < sc.ntags; t++)
				buf_printf(&tags, "%s%s", t ? "|" : "",
				    sc.tags[t]);
			ok = (cases[i].alias == NULL ? sc.alias == NULL :
			    sc.alias != NULL &&
			    strcmp(sc.alias, cases[i].alias) == 0) &&
			    sc.markdown == cases[i].markdown &&
			    strcmp(buf_str(&tags), cases[i].tags) == 0;
			sidecar_free(&sc);
		}
		CU_assertImplementation(ok, (unsigned)cases[i].line,
		    buf_str(&why), __FILE__, "", CU_FALSE);
		buf_free(&why);
		buf_free(&tags);
	}
}

/*
 * ron's recursion limit of 128, as serde spends it: the struct, the
 * field's value, two for each list around another and one for the last.
 */
static void
test_depth(void)
{
	struct buf text = BUF_INIT, why = BUF_INIT;
	struct sidecar sc;
	int nested[] = { 63, 64, 100000 };
	int want[] = { VALID, INVALID, INVALID };

	for (size_t k = 0; k < 3; k++) {
		buf_reset(&text);
		buf_adds(&text, "(mime: \"m\", x: ");
		for (int i = 0; i < nested[k]; i++)
			buf_addc(&text, '[');
		for (int i = 0; i < nested[k]; i++)
			buf_addc(&text, ']');
		buf_adds(&text, ")");
		CU_ASSERT_EQUAL(sidecar_parse(text.data, text.len, &sc, &why),
		    want[k]);
		if (want[k] == VALID)
			sidecar_free(&sc);
	}
	buf_free(&text);
	buf_free(&why);
}

void
suite_ron(void)
{
	static CU_TestInfo tests[] = {
		{ "NoPressure's sidecar rules", test_cases },
		{ "recursion limit", test_depth },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("ron sidecar", tests);
}
