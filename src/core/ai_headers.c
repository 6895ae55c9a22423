/*
 * The rules of "sitemapd ai-headers", one per web server. A response's
 * Content-Usage is that of the longest content_usage path matching its
 * URL, as the draft matches them in robots.txt: the rules are set in
 * order of their paths' length, each later one winning where it
 * matches. The paths are robots.txt patterns, matched as robots.txt
 * matches them, against the path and its query: the servers match the
 * path as they map it to the file (decoded, "." and ".." resolved),
 * then "?" and the query where there is one, with a regular expression
 * made from each; lighttpd, which tests the path and the query apart,
 * with a block for each place a "*" may span the "?".
 */
#include <stdlib.h>
#include <string.h>

#include "ai_headers.h"
#include "escape.h"
#include "robots_writer.h"

enum server { NGINX, APACHE, LIGHTTPD, CADDY, SERVERS };

static const char *const server_names[SERVERS] = { "nginx", "apache",
	"lighttpd", "caddy" };

/* Caddy's: the path as sent, decoded, and "?" and the query if any. */
#define CADDY_TARGET	"({http.request.uri.query} == \"\" ? " \
	"{http.request.uri.path} : {http.request.uri.path} + \"?\" + " \
	"{http.request.uri.query})"

static const char *const heads[SERVERS] = {
	[NGINX] = "# In server { }. A location with an add_header of its own "
	    "must repeat\n# the last line, as nginx then drops the server's.\n",
	[APACHE] = "# In <VirtualHost> or .htaccess; needs mod_headers "
	    "(a2enmod headers).\n# Matched when the response is made, on "
	    "the path Apache mapped.\n",
	[LIGHTTPD] = "# In the site's configuration; needs \"mod_setenv\" in "
	    "server.modules.\n# It sets setenv.set-response-header, which it "
	    "replaces where set. lighttpd\n# 1.4 adds it to every answer, "
	    "errors too: its conditions cannot test the status.\n",
	[CADDY] = "# In the site block, before the route \"sitemapd recipe "
	    "caddy\" prints. Caddy adds it\n# to every answer, errors too. "
	    "It matches the path as sent, where a \"..\"\n# segment stays "
	    "(the recipe refuses those).\n",
};

static int	by_length(const void *, const void *);
static void	apache_rule(const char *, const char *, struct buf *);
static int	lighttpd_rule(const char *, const char *, const char *,
		    struct buf *);
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
		buf_printf(why, "ai-headers: give nginx, apache, lighttpd or "
		    "caddy, not %s", server);
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
	if (s == NGINX)
		buf_adds(out, "set $sitemapd_target $uri$is_args$args;\n");
	/* A route runs as written: the longest, set last, wins. */
	if (s == CADDY)
		buf_adds(out, "route {\n");
	for (size_t i = 0; i < n && rc == 0; i++) {
		const char *path = usage[i].path, *value = usage[i].prefs;

		buf_reset(&re);
		if (escape_pattern_regex(&re, path) == -1 || !plain_value(value) ||
		    (s == CADDY && (strchr(buf_str(&re), '`') != NULL ||
		    value[strcspn(value, "{}")] != '\0'))) {
			buf_printf(why, "ai-headers: content_usage = %s%s%s: a "
			    "byte the rules cannot hold (a quote, a "
			    "backslash, \"$\", a bracket, or for Caddy a brace "
			    "or a backtick)", path,
			    *path ? " " : "", value);
			rc = -1;
		} else if (s == NGINX && *path == '\0')
			buf_printf(out, "set $sitemapd_content_usage \"%s\";\n",
			    value);
		else if (s == NGINX)
			buf_printf(out, "if ($sitemapd_target ~ \"%s\") {\n\tset "
			    "$sitemapd_content_usage \"%s\";\n}\n",
			    buf_str(&re), value);
		else if (s == CADDY && *path == '\0')
			buf_printf(out, "\theader Content-Usage \"%s\"\n", value);
		else if (s == CADDY)
			buf_printf(out, "\t@sitemapd_usage_%zu expression `"
			    CADDY_TARGET ".matches(\"%s\")`\n\theader "
			    "@sitemapd_usage_%zu Content-Usage \"%s\"\n", i,
			    buf_str(&re), i, value);
		else if (s == APACHE && *path == '\0')
			buf_printf(out, "Header set Content-Usage \"%s\"\n",
			    value);
		else if (s == APACHE)
			apache_rule(buf_str(&re), value, out);
		else if (*path == '\0')
			buf_printf(out, "setenv.set-response-header = ( "
			    "\"Content-Usage\" => \"%s\" )\n", value);
		else if (lighttpd_rule(path, buf_str(&re), value, out) == -1) {
			buf_printf(why, "ai-headers lighttpd: content_usage = "
			    "%s names a query, which lighttpd's conditions do "
			    "not match with the path: write that rule by hand",
			    path);
			rc = -1;
		}
	}
	if (s == NGINX)
		buf_adds(out, "add_header Content-Usage "
		    "$sitemapd_content_usage;\n");
	if (s == CADDY)
		buf_adds(out, "}\n");
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
 * Apache: mod_headers' condition, read when the response is made, on
 * the path as mapped and, where there is one, "?" and the query. The
 * regular expression's delimiter is a byte it does not hold.
 */
