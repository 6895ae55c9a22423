/*
 * The images a NoPressure page shows from its markdown, as its renderer
 * (nop/src/public/markdown/parser.rs) lets them through: the front
 * matter cut, the rest read as CommonMark, each image kept where
 * NoPressure would show it rather than an error.
 */
#ifndef SITEMAPD_MARKDOWN_IMAGES_H
#define SITEMAPD_MARKDOWN_IMAGES_H

#include <stddef.h>

#include "buf.h"

/* Google reads no more of one page's. */
#define MARKDOWN_IMAGES_MAX	1000

/*
 * Appends "\turl\n" for each distinct image of the markdown text of the
 * page at alias (canonical; "index" for the home): an http(s) URL as a
 * browser sends it, or "/ALIAS" for one of the site, ALIAS canonical,
 * which names the content object NoPressure looks the image up as.
 * Returns how many.
 */
size_t	markdown_images(const char *text, size_t len, const char *alias,
	    struct buf *out);

#endif
