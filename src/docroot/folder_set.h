/*
 * A set of folders below a document root, by path ("" the root itself),
 * asked of a path whether its folder, or a folder above it, is one: a
 * look-up for each level of the path, so that a pass over every file
 * serves every folder changed or gone at once, not one pass for each.
 */
#ifndef SITEMAPD_FOLDER_SET_H
#define SITEMAPD_FOLDER_SET_H

#include <stddef.h>

#include "id_map.h"

struct folder_set {
	struct id_map	 at;		/* index in rels by the path's id */
	char		**rels;
	size_t		 n;
};

#define FOLDER_SET_INIT	{ { NULL, 0, 0 }, NULL, 0 }

void	folder_set_add(struct folder_set *, const char *rel);
/* rel's folder (what comes before its last "/", or "") is one. */
int	folder_set_has_folder_of(const struct folder_set *, const char *rel);
/* rel lies below one; or, with self, is one. */
int	folder_set_has_above(const struct folder_set *, const char *rel,
	    int self);
void	folder_set_free(struct folder_set *);

#endif
