/* ASCII character tests and trims, the same in every parser. */
#ifndef SITEMAPD_ASCII_H
#define SITEMAPD_ASCII_H

/* The C locale's white space; HTTP's and the INI's blanks are " \t". */
#define ASCII_SPACE	" \t\n\v\f\r"

static inline int
ascii_is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int
ascii_is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The value of a hex digit of either case, or -1. */
static inline int
ascii_hex_value(int c)
{
	if (ascii_is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static inline int
ascii_is_hex(int c)
{
	return ascii_hex_value(c) >= 0;
}

static inline int
ascii_tolower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static inline int
ascii_toupper(int c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

/*
 * True when c is one of the bytes of set (never NUL). A loop, not
 * strchr: with set a literal the compiler makes it a few compares.
 */
static inline int
ascii_in(int c, const char *set)
{
	for (; *set != '\0'; set++)
		if (c == (unsigned char)*set)
			return 1;
	return 0;
}

/* Narrows [*s, *end) past the bytes of set at either end. */
static inline void
ascii_trim(const char **s, const char **end, const char *set)
{
	while (*s < *end && ascii_in((unsigned char)**s, set))
		(*s)++;
	while (*end > *s && ascii_in((unsigned char)(*end)[-1], set))
		(*end)--;
}

#endif
