/* Response bodies, shared by the requests in flight that send them. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"

/*
 * The memory of the biggest body freed lately, for the next one, within
 * BODY_SPARE_MAX. A sitemap part is megabytes: memory the heap hands out
 * afresh, once a change has put small rows where the last body was, is
 * faulted in page by page, and that costs more than writing the part;
 * but a site of 50 MB parts would hold 50 MB for it between requests.
 */
static struct buf	 spare = BUF_INIT;
static pthread_mutex_t	 spare_lock = PTHREAD_MUTEX_INITIALIZER;

struct body *
body_new(void)
{
	struct body *b = xcalloc(1, sizeof(*b));

	b->refs = 1;
	body_spare_take(&b->bytes);
	return b;
}

void
body_spare_take(struct buf *out)
{
	pthread_mutex_lock(&spare_lock);
	*out = spare;
	spare = (struct buf)BUF_INIT;
	pthread_mutex_unlock(&spare_lock);
	buf_reset(out);
}

void
body_spare_give(struct buf *b)
{
	struct buf smaller;

	pthread_mutex_lock(&spare_lock);
	if (b->cap > spare.cap && b->cap <= BODY_SPARE_MAX) {
		smaller = spare;
		spare = *b;
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
	body_spare_give(&b->bytes);
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
