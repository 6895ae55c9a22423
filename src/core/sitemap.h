/* sitemap.xml, its index and its parts (README, What it serves). */
#ifndef SITEMAPD_SITEMAP_H
#define SITEMAPD_SITEMAP_H

#include <stdint.h>
#include <time.h>

#include "buf.h"
#include "page.h"
#include "listing.h"
#include "protocol_limits.h"
#include "report.h"
#include "sections.h"

struct sitemap_extensions;

/* A listed page, with what writing it needs made once, when it changes. */
#define SITEMAP_DATE_LEN	10	/* YYYY-MM-DD */

struct sitemap_entry {
	char	*path;		/* percent-encoded, XML-escaped, after its
				   first "/"; a shared_str, mostly its
				   page's alias */
	uint64_t id;		/* of the page */
	time_t	 last_modified;
	uint32_t path_len;
	uint8_t	 dup;		/* the path of the entry before: not shown */
	uint8_t	 section;	/* sections.h's rank: sorted by it first */
	char	 date[SITEMAP_DATE_LEN];
	struct sitemap_extensions *extensions;	/* hreflang, images; or NULL */
};

/* Why a public Markdown page is not listed. */
enum left_out_reason { LEFT_OUT_ALIAS_TAKEN, LEFT_OUT_EXCLUDED,
	LEFT_OUT_RESERVED, LEFT_OUT_ROBOTS, LEFT_OUT_TOO_LONG,
	LEFT_OUT_UNLISTED };

struct sitemap_left_out {
	uint64_t id;
	char	*path;		/* the site path it would have, encoded */
	enum left_out_reason reason;
	char	*tag;		/* LEFT_OUT_EXCLUDED: which tag;
				   LEFT_OUT_UNLISTED: the source's reason */
	uint64_t owner;		/* LEFT_OUT_ALIAS_TAKEN: the alias's page */
};

/* What the sitemap does with one page, the one place its rules live. */
enum verdict { VERDICT_LISTED, VERDICT_LEFT_OUT, VERDICT_BROKEN,
	VERDICT_NOT_MARKDOWN, VERDICT_RESTRICTED };

struct sitemap_part {
	size_t	 start, end;	/* entries[start, end) */
	size_t	 seq;		/* 1, 2...: its number in its section */
	time_t	 newest;	/* 0 when empty */
	int	 dated;		/* newest is known */
	uint64_t hash;		/* of what the part shows; 0 until asked */
	size_t	 bytes;		/* its entries' XML, for a base of */
	size_t	 bytes_base;	/* ...this length; 0 until asked */
};

/*
 * The listable entries, sorted, a repeated path marked dup, independent of
 * the host they are served for, and cut into parts for one length of base
 * URL.
 */
struct sitemap {
	struct sitemap_entry *entries;
	size_t		 n;
	time_t		 newest;	/* of all entries; 0 when none */
	size_t		 ndup;		/* entries marked dup */
	size_t		 max_path_len;	/* at least the longest */
	size_t		 max_urls, max_bytes;
	int		 stylesheet;	/* link /sitemap.css */
	char		 url_path[URL_PATH_MAX + 1];	/* listing's */
	size_t		 base_len;	/* the parts below are cut for */
	struct sitemap_part *parts;
	size_t		 nparts;	/* at least 1, which may be empty */
	struct sitemap_left_out *left_out;	/* sorted by path, id */
	size_t		 nleft_out;
	size_t		 nalternates;	/* entries with alternates */
	size_t		 nimaged;	/* entries with images */
	struct sections	 sections;	/* the listing's, copied */
};

/* Appends the site path of page ("/", "/about", "/id/<hex>"). */
void	sitemap_page_path(const struct listing *, const struct page *,
	    struct buf *out);
/* Appends it percent-encoded, as URLs and robots.txt rules have it. */
void	sitemap_url_path(const struct listing *, const struct page *,
	    struct buf *out);

/*
 * Decides for page. But for VERDICT_BROKEN, path holds its site path,
 * percent-encoded; with VERDICT_LEFT_OUT, why says why.
 */
enum verdict sitemap_verdict(const struct listing *, const struct page *,
	    struct buf *path, struct sitemap_left_out *why);

void	sitemap_build(const struct listing *, const struct site *,
	    struct sitemap *);
void	sitemap_free(struct sitemap *);

/*
 * A built sitemap changed in place: sitemap_remove takes out the rows of
 * pages as they were put in (call it before they change or go; a
 * page's alias_taken may differ), or an edit with all set takes out every
 * row, and sitemap_add puts in the rows of pages as they are now and ends
 * the edit. It tells news (unless NULL) of the pages now left out that
 * were not, or not for the same reason, but for those excluded by tag
 * or by their source.
 */
struct sitemap_edit {
	size_t		*gone;		/* entries to remove, by index */
	size_t		 ngone;
	size_t		*was_at;	/* left_out rows likewise */
	size_t		 nwas_at;
	int		 all;		/* every row goes */
};
void	sitemap_remove(const struct listing *, struct sitemap *,
	    struct sitemap_edit *, const struct page *const *, size_t);
void	sitemap_add(const struct listing *, struct sitemap *,
	    struct sitemap_edit *, const struct page *const *, size_t,
	    const struct reporter *news);

/*
 * A page left out for a reserved path or a robots.txt rule is the INI's
 * own wish, a note; anything else is a problem.
 */
enum finding sitemap_left_out_finding(enum left_out_reason);
/* Why, in a site owner's words: "excluded by tag draft". */
void	sitemap_left_out_reason(const struct listing *,
	    const struct sitemap_left_out *, struct buf *out);
/* "page <id> (<path>): left out: <why>", the way the log and check say it. */
void	sitemap_describe_left_out(const struct listing *,
	    const struct sitemap_left_out *, struct buf *out);
/*
 * Decides again which of its alternates each entry shows, as the listed
 * entries are now: 1 when that changed anywhere.
 */
int	sitemap_pair_alternates(struct sitemap *);
/* Tells rep of each alternate an entry names but does not show, and why. */
void	sitemap_report_alternates(const struct sitemap *,
	    const struct reporter *);
/* The entry shown for path (len bytes, as entries have it), or SIZE_MAX. */
size_t	sitemap_shown_at(const struct sitemap *, const char *path,
	    size_t len);
/* Cuts the parts for base_url unless they are already cut for its length. */
void	sitemap_layout(struct sitemap *, const char *base_url);

/* Dates an entry: its moment, and its date as text. */
void	sitemap_entry_dated(struct sitemap_entry *, time_t last_modified);
/* A hash of what an entry shows: its path and date, made when asked. */
uint64_t sitemap_entry_hash(const struct sitemap_entry *);
/* What part (0-based) shows, apart from the base URL. */
uint64_t sitemap_part_hash(struct sitemap *, size_t part);
/* What the index shows, apart from the base URL. */
uint64_t sitemap_index_hash(struct sitemap *);

/* Appends the file name of part (0-based): "blog-0001.xml". */
void	sitemap_part_name(const struct sitemap *, size_t part, struct buf *);
/* The part (0-based) named name, or SIZE_MAX. */
size_t	sitemap_part_named(const struct sitemap *, const char *name);
/* Whether /sitemap.xml is the index of the parts, not the only part. */
int	sitemap_is_index(const struct sitemap *);

/* Appends the <urlset> of part (0-based; part < sm->nparts). */
void	sitemap_render_part(struct sitemap *, size_t part,
	    const char *base_url, struct buf *);
/* Appends the <sitemapindex> of every part. */
void	sitemap_render_index(struct sitemap *, const char *base_url,
	    struct buf *);

#endif
