/*
 * "sitemapd recipe": the web server's rules for a site, made from the
 * same settings the sitemap's URLs are made from, so that the two cannot
 * disagree. Each answers every URL listed with the very file it was
 * listed for, in the order docroot_served (paths.h) gives: the file,
 * then with clean_urls the file with ".html" added, then a folder's
 * index files in [docroot] index order; a name starting with a dot is
 * refused, /.well-known/ but excepted; and the sitemap paths go to
 * sitemapd.
 */
#include <string.h>

#include "recipe.h"

/* The paths sitemapd answers, as a regular expression's alternatives. */
#define SITEMAP_ROUTES	"sitemap\\.xml|sitemap_index\\.xml|sitemap\\.css|" \
	"sitemaps/[^/]+"
/* At the host's root: robots.txt and IndexNow's key are the host's. */
#define ROUTES	"robots\\.txt|" SITEMAP_ROUTES "|indexnow-[A-Za-z0-9-]+\\.txt"
/* A name starting with a dot, but for /.well-known/ (RFC 8615). */
#define DOTTED	"(^|/)\\.(?!well-known(/|$))"

static void	nginx(const struct config *, struct buf *);
static void	apache(const struct config *, struct buf *, int);
static void	lighttpd(const struct config *, struct buf *);
static void	try_file(struct buf *, const char *, const char *,
		    const char *);
static void	index_list(const struct config *, const char *,
		    const char *, const char *, struct buf *);
static int	folder_without_slash(const struct config *);
static void	routes(const struct config *, struct buf *);

int
recipe_write(const struct config *cfg, const char *server, struct buf *out,
    struct buf *why)
{
	const struct docroot_rules *d = &cfg->docroot;

	if (cfg->source != SOURCE_DOCROOT) {
		buf_printf(why, "recipe: %s is no document root ([site] source "
		    "= docroot): route the sitemap paths with the snippets of "
		    "Deploying in the README", cfg->file);
		return -1;
	}
	buf_printf(out, "# sitemapd recipe %s, for %s:\n# the URLs sitemapd "
	    "lists, each answered with its file: index =", server, cfg->file);
	index_list(cfg, " ", "", "", out);
	buf_printf(out, ", clean_urls = %s, trailing_slash = %s, url_path = "
	    "/%s.\n# Print it again whenever those settings change.\n",
	    d->clean_urls ? "yes" : "no", d->trailing_slash ? "yes" : "no",
	    d->url_path ? d->url_path : "");
	if (strcmp(server, "nginx") == 0)
		nginx(cfg, out);
	else if (strcmp(server, "apache") == 0)
		apache(cfg, out, 0);
	else if (strcmp(server, "htaccess") == 0)
		apache(cfg, out, 1);
	else if (strcmp(server, "lighttpd") == 0)
		lighttpd(cfg, out);
	else {
		buf_reset(out);
		buf_printf(why, "recipe: give nginx, apache, htaccess or "
		    "lighttpd, not %s", server);
		return -1;
	}
	return 0;
}

/*
 * In server { }: the root's files at its root, or under url_path in a
 * location of their own. A URL ending in "/" is a folder's, answered by
 * index alone: try_files would try "/.html" in it first.
 */
static void
nginx(const struct config *cfg, struct buf *out)
{
	const struct docroot_rules *d = &cfg->docroot;
	const char *in = d->url_path ? "\t" : "";

	buf_adds(out, "# In server { }, beside \"upstream sitemapd\" "
	    "(nginx-upstream.conf).\n");
	if (d->url_path)
		buf_printf(out, "location /%s {\n\talias %s/;\n", d->url_path,
		    cfg->root);
	else
		buf_printf(out, "root %s;\n", cfg->root);
	buf_printf(out, "%sindex", in);
	index_list(cfg, " ", "", "", out);
	buf_printf(out, ";\n%slocation ~ \"" DOTTED "\" {\n%s\treturn 404;\n"
	    "%s}\n%slocation ~ ", in, in, in, in);
	routes(cfg, out);
	buf_printf(out, " {\n"
	    "%1$s\tfastcgi_pass sitemapd;\n"
	    "%1$s\tfastcgi_keep_conn on;\n"
	    "%1$s\tfastcgi_buffer_size 32k;\n"
	    "%1$s\tfastcgi_buffers 64 32k;\n"
	    "%1$s\tfastcgi_param GATEWAY_INTERFACE CGI/1.1;\n"
	    "%1$s\tfastcgi_param REQUEST_METHOD $request_method;\n"
	    "%1$s\tfastcgi_param REQUEST_URI $request_uri;\n"
	    "%1$s\tfastcgi_param QUERY_STRING $query_string;\n"
	    "%1$s\tfastcgi_param REQUEST_SCHEME $scheme;\n"
	    "%1$s\tfastcgi_param HTTPS $https if_not_empty;\n"
	    "%1$s\tfastcgi_param HTTP_HOST $http_host if_not_empty;\n"
	    "%1$s\tfastcgi_param SERVER_NAME $server_name;\n"
	    "%1$s\tfastcgi_param SERVER_PORT $server_port;\n"
	    "%1$s\tfastcgi_param REMOTE_ADDR $remote_addr;\n%1$s}\n", in);
	if (d->clean_urls || !d->trailing_slash) {
		/* Not "$uri/": nginx would redirect to it, not serve it. */
		buf_printf(out, "%slocation ~ /$ {\n%s}\n", in, in);
		if (!d->url_path)
			buf_adds(out, "location / {\n");
		buf_printf(out, "\ttry_files $uri%s",
		    d->clean_urls ? " $uri.html" : "");
		if (folder_without_slash(cfg))
			index_list(cfg, " ", "$uri/", "", out);
		buf_adds(out, " =404;\n");
		if (!d->url_path)
			buf_adds(out, "}\n");
	}
	if (d->url_path)
		buf_adds(out, "}\n");
}

