/*
 * "sitemapd recipe": the web server's rules that answer each URL a
 * document root's sitemap lists with its file, made from the INI.
 */
#ifndef SITEMAPD_RECIPE_H
#define SITEMAPD_RECIPE_H

#include "buf.h"
#include "config.h"

/*
 * The rules for server (nginx, apache, htaccess or lighttpd) into out.
 * -1 with why for no such server, or a root that is no document root.
 */
int	recipe_write(const struct config *cfg, const char *server,
	    struct buf *out, struct buf *why);

#endif
