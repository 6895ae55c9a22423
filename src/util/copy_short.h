/*
 * A copy of a few dozen bytes, inlined: a sitemap part is assembled from
 * tens of thousands of such pieces (a base URL, a path, an image), and a
 * call to memcpy for each costs more than the bytes it moves.
 */
#ifndef SITEMAPD_COPY_SHORT_H
#define SITEMAPD_COPY_SHORT_H

#include <stddef.h>
#include <string.h>

/*
 * Copies n bytes of from to to, returning the end of the copy. Each
 * memcpy below has a constant size, which the compiler turns into one
 * load and one store; the last piece may overlap the one before, so that
 * no byte outside either range is read or written.
 */
static inline char *
copy_short(char *to, const char *from, size_t n)
{
	if (n >= 16) {
		size_t i = 0;

		for (; i + 16 < n; i += 16)
			memcpy(to + i, from + i, 16);
		memcpy(to + n - 16, from + n - 16, 16);
	} else if (n >= 8) {
		memcpy(to, from, 8);
		memcpy(to + n - 8, from + n - 8, 8);
	} else if (n >= 4) {
		memcpy(to, from, 4);
		memcpy(to + n - 4, from + n - 4, 4);
	} else
		for (size_t i = 0; i < n; i++)
			to[i] = from[i];
	return to + n;
}

#endif