/*
 * In <VirtualHost>, or a .htaccess for a CGI. The rewrites run per
 * folder, before mod_dir's redirect of a folder without its slash,
 * and in place of MultiViews, which picks by the Accept header among
 * files of any ending. B escapes what the internal redirect decodes.
 */
static void
apache(const struct config *cfg, struct buf *out, int htaccess)
{
	const struct docroot_rules *d = &cfg->docroot;
	const char *tab = htaccess ? "" : "\t";

	if (htaccess)
		buf_adds(out, "# The .htaccess of the folder root names, beside "
		    "sitemapd.cgi and sitemapd.ini.\n"
		    "Options +ExecCGI -MultiViews\n"
		    "AddHandler cgi-script .cgi\n");
	else {
		buf_printf(out, "# In <VirtualHost>; needs mod_rewrite and "
		    "mod_proxy_fcgi%s (a2enmod rewrite proxy_fcgi%s),\n# and "
		    "SITEMAPD_SOCKET defined (Define SITEMAPD_SOCKET "
		    "/run/sitemapd/sitemapd.sock). With mod_fcgid, the\n# "
		    "<LocationMatch> of apache-fcgid.conf replaces the last "
		    "one.\n", d->url_path ? ", mod_alias" : "", d->url_path ?
		    " alias" : "");
		if (d->url_path)
			buf_printf(out, "Alias /%s \"%s/\"\n", d->url_path,
			    cfg->root);
		else
			buf_printf(out, "DocumentRoot \"%s\"\n", cfg->root);
		buf_printf(out, "<Directory \"%s\">\n\tRequire all granted\n"
		    "\tOptions -MultiViews\n", cfg->root);
	}
	buf_printf(out, "%sDirectoryIndex", tab);
	index_list(cfg, " ", "", "", out);
	/* mod_dir's redirect of /docs to /docs/ would beat the rewrite. */
	if (folder_without_slash(cfg))
		buf_printf(out, "\n%sDirectorySlash Off", tab);
	buf_printf(out, "\n%sRewriteEngine On\n", tab);
	if (d->url_path)
		buf_printf(out, "%sRewriteBase /%s\n", tab, d->url_path);
	if (htaccess)
		buf_printf(out, "RewriteRule (^|/)sitemapd\\.ini$ - [F]\n"
		    "RewriteRule ^(%s)$ sitemapd.cgi [END]\n", d->url_path ?
		    SITEMAP_ROUTES : ROUTES);
	else
		buf_printf(out, "\tRewriteRule ^(%s)$ - [END]\n", d->url_path ?
		    SITEMAP_ROUTES : ROUTES);
	buf_printf(out, "%sRewriteRule \"" DOTTED "\" - [R=404]\n", tab);
	if (d->clean_urls)
		try_file(out, tab, ".html", NULL);
	for (size_t i = 0; folder_without_slash(cfg) && i < d->nindex; i++)
		try_file(out, tab, "/", d->index[i]);
	if (htaccess)
		return;
	buf_adds(out, "</Directory>\n<LocationMatch \"");
	routes(cfg, out);
	buf_adds(out, "\">\n"
	    "\tSetHandler \"proxy:unix:${SITEMAPD_SOCKET}|fcgi://sitemapd/\"\n"
	    "\tRequire all granted\n</LocationMatch>\n");
}

