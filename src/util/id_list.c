/* Page ids in order, to look up. */
#include <stdlib.h>

#include "buf.h"
#include "id_list.h"

void
id_list_add(struct id_list *l, uint64_t id)
{
	l->ids = xgrowarray(l->ids, l->n, sizeof(*l->ids));
	l->ids[l->n++] = id;
}

static int
by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void
id_list_sort(struct id_list *l)
{
	size_t kept = 0;

	if (l->n > 1)
		qsort(l->ids, l->n, sizeof(*l->ids), by_value);
	for (size_t i = 0; i < l->n; i++)
		if (kept == 0 || l->ids[i] != l->ids[kept - 1])
			l->ids[kept++] = l->ids[i];
	l->n = kept;
}

int
id_list_has(const struct id_list *l, uint64_t id)
{
	return l->n > 0 && bsearch(&id, l->ids, l->n, sizeof(*l->ids),
	    by_value) != NULL;
}

void
id_list_free(struct id_list *l)
{
	free(l->ids);
	l->ids = NULL;
	l->n = 0;
}
