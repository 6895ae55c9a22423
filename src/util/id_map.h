/* A map from 64-bit ids to array indices, for looking up by name. */
#ifndef SITEMAPD_ID_MAP_H
#define SITEMAPD_ID_MAP_H

#include <stddef.h>
#include <stdint.h>

struct id_map {
	struct id_slot {
		uint64_t	 id;
		size_t		 at;
		int		 used;
	}		*slot;
	size_t		 n, cap;
};

/* Maps id to at, in place of what it mapped to. */
void	id_map_put(struct id_map *, uint64_t id, size_t at);
/* 1 with what id maps to in *at; 0 when it maps to nothing. */
int	id_map_get(const struct id_map *, uint64_t id, size_t *at);
void	id_map_free(struct id_map *);

#endif