/*
 * In the site's configuration. lighttpd matches rewrites against the
 * URL as sent, its query too; "repeat" tries the rules again on what a
 * rule made, while that is no file: /about, then /about.html, then
 * /about/ and its index.
 */
static void
lighttpd(const struct config *cfg, struct buf *out)
{
	const struct docroot_rules *d = &cfg->docroot;
	const char *under = d->url_path ? d->url_path : "";

	buf_adds(out, "# In the site's configuration; sitemapd_bin, "
	    "sitemapd_config and sitemapd_socket\n# set as for "
	    "contrib/lighttpd.conf.\n");
	if (d->url_path)
		buf_printf(out, "server.modules += ( \"mod_alias\" )\n"
		    "alias.url += ( \"/%s\" => \"%s/\" )\n", under, cfg->root);
	else
		buf_printf(out, "server.document-root = \"%s\"\n", cfg->root);
	buf_adds(out, "server.modules += ( \"mod_access\", \"mod_rewrite\", "
	    "\"mod_fastcgi\" )\nindex-file.names = (");
	index_list(cfg, " ", "\"", "\",", out);
	out->len--;		/* the last "," */
	buf_adds(out, " )\n$HTTP[\"url\"] =~ \"" DOTTED "\" {\n"
	    "\turl.access-deny = ( \"\" )\n}\n");
	if (d->clean_urls || !d->trailing_slash) {
		/* A path's last name, not a sitemapd path, not a dotfile's. */
		buf_printf(out, "url.rewrite-repeat-if-not-file = (\n\t\"^(?!/%s"
		    "(?:" ROUTES ")(?:[?]|$))(/%s(?:[^/?]*/)*", under, under);
		if (d->clean_urls)
			buf_printf(out, "(?![^/?]*\\.html(?:[?]|$))[^/?.][^/?]*)"
			    "([?].*)?$\" => \"$1.html$2\",\n"
			    "\t\"^(/%s(?:[^?]*/)?[^/?.][^/?]*)\\.html([?].*)?$\" "
			    "=> \"$1/$2\"\n", under);
		else
			buf_adds(out, "[^/?.][^/?]*)([?].*)?$\" => \"$1/$2\"\n");
		buf_adds(out, ")\n");
	}
	buf_adds(out, "$HTTP[\"url\"] =~ \"");
	routes(cfg, out);
	buf_adds(out, "\" {\n"
	    "\tfastcgi.server = ( \"/\" => ((\n"
	    "\t\t\"bin-path\" => var.sitemapd_bin,\n"
	    "\t\t\"socket\" => var.sitemapd_socket,\n"
	    "\t\t\"bin-environment\" => ( \"SITEMAPD_CONFIG\" => "
	    "var.sitemapd_config ),\n"
	    "\t\t\"check-local\" => \"disable\",\n"
	    "\t\t\"max-procs\" => 2,\n\t)))\n}\n");
}

/*
 * The paths routed to sitemapd, as a regular expression: at the host's
 * root, or the sitemaps alone under url_path, robots.txt and IndexNow's
 * key being the host's.
 */
static void
routes(const struct config *cfg, struct buf *out)
{
	if (cfg->docroot.url_path)
		buf_printf(out, "^/%s(" SITEMAP_ROUTES ")$",
		    cfg->docroot.url_path);
	else
		buf_adds(out, "^/(" ROUTES ")$");
}

/*
 * One file Apache tries for a URL not ending in "/" that names no file:
 * the URL's path with add (and name) after it. A folder's path reaches
 * the rules with its "/" added, hence "/?" and the path in %1.
 */
static void
try_file(struct buf *out, const char *tab, const char *add, const char *name)
{
	buf_printf(out, "%sRewriteCond %%{REQUEST_URI} [^/]$\n"
	    "%sRewriteCond %%{REQUEST_FILENAME} !-f\n"
	    "%sRewriteCond %%{REQUEST_FILENAME} ^(.+?)/?$\n"
	    "%sRewriteCond %%1%s%s -f\n"
	    "%sRewriteRule ^(.*?)/?$ $1%s%s \"[B= ?#%%,BNP,END]\"\n", tab, tab,
	    tab, tab, add, name ? name : "", tab, add, name ? name : "");
}

/* The index files, each between open and close, sep before each. */
static void
index_list(const struct config *cfg, const char *sep, const char *open,
    const char *close, struct buf *out)
{
	for (size_t i = 0; i < cfg->docroot.nindex; i++)
		buf_printf(out, "%s%s%s%s", sep, open, cfg->docroot.index[i],
		    close);
}

/* Whether /docs, without its slash, is answered with docs/'s index. */
static int
folder_without_slash(const struct config *cfg)
{
	return cfg->docroot.clean_urls || !cfg->docroot.trailing_slash;
}
