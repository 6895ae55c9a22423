/* Whole sitemap answers kept by their ETag, a few and small. */
#include <stdio.h>
#include <string.h>

#include "answers.h"

const struct buf *
answers_find(struct answers *a, const char *key)
{
	for (size_t i = 0; i < ANSWERS_SLOTS; i++)
		if (strcmp(a->slot[i].key, key) == 0 && key[0] != '\0') {
			a->slot[i].used = ++a->clock;
			return &a->slot[i].body;
		}
	return NULL;
}

static void
forget(struct answers *a, struct answer *slot)
{
	a->bytes -= slot->body.len;
	buf_free(&slot->body);
	slot->key[0] = '\0';
	slot->used = 0;
}

/* The least recently asked for of the kept ones; a free one first. */
static struct answer *
oldest(struct answers *a, int free_first)
{
	struct answer *old = NULL;

	for (size_t i = 0; i < ANSWERS_SLOTS; i++) {
		struct answer *slot = &a->slot[i];

		if (slot->key[0] == '\0') {
			if (free_first)
				return slot;
			continue;
		}
		if (old == NULL || slot->used < old->used)
			old = slot;
	}
	return old;
}

void
answers_keep(struct answers *a, const char *key, struct buf *body)
{
	struct answer *slot;

	if (body->len > ANSWER_MAX || strlen(key) >= ANSWER_KEY_SIZE ||
	    answers_find(a, key) != NULL) {
		buf_free(body);
		return;
	}
	while (a->bytes + body->len > ANSWERS_MAX)
		forget(a, oldest(a, 0));
	slot = oldest(a, 1);
	if (slot->key[0] != '\0')
		forget(a, slot);
	snprintf(slot->key, sizeof(slot->key), "%s", key);
	slot->body = *body;
	slot->used = ++a->clock;
	a->bytes += body->len;
	memset(body, 0, sizeof(*body));
}

void
answers_free(struct answers *a)
{
	for (size_t i = 0; i < ANSWERS_SLOTS; i++)
		buf_free(&a->slot[i].body);
	memset(a, 0, sizeof(*a));
}
