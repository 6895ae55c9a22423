/* Tag access rules from state/sys/tags.yaml, and who may see a page. */
#ifndef SITEMAPD_TAGS_H
#define SITEMAPD_TAGS_H

#include <stddef.h>

#include "buf.h"
#include "page.h"

enum access_rule { RULE_UNSET, RULE_UNION, RULE_INTERSECT };

struct tag {
	char		 *id;
	char		**roles;
	size_t		  nroles;
	enum access_rule  rule;
};

struct tagmap {
	struct tag	*v;	/* sorted by id */
	size_t		 n;
};

/* Parses tags.yaml text. Returns 0, or -1 with the reason in why. */
int	tagmap_parse(const char *text, size_t len, struct tagmap *,
	    struct buf *why);

/*
 * Loads a tags.yaml file. A missing file is an empty map; one that exists
 * but cannot be read or parsed is an error, so that restricted pages are
 * never taken for public ones.
 */
int	tagmap_load(const char *path, struct tagmap *, struct buf *why);
void	tagmap_free(struct tagmap *);

enum access access_of(const struct tagmap *, char *const *tags, size_t n);
/* Appends who may read a page with these tags: "editor, staff". */
void	access_roles(const struct tagmap *, char *const *tags, size_t n,
	    struct buf *out);

#endif
