/*
 * A page as every content source gives it to the core, and a set of them.
 * The core lists pages, never files or sidecars: what a page is made of
 * is its source's business.
 */
#ifndef SITEMAPD_PAGE_H
#define SITEMAPD_PAGE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Pages are kept in buckets by the low byte of their id. */
#define PAGE_BUCKETS	256

/* Who may read a page: only a public one is listed. */
enum access { ACCESS_PUBLIC, ACCESS_RESTRICTED, ACCESS_DENY };

/* Where a page's last_modified comes from, as sitemapd list says. */
enum lastmod_from { LASTMOD_FILE, LASTMOD_STATED, LASTMOD_REMEMBERED };

/*
 * What a page's content hash covers, where its source hashes one: the
 * element that holds its main content, or else the body without its
 * landmarks (docroot/main_content.h), as sitemapd list says.
 */
enum content_from { CONTENT_FROM_NONE, CONTENT_FROM_MAIN, CONTENT_FROM_ROLE,
	CONTENT_FROM_ARTICLE, CONTENT_FROM_BODY };

/* Ordered to leave no padding: a million of them are kept. */
struct page {
	uint64_t	 id;
	char		*alias;		/* canonical, or NULL (a shared_str);
					   with url_path, the URL's path
					   but its first "/" */
	char		**tags;		/* as the sidecar writes them */
	char		*broken;	/* why no version is served; then
					   nothing but id is set */
	char		*unlisted;	/* why its source never lists it */
	char		*extensions;	/* of its sitemap entry, or NULL:
					   hreflang alternates "lang\tpath\n"
					   each, path as the sitemap names
					   it (url_path, then the alias),
					   then images "\turl\n" each
					   (page_images.h) */
	time_t		 last_modified;	/* newest of blob and sidecar */
	uint64_t	 alias_owner;
	uint64_t	 content;	/* a hash of what a reader sees, where
					   the source tells (content_hash.h);
					   else 0 */
	uint32_t	 ntags;
	uint32_t	 version;	/* the current one */
	uint8_t		 access;	/* enum access */
	uint8_t		 content_from;	/* enum content_from */
	uint8_t		 markdown;	/* a kind of page the sitemap lists */
	uint8_t		 alias_taken;	/* by alias_owner, a lower id */
	uint8_t		 url_path;	/* alias is a path, taken as it is */
	uint8_t		 lastmod_from;	/* enum lastmod_from */
	uint8_t		 image;		/* a page a site image may name, where
					   its source's images are pages
					   (source.h) */
};

struct site {
	struct page	*pages;
	size_t		 n;
};

void	page_free(struct page *);
/* "main", "role=main", "article", "body"; "-" for none. */
const char *content_from_name(enum content_from);
void	site_free(struct site *);

#endif
