/*
 * [sitemap] sections: the sitemap cut by the site's own parts, as
 * Search Console reports indexing per sitemap submitted. Each section
 * is a folder's URL path (or, with "folders", each top-level folder);
 * its pages get sitemaps of their own, named after it
 * ("/sitemaps/blog-0001.xml"), and the pages of no section keep
 * today's names ("/sitemaps/sitemap-0001.xml"), so that a name, and the
 * history Search Console keeps by it, lasts from request to request.
 */
#ifndef SITEMAPD_SECTIONS_H
#define SITEMAPD_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* The section of pages in none, sorted first: an entry's by default. */
#define SECTION_REST	0
/* What the part of the pages in no section is named after. */
#define SECTION_REST_NAME	"sitemap"

struct sections {
	char		**prefixes;	/* "blog/": a folder's URL path
					   without its first "/" */
	size_t		 n;
	int		 folders;	/* each top-level folder one */
};

/* Whether any section is set: /sitemap.xml is then always an index. */
int	sections_on(const struct sections *);
/*
 * The section of a URL path without its first "/" (as sitemap entries
 * have it): its rank, from 1 in the order sections are written, or
 * SECTION_REST. With folders, every folder's pages are of rank 1, told
 * apart by section_name.
 */
uint8_t	section_of(const struct sections *, const char *path);
/*
 * Whether two paths of the same rank belong to different sections (two
 * folders, with folders).
 */
int	section_differs(const struct sections *, uint8_t rank, const char *a,
	    const char *b);
/* Appends the name of the section of path, of that rank ("blog"). */
void	section_name(const struct sections *, uint8_t rank, const char *path,
	    struct buf *out);
/* Whether c may be part of a section's name: [A-Za-z0-9._-]. */
int	section_name_char(int c);
void	sections_copy(struct sections *dst, const struct sections *src);
void	sections_free(struct sections *);

#endif
