/*
 * A content source: where the pages come from (a NoPressure runtime root,
 * a document root of HTML files), and how a long-running process learns
 * which of them changed. The cache keeps the pages in PAGE_BUCKETS
 * buckets, by the low byte of their id, with the sitemap made from them;
 * a source reads and watches, and the core calls it through these
 * functions alone, not knowing which it has.
 */
#ifndef SITEMAPD_SOURCE_H
#define SITEMAPD_SOURCE_H

#include <stdatomic.h>
#include <time.h>

#include "buf.h"
#include "config.h"
#include "id_list.h"
#include "page.h"
#include "report.h"

/* What to read again: whole buckets, or in the others the pages of ids. */
struct dirty {
	unsigned char	 whole[PAGE_BUCKETS];
	struct id_list	 ids[PAGE_BUCKETS];
};

struct source;

struct source_ops {
	/*
	 * For a long-running process, which follows the root, or for one
	 * read (CGI, check, list); rep hears what is not read or not listed.
	 * Afresh, every page is read from its file, as check wants to hear
	 * what each says.
	 */
	struct source	*(*open)(int long_lived, int afresh,
			    const struct reporter *rep);
	void		 (*close)(struct source *);
	/*
	 * Reads every page of cfg's root into buckets, each sorted by id,
	 * and, long-lived, follows the root from then on. It may run in a
	 * thread of its own, touching only the source and buckets, and stops
	 * early when *cancel is set. Returns 0, or -1 with the reason in why.
	 */
	int		 (*scan)(struct source *, const struct config *,
			    struct site *buckets, const atomic_int *cancel,
			    struct buf *why);
	/*
	 * Adds to dirty what changed since the scan or the last poll;
	 * -1 when it cannot tell, and the whole root is to be read again.
	 */
	int		 (*poll)(struct source *, const struct config *,
			    struct dirty *);
	/* Reads again what dirty names, into fresh by bucket. */
	int		 (*reread)(struct source *, const struct config *,
			    const struct dirty *, struct site *fresh,
			    struct buf *why);
	/* The newest moment its directories changed: a deletion counts. */
	time_t		 (*changed)(const struct source *);
	/* Who may read a restricted page, for sitemapd list. */
	void		 (*restricted)(const struct source *,
			    const struct page *, struct buf *out);
	/* The file a page is read from, for sitemapd list; NULL: not said. */
	void		 (*file_of)(const struct source *,
			    const struct page *, struct buf *out);
	/*
	 * The hash of a page's content by an older kind (page.h), its
	 * file read again, as state written by that version holds it; 0
	 * where unknown. NULL: its pages hash none.
	 */
	uint64_t	 (*content_before)(const struct source *,
			    const struct page *, enum content_kind);
	/*
	 * Whether a page's site images ("\t/alias\n" lines of its
	 * extensions) name pages of this source, as NoPressure's content
	 * objects: each is listed only where its page is a public image.
	 */
	int		 images_are_pages;
	/*
	 * Whether the site's own robots.txt lies in its root, merged into
	 * what sitemapd writes (a document root's): while the root cannot
	 * be read, the rules robots.txt must carry are unknown.
	 */
	int		 rules_in_root;
	/*
	 * Whether its pages' URLs are settled by the source itself, each
	 * claimed by one page (a document root's, where the server rules
	 * decide): no owner to find among claims, nor their memory.
	 */
	int		 urls_settled;
};

/* The source [site] source names. */
const struct source_ops *source_of(const struct config *);

extern const struct source_ops nopressure_source;
extern const struct source_ops docroot_source;

#endif
