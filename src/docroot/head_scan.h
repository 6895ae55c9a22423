/*
 * Where a browser's head ends, and whether a robots noindex is in it:
 * the HTML Standard's tokenizer, and of its tree construction just the
 * modes before <body> (before head, in head, after head, template), run
 * over the decoded page. libxml2's HTML parser reads comments, <title>,
 * <noscript>, <template> and NUL bytes otherwise than a browser does,
 * and a noindex it misses would be listed: this reading decides that.
 */
#ifndef SITEMAPD_HEAD_SCAN_H
#define SITEMAPD_HEAD_SCAN_H

#include <stddef.h>

#include "buf.h"

struct head_scan {
	int		 state;		/* of the tokenizer */
	int		 mode;		/* of the tree builder */
	int		 templates;	/* open: their content is no head's */
	struct buf	 tag;		/* the name of the tag being read */
	int		 end_tag;
	struct buf	 attr;		/* the attribute being read */
	struct buf	 value;
	struct buf	 attrs;		/* name NUL value NUL, of the tag */
	struct buf	 tmp;		/* an end tag's name in raw text */
	char		 raw[16];	/* the element raw text ends with */
	struct buf	 noscript;	/* the raw text of one, as read */
	int		 raw_state;	/* where raw text goes back to */
	const char	*noindex;	/* whom a noindex is for */
};

void	head_scan_init(struct head_scan *);
/* Reads more of the page, UTF-8; 1 once the head has ended. */
int	head_scan_feed(struct head_scan *, const char *, size_t);
void	head_scan_free(struct head_scan *);
/*
 * The crawler a <meta name content> says noindex (or none) to, if it is
 * one of a search engine's that reads sitemaps, or what else of it means
 * noindex now (an unavailable_after past); else NULL.
 */
const char *meta_noindex_for(const char *name, const char *content);

#endif
