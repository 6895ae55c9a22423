/*
 * Which pages show which image files (image_users.h): pairs of a path's
 * key and a page's id in one array, its head sorted and without repeats,
 * its tail as noted since, merged into the head before it grows long;
 * with watch = stat, each path and its state. Under one lock. A key is
 * its folder's hash over its name's, 32 bits each, so that a folder's
 * files lie side by side in the head: where two folders' hashes meet,
 * one gone reads the other's pages too, no more.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hash.h"
#include "id_map.h"
#include "image_users.h"
#include "parallel.h"
#include "sorted.h"

/* A key's bits that name its folder. */
#define FOLDER_BITS	0xffffffff00000000ULL
/* Nothing at a path: a kept state is odd, or 0. */
#define STATE_NONE	2
/*
 * Pairs noted since the head was sorted are looked through one by one, up
 * to this many or a 64th of the head: a merge costs a pass over them all.
 */
#define TAIL_MIN	1024

struct pair {
	uint64_t	 key;
	uint64_t	 page;
};

/* With watch = stat: a path asked of, and what was there. */
struct stated {
	char		*rel;
	uint64_t	 state;
};

struct image_users {
	pthread_mutex_t	 lock;
	uint64_t	(*kept_state)(const struct stat *);
	struct pair	*pairs;
	size_t		 n;
	size_t		 sorted;	/* pairs[0, sorted): by key, once */
	struct stated	*paths;
	size_t		 npaths;
	struct id_map	 path_at;	/* index in paths by key */
};

/* What image_users_compare's threads share. */
struct comparing {
	struct image_users *u;
	const char	*root;
	uint8_t		*changed;	/* by index in paths */
};

static void	add_pair(struct image_users *, uint64_t key, uint64_t page);
static void	dirty_keys(struct image_users *, uint64_t key,
		    uint64_t mask, struct dirty *d);
static void	dirty_page(uint64_t page, struct dirty *d);
static void	sort_in(struct image_users *);
static uint64_t	path_key(const char *rel);
static uint64_t	folder_key(const char *rel, size_t len);
static size_t	first_of(const struct image_users *, uint64_t key);
static uint64_t	state_of(const struct image_users *,
		    const struct stat *);
static void	stat_one(void *arg, size_t i);
static int	by_key(const void *, const void *);

struct image_users *
image_users_new(uint64_t (*kept_state)(const struct stat *))
{
	struct image_users *u = xcalloc(1, sizeof(*u));

	pthread_mutex_init(&u->lock, NULL);
	u->kept_state = kept_state;
	return u;
}

void
image_users_free(struct image_users *u)
{
	if (u == NULL)
		return;
	for (size_t i = 0; i < u->npaths; i++)
		free(u->paths[i].rel);
	free(u->paths);
	free(u->pairs);
	id_map_free(&u->path_at);
	pthread_mutex_destroy(&u->lock);
	free(u);
}

void
image_users_note(struct image_users *u, const char *rel,
    const struct stat *st, uint64_t page, int stated)
{
	uint64_t key = path_key(rel);
	size_t at;

	pthread_mutex_lock(&u->lock);
	add_pair(u, key, page);
	if (stated) {
		if (!id_map_get(&u->path_at, key, &at)) {
			u->paths = xgrowarray(u->paths, u->npaths,
			    sizeof(*u->paths));
			at = u->npaths++;
			u->paths[at].rel = xstrdup(rel);
			id_map_put(&u->path_at, key, at);
		}
		u->paths[at].state = state_of(u, st);
	}
	pthread_mutex_unlock(&u->lock);
}

void
image_users_dirty(struct image_users *u, const char *rel, struct dirty *d)
{
	pthread_mutex_lock(&u->lock);
	dirty_keys(u, path_key(rel), UINT64_MAX, d);
	pthread_mutex_unlock(&u->lock);
}

void
image_users_dirty_folder(struct image_users *u, const char *rel,
    struct dirty *d)
{
	pthread_mutex_lock(&u->lock);
	dirty_keys(u, folder_key(rel, strlen(rel)), FOLDER_BITS, d);
	pthread_mutex_unlock(&u->lock);
}

void
image_users_compare(struct image_users *u, const char *root, struct dirty *d)
{
	struct comparing c = { u, root, NULL };

	pthread_mutex_lock(&u->lock);
	c.changed = xcalloc(u->npaths + 1, 1);
	parallel_each(u->npaths, stat_one, &c);
	for (size_t i = 0; i < u->npaths; i++)
		if (c.changed[i])
			dirty_keys(u, path_key(u->paths[i].rel),
			    UINT64_MAX, d);
	free(c.changed);
	pthread_mutex_unlock(&u->lock);
}

