/*
 * The files of a document root that are, or were, pages: each path by the
 * id of its path. Sorted, with the files added since the last merge beside
 * them in a map, and a file dropped only marked until then: a deploy that
 * adds or removes a hundred thousand files costs one pass over the rest,
 * not one for each.
 */
#ifndef SITEMAPD_KNOWN_FILES_H
#define SITEMAPD_KNOWN_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "id_map.h"

/* A file that is, or was, a page: what its id stands for. */
struct known {
	uint64_t	 id;
	char		*rel;		/* a shared_str: its page's alias
					   holds it where they are alike;
					   NULL once dropped */
};

struct known_files {
	struct known	*files;		/* sorted by id */
	size_t		 nfiles;
	struct known	*added;		/* since, to be merged into files */
	size_t		 nadded;
	struct id_map	 added_at;	/* index in added by id, below */
	size_t		 nindexed;	/* ...this; the rest a scan's */
	size_t		 ndropped;	/* marked in files */
};

/* id's path rel, not known before; returns the shared_str it keeps. */
char	*known_add(struct known_files *, uint64_t id, const char *rel);
/*
 * The same from a scan, which meets each path once and looks none up
 * till its merge: a million of them take no map.
 */
char	*known_add_scanned(struct known_files *, uint64_t id,
	    const char *rel);
void	 known_drop(struct known_files *, uint64_t id);
/* The path id stands for, or NULL. */
char	*known_rel(const struct known_files *, uint64_t id);
/*
 * The added sorted into files and the dropped let go: after it, files
 * holds every file known, and only those.
 */
void	 known_merge(struct known_files *);
/* The changes a merge would take in. */
size_t	 known_pending(const struct known_files *);
void	 known_free(struct known_files *);

#endif
