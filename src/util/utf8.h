/* UTF-8 checked strictly, as Rust's str does. */
#ifndef SITEMAPD_UTF8_H
#define SITEMAPD_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/*
 * Where the first byte that is not valid UTF-8 is, or NULL: overlong
 * forms, surrogates and code points past U+10FFFF are not.
 */
const unsigned char *utf8_invalid_at(const unsigned char *, size_t);

/* Appends code point cp, valid (no surrogate, at most U+10FFFF), as UTF-8. */
void	utf8_put(struct buf *, uint32_t cp);

#endif
