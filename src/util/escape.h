/* Every escaping rule of the program, in one place. */
#ifndef SITEMAPD_ESCAPE_H
#define SITEMAPD_ESCAPE_H

#include "buf.h"

/* True for the characters RFC 3986 lets a path hold unescaped, "%" aside. */
int	is_path_char(unsigned char c);

/* Appends s with & < > " ' replaced by their XML entities. */
void	escape_xml(struct buf *, const char *s);
/* The length escape_xml would append. */
size_t	escape_xml_len(const char *s);

/*
 * Appends s as a URI path: characters a path may hold stay as they are,
 * an existing %XX escape stays, every other byte becomes %XX (uppercase).
 */
void	escape_url_path(struct buf *, const char *s);
/*
 * Appends a file's path as the URI that names exactly it: as
 * escape_url_path, but "%" too becomes %25, since a server decodes
 * every escape of the URI back into the name it looks up.
 */
void	escape_file_path(struct buf *, const char *s);

/*
 * Appends s for a line of text (the log, check, list): each control
 * byte, which could end the line or forge another, becomes \xNN.
 */
void	escape_text(struct buf *, const char *s);

/*
 * Appends a robots.txt pattern as Google's parser reads it: non-ASCII
 * bytes become %XX and an existing %xx escape is made uppercase.
 */
void	escape_robots_pattern(struct buf *, const char *pattern);

#endif
