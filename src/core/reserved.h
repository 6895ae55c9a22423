/*
 * The reserved-path registry (sitemapd.ini(5), [reserved]): one list that
 * decides which aliases are never listed, which paths robots.txt
 * disallows, and which aliases "check" reports.
 */
#ifndef SITEMAPD_RESERVED_H
#define SITEMAPD_RESERVED_H

#include <stddef.h>

#include "buf.h"

#define RESERVED_PREFIX		0x1	/* also matches everything below it */
#define RESERVED_PUBLISH	0x2	/* published as Disallow in robots.txt */
/* NoPressure reserves it too, and serves an older version instead. */
#define RESERVED_NOPRESSURE	0x4
/* A path of a NoPressure site, built in and not asked for by the INI. */
#define RESERVED_SITE		0x8

struct reserved_entry {
	char	*path;		/* canonical alias form, no leading "/" */
	int	 flags;
};

struct reserved {
	struct reserved_entry	*v;
	size_t			 n;
};

/* Fills r with the built-in entries. */
void	reserved_init(struct reserved *r);
void	reserved_free(struct reserved *r);
/*
 * For a site that is not NoPressure's: the built-in paths of NoPressure
 * go (id/, login/, builtin/, api/), and none is NoPressure's any more;
 * those sitemapd serves and those the INI asked for stay.
 */
void	reserved_drop_nopressure(struct reserved *r);
/* Makes dst a copy of src. */
void	reserved_copy(struct reserved *dst, const struct reserved *src);

/*
 * Adds an entry written as in the INI: "search/" is a prefix, "search" an
 * exact path. Returns -1 with *why set when it is not a valid path.
 */
int	reserved_add(struct reserved *r, const char *spec, int publish,
	    const char **why);

/* Adds the admin path: a prefix that is never published. */
int	reserved_add_admin(struct reserved *r, const char *path,
	    const char **why);

/*
 * True when a robots.txt pattern, as the INI writes it, spells out path
 * (a canonical alias): "/Admin/", "*admin$" and "/%61dmin" all name
 * "admin". One that only matches it, such as "/adm*", does not.
 */
int	reserved_pattern_names(const char *pattern, const char *path);

/*
 * The first entry that alias falls under, or NULL. alias is canonical,
 * as alias_canonical makes it and every page's is.
 */
const struct reserved_entry *reserved_match(const struct reserved *r,
	    const char *alias);
/* The same among the entries NoPressure reserves itself. */
const struct reserved_entry *reserved_match_nopressure(
	    const struct reserved *r, const char *alias);

/* Appends the NoPressure entries, for telling when they change. */
void	reserved_nopressure_key(const struct reserved *r, struct buf *out);

#endif
