/*
 * The pages whose content shows each image file of the root, by the path
 * below the root of every file the server rules were asked of to answer
 * the image's URL, and by that file's folder: one of them created,
 * replaced or deleted, or its folder gone, is those pages to be read
 * again, as if their own file changed (watch.c), so that an image deleted
 * leaves the live sitemap and one created joins it. Noted by the threads
 * that read pages side by side; what a page read again no longer shows
 * stays noted until the root is read afresh, costing at most a read.
 * A page's image costs a pair of ids, 16 bytes, and with watch = stat
 * its path and state besides, as a file rewritten in place changes no
 * folder and only a stat finds it.
 */
#ifndef SITEMAPD_IMAGE_USERS_H
#define SITEMAPD_IMAGE_USERS_H

#include <stdint.h>
#include <sys/stat.h>

#include "source.h"

struct image_users;

/*
 * kept_state: a file's state to compare, odd, or 0 for one that changed
 * so lately that it may again within its time stamp, to be read again
 * at every comparison until it settles (docroot_kept_state).
 */
struct image_users *image_users_new(uint64_t (*kept_state)(
	    const struct stat *));
void	image_users_free(struct image_users *);
/*
 * Page asked of rel, which stat(2) found as st, or NULL for nothing;
 * with stated, its state kept for image_users_compare.
 */
void	image_users_note(struct image_users *, const char *rel,
	    const struct stat *st, uint64_t page, int stated);
/* rel came, changed or went: the pages that asked of it, into d. */
void	image_users_dirty(struct image_users *, const char *rel,
	    struct dirty *d);
/* The folder at rel went: the pages that asked of a file in it. */
void	image_users_dirty_folder(struct image_users *, const char *rel,
	    struct dirty *d);
/*
 * With watch = stat: each path kept stated anew below root (side by
 * side), the pages of those not as noted into d.
 */
void	image_users_compare(struct image_users *, const char *root,
	    struct dirty *d);

#endif
