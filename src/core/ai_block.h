/*
 * "sitemapd ai-block": a web server's rule that answers 403 to the AI
 * crawlers robots.txt turns away, but for /robots.txt itself. robots.txt
 * only asks; some operators say their fetchers may not read it.
 */
#ifndef SITEMAPD_AI_BLOCK_H
#define SITEMAPD_AI_BLOCK_H

#include "buf.h"
#include "config.h"

/*
 * The snippet for the site context of server (nginx, apache or lighttpd)
 * into out, from cfg's classes and list. -1 with why when there is nothing to write or no such server.
 */
int	ai_block_write(const struct config *cfg, const char *server,
	    struct buf *out, struct buf *why);

#endif
