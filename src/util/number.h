/* The one reader of numbers in text, strict in the way of strtonum(3). */
#ifndef SITEMAPD_NUMBER_H
#define SITEMAPD_NUMBER_H

#include <stddef.h>
#include <stdint.h>

/* What a number may look like beyond bare digits. */
#define NUMBER_LEADING_ZEROS	0x1	/* "0660", "0001" */
#define NUMBER_PLUS		0x2	/* an optional '+' before the digits */

/* The reasons number_parse gives, to tell them apart. */
extern const char number_invalid[];	/* not digits of the base */
extern const char number_out_of_range[];

/*
 * Reads all of s[0, len) as a number in base (2 to 16; hex digits in either
 * case) from min to max. Returns 0, or -1 with *why one of the two reasons
 * above. An empty text, a space or a '-' is invalid, and so are a '+' and
 * a leading zero unless form allows them.
 */
int	number_parse(const char *s, size_t len, int base, int form,
	    uint64_t min, uint64_t max, uint64_t *out, const char **why);

#endif