static void
apache_rule(const char *re, const char *value, struct buf *out)
{
	const char *delim = "#!,;@~|%";

	while (delim[1] != '\0' && strchr(re, *delim) != NULL)
		delim++;
	buf_printf(out, "Header set Content-Usage \"%s\" \"expr=(-z "
	    "%%{QUERY_STRING} && %%{REQUEST_URI} =~ m%c%s%c) || (-n "
	    "%%{QUERY_STRING} && '%%{REQUEST_URI}?%%{QUERY_STRING}' =~ "
	    "m%c%s%c)\"\n", value, *delim, re, *delim, *delim, re, *delim);
}

/*
 * lighttpd: its conditions take the path and the query apart, where
 * robots.txt matches the two as one, "?" between. So a pattern matches
 * in the path alone (ending in "$": with no query), or one of its "*"
 * spans the "?": what comes before that "*" starts the path, and the
 * "*" with what follows ends the query; a block for each. A pattern that
 * names a query itself cannot be written so: -1.
 */
static int
lighttpd_rule(const char *path, const char *re, const char *value,
    struct buf *out)
{
	struct buf head = BUF_INIT, tail = BUF_INIT, left = BUF_INIT;
	size_t n = strlen(path);

	if (strchr(path, '?') != NULL)
		return -1;
	buf_printf(out, "$HTTP[\"url\"] =~ \"%s\" {\n", re);
	if (n > 0 && path[n - 1] == '$')
		buf_printf(out, "\t$HTTP[\"querystring\"] == \"\" {\n\t\t"
		    "setenv.set-response-header = ( \"Content-Usage\" => "
		    "\"%s\" )\n\t}\n}\n", value);
	else
		buf_printf(out, "\tsetenv.set-response-header = ( "
		    "\"Content-Usage\" => \"%s\" )\n}\n", value);
	for (const char *star = strchr(path, '*'); star != NULL;
	    star = strchr(star + 1, '*')) {
		buf_reset(&left);
		buf_add(&left, path, (size_t)(star - path));
		buf_reset(&head);
		buf_reset(&tail);
		/* Bytes the whole took, the parts take: no -1 here. */
		(void)escape_pattern_regex(&head, buf_str(&left));
		(void)escape_pattern_regex(&tail, star);
		buf_printf(out, "$HTTP[\"url\"] =~ \"%s\" {\n\t"
		    "$HTTP[\"querystring\"] =~ \"%s\" {\n\t\t"
		    "setenv.set-response-header = ( \"Content-Usage\" => "
		    "\"%s\" )\n\t}\n}\n", buf_str(&head), buf_str(&tail),
		    value);
	}
	buf_free(&head);
	buf_free(&tail);
	buf_free(&left);
	return 0;
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
