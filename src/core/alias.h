/* Canonical page aliases (doc/nopressure-root). */
#ifndef SITEMAPD_ALIAS_H
#define SITEMAPD_ALIAS_H

#include <stddef.h>

#include "buf.h"

/*
 * Returns the canonical form of alias in a new string, or NULL with *why
 * set to a static reason. An alias that is empty after canonicalization
 * is an error: callers decide beforehand whether "no alias" is allowed.
 */
char	*alias_canonical(const char *alias, const char **why);

/* s without the white space Rust's str::trim removes (Unicode's). */
void	 alias_trim(const char *s, size_t n, struct buf *out);

/* True when s[0, n) is nothing but such white space. */
int	 alias_is_blank(const char *s, size_t n);

#endif
