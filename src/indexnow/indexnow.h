/*
 * IndexNow (indexnow.org): the engines that share submissions (Bing,
 * Yandex, Naver, Seznam, Yep) are told which URLs of the sitemap changed.
 * A URL is submitted when it is first listed, when what a reader sees of
 * it changes, and when it stops being listed; never one that was never
 * listed, and nothing the first time a site is seen, as the sitemap
 * already lists every page then.
 */
#ifndef SITEMAPD_INDEXNOW_H
#define SITEMAPD_INDEXNOW_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "cache.h"
#include "config.h"

/* URLs per submission: the protocol's maximum. */
#define INDEXNOW_BATCH	10000

/* A listed URL and what it shows, as a hash: a change submits it. */
struct indexnow_url {
	char		*url;
	uint64_t	 seen;
	const struct page *page;	/* listed: the cache's, for
					   indexnow_seen_before */
	enum content_kind kind;		/* recorded: what seen hashes of the
					   page (page.h) */
};

struct indexnow_set {
	struct indexnow_url *v;		/* sorted by url */
	size_t		 n;
	const struct page_cache *cache;	/* listed: its pages' */
};

/*
 * The URLs the sitemap of cfg lists now, under [indexnow] host. -1 with
 * why when the root cannot be read in full: nothing is known then.
 */
int	indexnow_listed(struct page_cache *, const struct config *,
	    struct indexnow_set *, struct buf *why);
/*
 * What v[i] of a listed set shows as state written by an older version
 * hashed it, by that kind of content hash (page.h), its file read again;
 * 0 where unknown.
 */
uint64_t	indexnow_seen_before(const struct indexnow_set *, size_t i,
	    enum content_kind);
/*
 * Cheaply, what may have changed: a hash of the sitemap's entries and
 * their dates, which indexnow_listed is asked only when it moves.
 */
int	indexnow_digest(struct page_cache *, const struct config *,
	    uint64_t *, struct buf *why);
void	indexnow_set_sort(struct indexnow_set *);
void	indexnow_set_free(struct indexnow_set *);

/* "https://www.example.org": what every submitted URL starts with. */
void	indexnow_base(const struct indexnow_config *, struct buf *out);
/* "/indexnow-KEY.txt": where the key is answered. */
void	indexnow_key_path(const char *key, struct buf *out);

/* The JSON of a submission of urls (n of them, up to INDEXNOW_BATCH). */
void	indexnow_body(const struct indexnow_config *, char *const *urls,
	    size_t n, struct buf *out);

/* What an endpoint's status means for the URLs it was sent. */
enum indexnow_answer {
	INDEXNOW_ACCEPTED,	/* 200, 202 */
	INDEXNOW_LATER,		/* 429, 5xx, no answer: sent again later */
	INDEXNOW_REFUSED	/* 400, 403, 422, ...: dropped, and said why */
};
enum indexnow_answer indexnow_answer(long status, const char **meaning);

#endif
