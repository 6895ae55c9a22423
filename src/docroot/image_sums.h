/*
 * The bytes of the image files a page's main content shows, hashed, so
 * that a screenshot replaced at the same path moves its page's lastmod
 * although the page's HTML is the same. Each hash is kept by its file's
 * device, inode, size and mtime: a page read again costs its images no
 * read while they stay, and a rebuild that writes the same bytes anew
 * hashes them again to the same sum. Shared by the threads that read
 * pages side by side.
 */
#ifndef SITEMAPD_IMAGE_SUMS_H
#define SITEMAPD_IMAGE_SUMS_H

#include <stdint.h>

/* Past this, an image counts by its first bytes and its size. */
#define IMAGE_SUMS_READ_MAX	(64 * 1024 * 1024)

struct image_sums;

struct image_sums *image_sums_new(void);
void	image_sums_free(struct image_sums *);
/*
 * The hash of the regular file at path, whose stat(2) st holds: never 0,
 * but 0 where it cannot be read, when only its URL counts.
 */
struct stat;
uint64_t	image_sums_of(struct image_sums *, const char *path,
	    const struct stat *st);

#endif
