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
/*
 * Where a page's lastmod comes from: its file, the date it states, a
 * store's memory of when its content was first seen, or (a stated date
 * being a floor, not a ceiling) a change the store saw after the date it
 * states.
 */
enum lastmod_from { LASTMOD_FILE, LASTMOD_STATED, LASTMOD_REMEMBERED,
	LASTMOD_CHANGED_AFTER_STATED };

/*
 * What a page's content hash covers, where its source hashes one: the
 * element that holds its main content, or else the body without its
 * landmarks (docroot/main_content.h), as sitemapd list says.
 */
enum content_from { CONTENT_FROM_NONE, CONTENT_FROM_MAIN, CONTENT_FROM_ROLE,
	CONTENT_FROM_ARTICLE, CONTENT_FROM_BODY };

/*
 * The kinds of content hash sitemapd has kept, by the number a store's
 * row records (docroot/content_hash.h): a row of an older kind keeps its
 * date while its page hashes, by that kind, to what the row holds, and
 * takes the page's hash of now then.
 */
enum content_kind {
	CONTENT_KIND_WHOLE,	/* 0.1.0: the whole page's text */
	CONTENT_KIND_MAIN_0_2,	/* 0.2.0: the title and main content's
				   text and pictures' URLs, by its rules */
	CONTENT_KIND_MAIN,	/* now */
};

/*
 * What few pages have: kept aside, so that a page with none of them (most
 * of a document root's, and of NoPressure's) costs a pointer.
 */
struct page_notes {
	char		*broken;	/* why no version is served; then
					   nothing but id is set */
	char		*unlisted;	/* why its source never lists it */
	uint64_t	 alias_owner;	/* with alias_taken */
};

/* Ordered to leave no padding: 64 bytes, and a million of them. */
struct page {
	uint64_t	 id;
	char		*alias;		/* canonical, or NULL (a shared_str);
					   with url_path, the URL's path
					   but its first "/" */
	char		**tags;		/* as the sidecar writes them, the
					   last followed by NULL; or NULL */
	char		*extensions;	/* of its sitemap entry, or NULL:
					   hreflang alternates "lang\tpath\n"
					   each, path as the sitemap names
					   it (url_path, then the alias),
					   then images "\turl\n" each
					   (page_images.h) */
	time_t		 last_modified;	/* newest of blob and sidecar */
	uint64_t	 content;	/* a hash of what a reader sees, where
					   the source tells (content_hash.h);
					   else 0 */
	struct page_notes *notes;	/* or NULL: none of them */
	uint32_t	 version;	/* the current one */
	unsigned	 access : 2;	/* enum access */
	unsigned	 content_from : 3;	/* enum content_from */
	unsigned	 markdown : 1;	/* a kind of page the sitemap lists */
	unsigned	 alias_taken : 1;	/* by alias_owner, a lower id */
	unsigned	 url_path : 1;	/* alias is a path, taken as it is */
	unsigned	 lastmod_from : 2;	/* enum lastmod_from */
	unsigned	 image : 1;	/* a page a site image may name, where
					   its source's images are pages
					   (source.h) */
};
/* A field added beside these costs 8 MB at a million pages: say so here. */
_Static_assert(sizeof(void *) != 8 || sizeof(struct page) == 64,
    "struct page is 64 bytes");

struct site {
	struct page	*pages;
	size_t		 n;
};

void	page_free(struct page *);
/* Its notes, made if it has none yet. */
struct page_notes *page_notes(struct page *);
/* Each note, or NULL (0) where it has none. */
const char *page_broken(const struct page *);
const char *page_unlisted(const struct page *);
uint64_t page_alias_owner(const struct page *);
/* How many tags it has. */
size_t	page_ntags(const struct page *);
/* "main", "role=main", "article", "body"; "-" for none. */
const char *content_from_name(enum content_from);
void	site_free(struct site *);

#endif
