/*
 * What a reader of a page sees of it, as a hash, and the dates its body
 * states. The hash covers the page's title and its main content
 * (main_content.h): its text, code's blanks as written, and what a
 * reader gets besides text (where its links go, its pictures and their
 * alt text, what its frames and players play, where a list's count
 * starts, a box ticked), but neither what a template puts around the
 * content on every page (the navigation that lists every other page,
 * the footer with the build's time) nor its scripts, styles or other
 * attributes, where a generator writes what changes on every build
 * without the page changing (asset hashes, its own version); elsewhere
 * runs of blanks count as one. lastmod_store.c keeps it, so that a
 * rebuild that changes no page's own content moves no lastmod, and
 * IndexNow submits only the pages that changed.
 */
#ifndef SITEMAPD_CONTENT_HASH_H
#define SITEMAPD_CONTENT_HASH_H

#include <stdint.h>

#include "main_content.h"
#include "page.h"

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

/* What content_hash found in a page. */
struct content_sums {
	uint64_t	 main;		/* its title and main content; never 0 */
	/*
	 * The same as sitemapd 0.2.0 read it (MAIN_RULES_0_2, and nothing
	 * but text and pictures' URLs), so that a store it wrote keeps its
	 * dates.
	 */
	uint64_t	 main_0_2;
	/*
	 * Every text it shows, what follows </html> included: the hash
	 * sitemapd 0.1 kept, so that a store it wrote keeps its dates.
	 */
	uint64_t	 whole;
	enum main_kind	 from;		/* the element main covers */
	int		 shown;		/* a reader sees some text or picture */
	int		 scripted;	/* it has a <script> */
};

/*
 * The sums of what fd holds from its start: -1 when it cannot be read,
 * and then all 0. dates, unless NULL, gets its microdata dates, and
 * images, unless NULL, the images of each candidate for main content;
 * main_0_2 is read only with before (0 without), as only a store that
 * holds rows of 0.2.0 asks it.
 */
struct page_images;
int	content_hash(int fd, struct body_dates *dates, struct page_images *images,
	    int before, struct content_sums *);

/* The sums of the older kinds (page.h), by kind. */
void	content_sums_before(const struct content_sums *,
	    uint64_t before[CONTENT_KIND_MAIN]);

/*
 * Only its microdata dates, read from fd's start: a parse only where
 * "itemprop" is in the bytes at all.
 */
void	body_dates_read(int fd, struct body_dates *dates);

#endif
