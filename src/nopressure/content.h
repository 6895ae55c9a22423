/*
 * The content root in NoPressure's flat storage (doc/nopressure-root),
 * read into the page metadata every response is built from.
 */
#ifndef SITEMAPD_CONTENT_H
#define SITEMAPD_CONTENT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "buf.h"
#include "id_list.h"
#include "page.h"
#include "report.h"
#include "reserved.h"
#include "tags.h"

/* content/00 to content/ff: the low byte of a page's id names its shard. */
#define CONTENT_SHARDS	PAGE_BUCKETS

/* The shard a directory name stands for ("00" to "ff"), or -1. */
int	content_shard_of(const char *name);
/*
 * The page a file of a shard belongs to: 1 with its id for a sidecar or
 * a blob named as a sidecar looks for it, -1 for a name ending in .ron
 * that is no sidecar's, 0 for a name no page reads (hidden ones too).
 */
int	content_page_of_file(const char *name, uint64_t *id);
/* Reads "ID.VERSION.ron" as NoPressure does. Returns 0 or -1. */
int	content_parse_sidecar_name(const char *name, uint64_t *id,
	    uint32_t *version);

/* What reading a shard goes by, and whom it tells what it does not read. */
struct scan_rules {
	const struct tagmap	*tags;
	const struct reserved	*reserved;	/* which aliases NoPressure skips */
	const struct reporter	*report;
	int			 images;	/* [sitemap] images: read each
						   public page's markdown */
};

/*
 * Replaces out with the pages of one shard of the content directory open
 * as contentfd, or only those of the ids in only, sorted by id: for each,
 * the version NoPressure serves. Returns -1 with the reason in why when
 * the shard cannot be read; errno is then ENOENT if its directory is gone.
 */
int	content_scan_shard(int contentfd, const char *contentpath,
	    unsigned shard, const struct id_list *only, const struct scan_rules *,
	    struct site *out, struct buf *why);

#endif