/* A page reads its images twice (its entry, its hash): noted once. */
static void
add_pair(struct image_users *u, uint64_t key, uint64_t page)
{
	for (size_t i = u->n; i > u->sorted && i + 4 > u->n; i--)
		if (u->pairs[i - 1].key == key && u->pairs[i - 1].page == page)
			return;
	u->pairs = xgrowarray(u->pairs, u->n, sizeof(*u->pairs));
	u->pairs[u->n++] = (struct pair){ key, page };
}

/* The pages of the pairs whose key's bits of mask are key's, into d. */
static void
dirty_keys(struct image_users *u, uint64_t key, uint64_t mask,
    struct dirty *d)
{
	if (u->n - u->sorted > TAIL_MIN && u->n - u->sorted > u->sorted / 64)
		sort_in(u);
	for (size_t i = first_of(u, key & mask); i < u->sorted &&
	    (u->pairs[i].key & mask) == (key & mask); i++)
		dirty_page(u->pairs[i].page, d);
	for (size_t i = u->sorted; i < u->n; i++)
		if ((u->pairs[i].key & mask) == (key & mask))
			dirty_page(u->pairs[i].page, d);
}

/* Where the first pair of the head with a key of key or more is. */
static size_t
first_of(const struct image_users *u, uint64_t key)
{
	const struct sorted head = { u->pairs, u->sorted, sizeof(*u->pairs),
	    by_key };
	const struct pair least = { key, 0 };

	return sorted_lower(&head, &least);
}

static void
dirty_page(uint64_t page, struct dirty *d)
{
	id_list_add(&d->ids[page & 0xff], page);
}

/*
 * The tail sorted and merged into the head, from the end, repeats
 * dropped: a pair once, however often its page was read.
 */
static void
sort_in(struct image_users *u)
{
	size_t ntail = u->n - u->sorted, h = u->sorted, t = ntail, at = u->n;
	struct pair *tail = xreallocarray(NULL, ntail, sizeof(*tail));
	size_t out = 0;

	qsort(u->pairs + u->sorted, ntail, sizeof(*tail), by_key);
	memcpy(tail, u->pairs + u->sorted, ntail * sizeof(*tail));
	while (t > 0)
		u->pairs[--at] = h > 0 && by_key(&u->pairs[h - 1],
		    &tail[t - 1]) > 0 ? u->pairs[--h] : tail[--t];
	free(tail);
	for (size_t i = 0; i < u->n; i++)
		if (out == 0 || by_key(&u->pairs[out - 1], &u->pairs[i]) != 0)
			u->pairs[out++] = u->pairs[i];
	u->n = u->sorted = out;
}

/* A path's key: its folder's bits, then its name's. */
static uint64_t
path_key(const char *rel)
{
	const char *slash = strrchr(rel, '/');
	const char *name = slash ? slash + 1 : rel;

	return folder_key(rel, slash ? (size_t)(slash - rel) : 0) |
	    (hash_add(HASH_INIT, name, strlen(name)) & ~FOLDER_BITS);
}

/* The folder of len bytes of rel, in FOLDER_BITS: "" the root's. */
static uint64_t
folder_key(const char *rel, size_t len)
{
	return hash_add(HASH_INIT, rel, len) & FOLDER_BITS;
}

/* What st says, or STATE_NONE for no file. */
static uint64_t
state_of(const struct image_users *u, const struct stat *st)
{
	return st == NULL ? STATE_NONE : u->kept_state(st);
}

/* parallel_each: whether path i is no longer as noted; each its own. */
static void
stat_one(void *arg, size_t i)
{
	struct comparing *c = arg;
	struct buf path = BUF_INIT;
	struct stat st;
	uint64_t now;

	buf_printf(&path, "%s/%s", c->root, c->u->paths[i].rel);
	now = state_of(c->u, stat(buf_str(&path), &st) == 0 ? &st : NULL);
	c->changed[i] = now == 0 || now != c->u->paths[i].state;
	/*
	 * Taken now, not when its pages note it again: one that no longer
	 * shows it would be read again at every comparison.
	 */
	if (now != 0)
		c->u->paths[i].state = now;
	buf_free(&path);
}

static int
by_key(const void *a, const void *b)
{
	const struct pair *p = a, *q = b;

	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	if (p->page != q->page)
		return p->page < q->page ? -1 : 1;
	return 0;
}
