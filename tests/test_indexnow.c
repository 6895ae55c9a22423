#include <string.h>

#include <json.h>

#include "indexnow.h"
#include "unit.h"

/* Each URL comes back from the JSON exactly as it went in. */
static void
test_body(void)
{
	static const struct {
		int		 line;
		const char	*url;
	} cases[] = {
		{ __LINE__, "https://www.example.org/" },
		{ __LINE__, "https://www.example.org/a\"b" },
		{ __LINE__, "https://www.example.org/a\\b" },
		{ __LINE__, "https://www.example.org/caf\xc3\xa9/\xe6\x97\xa5" },
		{ __LINE__, "https://www.example.org/a%22b%5C" },
		{ __LINE__, "https://www.example.org/tab\there\x01" },
		{ __LINE__, "https://www.example.org/</script>" },
	};
	struct indexnow_config in = { "0123456789abcdef", "www.example.org",
	    1, NULL, 0, NULL };
	char *urls[sizeof(cases) / sizeof(cases[0])];
	struct buf body = BUF_INIT;
	struct json_object *o, *list, *v;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		urls[i] = (char *)cases[i].url;
	indexnow_body(&in, urls, sizeof(cases) / sizeof(cases[0]), &body);
	o = json_tokener_parse(buf_str(&body));
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_FATAL(json_object_object_get_ex(o, "urlList", &list));
	CU_ASSERT_EQUAL(json_object_array_length(list),
	    sizeof(cases) / sizeof(cases[0]));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		UNIT_AT(cases[i].line, strcmp(json_object_get_string(
		    json_object_array_get_idx(list, i)), cases[i].url) == 0);
	CU_ASSERT(json_object_object_get_ex(o, "keyLocation", &v) &&
	    strcmp(json_object_get_string(v), "https://www.example.org/"
	    "indexnow-0123456789abcdef.txt") == 0);
	CU_ASSERT(json_object_object_get_ex(o, "host", &v) &&
	    strcmp(json_object_get_string(v), "www.example.org") == 0);
	CU_ASSERT(json_object_object_get_ex(o, "key", &v) &&
	    strcmp(json_object_get_string(v), in.key) == 0);
	/* No raw control byte: JSON has none. */
	for (size_t i = 0; i < body.len; i++)
		CU_ASSERT((unsigned char)body.data[i] >= ' ');
	json_object_put(o);
	buf_free(&body);
}

static void
test_answers(void)
{
	static const struct {
		int		 line;
		long		 status;
		enum indexnow_answer want;
	} cases[] = {
		{ __LINE__, 200, INDEXNOW_ACCEPTED },
		{ __LINE__, 202, INDEXNOW_ACCEPTED },
		{ __LINE__, 204, INDEXNOW_ACCEPTED },
		{ __LINE__, 400, INDEXNOW_REFUSED },
		{ __LINE__, 403, INDEXNOW_REFUSED },
		{ __LINE__, 404, INDEXNOW_REFUSED },
		{ __LINE__, 422, INDEXNOW_REFUSED },
		{ __LINE__, 429, INDEXNOW_LATER },
		{ __LINE__, 500, INDEXNOW_LATER },
		{ __LINE__, 503, INDEXNOW_LATER },
		{ __LINE__, -1, INDEXNOW_LATER },
		{ __LINE__, 301, INDEXNOW_REFUSED },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *meaning = NULL;

		UNIT_AT(cases[i].line, indexnow_answer(cases[i].status,
		    &meaning) == cases[i].want && meaning != NULL);
	}
}

void
suite_indexnow(void)
{
	static CU_TestInfo tests[] = {
		{ "URLs read back from the JSON as sent", test_body },
		{ "what each answer means", test_answers },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("indexnow", tests);
}
