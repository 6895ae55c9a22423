/*
 * Strings held by several owners at once and freed when the last lets go.
 * A page's path is named by its file, its page and its sitemap entry: at
 * a million pages, kept once rather than three times.
 */
#ifndef SITEMAPD_SHARED_STR_H
#define SITEMAPD_SHARED_STR_H

#include <stddef.h>

/* A new string, with one holder. */
char	*shared_str_dup(const char *);
char	*shared_str_ndup(const char *, size_t);
/* One more holder of s (NULL for NULL); returns s. */
char	*shared_str_hold(char *s);
/* One holder fewer: the last frees it. NULL is nothing. */
void	 shared_str_drop(char *s);
/*
 * The bytes kept for strings to come, that malloc counts as in use:
 * bench/memory takes them off what a structure gives back.
 */
size_t	 shared_str_spare(void);

#endif
