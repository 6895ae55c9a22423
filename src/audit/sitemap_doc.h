/*
 * Any site's sitemap document, read as the Sitemap check 1.0.0 reads it:
 * an XML <urlset> or <sitemapindex>, plain text, RSS or Atom. Entries and
 * problems go to callbacks as they are read, so that reading holds one
 * entry at a time whatever the document's size. No I/O, no network.
 */
#ifndef SITEMAPD_SITEMAP_DOC_H
#define SITEMAPD_SITEMAP_DOC_H

#include <stddef.h>

enum doc_format {
	DOC_NONE,		/* not a sitemap at all */
	DOC_URLSET, DOC_INDEX, DOC_TEXT, DOC_RSS, DOC_ATOM
};

/* More alternates than there are languages: the rest are not kept. */
#define DOC_ALTERNATES_MAX	200
/* An element with more is no sitemap's, and is not parsed. */
#define DOC_ATTRIBUTES_MAX	256

struct doc_alternate {
	char	*lang;
	char	*href;
};

/* One <url>, <sitemap>, line, item or entry. */
struct doc_entry {
	enum doc_format format;	/* of the document it is in */
	const char *loc;	/* trimmed, or NULL when missing or invalid */
	const char *lastmod;	/* as written, only when a W3C date */
	struct doc_alternate alternates[DOC_ALTERNATES_MAX];
	size_t	 nalternates;	/* complete xhtml:link records */
};

struct doc_reader {
	void	 *arg;
	/* Each entry, in order; a pointer valid only during the call. */
	void	(*entry)(void *arg, const struct doc_entry *);
	/*
	 * Each problem: kind is one of the names sitemap_doc.c's table
	 * gives (url-invalid, lastmod-invalid, ...); loc the entry's, or
	 * NULL; detail says what was found.
	 */
	void	(*problem)(void *arg, const char *kind, const char *loc,
		    const char *detail);
};

/*
 * Reads body[0, len) (no longer gzipped) as a sitemap: its format, after
 * every entry and problem has gone to the reader. url names the
 * document in libxml2's messages only.
 */
enum doc_format	sitemap_doc_read(const char *body, size_t len,
	    const char *url, const struct doc_reader *);

/* "urlset", "sitemapindex", "text", "rss", "atom" or "none". */
const char	*doc_format_name(enum doc_format);

/* True for an absolute http or https URL with a host and no control. */
int	doc_url_valid(const char *);

#endif
