/*
 * Which page owns an alias that several pages claim: the one with the
 * lowest id, as NoPressure resolves it. The others are left out of the
 * sitemap with alias_taken set. The claims are kept sorted, so that after
 * a change only the aliases it touched are looked at again.
 */
#ifndef SITEMAPD_ALIAS_OWNER_H
#define SITEMAPD_ALIAS_OWNER_H

#include <stdint.h>

#include "page.h"
#include "sorted.h"

struct alias_owners {
	struct sorted	 claims;
	size_t		*going;		/* claims removed at the next add */
	size_t		 ngoing;
};

/* Finds the page of an id that has a claim; arg is the finder's. */
typedef struct page *(*page_finder)(uint64_t id, void *arg);

void	alias_owners_init(struct alias_owners *);
void	alias_owners_free(struct alias_owners *);
/*
 * Removes the claims of these pages, as they were added, with the next
 * alias_owners_add: the pages may go meanwhile.
 */
void	alias_owners_remove(struct alias_owners *, const struct page *const *,
	    size_t);
/* Adds the claims of the pages that have an alias. */
void	alias_owners_add(struct alias_owners *, const struct page *const *,
	    size_t);
/*
 * Sets alias_taken and alias_owner of every page claiming alias (every
 * alias when alias is NULL), calling changed() for each page whose two
 * fields were otherwise before.
 */
void	alias_owners_settle(const struct alias_owners *, const char *alias,
	    page_finder, void *find_arg,
	    void (*changed)(struct page *, void *), void *changed_arg);

/* Whether a page claims alias; the owner's id then in *id. */
int	alias_owners_owner(const struct alias_owners *, const char *alias,
	    uint64_t *id);

#endif
