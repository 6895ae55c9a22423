/*
 * What a reader of a page sees, as a hash: its text, the title included,
 * but not its scripts, styles or attributes, where a generator writes
 * what changes on every build without the page changing (asset hashes,
 * its own version); runs of blanks count as one. lastmod_store.c keeps
 * it, so that a rebuild that changes no page moves no lastmod.
 */
#ifndef SITEMAPD_CONTENT_HASH_H
#define SITEMAPD_CONTENT_HASH_H

#include <stdint.h>

/* Read no further: what a huge page says past it changes no date. */
#define CONTENT_HASH_MAX	(16 * 1024 * 1024)

/* The hash of what fd holds from its start; 0 when it cannot be read. */
uint64_t	content_hash(int fd);

#endif
