/*
 * "sitemapd ai-headers": a web server's rule that adds the Content-Usage
 * header field of the aipref attachment draft to the site's responses,
 * from [robots] content_usage: what validators of robots.txt never see.
 */
#ifndef SITEMAPD_AI_HEADERS_H
#define SITEMAPD_AI_HEADERS_H

#include "buf.h"
#include "config.h"

/*
 * The rule for the site context of server (nginx, apache or lighttpd)
 * into out. -1 with why when [robots] has no content_usage or there is
 * no such server.
 */
int	ai_headers_write(const struct config *cfg, const char *server,
	    struct buf *out, struct buf *why);

#endif
