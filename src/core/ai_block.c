/*
 * The snippets of "sitemapd ai-block", one per web server. Each matches
 * the product tokens where a User-Agent names its products, between "(",
 * ";", "," or a blank and "/", ";", ")", "," or a blank, case-
 * insensitively as crawlers compare them: so "SearchBot" would not catch
 * "OAI-SearchBot", a token's longer namesakes go free, and a token that
 * is also a domain or a path ("OpenAI", in "+https://openai.com/bot")
 * catches no other crawler's User-Agent that links there. Names that are
 * no product token ("Kangaroo Bot", "AI2Bot") are matched the same way:
 * only robots.txt cannot name them.
 */
#include <string.h>
#include <strings.h>

#include "ai_block.h"
#include "ai_crawlers.h"
#include "escape.h"

/* Around "A|B|C": the tokens as the User-Agent's products. */
#define WORD_BEFORE	"(^|[ (;,])("
#define WORD_AFTER	")([ /;),]|$)"

/* Each server's rule: its head, the tokens, its tail. */
static const struct {
	const char	*name;
	const char	*head;
	const char	*tail;
} servers[] = {
	{ "nginx",
	    "# In server { }.\n"
	    "set $sitemapd_ai_block 0;\n"
	    "if ($http_user_agent ~* \"" WORD_BEFORE,
	    WORD_AFTER "\") {\n\tset $sitemapd_ai_block 1;\n}\n"
	    "if ($uri = /robots.txt) {\n\tset $sitemapd_ai_block 0;\n}\n"
	    "if ($sitemapd_ai_block) {\n\treturn 403;\n}\n" },
	/* REDIRECT_STATUS: not again on .htaccess's own rewrite to the CGI. */
	{ "apache",
	    "# In <VirtualHost> or .htaccess; needs mod_rewrite (a2enmod "
	    "rewrite).\n"
	    "RewriteEngine On\n"
	    "RewriteCond %{ENV:REDIRECT_STATUS} ^$\n"
	    "RewriteCond %{REQUEST_URI} !=/robots.txt\n"
	    "RewriteCond %{HTTP_USER_AGENT} \"" WORD_BEFORE,
	    WORD_AFTER "\" [NC]\n"
	    "RewriteRule ^ - [F]\n" },
	{ "lighttpd",
	    "# In the site's configuration; needs \"mod_access\" in "
	    "server.modules.\n"
	    "$HTTP[\"useragent\"] =~ \"(?i)" WORD_BEFORE,
	    WORD_AFTER "\" {\n\t$HTTP[\"url\"] != \"/robots.txt\" {\n"
	    "\t\turl.access-deny = ( \"\" )\n\t}\n}\n" },
	/* Routes run in the order written, this one first. */
	{ "caddy",
	    "# In the site block, before the route \"sitemapd recipe caddy\" "
	    "prints.\n"
	    "route {\n\t@sitemapd_ai_block {\n"
	    "\t\theader_regexp User-Agent \"(?i)" WORD_BEFORE,
	    WORD_AFTER "\"\n\t\tnot path /robots.txt\n\t}\n"
	    "\trespond @sitemapd_ai_block 403\n}\n" },
};

static int	allowed_somewhere(const struct robots *, const char *);

int
ai_block_write(const struct config *cfg, const char *server,
    struct buf *out, struct buf *why)
{
	struct ai_crawlers list;
	struct buf tokens = BUF_INIT, about = BUF_INIT, spared = BUF_INIT;
	size_t s;

	for (s = 0; s < sizeof(servers) / sizeof(servers[0]) &&
	    strcmp(servers[s].name, server) != 0; s++)
		;
	if (s == sizeof(servers) / sizeof(servers[0])) {
		buf_printf(why, "ai-block: give nginx, apache, lighttpd or "
		    "caddy, not %s", server);
		return -1;
	}
	if (ai_crawlers_load(cfg->ai_crawlers, &list, why) == -1)
		return -1;
	for (size_t i = 0; i < list.n; i++) {
		const struct ai_crawler *c = &list.v[i];

		if (!ai_crawler_refused(cfg, c) ||
		    (c->flags & AI_ROBOTS_ONLY))
			continue;
		if (allowed_somewhere(&cfg->robots, c->token))
			buf_printf(&spared, "%s%s", spared.len ? ", " : "",
			    c->token);
		else {
			/* A name's "." or blank, as the regex reads it. */
			if (tokens.len)
				buf_addc(&tokens, '|');
			(void)escape_regex(&tokens, c->token);
		}
	}
	ai_crawlers_free(&list);
	if (tokens.len == 0) {
		buf_printf(why, "ai-block: %s disallows no AI crawler that "
		    "fetches pages; set ai_train, ai_search or ai_user = "
		    "disallow in [robots]", cfg->file);
		buf_free(&spared);
		return -1;
	}
	ai_crawlers_describe(cfg->ai_crawlers, &about);
	buf_printf(out, "# Made by sitemapd ai-block %s from %s\n# and %s.\n"
	    "# The AI crawlers robots.txt turns away get 403, but for "
	    "/robots.txt.\n# Print it again when the INI or the list "
	    "changes.\n", server, cfg->file, buf_str(&about));
	if (spared.len)
		buf_printf(out, "# Not refused, as robots.txt allows them "
		    "paths: %s.\n", buf_str(&spared));
	buf_adds(out, servers[s].head);
	buf_adds(out, buf_str(&tokens));
	buf_adds(out, servers[s].tail);
	buf_free(&tokens);
	buf_free(&about);
	buf_free(&spared);
	return 0;
}

/* Whether the INI allows the crawler a path in its own group. */
static int
allowed_somewhere(const struct robots *r, const char *token)
{
	for (size_t g = 0; g + 1 < r->ngroups; g++) {
		const struct robots_group *grp = &r->groups[g];

		if (strcasecmp(grp->agent, token) != 0)
			continue;
		for (size_t i = 0; i < grp->n; i++)
			if (grp->rules[i].allow)
				return 1;
	}
	return 0;
}
