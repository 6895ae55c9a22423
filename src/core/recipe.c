/*
 * "sitemapd recipe": the web server's rules for a site, made from the
 * same settings the sitemap's URLs are made from, so that the two cannot
 * disagree. Each answers every URL listed with the very file it was
 * listed for, in the order docroot_served (paths.h) gives: the file,
 * then with clean_urls the file with ".html" added, then a folder's
 * index files in [docroot] index order; a name starting with a dot is
 * refused, /.well-known/ but excepted, and so are the INI, every file
 * sitemapd keeps and the sitemaps a generator left at the root; and the
 * sitemap paths go to sitemapd. No value of the
 * INI can break out of a rule: the root is quoted and holds nothing a
 * server reads otherwise, index names are plain (docroot_module.c), and
 * what goes into a regular expression is escaped (escape_regex).
 */
#include <string.h>
#include <sys/socket.h>

#include "cidr.h"
#include "escape.h"
#include "recipe.h"
#include "store_db.h"

/* The paths sitemapd answers, as a regular expression's alternatives. */
#define SITEMAP_ROUTES	"sitemap\\.xml|sitemap_index\\.xml|sitemap\\.css|" \
	"sitemaps/[^/]+"
/* At the host's root: robots.txt and IndexNow's key are the host's. */
#define ROUTES	"robots\\.txt|" SITEMAP_ROUTES "|indexnow-[A-Za-z0-9-]+\\.txt"
/* A name starting with a dot, but for /.well-known/ (RFC 8615). */
#define DOTTED	"(^|/)\\.(?!well-known(/|$))"
/* After the root (and url_path): a generator's sitemap sitemapd is not. */
#define STALE	"(?!(sitemap|sitemap_index)\\.xml$)" GENERATOR_SITEMAPS "$"

static void	nginx(const struct config *, const char *, struct buf *);
static void	apache(const struct config *, const char *, struct buf *,
		    int);
static void	lighttpd(const struct config *, const char *, struct buf *);
static void	caddy(const struct config *, const char *, struct buf *);
static int	trusts_a_proxy_in_front(const struct config *);
static int	kept_files(const struct config *, struct buf *,
		    struct buf *);
static void	try_file(struct buf *, const char *, const char *,
		    const char *);
static void	index_list(const struct config *, const char *,
		    const char *, const char *, struct buf *);
static int	folder_without_slash(const struct config *);
static void	routes(const struct config *, struct buf *);
static void	stale_sitemaps(const struct config *, int, struct buf *);
static void	not_indexable(const char *, struct buf *);

int
recipe_write(const struct config *cfg, const char *server, struct buf *out,
    struct buf *why)
{
	const struct docroot_rules *d = &cfg->docroot;
	struct buf kept = BUF_INIT;

	if (cfg->source != SOURCE_DOCROOT) {
		buf_printf(why, "recipe: %s is no document root ([site] source "
		    "= docroot): route the sitemap paths with the snippets of "
		    "Deploying in the README", cfg->file);
		return -1;
	}
	if (strcmp(server, "nginx") != 0 && strcmp(server, "apache") != 0 &&
	    strcmp(server, "htaccess") != 0 && strcmp(server, "lighttpd") != 0 &&
	    strcmp(server, "caddy") != 0) {
		buf_printf(why, "recipe: give nginx, apache, htaccess, lighttpd "
		    "or caddy, not %s", server);
		return -1;
	}
	/* Caddy expands "{...}" in a token: a root holding one is refused. */
	if (strcmp(server, "caddy") == 0 && cfg->root[strcspn(cfg->root,
	    "{}`")] != '\0') {
		buf_adds(why, "recipe caddy: the root ");
		escape_text(why, cfg->root);
		buf_adds(why, " holds a brace or a backtick, which a Caddyfile "
		    "reads as a placeholder or a quote: rename it");
		return -1;
	}
	if (strcmp(server, "caddy") == 0 && cfg->docroot.url_path) {
		buf_printf(why, "recipe caddy: [docroot] url_path = /%s: not "
		    "made for Caddy yet; serve the site at the host's root, "
		    "or write the rules by hand from recipe nginx",
		    cfg->docroot.url_path);
		return -1;
	}
	if (kept_files(cfg, &kept, why) == -1)
		return -1;
	/* A file's name may hold a newline: no line of its own. */
	buf_printf(out, "# sitemapd recipe %s, for ", server);
	escape_text(out, cfg->file);
	buf_adds(out, ":\n# the URLs sitemapd lists, each answered with its "
	    "file: index =");
	index_list(cfg, " ", "", "", out);
	buf_printf(out, ", clean_urls = %s, trailing_slash = %s, url_path = "
	    "/%s.\n# Print it again whenever those settings change.\n",
	    d->clean_urls ? "yes" : "no", d->trailing_slash ? "yes" : "no",
	    d->url_path ? d->url_path : "");
	/* Caddy's is a line of its site block: caddy() writes it. */
	if (!cfg->indexable && strcmp(server, "caddy") != 0)
		not_indexable(server, out);
	if (strcmp(server, "nginx") == 0)
		nginx(cfg, buf_str(&kept), out);
	else if (strcmp(server, "caddy") == 0)
		caddy(cfg, buf_str(&kept), out);
	else if (strcmp(server, "lighttpd") == 0)
		lighttpd(cfg, buf_str(&kept), out);
	else
		apache(cfg, buf_str(&kept), out, strcmp(server, "htaccess") ==
		    0);
	buf_free(&kept);
	return 0;
}

