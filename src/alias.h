/* Canonical page aliases (SPEC section 3). */
#ifndef SITEMAPD_ALIAS_H
#define SITEMAPD_ALIAS_H

/*
 * Returns the canonical form of alias in a new string, or NULL with *why
 * set to a static reason. An alias that is empty after canonicalization
 * is an error: callers decide beforehand whether "no alias" is allowed.
 */
char	*alias_canonical(const char *alias, const char **why);

/* True when s is nothing but spaces and tabs. */
int	 alias_is_blank(const char *s);

#endif
