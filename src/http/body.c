/* Response bodies, shared by the requests in flight that send them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"

struct body *
body_new(void)
{
	struct body *b = xcalloc(1, sizeof(*b));

	b->refs = 1;
	return b;
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
	buf_free(&b->bytes);
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
