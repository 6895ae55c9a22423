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

/*
 * Web servers' rules (sitemapd recipe, ai-headers): c, or s, appended as
 * a regular expression that matches it alone, as nginx, Apache and
 * lighttpd (PCRE) read one in a quoted string: each byte a regular
 * expression reads otherwise in brackets, never a backslash, which the
 * servers' strings each read in their own way. -1 for a byte no bracket
 * nor string holds plainly (a control byte, a quote, a backslash,
 * ^ [ ] { } ;), and s is then not appended.
 */
int	escape_regex_byte(struct buf *, unsigned char c);
int	escape_regex(struct buf *, const char *s);
/*
 * A robots.txt pattern as such a regular expression of the decoded path:
 * "^", its "*" any run, a final "$" the end, %XX decoded; -1 as above.
 */
int	escape_pattern_regex(struct buf *, const char *pattern);
/*
 * Where a value of the INI would break out of a server's rule: the first
 * byte of a file's path that no server's quoted string holds meaning
 * that path alone (a control byte, a quote, a backslash, "$" which nginx
 * and Apache expand, * ? [ ] which Apache's <Directory> takes as
 * wildcards), or of a file's name that is not a letter, a digit or one
 * of - . _ ~ + (or is its leading dot); NULL when there is none.
 */
const char *rule_path_unsafe(const char *path);
const char *rule_name_unsafe(const char *name);

#endif
