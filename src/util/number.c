/* Numbers read strictly, once for every parser. */
#include "ascii.h"
#include "number.h"

const char number_invalid[] = "invalid";
const char number_out_of_range[] = "out of range";

int
number_parse(const char *s, size_t len, int base, int form, uint64_t min,
    uint64_t max, uint64_t *out, const char **why)
{
	const char *end = s + len;
	uint64_t v = 0;
	int too_large = 0;

	*why = number_invalid;
	if ((form & NUMBER_PLUS) && s < end && *s == '+')
		s++;
	if (s == end)
		return -1;
	if (!(form & NUMBER_LEADING_ZEROS) && *s == '0' && end - s > 1)
		return -1;
	for (; s < end; s++) {
		int d = ascii_hex_value(*s);

		if (d < 0 || d >= base)
			return -1;
		/* Keep reading past an overflow: a later letter is invalid. */
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			too_large = 1;
		else
			v = v * (uint64_t)base + (uint64_t)d;
	}
	if (too_large || v < min || v > max) {
		*why = number_out_of_range;
		return -1;
	}
	*out = v;
	return 0;
}
