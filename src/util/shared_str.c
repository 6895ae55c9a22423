/*
 * Strings held by several owners at once: a count of holders just before
 * the characters, so that every holder keeps a plain char *.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "shared_str.h"

struct holders {
	atomic_uint	 n;
};

static struct holders *holders_of(char *);

char *
shared_str_dup(const char *s)
{
	return shared_str_ndup(s, strlen(s));
}

char *
shared_str_ndup(const char *s, size_t len)
{
	struct holders *h = xmalloc(sizeof(*h) + len + 1);
	char *str = (char *)(h + 1);

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
		free(h);
}

static struct holders *
holders_of(char *s)
{
	return (struct holders *)s - 1;
}