/*
 * In server { }: the root's files at its root, or under url_path in a
 * location of their own. A URL ending in "/" is a folder's, answered by
 * index alone: try_files would try "/.html" in it first. Pasted into
 * Debian's stock server { }, it takes the place of that server's root,
 * index and location /, which nginx refuses twice or would merge.
 */
static void
nginx(const struct config *cfg, const char *kept, struct buf *out)
{
	const struct docroot_rules *d = &cfg->docroot;
	const char *in = d->url_path ? "\t" : "";

	buf_adds(out, "# In server { }, beside \"upstream sitemapd\" "
	    "(nginx-upstream.conf).\n");
	if (d->url_path && !d->trailing_slash)
		/* Its home, /docs: served as /docs/, no redirect. */
		buf_printf(out, "location = /%.*s {\n\trewrite ^ /%s last;\n}\n",
		    (int)strlen(d->url_path) - 1, d->url_path, d->url_path);
	if (d->url_path)
		buf_printf(out, "# The server's own root and index stay.\n"
		    "location /%s {\n\talias \"%s/\";\n", d->url_path,
		    cfg->root);
	else
		buf_printf(out, "# In Debian's sites-available/default, delete "
		    "the stock server's root, index\n# and location / { ... } "
		    "lines: these replace them.\nroot \"%s\";\n", cfg->root);
	buf_printf(out, "%sindex", in);
	index_list(cfg, " ", "", "", out);
	buf_printf(out, ";\n%slocation ~ \"" DOTTED "\" {\n%s\treturn 404;\n"
	    "%s}\n", in, in, in);
	buf_printf(out, "%slocation ~ \"%s\" {\n%s\treturn 404;\n%s}\n", in,
	    kept, in, in);
	buf_printf(out, "%slocation ~ \"", in);
	stale_sitemaps(cfg, 1, out);
	buf_printf(out, "\" {\n%s\treturn 404;\n%s}\n", in, in);
	buf_printf(out, "%slocation ~ ", in);
	routes(cfg, out);
	buf_printf(out, " {\n"
	    "%1$s\tfastcgi_pass sitemapd;\n"
	    "%1$s\tfastcgi_keep_conn on;\n"
	    "%1$s\tfastcgi_buffer_size 32k;\n"
	    "%1$s\tfastcgi_buffers 64 32k;\n"
	    "%1$s\tfastcgi_max_temp_file_size 0;\n"
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
	} else if (!d->url_path)
		buf_adds(out, "location / {\n}\n");
	if (d->url_path)
		buf_adds(out, "}\n");
}

/*
 * In <VirtualHost>, or a .htaccess for a CGI. The rewrites run per
 * folder, before mod_dir's redirect of a folder without its slash,
 * and in place of MultiViews, which picks by the Accept header among
 * files of any ending. B escapes what the internal redirect decodes.
 * A .htaccess needs exactly the overrides its first line names: with
 * fewer, Apache answers 500 for the whole folder, robots.txt included.
 */
