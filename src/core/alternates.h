/*
 * What a sitemap entry shows beside its <loc> and <lastmod>: the page's
 * hreflang alternates, and its images. Google reads an alternate only
 * where both pages name each other, so an entry shows those of its
 * alternates that are listed and name it back; an image it shows as the
 * page names it, unless its own robots.txt keeps crawlers from it.
 */
#ifndef SITEMAPD_ALTERNATES_H
#define SITEMAPD_ALTERNATES_H

#include <stddef.h>
#include <stdint.h>


struct listing;

/* Each "lang\tpath\n", the path as the entries have it. */
struct sitemap_extensions {
	char		*declared;	/* "" for none */
	char		*shown;		/* those listed, naming it back */
	uint32_t	 nshown;
	uint32_t	 shown_bytes;	/* of their langs and paths */
	/*
	 * "\turl\n" each from images_at on, XML-escaped: "/path" on the
	 * site itself, "//host/path" for the base URL's scheme, or
	 * absolute. A shared_str: the page's own extensions where they
	 * need no change, so that they are kept once.
	 */
	char		*images;	/* or NULL */
	uint32_t	 images_at;
	uint32_t	 nimages;
	uint32_t	 images_bytes;	/* of their URLs */
	uint32_t	 nsite;		/* images given the base URL */
	uint32_t	 nschemeless;	/* images given its scheme */
};

/*
 * From a page's own (page.h's extensions), the images robots keeps
 * crawlers from left out, and those rules->site_image refuses; NULL for
 * none.
 */
struct sitemap_extensions *extensions_declared(char *page_extensions,
	    const struct listing *rules);
/*
 * An entry's extensions are read through these alone: an entry that
 * shows only images holds them in a form of its own (alternates.c).
 * Its images' lines ("\turl\n" each), or NULL; ...
 */
const char *sitemap_images(const struct sitemap_extensions *);
/* ... the alternates it declares ("lang\tpath\n" each), or ""; ... */
const char *extensions_alternates(const struct sitemap_extensions *);
/* ... those shown, or NULL; ... */
const char *extensions_shown(const struct sitemap_extensions *);
/* ... and itself where it declares alternates, to pair, else NULL. */
struct sitemap_extensions *extensions_pairable(struct sitemap_extensions *);
void	extensions_free(struct sitemap_extensions *);
/*
 * Whether list ("lang\tpath\n" each) names path (len bytes): the line
 * that does, or NULL; its language is up to the tab.
 */
const char *alternates_name(const char *list, const char *path, size_t len);
/*
 * The bytes the <xhtml:link>s and <image:image>s of an entry take, at
 * most, with a base of base_len (the base URL, XML-escaped, and a "/").
 */
size_t	extensions_size(const struct sitemap_extensions *, size_t base_len);
/*
 * Writes them at to, with base; returns past the end. a is not NULL: an
 * entry with nothing beside its location is not asked (the render skips
 * the call for each such entry).
 */
char	*extensions_put(const struct sitemap_extensions *, const char *base,
	    size_t base_len, char *to);

#endif
