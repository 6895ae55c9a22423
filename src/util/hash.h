/* FNV-1a, 64 bits: a fingerprint for ETags, not a defence against anyone. */
#ifndef SITEMAPD_HASH_H
#define SITEMAPD_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_INIT	UINT64_C(0xcbf29ce484222325)

static inline uint64_t
hash_add(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * UINT64_C(0x100000001b3);
	return h;
}

#endif
