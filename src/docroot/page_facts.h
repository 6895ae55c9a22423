/*
 * What a scan learned of each page of a document root, kept between
 * processes in a SQLite file ([docroot] page_facts), so that a CGI reads
 * again only the pages whose file changed. Facts, never answers: each is
 * tied to its file's state, all of them to the rules that made them
 * (the context), and a store that cannot be read is as good as empty.
 */
#ifndef SITEMAPD_PAGE_FACTS_H
#define SITEMAPD_PAGE_FACTS_H

#include <stdint.h>
#include <time.h>

#include "buf.h"

/* A page's head as read, before the lastmod store dated it. */
struct page_fact {
	uint64_t	 id;
	uint64_t	 state;		/* docroot_state_key of its file */
	char		*why;		/* unlisted, or broken: or NULL */
	char		*extensions;	/* page.h's; its column keeps the
					   name "alternates" */
	time_t		 modified;
	uint64_t	 content;
	time_t		 first;		/* struct dating's */
	uint8_t		 dated;		/* the store is asked of content */
	uint8_t		 floor;		/* first is the modified date it
					   states (struct dating's) */
	uint8_t		 from;		/* enum lastmod_from */
	uint8_t		 content_from;	/* enum content_from */
	uint8_t		 broken;
};

struct page_facts;

/*
 * The facts at path made under context, read whole in a thread of their
 * own from now on. Facts of another context are none, and replaced.
 */
struct page_facts *page_facts_open(const char *path, const char *context);
/*
 * Whether they could be read, waited for: if not (the file cannot be
 * opened, is locked past STORE_WAIT_S, is no database), 0 with why, and
 * they are none.
 */
int	page_facts_usable(struct page_facts *, struct buf *why);
void	page_facts_close(struct page_facts *);
/* The fact of page id whose file is in state now, or NULL. */
const struct page_fact *page_facts_find(struct page_facts *, uint64_t id,
	    uint64_t state);
/* Keeps f (copied) to be written at the next page_facts_write. */
void	page_facts_learn(struct page_facts *, const struct page_fact *f);
/*
 * Writes what was learned; after a complete scan, also forgets the pages
 * not found in it. -1 with why; what was learned is then dropped.
 */
int	page_facts_write(struct page_facts *, int complete, struct buf *why);
/* How many pages it knows, for check: -1 with why. */
long	page_facts_count(const char *path, struct buf *why);

#endif
