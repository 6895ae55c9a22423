/*
 * "sitemapd recipe": the web server's rules that answer each URL a
 * document root's sitemap lists with its file, made from the INI.
 */
#ifndef SITEMAPD_RECIPE_H
#define SITEMAPD_RECIPE_H

#include "buf.h"
#include "config.h"

/*
 * The sitemaps generators leave at the root of what they build, as an
 * extended regular expression: Hugo's and Jekyll's sitemap.xml, MkDocs's
 * sitemap.xml.gz, Astro's sitemap-index.xml and sitemap-0.xml, and the
 * sitemap_index.xml of others. Each recipe refuses those sitemapd does
 * not answer itself, so that no crawler reads an old one; check names
 * every one it finds.
 */
#define GENERATOR_SITEMAPS	"sitemap(-index|_index|-[0-9]+)?\\.xml(\\.gz)?"

/*
 * The rules for server (nginx, apache, htaccess, lighttpd or caddy) into
 * out.
 * -1 with why for no such server, or a root that is no document root.
 */
int	recipe_write(const struct config *cfg, const char *server,
	    struct buf *out, struct buf *why);

#endif
