/* The owner of each alias several pages claim: the lowest id. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alias_owner.h"
#include "buf.h"

struct claim {
	const char	*alias;		/* the page's own string */
	uint64_t	 id;
};

static int	claims(const struct page *);

static int
by_alias_then_id(const void *a, const void *b)
{
	const struct claim *x = a, *y = b;

	return sorted_by_string_then_id(x->alias, x->id, y->alias, y->id);
}

void
alias_owners_init(struct alias_owners *o)
{
	memset(o, 0, sizeof(*o));
	o->claims.size = sizeof(struct claim);
	o->claims.cmp = by_alias_then_id;
}

void
alias_owners_free(struct alias_owners *o)
{
	for (size_t i = 0; i < o->ngoing; i++)
		free((char *)((struct claim *)sorted_at(&o->claims,
		    o->going[i]))->alias);
	free(o->going);
	o->going = NULL;
	o->ngoing = 0;
	sorted_free(&o->claims);
}

void
alias_owners_remove(struct alias_owners *o, const struct page *const *pages,
    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct claim key = { pages[i]->alias, pages[i]->id }, *c;
		size_t at;

		if (!claims(pages[i]) ||
		    (at = sorted_find(&o->claims, &key)) == SIZE_MAX)
			continue;
		/* Its own copy: the page's string may be freed first. */
		c = sorted_at(&o->claims, at);
		c->alias = xstrdup(c->alias);
		o->going = xreallocarray(o->going, o->ngoing + 1,
		    sizeof(*o->going));
		o->going[o->ngoing++] = at;
	}
}

void
alias_owners_add(struct alias_owners *o, const struct page *const *pages,
    size_t n)
{
	struct claim *add = xcalloc(n ? n : 1, sizeof(*add));
	char **copies = xcalloc(o->ngoing + 1, sizeof(*copies));
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (claims(pages[i]))
			add[k++] = (struct claim){ pages[i]->alias,
			    pages[i]->id };
	for (size_t i = 0; i < o->ngoing; i++)
		copies[i] = (char *)((struct claim *)sorted_at(&o->claims,
		    o->going[i]))->alias;
	sorted_sort(&o->claims, add, k);
	sorted_indices(o->going, &o->ngoing);
	sorted_edit(&o->claims, o->going, o->ngoing, add, k, NULL);
	for (size_t i = 0; i < o->ngoing; i++)
		free(copies[i]);
	free(copies);
	free(o->going);
	o->going = NULL;
	o->ngoing = 0;
	free(add);
}

/* The claims [lo, hi) are of one alias: the first owns it. */
static void
settle_group(const struct alias_owners *o, size_t lo, size_t hi,
    page_finder find, void *find_arg, void (*changed)(struct page *, void *),
    void *changed_arg)
{
	uint64_t owner = ((struct claim *)sorted_at(&o->claims, lo))->id;

	for (size_t i = lo; i < hi; i++) {
		struct claim *c = sorted_at(&o->claims, i);
		struct page *page = find(c->id, find_arg);
		int taken = i > lo;
		uint64_t by = taken ? owner : 0;

		if (page == NULL)
			continue;
		if (page->alias_taken == taken && page_alias_owner(page) == by)
			continue;
		page->alias_taken = taken;
		/* Most pages own their alias: no notes made for them. */
		if (taken || page->notes != NULL)
			page_notes(page)->alias_owner = by;
		if (changed)
			changed(page, changed_arg);
	}
}

void
alias_owners_settle(const struct alias_owners *o, const char *alias,
    page_finder find, void *find_arg, void (*changed)(struct page *, void *),
    void *changed_arg)
{
	size_t lo = 0, end = o->claims.n;

	if (alias) {
		struct claim key = { alias, 0 };

		lo = sorted_lower(&o->claims, &key);
	}
	while (lo < end) {
		const struct claim *first = sorted_at(&o->claims, lo);
		const char *a = first->alias;
		size_t hi = lo + 1;

		if (alias && strcmp(a, alias) != 0)
			break;
		while (hi < end && strcmp(((struct claim *)sorted_at(
		    &o->claims, hi))->alias, a) == 0)
			hi++;
		settle_group(o, lo, hi, find, find_arg, changed, changed_arg);
		if (alias)
			break;
		lo = hi;
	}
}

int
alias_owners_owner(const struct alias_owners *o, const char *alias,
    uint64_t *id)
{
	struct claim key = { alias, 0 };
	size_t at = sorted_lower(&o->claims, &key);
	const struct claim *c;

	if (at >= o->claims.n)
		return 0;
	c = sorted_at(&o->claims, at);
	*id = c->id;
	return strcmp(c->alias, alias) == 0;
}

/*
 * Whether a page claims its alias. A path of a document root that its
 * source leaves out claims nothing: the source has already settled
 * which file the server answers that URL with.
 */
static int
claims(const struct page *p)
{
	return p->alias != NULL && !(p->url_path && page_unlisted(p) != NULL);
}
