/*
 * The images of a page's main content, as its sitemap entry lists them
 * (<image:loc>, Google's image extension): the src of each <img> shown
 * in the element main_content.h chooses, a <picture>'s fallback <img>
 * among them, resolved against the page's URL and its <base href> as a
 * browser resolves them. Collected over content_hash's parse, every
 * candidate side by side, since which one holds is known only at its end.
 */
#ifndef SITEMAPD_PAGE_IMAGES_H
#define SITEMAPD_PAGE_IMAGES_H

#include "buf.h"
#include "main_content.h"

/* Google reads no more of one page's. */
#define PAGE_IMAGES_MAX	1000

struct page_images;

struct page_images *page_images_begin(void);
void	page_images_free(struct page_images *);
/* A <base href>: the first one counts. */
void	page_images_base(struct page_images *, const char *href);
/* An <img src> inside the candidates kinds (main_content_here's bits). */
void	page_images_add(struct page_images *, const char *src,
	    unsigned kinds);
/*
 * Appends "\turl\n" for each distinct image of the candidate chosen, of
 * the page at path (its URL path, percent-encoded): url percent-encoded,
 * "/path" on the site itself, "//host/path" where the page names no
 * scheme, else an absolute http(s) URL. None that is data:, blob: or
 * not http(s), nor a site path through a hidden folder, which no
 * server rule of sitemapd serves. Returns how many.
 */
size_t	page_images_end(struct page_images *, enum main_kind chosen,
	    const char *path, struct buf *out);

#endif
