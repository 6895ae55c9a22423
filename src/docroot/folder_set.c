/*
 * folder_set: the folders' paths by the id the tree gives a path (FNV-1a,
 * docroot_id_of), so that each level of a path is hashed as the walk up
 * it goes, once in all.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hash.h"
#include "folder_set.h"

static int	has(const struct folder_set *, const char *rel, size_t len,
	    uint64_t id);

void
folder_set_add(struct folder_set *set, const char *rel)
{
	uint64_t id = hash_add(HASH_INIT, rel, strlen(rel));

	if (has(set, rel, strlen(rel), id))
		return;
	set->rels = xgrowarray(set->rels, set->n, sizeof(*set->rels));
	set->rels[set->n] = xstrdup(rel);
	id_map_put(&set->at, id, set->n++);
}

int
folder_set_has_folder_of(const struct folder_set *set, const char *rel)
{
	const char *slash = strrchr(rel, '/');
	size_t len = slash ? (size_t)(slash - rel) : 0;

	return set->n > 0 && has(set, rel, len, hash_add(HASH_INIT, rel, len));
}

int
folder_set_has_above(const struct folder_set *set, const char *rel,
    int self)
{
	uint64_t id = HASH_INIT;	/* of rel's first i bytes */
	size_t i = 0;			/* "", then each folder's path */

	if (set->n == 0)
		return 0;
	for (;;) {
		size_t from = i, next;

		if (has(set, rel, i, id))
			return 1;
		next = i + (i > 0) + strcspn(rel + i + (i > 0), "/");
		id = hash_add(id, rel + from, next - from);
		if (rel[next] == '\0')
			return self && has(set, rel, next, id);
		i = next;
	}
}

void
folder_set_free(struct folder_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->rels[i]);
	free(set->rels);
	id_map_free(&set->at);
	set->rels = NULL;
	set->n = 0;
}

/* rel's first len bytes, of id, are one of the set's. */
static int
has(const struct folder_set *set, const char *rel, size_t len, uint64_t id)
{
	size_t at;

	return id_map_get(&set->at, id, &at) &&
	    strncmp(set->rels[at], rel, len) == 0 && set->rels[at][len] == '\0';
}