static void
apache(const struct config *cfg, const char *kept, struct buf *out,
    int htaccess)
{
	const struct docroot_rules *d = &cfg->docroot;
	const char *tab = htaccess ? "" : "\t";

	if (htaccess)
		buf_adds(out, "# The .htaccess of the folder root names, beside "
		    "sitemapd.cgi and sitemapd.ini.\n# It needs AllowOverride "
		    "FileInfo Indexes Options=ExecCGI,MultiViews\n# (and "
		    "mod_rewrite, mod_cgi).\n"
		    "Options +ExecCGI -MultiViews\n"
		    "AddHandler cgi-script .cgi\n");
	else {
		buf_printf(out, "# In <VirtualHost>; needs mod_rewrite and "
		    "mod_proxy_fcgi%s (a2enmod rewrite proxy_fcgi%s),\n# and "
		    "SITEMAPD_SOCKET defined (Define SITEMAPD_SOCKET "
		    "/run/sitemapd/sitemapd.sock). With mod_fcgid, the\n# "
		    "<LocationMatch> of apache-fcgid.conf replaces the last "
		    "one.%s\n", d->url_path ? ", mod_alias" : "", d->url_path ?
		    " alias" : "", d->url_path ? "" : "\n# In Debian's "
		    "sites-available/000-default.conf, delete the stock "
		    "DocumentRoot line.");
		if (d->url_path && !d->trailing_slash)
			/* Its home, /docs: served as /docs/, no redirect. */
			buf_printf(out, "RewriteEngine On\nRewriteRule "
			    "^/%.*s$ /%s [PT]\n", (int)strlen(d->url_path) - 1,
			    d->url_path, d->url_path);
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
	/* The INI, the files sitemapd keeps: never served, nor routed. */
	buf_printf(out, "%sRewriteRule \"%s\" - [R=404]\n", tab, kept);
	buf_printf(out, "%sRewriteRule \"", tab);
	stale_sitemaps(cfg, 0, out);
	buf_adds(out, "\" - [R=404]\n");
	if (htaccess)
		buf_printf(out, "RewriteRule ^(%s)$ sitemapd.cgi [END]\n",
		    d->url_path ? SITEMAP_ROUTES : ROUTES);
	else
		buf_printf(out, "\tRewriteRule ^(%s)$ - [END]\n", d->url_path ?
		    SITEMAP_ROUTES : ROUTES);
	buf_printf(out, "%sRewriteRule \"" DOTTED "\" - [R=404]\n", tab);
	/*
	 * Its home, /docs, the folder itself without its slash, which
	 * mod_rewrite leaves to mod_dir unless told: its index.
	 */
	if (htaccess && d->url_path && !d->trailing_slash)
		buf_adds(out, "RewriteOptions AllowNoSlash\n");
	for (size_t i = 0; htaccess && d->url_path && !d->trailing_slash &&
	    i < d->nindex; i++)
		buf_printf(out, "RewriteCond %%{REQUEST_URI} ^/%.*s$\n"
		    "RewriteCond %%{REQUEST_FILENAME}/%s -f\n"
		    "RewriteRule ^$ %s [END]\n", (int)strlen(d->url_path) - 1,
		    d->url_path, d->index[i], d->index[i]);
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
 * /about/ and its index. ":=" replaces what Debian's lighttpd.conf set
 * before it is included, which "=" would refuse as set twice.
 */
static void
lighttpd(const struct config *cfg, const char *kept, struct buf *out)
{
	const struct docroot_rules *d = &cfg->docroot;
	struct buf re = BUF_INIT;
	const char *under;

	/* Plain names (set_url_path): only "." to escape. */
	(void)escape_regex(&re, d->url_path ? d->url_path : "");
	under = buf_str(&re);
	buf_adds(out, "# In the site's configuration; sitemapd_bin, "
	    "sitemapd_config and sitemapd_socket\n# set as for "
	    "contrib/lighttpd.conf. Its \":=\" replace what Debian's\n# "
	    "lighttpd.conf set before it includes this.\n");
	if (d->url_path)
		buf_printf(out, "server.modules += ( \"mod_alias\" )\n"
		    "alias.url += ( \"/%s\" => \"%s/\" )\n", d->url_path,
		    cfg->root);
	else
		buf_printf(out, "server.document-root := \"%s\"\n", cfg->root);
	buf_adds(out, "server.modules += ( \"mod_access\", \"mod_rewrite\", "
	    "\"mod_fastcgi\" )\nindex-file.names := (");
	index_list(cfg, " ", "\"", "\",", out);
	out->len--;		/* the last "," */
	buf_adds(out, " )\n$HTTP[\"url\"] =~ \"" DOTTED "\" {\n"
	    "\turl.access-deny = ( \"\" )\n}\n");
	buf_printf(out, "$HTTP[\"url\"] =~ \"%s\" {\n\turl.access-deny = "
	    "( \"\" )\n}\n", kept);
	buf_adds(out, "$HTTP[\"url\"] =~ \"");
	stale_sitemaps(cfg, 1, out);
	buf_adds(out, "\" {\n\turl.access-deny = ( \"\" )\n}\n");
	if (d->clean_urls || !d->trailing_slash) {
		buf_adds(out, "url.rewrite-repeat-if-not-file = (\n");
		/* Its home, /docs: served as /docs/, no redirect. */
		if (d->url_path && !d->trailing_slash)
			buf_printf(out, "\t\"^/%.*s([?].*)?$\" => \"/%s$1\",\n",
			    (int)strlen(under) - 1, under, under);
		/* A path's last name, not a sitemapd path, not a dotfile's. */
		buf_printf(out, "\t\"^(?!/%s"
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
	buf_free(&re);
}

/*
 * Caddy: one site block in place of the stock Caddyfile's ":80". Caddy
 * sorts the directives of a block by its own order (handle before
 * respond), so a refusal beside file_server would come too late: all
 * goes in one route, which runs them as written. Its regular expressions
 * are Go's, without lookahead: a dotted name is a segment that is not
 * /.well-known's, and the sitemaps a generator left are refused after
 * sitemapd has taken its own. Its FastCGI transport passes a client's
 * Forwarded header on (it replaces only X-Forwarded-*) and the
 * response's Status field back: both dropped.
 */
static void
caddy(const struct config *cfg, const char *kept, struct buf *out)
{
	const struct docroot_rules *d = &cfg->docroot;

	buf_adds(out, "# In /etc/caddy/Caddyfile, in place of the stock \":80 "
	    "{ ... }\" block (or under a site\n# address of your own, for "
	    "HTTPS). sitemapd listens on /run/sitemapd/sitemapd.sock,\n# "
	    "group www-data, which Debian's caddy user is in.\n");
	buf_printf(out, ":80 {\n\troot * \"%s\"\n", cfg->root);
	if (!cfg->indexable)
		buf_adds(out, "\t# [site] indexable = no: every answer says "
		    "noindex.\n\theader X-Robots-Tag \"noindex\"\n");
	buf_adds(out, "\troute {\n");
	buf_adds(out, "\t\t@dotted not path_regexp "
	    "`^(/([^./][^/]*|\\.well-known)?)*$`\n"
	    "\t\trespond @dotted 404\n");
	buf_printf(out, "\t\t@kept path_regexp \"%s\"\n"
	    "\t\trespond @kept 404\n", kept);
	buf_adds(out, "\t\t@sitemapd path_regexp `");
	routes(cfg, out);
	buf_printf(out, "`\n\t\treverse_proxy @sitemapd "
	    "unix//run/sitemapd/sitemapd.sock {\n"
	    "\t\t\ttransport fastcgi\n"
	    "%s"
	    "\t\t\theader_down -Status\n\t\t}\n",
	    trusts_a_proxy_in_front(cfg) ? "" : "\t\t\theader_up -Forwarded\n");
	buf_adds(out, "\t\t@generated path_regexp `^/" GENERATOR_SITEMAPS
	    "$`\n\t\trespond @generated 404\n");
	/* A URL ending in "/" is a folder's: its index alone, no "/.html". */
	buf_adds(out, "\t\t@file {\n\t\t\tnot path */\n\t\t\tfile {path}");
	if (d->clean_urls)
		buf_adds(out, " {path}.html");
	if (folder_without_slash(cfg))
		index_list(cfg, " ", "{path}/", "", out);
	buf_adds(out, "\n\t\t}\n\t\trewrite @file "
	    "{http.matchers.file.relative}\n\t\tfile_server {\n\t\t\tindex");
	index_list(cfg, " ", "", "", out);
	buf_adds(out, "\n\t\t}\n\t}\n}\n");
}

/*
 * Whether [http] trusted_proxies names a proxy that is no loopback
 * address, in front of the web server: its Forwarded header then counts.
 */
static int
trusts_a_proxy_in_front(const struct config *cfg)
{
	for (size_t i = 0; i < cfg->hosts.ntrusted; i++) {
		const struct cidr *c = &cfg->hosts.trusted[i];
		static const unsigned char v6_loopback[16] = { [15] = 1 };

		if (c->family == AF_INET && c->addr[0] == 127)
			continue;
		if (c->family == AF_INET6 && c->bits == 128 &&
		    memcmp(c->addr, v6_loopback, 16) == 0)
			continue;
		return 1;
	}
	return 0;
}

/*
 * [site] indexable = no: every answer of the site, its files, errors and
 * sitemapd's alike, says noindex.
 */
static void
not_indexable(const char *server, struct buf *out)
{
	buf_adds(out, "# [site] indexable = no: every answer says noindex.\n");
	if (strcmp(server, "nginx") == 0)
		buf_adds(out, "# A location with an add_header of its own must "
		    "repeat this line.\nadd_header X-Robots-Tag \"noindex\" "
		    "always;\n");
	else if (strcmp(server, "lighttpd") == 0)
		buf_adds(out, "server.modules += ( \"mod_setenv\" )\n"
		    "setenv.set-response-header += ( \"X-Robots-Tag\" => "
		    "\"noindex\" )\n");
	else
		buf_adds(out, "# Needs mod_headers (a2enmod headers).\n"
		    "Header always set X-Robots-Tag \"noindex\"\n");
}

/*
 * The paths routed to sitemapd, as a regular expression: at the host's
 * root, or the sitemaps alone under url_path, robots.txt and IndexNow's
 * key being the host's.
 */
static void
routes(const struct config *cfg, struct buf *out)
{
	if (cfg->docroot.url_path) {
		buf_adds(out, "^/");
		/* Plain names (set_url_path): only "." to escape. */
		(void)escape_regex(out, cfg->docroot.url_path);
		buf_adds(out, "(" SITEMAP_ROUTES ")$");
	} else
		buf_adds(out, "^/(" ROUTES ")$");
}

/*
 * The sitemaps a generator left at the root, as a regular expression of
 * the URL path (absolute: "/" and url_path first), or of the path below
 * the root as Apache's per-folder rules see it.
 */
static void
stale_sitemaps(const struct config *cfg, int absolute, struct buf *out)
{
	buf_addc(out, '^');
	if (absolute) {
		buf_addc(out, '/');
		/* Plain names (set_url_path): only "." to escape. */
		if (cfg->docroot.url_path)
			(void)escape_regex(out, cfg->docroot.url_path);
	}
	buf_adds(out, STALE);
}

/*
 * The files no rule may serve, wherever in the root, as a regular
 * expression: the INI (and sitemapd.ini, a CGI's), and the SQLite files
 * sitemapd keeps, with their journals. -1 with why for a name a rule
 * cannot hold (docroot_module.c refuses such a store's).
 */
static int
kept_files(const struct config *cfg, struct buf *out, struct buf *why)
{
	const char *files[] = { cfg->file, "sitemapd.ini",
	    cfg->docroot.lastmod_store, cfg->docroot.page_facts,
	    cfg->indexnow.state };
	const size_t nfiles = sizeof(files) / sizeof(files[0]);
	const char *names[sizeof(files) / sizeof(files[0])];
	size_t n = 0;

	buf_adds(out, "(^|/)(");
	for (size_t i = 0; i < nfiles; i++) {
		const char *name = files[i];
		size_t j;

		if (name == NULL || store_db_remote(name))
			continue;
		if (strrchr(name, '/') != NULL)
			name = strrchr(name, '/') + 1;
		for (j = 0; j < n && strcmp(names[j], name) != 0; j++)
			;
		if (j < n)
			continue;	/* named once */
		if (n > 0)
			buf_addc(out, '|');
		if (escape_regex(out, name) == -1) {
			buf_adds(why, "recipe: the name of ");
			escape_text(why, files[i]);
			buf_adds(why, " holds a byte no web server's rule can "
			    "(a control byte, a quote, a backslash, ^ [ ] { } "
			    ";): rename it");
			return -1;
		}
		names[n++] = name;
	}
	buf_adds(out, ")(-wal|-shm|-journal)?$");
	return 0;
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
