/*
 * number_parse against a plain restatement of its contract: the same
 * verdict, value and reason for any text, base and form.
 */
#include <string.h>

#include "fuzz.h"
#include "number.h"

/* The first byte picks the base (2-16), the form and the range. */
static void
settings(uint8_t b, int *base, int *form, uint64_t *min, uint64_t *max)
{
	*base = 2 + (b & 0xf) % 15;
	*form = (b >> 4) & 3;
	*min = (b & 0x40) ? 1 : 0;
	*max = (b & 0x80) ? 65535 : UINT64_MAX;
}

static int
digit_of(int c, int base)
{
	const char *digits = "0123456789abcdef";
	const char *p;

	if (c >= 'A' && c <= 'F')
		c += 'a' - 'A';
	if (c == '\0' || (p = strchr(digits, c)) == NULL || p - digits >= base)
		return -1;
	return (int)(p - digits);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data + 1, *why = NULL, *want_why;
	size_t len, i = 0;
	uint64_t min, max, got = 0, want = 0;
	int base, form, rc, big = 0, bad = 0;

	if (size < 1)
		return 0;
	settings(data[0], &base, &form, &min, &max);
	len = size - 1;
	rc = number_parse(s, len, base, form, min, max, &got, &why);

	if ((form & NUMBER_PLUS) && len > 0 && s[0] == '+')
		i = 1;
	if (i == len || (!(form & NUMBER_LEADING_ZEROS) && s[i] == '0' &&
	    len - i > 1))
		bad = 1;
	for (; !bad && i < len; i++) {
		int d = digit_of((unsigned char)s[i], base);
		unsigned __int128 next = (unsigned __int128)want * base + (d < 0 ?
		    0 : (unsigned)d);

		if (d < 0)
			bad = 1;
		else if (big || next > UINT64_MAX)
			big = 1;
		else
			want = (uint64_t)next;
	}
	want_why = bad ? number_invalid : big || want < min || want > max ?
	    number_out_of_range : NULL;
	if (want_why == NULL ? rc != 0 || got != want :
	    rc != -1 || why != want_why)
		__builtin_trap();
	return 0;
}
