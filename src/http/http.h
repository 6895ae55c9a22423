/* The few HTTP header fields sitemapd reads and writes (RFC 9110). */
#ifndef SITEMAPD_HTTP_H
#define SITEMAPD_HTTP_H

#include <time.h>

#define HTTP_DATE_SIZE	32

/* Writes t as an IMF-fixdate, such as "Sun, 06 Nov 1994 08:49:37 GMT". */
void	http_date(time_t t, char out[HTTP_DATE_SIZE]);
/* Reads any of the three date formats a recipient must accept. */
int	http_date_parse(const char *, time_t *);

/* True when the If-None-Match list names etag (weak comparison) or is "*". */
int	http_etag_listed(const char *if_none_match, const char *etag);

/* True when Accept-Encoding takes gzip, by name or by "*", with q > 0. */
int	http_accepts_gzip(const char *accept_encoding);

#endif
