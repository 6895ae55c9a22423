/* Response bodies, shared by the requests in flight that send them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"

/*
 * The memory of the biggest body of each kind freed, for the next one:
 * at most one part and its compressed copy, whatever the parts' size. A
 * part is megabytes, and memory the kernel hands out afresh is faulted
 * in page by page: behind nginx that cost a third again of writing the
 * part when each answer's memory was mapped and given back (issue 68).
 * Memory is kept, never an answer: each body is written anew.
 */
static struct buf	 spares[BODY_KINDS] = { BUF_INIT, BUF_INIT };
static pthread_mutex_t	 spare_lock = PTHREAD_MUTEX_INITIALIZER;

struct body *
body_new(enum body_kind kind)
{
	struct body *b = xcalloc(1, sizeof(*b));

	b->refs = 1;
	b->kind = kind;
	body_spare_take(kind, &b->bytes);
	return b;
}

void
body_spare_take(enum body_kind kind, struct buf *out)
{
	pthread_mutex_lock(&spare_lock);
	*out = spares[kind];
	spares[kind] = (struct buf)BUF_INIT;
	pthread_mutex_unlock(&spare_lock);
	buf_reset(out);
}

void
body_spare_give(enum body_kind kind, struct buf *b)
{
	struct buf smaller;

	pthread_mutex_lock(&spare_lock);
	if (b->cap > spares[kind].cap) {
		smaller = spares[kind];
		spares[kind] = *b;
	} else
		smaller = *b;
	pthread_mutex_unlock(&spare_lock);
	buf_free(&smaller);
	*b = (struct buf)BUF_INIT;
}

struct body *
body_ref(struct body *b)
{
	b->refs++;
	return b;
}

static void
unshare(struct body *b)
{
	struct bodies *t = b->in;

	for (size_t i = 0; i < t->n; i++)
		if (t->all[i] == b) {
			t->all[i] = t->all[--t->n];
			break;
		}
	t->bytes -= b->bytes.len;
	b->in = NULL;
}

void
body_release(struct body *b)
{
	if (b == NULL || --b->refs > 0)
		return;
	if (b->in != NULL)
		unshare(b);
	body_spare_give(b->kind, &b->bytes);
	free(b);
}

void
bodies_init(struct bodies *t, size_t max_bytes)
{
	memset(t, 0, sizeof(*t));
	t->max_bytes = max_bytes;
}

struct body *
bodies_find(struct bodies *t, const char *key)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->all[i]->key, key) == 0)
			return body_ref(t->all[i]);
	return NULL;
}

int
bodies_full(const struct bodies *t)
{
	return t->bytes >= t->max_bytes;
}

void
bodies_share(struct bodies *t, struct body *b, const char *key)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->all = xreallocarray(t->all, t->cap, sizeof(*t->all));
	}
	snprintf(b->key, sizeof(b->key), "%s", key);
	b->in = t;
	t->all[t->n++] = b;
	t->bytes += b->bytes.len;
}

void
bodies_free(struct bodies *t)
{
	for (size_t i = 0; i < t->n; i++)
		t->all[i]->in = NULL;
	free(t->all);
	memset(t, 0, sizeof(*t));
}
