/* ASCII character tests, the same in every parser. */
#ifndef SITEMAPD_ASCII_H
#define SITEMAPD_ASCII_H

/* The value of a hex digit of either case, or -1. */
static inline int
ascii_hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
