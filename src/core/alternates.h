/*
 * A page's hreflang alternates in its sitemap entry. Google reads an
 * alternate only where both pages name each other, so an entry shows
 * those of its alternates that are listed and name it back.
 */
#ifndef SITEMAPD_ALTERNATES_H
#define SITEMAPD_ALTERNATES_H

#include <stddef.h>
#include <stdint.h>


/* Each "lang\tpath\n", the path as the entries have it. */
struct sitemap_alternates {
	char		*declared;
	char		*shown;		/* those listed, naming it back */
	uint32_t	 nshown;
	uint32_t	 shown_bytes;	/* of their langs and paths */
};

/* From a page's own ("lang\talias\n" each); NULL for none. */
struct sitemap_alternates *alternates_declared(const char *page_alternates);
void	alternates_free(struct sitemap_alternates *);
/*
 * Whether list ("lang\tpath\n" each) names path (len bytes): the line
 * that does, or NULL; its language is up to the tab.
 */
const char *alternates_name(const char *list, const char *path, size_t len);
/* The bytes the <xhtml:link>s of a take with a base URL of base_len. */
size_t	alternates_size(const struct sitemap_alternates *,
	    size_t base_len);
/* Writes them at to, with base (XML-escaped); returns past the end. */
char	*alternates_put(const struct sitemap_alternates *, const char *base,
	    size_t base_len, char *to);

#endif
