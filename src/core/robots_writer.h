/*
 * The robots.txt sitemapd writes (README, What it serves): the reserved
 * paths and the INI's [robots] rules, laid out so that Google, RFC 9309
 * and first-match parsers all reach the same verdicts.
 */
#ifndef SITEMAPD_ROBOTS_WRITER_H
#define SITEMAPD_ROBOTS_WRITER_H

#include <stddef.h>

#include "buf.h"
#include "reserved.h"
#include "robots_matcher.h"

/* Crawlers need read no more of a robots.txt (RFC 9309, 2.5). */
#define ROBOTS_MAX_BYTES	(500 * 1024)
/* The robots.txt of a site that asks not to be indexed ([site] indexable). */
#define ROBOTS_NOT_INDEXABLE	"User-agent: *\nDisallow: /\n"
/*
 * The longest pattern a rule takes: what Google reads of "Disallow: "
 * and the pattern on one line. A site's robots.txt has no other limit,
 * and a rule cut shorter would be another rule.
 */
#define ROBOTS_PATTERN_MAX	(ROBOTSTXT_LINE_MAX - 10)
/* The longest Sitemap URL: a URL, with room to spare. */
#define ROBOTS_SITEMAP_URL_MAX	2048
/* Why a name is refused for a [robots:NAME] group. */
#define ROBOTS_AGENT_HINT	"a group is named by a crawler's product " \
	"token ([A-Za-z_-]+), such as [robots:GPTBot]"
/* Rules per group: far more than sites use, and ordered in no time. */
#define ROBOTS_RULES_MAX	1000

struct robots_rule {
	int	 allow;
	char	*pattern;	/* escaped as Google compares it */
};

/* A Content-Usage line: preferences for the paths under path. */
struct robots_usage {
	char	*path;		/* escaped as patterns are; "" for all */
	char	*prefs;
};

struct robots_group {
	char	*agent;		/* a product token; NULL for "*" */
	struct robots_rule *rules;
	size_t	 n;
	int	 own_rules;	/* named by rules, not only preferences */
	char	*signal;	/* Cloudflare's Content-Signal, or NULL */
	struct robots_usage *usage;	/* the aipref drafts' Content-Usage */
	size_t	 nusage;
	int	 silenced;	/* had preferences, dropped: it may fetch
				   nothing */
};

struct robots {
	struct robots_group *groups;	/* named ones first, "*" last */
	size_t	 ngroups;
	char	**sitemaps;	/* Sitemap lines but sitemapd's own */
	size_t	 nsitemaps;
	char	**licenses;	/* RSL's License lines */
	size_t	 nlicenses;
	struct robotstxt parsed;	/* what robots_finish wrote, read back */
	/*
	 * The search engines' crawlers with a group of their own that may
	 * fetch the sitemap, and so read it (search_crawlers.h's names).
	 */
	const char	**readers;
	size_t		 nreaders;
};

void	robots_init(struct robots *);
void	robots_free(struct robots *);
/* A finished copy of a finished src. */
void	robots_copy(struct robots *dst, const struct robots *src);

/*
 * Adds a rule to the group of agent (NULL: "*") as the INI writes it.
 * Returns -1 with *why set when the pattern or agent is not usable.
 */
int	robots_add_rule(struct robots *, const char *agent, int allow,
	    const char *pattern, const char **why);

/*
 * What the group of agent (NULL: "*") says of the uses of the site's
 * content, in lines parsers that do not know them skip: Cloudflare's
 * Content-Signal, once a group, and the aipref drafts' Content-Usage, once
 * a path (usage_prefs.h). The "*" group's go to every other group that
 * does not say its own, as a crawler reads only its group. -1 with *why
 * when the value or path is not usable.
 */
int	robots_set_content_signal(struct robots *, const char *agent,
	    const char *value, const char **why);
int	robots_add_content_usage(struct robots *, const char *agent,
	    const char *value, const char **why);
/*
 * Copies the "*" group's Content-Usage lines (their paths escaped) to
 * *out; with keep 0 they leave robots.txt, in every group that would have
 * taken them. Before robots_finish.
 */
void	robots_take_site_usage(struct robots *, int keep,
	    struct robots_usage **out, size_t *n);
void	robots_usage_free(struct robots_usage *, size_t);
/* Makes the group of agent, if there is none yet. */
void	robots_name_group(struct robots *, const char *agent);
/*
 * Adds an RSL 1.0 License line, which every crawler reads, for url: the
 * absolute http or https URL of a license.xml. -1 with *why when it is not.
 */
int	robots_add_license(struct robots *, const char *url, const char **why);
/* Adds a Sitemap line for url; -1 with *why when it is no http(s) URL. */
int	robots_add_sitemap(struct robots *, const char *url,
	    const char **why);
/*
 * Adds the published reserved paths to every group and "Allow: /" to the
 * "*" group, drops the preferences of a group that may fetch nothing,
 * puts each group's rules in an order every parser agrees on,
 * and reads the result back for robots_allows. Returns -1 with the reason
 * in why when a group has too many rules or the file would be too large.
 */
int	robots_finish(struct robots *, const struct reserved *,
	    struct buf *why);

/*
 * Whether every crawler that reads the sitemap may fetch path (percent-
 * encoded), a page's or an image's: the "*" group, and each of the
 * readers that fetches such URLs by the group of its own. A sitemap
 * listing what its reader may not fetch is one it reports as blocked.
 */
int	robots_allows(const struct robots *, const char *path);
int	robots_allows_image(const struct robots *, const char *path);
/* The first that may not fetch the page at path: "*", a reader, or NULL. */
const char *robots_blocker(const struct robots *, const char *path);
/*
 * Appends which line keeps it from path: line 3, "Disallow: /a"; then
 * for a reader, for "googlebot".
 */
void	robots_explain(const struct robots *, const char *path,
	    struct buf *out);

void	robots_render(const struct robots *, const char *base_url,
	    struct buf *out);

#endif
