/*
 * Strings held by several owners at once: a count of holders just before
 * the characters, so that every holder keeps a plain char *. A short one
 * lies in a slot of a slab of its size, rounded to 8 bytes: malloc's own
 * header and its rounding to 16 were a third of a page's paths, at a
 * million of them. A slot let go is the next one of its size handed out;
 * the slabs are kept, as a root's strings come and go by the thousand,
 * of the same few sizes.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "shared_str.h"

/* A sanitizer sees each string on its own only where malloc makes it. */
#if defined(__SANITIZE_ADDRESS__)
#define SLABS	0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define SLABS	0
#endif
#endif
#ifndef SLABS
#define SLABS	1
#endif

#define SLOT_UNIT	8
#define SLOT_MAX	256		/* longer strings from malloc */
#define SLAB_BYTES	65536

struct holders {
	atomic_uint	 n;
};

/* A slot let go, till it is handed out again. */
struct spare_slot {
	struct spare_slot *next;
};

struct slot_size {
	char		*next, *end;	/* the newest slab's unused slots */
	struct spare_slot *spare;
	size_t		 nspare;
};

static struct {
	pthread_mutex_t	 lock;
	struct slot_size sizes[SLOT_MAX / SLOT_UNIT];
} slab = { PTHREAD_MUTEX_INITIALIZER, { { NULL, NULL, NULL, 0 } } };

static struct holders *holders_of(char *);
static size_t	slot_bytes(size_t len);
static void	*slot_take(size_t bytes);
static void	slot_give(void *, size_t bytes);

char *
shared_str_dup(const char *s)
{
	return shared_str_ndup(s, strlen(s));
}

char *
shared_str_ndup(const char *s, size_t len)
{
	struct holders *h;
	char *str;

	/* Its slot is found again by its length: the NUL ends it. */
	len = strnlen(s, len);
	h = slot_take(slot_bytes(len));
	str = (char *)(h + 1);
	atomic_init(&h->n, 1);
	memcpy(str, s, len);
	str[len] = '\0';
	return str;
}

char *
shared_str_hold(char *s)
{
	if (s != NULL)
		atomic_fetch_add_explicit(&holders_of(s)->n, 1,
		    memory_order_relaxed);
	return s;
}

void
shared_str_drop(char *s)
{
	struct holders *h;

	if (s == NULL)
		return;
	h = holders_of(s);
	/* The last holder sees every other's writes before it frees. */
	if (atomic_fetch_sub_explicit(&h->n, 1, memory_order_acq_rel) == 1)
		slot_give(h, slot_bytes(strlen(s)));
}

size_t
shared_str_spare(void)
{
	size_t spare = 0;

	pthread_mutex_lock(&slab.lock);
	for (size_t i = 0; i < SLOT_MAX / SLOT_UNIT; i++)
		spare += slab.sizes[i].nspare * (i + 1) * SLOT_UNIT +
		    (size_t)(slab.sizes[i].end - slab.sizes[i].next);
	pthread_mutex_unlock(&slab.lock);
	return spare;
}

static struct holders *
holders_of(char *s)
{
	return (struct holders *)s - 1;
}

/* What a string of len characters takes: a slot's size, or more. */
static size_t
slot_bytes(size_t len)
{
	size_t bytes = sizeof(struct holders) + len + 1;

	return (bytes + SLOT_UNIT - 1) / SLOT_UNIT * SLOT_UNIT;
}

static void *
slot_take(size_t bytes)
{
	struct slot_size *z;
	void *p;

	if (!SLABS || bytes > SLOT_MAX)
		return xmalloc(bytes);
	z = &slab.sizes[bytes / SLOT_UNIT - 1];
	pthread_mutex_lock(&slab.lock);
	if (z->spare != NULL) {
		p = z->spare;
		z->spare = z->spare->next;
		z->nspare--;
	} else {
		if (z->next == z->end) {
			/* A whole number of slots: none spans two slabs. */
			size_t n = SLAB_BYTES / bytes * bytes;

			z->next = xmalloc(n);
			z->end = z->next + n;
		}
		p = z->next;
		z->next += bytes;
	}
	pthread_mutex_unlock(&slab.lock);
	return p;
}

static void
slot_give(void *p, size_t bytes)
{
	struct slot_size *z;
	struct spare_slot *spare = p;

	if (!SLABS || bytes > SLOT_MAX) {
		free(p);
		return;
	}
	z = &slab.sizes[bytes / SLOT_UNIT - 1];
	pthread_mutex_lock(&slab.lock);
	spare->next = z->spare;
	z->spare = spare;
	z->nspare++;
	pthread_mutex_unlock(&slab.lock);
}
