/* Page ids in order, to look up. */
#ifndef SITEMAPD_ID_LIST_H
#define SITEMAPD_ID_LIST_H

#include <stddef.h>
#include <stdint.h>

struct id_list {
	uint64_t	*ids;
	size_t		 n;
};

void	id_list_add(struct id_list *, uint64_t);
/* Sorts the ids and drops repeats; then id_list_has may be asked. */
void	id_list_sort(struct id_list *);
int	id_list_has(const struct id_list *, uint64_t);
void	id_list_free(struct id_list *);

#endif
