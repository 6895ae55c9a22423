/*
 * Arrays kept in order from one change to the next: a few rows go, a few
 * come, each found by binary search, and the rest move once, in blocks,
 * without being compared or sorted again. That is what lets one changed
 * page cost what it changes at a million pages.
 */
#ifndef SITEMAPD_SORTED_H
#define SITEMAPD_SORTED_H

#include <stddef.h>
#include <stdint.h>

struct sorted {
	void	*rows;
	size_t	 n;
	size_t	 size;		/* of one row */
	int	(*cmp)(const void *, const void *);
};

void	*sorted_at(const struct sorted *, size_t);
/* The order of rows keyed by a string, then by a page id. */
int	sorted_by_string_then_id(const char *, uint64_t, const char *,
	    uint64_t);
/* The index of the row equal to key, or SIZE_MAX. */
size_t	sorted_find(const struct sorted *, const void *key);
/* The index of the first row not below key. */
size_t	sorted_lower(const struct sorted *, const void *key);
/* The index of the first row above key. */
size_t	sorted_upper(const struct sorted *, const void *key);
/* The order of row indices. */
int	sorted_by_index(const void *, const void *);
/* Sorts indices, dropping repeats and SIZE_MAX: what sorted_edit takes. */
void	sorted_indices(size_t *idx, size_t *n);
/* Sorts add[0..n) by cmp. */
void	sorted_sort(const struct sorted *, void *add, size_t n);
/*
 * Removes the rows at rm[0..nrm) (as sorted_indices leaves them) and puts
 * add[0..nadd), sorted by cmp, in their places, copying them, each after
 * the rows equal to it; with placed, placed[j] is where add[j] ends. The
 * rows that stay move once at most. The removed rows' keys are still
 * compared.
 */
void	sorted_edit(struct sorted *, size_t *rm, size_t nrm, const void *add,
	    size_t nadd, size_t *placed);
void	sorted_free(struct sorted *);

#endif
