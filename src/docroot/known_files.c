/*
 * known_files: a sorted array searched by id, a map of what was added
 * since, and marks for what was dropped; merged in one pass when the
 * caller is about to go over them all anyway.
 */
#include <stdlib.h>

#include "buf.h"
#include "shared_str.h"
#include "known_files.h"

static void	index_added(struct known_files *);
static struct known *in_files(const struct known_files *, uint64_t id);
static struct known *in_added(const struct known_files *, uint64_t id);
static int	by_id(const void *a, const void *b);

char *
known_add(struct known_files *kf, uint64_t id, const char *rel)
{
	char *kept = known_add_scanned(kf, id, rel);

	index_added(kf);
	return kept;
}

char *
known_add_scanned(struct known_files *kf, uint64_t id, const char *rel)
{
	kf->added = xgrowarray(kf->added, kf->nadded, sizeof(*kf->added));
	kf->added[kf->nadded++] = (struct known){ id, shared_str_dup(rel) };
	return kf->added[kf->nadded - 1].rel;
}

void
known_drop(struct known_files *kf, uint64_t id)
{
	struct known *k;

	if ((k = in_added(kf, id)) != NULL) {
		shared_str_drop(k->rel);
		k->rel = NULL;
	}
	if ((k = in_files(kf, id)) != NULL) {
		shared_str_drop(k->rel);
		k->rel = NULL;
		kf->ndropped++;
	}
}

char *
known_rel(const struct known_files *kf, uint64_t id)
{
	struct known *k;

	if ((k = in_files(kf, id)) == NULL)
		k = in_added(kf, id);
	return k ? k->rel : NULL;
}

void
known_merge(struct known_files *kf)
{
	struct known *all;
	size_t i = 0, j = 0, n = 0;

	if (kf->nadded == 0 && kf->ndropped == 0)
		return;
	if (kf->nadded > 0)	/* none: added is NULL, which qsort refuses */
		qsort(kf->added, kf->nadded, sizeof(*kf->added), by_id);
	all = xreallocarray(NULL, kf->nfiles + kf->nadded + 1, sizeof(*all));
	while (i < kf->nfiles || j < kf->nadded) {
		/* On a tie the file known first is kept. */
		struct known next = j == kf->nadded || (i < kf->nfiles &&
		    kf->files[i].id <= kf->added[j].id) ? kf->files[i++] :
		    kf->added[j++];

		if (next.rel == NULL)
			continue;			/* dropped */
		if (n > 0 && all[n - 1].id == next.id)
			shared_str_drop(next.rel);	/* known */
		else
			all[n++] = next;
	}
	free(kf->files);
	free(kf->added);
	id_map_free(&kf->added_at);
	kf->files = all;
	kf->nfiles = n;
	kf->added = NULL;
	kf->nadded = kf->nindexed = kf->ndropped = 0;
}

size_t
known_pending(const struct known_files *kf)
{
	return kf->nadded + kf->ndropped;
}

void
known_free(struct known_files *kf)
{
	known_merge(kf);
	for (size_t i = 0; i < kf->nfiles; i++)
		shared_str_drop(kf->files[i].rel);
	free(kf->files);
	*kf = (struct known_files){ NULL, 0, NULL, 0, { NULL, 0, 0 }, 0, 0 };
}

/* The added not yet in the map, put there: a scan's, once looked up. */
static void
index_added(struct known_files *kf)
{
	for (; kf->nindexed < kf->nadded; kf->nindexed++)
		id_map_put(&kf->added_at, kf->added[kf->nindexed].id,
		    kf->nindexed);
}

/* id's entry in files, not dropped, or NULL. */
static struct known *
in_files(const struct known_files *kf, uint64_t id)
{
	struct known key = { id, NULL }, *k;

	if (kf->nfiles == 0)	/* files may be NULL, which bsearch refuses */
		return NULL;
	k = bsearch(&key, kf->files, kf->nfiles, sizeof(*kf->files), by_id);
	return k && k->rel ? k : NULL;
}

/*
 * id's entry among the added, not dropped, or NULL: the map, then a
 * scan's, one by one (none is looked up while it lasts).
 */
static struct known *
in_added(const struct known_files *kf, uint64_t id)
{
	size_t at;

	if (id_map_get(&kf->added_at, id, &at) && kf->added[at].rel)
		return &kf->added[at];
	for (size_t i = kf->nindexed; i < kf->nadded; i++)
		if (kf->added[i].id == id && kf->added[i].rel)
			return &kf->added[i];
	return NULL;
}

static int
by_id(const void *a, const void *b)
{
	uint64_t x = ((const struct known *)a)->id;
	uint64_t y = ((const struct known *)b)->id;

	return x < y ? -1 : x > y;
}
