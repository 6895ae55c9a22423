/*
 * The rules of "sitemapd ai-headers", one per web server. A response's
 * Content-Usage is that of the longest content_usage path matching its
 * URL path, as the draft matches them in robots.txt: the rules are set
 * in order of their paths' length, each later one winning where it
 * matches. The paths are robots.txt patterns; the servers match the
 * decoded path with a regular expression made from each.
 */
#include <stdlib.h>
#include <string.h>

#include "ai_headers.h"
#include "escape.h"
#include "robots_writer.h"

enum server { NGINX, APACHE, LIGHTTPD, SERVERS };

static const char *const server_names[SERVERS] = { "nginx", "apache",
	"lighttpd" };

static const char *const heads[SERVERS] = {
	[NGINX] = "# In server { }. A location with an add_header of its own "
	    "must repeat\n# the last line, as nginx then drops the server's.\n",
	[APACHE] = "# In <VirtualHost> or .htaccess; needs mod_setenvif and "
	    "mod_headers\n# (a2enmod headers).\n",
	[LIGHTTPD] = "# In the site's configuration; needs \"mod_setenv\" in "
	    "server.modules.\n# It sets setenv.set-response-header, which it "
	    "replaces where set.\n",
};

static int	by_length(const void *, const void *);
static int	plain_value(const char *value);

int
ai_headers_write(const struct config *cfg, const char *server,
    struct buf *out, struct buf *why)
{
	struct robots_usage *usage;
	struct buf re = BUF_INIT;
	size_t n = cfg->nsite_usage;
	int s, rc = 0;

	for (s = 0; s < SERVERS && strcmp(server_names[s], server) != 0; s++)
		;
	if (s == SERVERS) {
		buf_printf(why, "ai-headers: give nginx, apache or lighttpd, "
		    "not %s", server);
		return -1;
	}
	if (n == 0) {
		buf_printf(why, "ai-headers: %s sets no [robots] content_usage "
		    "to send", cfg->file);
		return -1;
	}
	usage = xcalloc(n, sizeof(*usage));
	memcpy(usage, cfg->site_usage, n * sizeof(*usage));
	qsort(usage, n, sizeof(*usage), by_length);
	buf_printf(out, "# Made by sitemapd ai-headers %s from %s.\n# The "
	    "Content-Usage header of each response, by the longest path\n# "
	    "of [robots] content_usage that matches; none where none does.\n"
	    "%s", server, cfg->file, heads[s]);
	/* nginx's variable, empty unless a path says: then no header. */
	if (s == NGINX && *usage[0].path != '\0')
		buf_adds(out, "set $sitemapd_content_usage \"\";\n");
	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *path = usage[i].path, *value = usage[i].prefs;

		buf_reset(&re);
		if (escape_pattern_regex(&re, path) == -1 || !plain_value(value)) {
			buf_printf(why, "ai-headers: content_usage = %s%s%s: a "
			    "byte the rules cannot hold (a quote, a "
			    "backslash, \"$\" or a bracket)", path,
			    *path ? " " : "", value);
			rc = -1;
		} else if (s == NGINX && *path == '\0')
			buf_printf(out, "set $sitemapd_content_usage \"%s\";\n",
			    value);
		else if (s == NGINX)
			buf_printf(out, "if ($uri ~ \"%s\") {\n\tset "
			    "$sitemapd_content_usage \"%s\";\n}\n",
			    buf_str(&re), value);
		else if (s == APACHE)
			buf_printf(out, "SetEnvIf Request_URI \"%s\" "
			    "\"SITEMAPD_CONTENT_USAGE=%s\"\n", buf_str(&re),
			    value);
		else if (*path == '\0')
			buf_printf(out, "setenv.set-response-header = ( "
			    "\"Content-Usage\" => \"%s\" )\n", value);
		else
			buf_printf(out, "$HTTP[\"url\"] =~ \"%s\" {\n\t"
			    "setenv.set-response-header = ( \"Content-Usage\" "
			    "=> \"%s\" )\n}\n", buf_str(&re), value);
	}
	if (s == NGINX)
		buf_adds(out, "add_header Content-Usage "
		    "$sitemapd_content_usage;\n");
	else if (s == APACHE)
		buf_adds(out, "Header set Content-Usage "
		    "\"%{SITEMAPD_CONTENT_USAGE}e\" env=SITEMAPD_CONTENT_USAGE\n");
	free(usage);
	buf_free(&re);
	return rc;
}

/* Shorter paths first: the longest, set last, wins where it matches. */
static int
by_length(const void *a, const void *b)
{
	size_t la = strlen(((const struct robots_usage *)a)->path);
	size_t lb = strlen(((const struct robots_usage *)b)->path);

	return (la > lb) - (la < lb);
}

/*
 * The value as each server's quoted string holds it: nginx reads "$" as
 * a variable and Apache's SetEnvIf as a match, and a quote or backslash
 * each reads its own way: none is taken.
 */
static int
plain_value(const char *value)
{
	return value[strcspn(value, "$\"\\")] == '\0';
}
