/*
 * What a reader of a page sees, as a hash, and the dates its body states:
 * its text, the title and what follows </html> included,
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

/*
 * The dates a page states in schema.org microdata anywhere in it:
 * itemprop="dateModified" or "datePublished" on a <time datetime> or a
 * <meta content>, the first of each; NULL where none. Docusaurus writes
 * its last update so, in the body.
 */
struct body_dates {
	char	*modified;
	char	*published;
};
void	body_dates_free(struct body_dates *);

/*
 * The hash of what fd holds from its start; 0 when it cannot be read.
 * dates, unless NULL, gets its microdata dates.
 */
uint64_t	content_hash(int fd, struct body_dates *dates);

/*
 * Only its microdata dates, read from fd's start: a parse only where
 * "itemprop" is in the bytes at all.
 */
void	body_dates_read(int fd, struct body_dates *dates);

#endif
