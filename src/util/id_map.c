/* A map from 64-bit ids to array indices: open addressing, half full. */
#include <stdlib.h>

#include "buf.h"
#include "id_map.h"

static struct id_slot *slot_of(const struct id_map *, uint64_t);

void
id_map_put(struct id_map *m, uint64_t id, size_t at)
{
	struct id_slot *s;

	if (m->n * 2 >= m->cap) {
		struct id_map bigger = { NULL, 0, m->cap ? m->cap * 2 : 64 };

		bigger.slot = xcalloc(bigger.cap, sizeof(*bigger.slot));
		for (size_t i = 0; i < m->cap; i++)
			if (m->slot[i].used)
				id_map_put(&bigger, m->slot[i].id,
				    m->slot[i].at);
		free(m->slot);
		*m = bigger;
	}
	s = slot_of(m, id);
	if (!s->used)
		m->n++;
	*s = (struct id_slot){ id, at, 1 };
}

int
id_map_get(const struct id_map *m, uint64_t id, size_t *at)
{
	const struct id_slot *s;

	if (m->cap == 0)
		return 0;
	s = slot_of(m, id);
	if (!s->used)
		return 0;
	*at = s->at;
	return 1;
}

void
id_map_free(struct id_map *m)
{
	free(m->slot);
	*m = (struct id_map){ NULL, 0, 0 };
}

/* The slot of id, or the free one where it would go. */
static struct id_slot *
slot_of(const struct id_map *m, uint64_t id)
{
	size_t h = (size_t)((id * 0x9e3779b97f4a7c15ULL) >> 16) % m->cap;

	while (m->slot[h].used && m->slot[h].id != id)
		h = (h + 1) % m->cap;
	return &m->slot[h];
}
