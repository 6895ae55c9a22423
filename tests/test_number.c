#include <string.h>

#include "number.h"
#include "unit.h"

#define ZEROS	NUMBER_LEADING_ZEROS
#define PLUS	NUMBER_PLUS
#define BAD	number_invalid
#define RANGE	number_out_of_range

static void
test_parse(void)
{
	static const struct {
		int		 line;
		const char	*text;
		int		 base, form;
		uint64_t	 min, max;
		const char	*why;	/* NULL: read as want */
		uint64_t	 want;
	} cases[] = {
		{ __LINE__, "0", 10, 0, 0, 9, NULL, 0 },
		{ __LINE__, "65535", 10, 0, 1, 65535, NULL, 65535 },
		{ __LINE__, "65536", 10, 0, 1, 65535, RANGE, 0 },
		{ __LINE__, "0", 10, 0, 1, 65535, RANGE, 0 },
		{ __LINE__, "", 10, 0, 0, 9, BAD, 0 },
		{ __LINE__, "08", 10, 0, 0, 99, BAD, 0 },
		{ __LINE__, "08", 10, ZEROS, 0, 99, NULL, 8 },
		{ __LINE__, "+8", 10, 0, 0, 99, BAD, 0 },
		{ __LINE__, "+8", 10, PLUS, 0, 99, NULL, 8 },
		{ __LINE__, "+", 10, PLUS, 0, 99, BAD, 0 },
		{ __LINE__, "-8", 10, PLUS, 0, 99, BAD, 0 },
		{ __LINE__, " 8", 10, 0, 0, 99, BAD, 0 },
		{ __LINE__, "8 ", 10, 0, 0, 99, BAD, 0 },
		{ __LINE__, "1a", 10, 0, 0, 99, BAD, 0 },
		{ __LINE__, "0660", 8, ZEROS, 0, 0777, NULL, 0660 },
		{ __LINE__, "0800", 8, ZEROS, 0, 0777, BAD, 0 },
		{ __LINE__, "1000", 8, ZEROS, 0, 0777, RANGE, 0 },
		{ __LINE__, "fF", 16, 0, 0, UINT64_MAX, NULL, 255 },
		{ __LINE__, "ffffffffffffffff", 16, 0, 0, UINT64_MAX, NULL,
		    UINT64_MAX },
		{ __LINE__, "10000000000000000", 16, 0, 0, UINT64_MAX, RANGE,
		    0 },
		{ __LINE__, "18446744073709551616", 10, 0, 0, UINT64_MAX, RANGE,
		    0 },
		/* Letters after an overflow are still not digits. */
		{ __LINE__, "99999999999999999999x", 10, 0, 0, UINT64_MAX, BAD,
		    0 },
		{ __LINE__, "g", 16, 0, 0, UINT64_MAX, BAD, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *why = NULL;
		uint64_t got = 12345;
		int rc = number_parse(cases[i].text, strlen(cases[i].text),
		    cases[i].base, cases[i].form, cases[i].min, cases[i].max,
		    &got, &why);

		if (cases[i].why == NULL)
			UNIT_AT(cases[i].line, rc == 0 &&
			    got == cases[i].want);
		else
			UNIT_AT(cases[i].line, rc == -1 && why == cases[i].why &&
			    got == 12345);
	}
}

/* The length bounds the text: what follows is not read. */
static void
test_length(void)
{
	const char *why;
	uint64_t v;

	CU_ASSERT_EQUAL(number_parse("443,80", 3, 10, 0, 1, 65535, &v, &why),
	    0);
	CU_ASSERT_EQUAL(v, 443);
	CU_ASSERT_EQUAL(number_parse("12", 0, 10, 0, 0, 99, &v, &why), -1);
}

void
suite_number(void)
{
	static CU_TestInfo tests[] = {
		{ "strict reading, every form", test_parse },
		{ "the length bounds the text", test_length },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("number", tests);
}
