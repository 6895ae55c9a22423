/*
 * A file read through libxml2's HTML push parser as a browser shows it:
 * recovering from any markup, silent, never on the network, and each
 * </html> end tag dropped on the way, as libxml2 reads nothing after
 * one, where a browser goes on showing the markup that follows.
 */
#ifndef SITEMAPD_HTML_READ_H
#define SITEMAPD_HTML_READ_H

#include <stddef.h>

#include <libxml/HTMLparser.h>

/*
 * Pushes at most max bytes of fd, from its start, to a parser calling
 * sax's functions with ctx: 0, or -1 when fd cannot be read.
 */
int	html_read(int fd, htmlSAXHandler *sax, void *ctx, size_t max);
/* The value of a start tag's attribute ("" for one without), or NULL. */
const char *html_attribute(const xmlChar **atts, const char *name);
/*
 * Whether token is among the sep-separated items of list, blanks aside
 * (rel's and itemprop's, by ASCII_SPACE; a type's parameters, by ";"):
 * in any case with any_case, else as written.
 */
int	html_has_token(const char *list, const char *token, const char *sep,
	    int any_case);

#endif
