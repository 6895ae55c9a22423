/*
 * The INI file read strictly: every section and key known, each error
 * named by file, line and reason. The keys are those the parts declare
 * (config_module.h); the core's own are here: [site], [reserved], [http],
 * [sitemap] and [robots].
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <ini.h>

#include "ai_crawlers.h"
#include "alias.h"
#include "ascii.h"
#include "config.h"
#include "config_module.h"
#include "config_parse.h"
#include "escape.h"
#include "file.h"
#include "log.h"
#include "number.h"
#include "protocol_limits.h"
#include "search_crawlers.h"
#include "sections.h"
#include "store_db.h"
#include "usage_prefs.h"

const struct config_module *const config_modules[] = { &site_module,
	&sitemap_module, &nopressure_module, &docroot_module,
	&indexnow_module, NULL };


/* The core's own keys, in site_keys. */
enum key { K_ROOT, K_ADMIN_PATH, K_TRAILING_SLASH, K_INDEXABLE, K_WATCH,
	K_SOURCE,
	K_RESERVED_PATH, K_RESERVED_ROBOTS, K_TRUSTED_PROXIES,
	K_ALLOWED_HOSTS, K_GZIP, K_MAX_URLS, K_MAX_BYTES, K_STYLESHEET,
	K_ROBOTS_ALLOW, K_ROBOTS_DISALLOW, K_AI_TRAIN, K_AI_SEARCH, K_AI_USER,
	K_AI_CRAWLERS, K_AI_SEARCH_ENGINES, K_CONTENT_SIGNAL, K_CONTENT_USAGE,
	K_LICENSE, K_PREFERENCES_IN, K_KEYS };

static int	set_site(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_ai(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	path_blank_error(struct config_parse *, const char *);

static const struct config_key site_keys[] = {
	[K_ROOT] =		{ "site", "root", NULL, 0, set_site, 0 },
	[K_ADMIN_PATH] =	{ "site", "admin_path", NULL, 0, set_site, 0 },
	[K_TRAILING_SLASH] =	{ "site", "trailing_slash", "no", 0,
	    config_set_bool, offsetof(struct config, trailing_slash) },
	[K_INDEXABLE] =		{ "site", "indexable", "yes", 0,
	    config_set_bool, offsetof(struct config, indexable) },
	[K_WATCH] =		{ "site", "watch", "auto", 0, set_site, 0 },
	[K_SOURCE] =		{ "site", "source", "nopressure", 0, set_site,
	    0 },
	[K_RESERVED_PATH] =	{ "reserved", "path", NULL, 1, set_site, 0 },
	[K_RESERVED_ROBOTS] =	{ "reserved", "robots", NULL, 1, set_site, 0 },
	[K_TRUSTED_PROXIES] =	{ "http", "trusted_proxies", NULL, 0,
	    set_site, 0 },
	[K_ALLOWED_HOSTS] =	{ "http", "allowed_hosts", NULL, 0, set_site,
	    0 },
	[K_GZIP] =		{ "http", "gzip", "yes", 0, config_set_bool,
	    offsetof(struct config, gzip) },
	[K_MAX_URLS] =		{ "sitemap", "max_urls",
	    CONFIG_NUMBER(SITEMAP_MAX_URLS), 0, set_site, 0 },
	[K_MAX_BYTES] =		{ "sitemap", "max_bytes",
	    CONFIG_NUMBER(SITEMAP_MAX_BYTES), 0, set_site, 0 },
	[K_STYLESHEET] =	{ "sitemap", "stylesheet", "yes", 0,
	    config_set_bool, offsetof(struct config, stylesheet) },
	[K_ROBOTS_ALLOW] =	{ "robots", "allow", NULL, 1, set_site, 0 },
	[K_ROBOTS_DISALLOW] =	{ "robots", "disallow", NULL, 1, set_site, 0 },
	[K_AI_TRAIN] =		{ "robots", "ai_train", NULL, 0, set_ai, 0 },
	[K_AI_SEARCH] =		{ "robots", "ai_search", NULL, 0, set_ai, 0 },
	[K_AI_USER] =		{ "robots", "ai_user", NULL, 0, set_ai, 0 },
	[K_AI_CRAWLERS] =	{ "robots", "ai_crawlers", NULL, 0, set_ai, 0 },
	[K_AI_SEARCH_ENGINES] =	{ "robots", "ai_search_engines", "refuse", 0,
	    set_ai, 0 },
	[K_CONTENT_SIGNAL] =	{ "robots", "content_signal", NULL, 1, set_ai,
	    0 },
	[K_CONTENT_USAGE] =	{ "robots", "content_usage", NULL, 1, set_ai,
	    0 },
	[K_LICENSE] =		{ "robots", "license", NULL, 1, set_ai, 0 },
	[K_PREFERENCES_IN] =	{ "robots", "preferences_in", "robots", 0,
	    set_ai, 0 },
};

const struct config_module site_module = {
	.name = "site",
	.source = -1,
	.keys = site_keys,
	.nkeys = K_KEYS,
};

/* [robots:AGENT] holds the rules of one crawler's group. */
#define AGENT_SECTION	"robots:"

/* inih's handler convention, unlike ours: 0 stops, nonzero goes on. */
#define INI_STOP	0
#define INI_GO_ON	1

/* A sitemap file smaller than this could hold next to nothing. */
#define MIN_BYTES	1024


#define EACH_MODULE(m)	(const struct config_module *const *m = \
	config_modules; *m != NULL; m++)

static int	unknown_key(struct config_parse *, const char *, const char *);
static int	slot_of(const struct config_key *);
static int	quoted(const char *);
static size_t	edit_distance(const char *, const char *);
static const struct config_module *source_module(int);

int
config_line(const struct config_parse *p, const char *section,
    const char *name)
{
	int line = 0;

	for EACH_MODULE(m)
		for (size_t k = 0; k < (*m)->nkeys; k++) {
			const struct config_key *key = &(*m)->keys[k];
			int slot = slot_of(key);

			if (strcmp(key->section, section) != 0)
				continue;
			if (name != NULL && strcmp(key->name, name) == 0)
				return p->last_line[slot];
			if (name == NULL && p->first_line[slot] != 0 &&
			    (line == 0 || p->first_line[slot] < line))
				line = p->first_line[slot];
		}
	return line;
}

/* Decimal digits only, no leading zero, within [min, max]. */
static int
parse_size(const char *v, size_t min, size_t max, size_t *out)
{
	const char *why;
	uint64_t n;

	if (number_parse(v, strlen(v), 10, 0, min, max, &n, &why) == -1)
		return -1;
	*out = (size_t)n;
	return 0;
}

/*
 * Calls add for each item of a list separated by commas or blanks.
 * Returns 0, or -1 with *why set and the failing item in bad.
 */
static int
each_item(const char *v, int (*add)(struct host_policy *, const char *,
    const char **), struct host_policy *hp, struct buf *bad,
    const char **why)
{
	static const char sep[] = ", \t";

	for (v += strspn(v, sep); *v; v += strspn(v, sep)) {
		size_t n = strcspn(v, sep);

		buf_reset(bad);
		buf_add(bad, v, n);
		if (add(hp, buf_str(bad), why) == -1)
			return -1;
		v += n;
	}
	return 0;
}

static void
publish(struct config_parse *p, const char *v)
{
	p->published = xreallocarray(p->published, p->npublished + 1,
	    sizeof(*p->published));
	p->published[p->npublished].text = xstrdup(v);
	p->published[p->npublished++].line = p->line;
}

/*
 * The admin path stays secret: robots.txt is public, so no rule in it may
 * name the admin area, whichever line of the file comes first, nor the
 * one NoPressure's config.yaml names.
 */
static void
refuse_published_admin(struct config_parse *p)
{
	const char *yaml = p->cfg->yaml_admin;

	for (size_t i = 0; i < p->npublished; i++) {
		const char *rule = p->published[i].text;
		int line = p->published[i].line;

		if (p->admin && reserved_pattern_names(rule, p->admin))
			config_error_at(p, line, "\"%s\" names the admin path "
			    "(admin_path, line %d), which robots.txt must never "
			    "publish", rule, p->admin_line);
		else if (yaml && reserved_pattern_names(rule, yaml))
			config_error_at(p, line, "\"%s\" names the admin path "
			    "(admin.path in config.yaml), which robots.txt must "
			    "never publish", rule);
		free(p->published[i].text);
	}
	free(p->published);
}

/*
 * A key of a source other than [site] source's would do nothing:
 * refused, not ignored.
 */
static void
refuse_other_source(struct config_parse *p)
{
	const struct config_module *chosen = source_module(p->cfg->source);

	for EACH_MODULE(m) {
		if (config_module_applies(*m, p->cfg))
			continue;
		for (size_t k = 0; k < (*m)->nkeys; k++) {
			const struct config_key *key = &(*m)->keys[k];
			int line = p->first_line[slot_of(key)];

			if (line == 0)
				continue;
			if (strcmp(key->section, (*m)->name) == 0)
				config_error_at(p, config_line(p, key->section,
				    NULL), "[%s] is read only with [site] "
				    "source = %s", key->section, (*m)->name);
			else
				config_error_at(p, line, "%s applies to %s, not "
				    "to source = %s", key->name, (*m)->what,
				    chosen->name);
		}
	}
}

/*
 * [robots]'s keys for AI crawlers, for the uses of the content and its
 * license; the uses may also be said to one crawler, in its [robots:NAME].
 */
static int
set_ai(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	enum key k = (enum key)(key - site_keys);
	const char *why;

	if (p->agent && k != K_CONTENT_SIGNAL && k != K_CONTENT_USAGE)
		return config_error(p, "%s belongs in [robots], not "
		    "[robots:%s]", key->name, p->agent);
	switch (k) {
	case K_AI_CRAWLERS:
		free(cfg->ai_crawlers);
		cfg->ai_crawlers = config_path(p, v);
		break;
	case K_AI_SEARCH_ENGINES:
		if (strcmp(v, "refuse") != 0 && strcmp(v, "disallow") != 0)
			return config_error(p, "ai_search_engines must be "
			    "refuse or disallow, not \"%s\"", v);
		cfg->ai_search_engines = strcmp(v, "disallow") == 0;
		break;
	case K_CONTENT_SIGNAL:
		if (robots_set_content_signal(&cfg->robots, p->agent, v,
		    &why) == -1)
			return config_error(p, "content_signal = %s: %s; "
			    "it takes search, ai-input and ai-train, each yes "
			    "or no, such as search=yes, ai-train=no, once a "
			    "section", v, why);
		break;
	case K_PREFERENCES_IN:
		if (strcmp(v, "robots") == 0)
			cfg->preferences_in = PREFERENCES_IN_ROBOTS;
		else if (strcmp(v, "header") == 0)
			cfg->preferences_in = PREFERENCES_IN_HEADER;
		else if (strcmp(v, "both") == 0)
			cfg->preferences_in = PREFERENCES_IN_BOTH;
		else
			return config_error(p, "preferences_in must be robots, "
			    "header or both, not \"%s\"", v);
		break;
	case K_LICENSE:
		if (robots_add_license(&cfg->robots, v, &why) == -1)
			return config_error(p, "license = %s: an absolute http "
			    "or https URL, such as "
			    "https://example.org/license.xml", v);
		break;
	case K_CONTENT_USAGE:
		if (robots_add_content_usage(&cfg->robots, p->agent, v,
		    &why) == -1)
			return strcmp(why, USAGE_PATH_BLANK) == 0 ?
			    path_blank_error(p, v) :
			    config_error(p, "content_usage = %s: %s; "
			    "it takes train-ai and search, each =y or =n, "
			    "after a path if you like, such as /open-data/ "
			    "train-ai=y", v, why);
		if (*v == '/') {	/* robots.txt is public */
			char *path = xstrndup(v, strcspn(v, " \t"));
			struct buf re = BUF_INIT;
			int held = escape_pattern_regex(&re, path);

			buf_free(&re);
			/* ai-headers writes the site's into servers' rules. */
			if (held == -1 && p->agent == NULL) {
				config_error(p, "content_usage = %s: its path "
				    "holds a byte no web server's rule can "
				    "(a control byte, a quote, a backslash, "
				    "^ [ ] { } ;, written or %%XX-escaped)",
				    v);
				free(path);
				return -1;
			}
			publish(p, path);
			free(path);
		}
		break;
	default:
		if (strcmp(v, "allow") != 0 && strcmp(v, "disallow") != 0)
			return config_error(p, "%s must be allow or "
			    "disallow, not \"%s\"", key->name, v);
		cfg->ai[k - K_AI_TRAIN] = strcmp(v, "allow") == 0 ?
		    AI_ALLOWED : AI_DISALLOWED;
		break;
	}
	return 0;
}

/* "/open data/ train-ai=n": the path it means, "/open%20data/", spelled. */
static int
path_blank_error(struct config_parse *p, const char *v)
{
	const char *end = v + strcspn(v, "=,");
	struct buf path = BUF_INIT;

	while (end > v && end[-1] != '/')
		end--;
	for (const char *c = v; c < end; c++)
		if (*c == ' ' || *c == '\t')
			buf_adds(&path, "%20");
		else
			buf_addc(&path, *c);
	config_error(p, "content_usage = %s: %s: %s", v, USAGE_PATH_BLANK,
	    buf_str(&path));
	buf_free(&path);
	return -1;
}

int
ai_crawler_refused(const struct config *cfg, const struct ai_crawler *c)
{
	for (int k = 0; k < AI_CLASSES; k++)
		if (AI_CRAWLER_IN(c, k) && cfg->ai[k] == AI_DISALLOWED)
			return 1;
	return 0;
}

/*
 * A group of "Disallow: /" for each crawler of a class [robots]
 * disallows, named by the list of AI crawlers.
 */
static void
disallow_ai_classes(struct config_parse *p)
{
	struct config *cfg = p->cfg;
	struct ai_crawlers list;
	struct buf why = BUF_INIT;
	const char *reason;
	int line = 0;	/* of a class that is disallowed, for messages */

	for (int c = 0; c < AI_CLASSES && line == 0; c++)
		if (cfg->ai[c] == AI_DISALLOWED)
			line = p->last_line[slot_of(&site_keys[K_AI_TRAIN + c])];
	if (line == 0)
		return;
	if (ai_crawlers_load(cfg->ai_crawlers, &list, &why) == -1) {
		config_error_at(p, line, "the list of AI crawlers: %s",
		    buf_str(&why));
		buf_free(&why);
		return;
	}
	for (size_t i = 0; i < list.n; i++) {
		const char *token = list.v[i].token;

		if (!ai_crawler_refused(cfg, &list.v[i]))
			continue;
		/* Out of an engine's search, unless that is what is meant. */
		if (search_crawler_named(token, strlen(token)) != NULL &&
		    !cfg->ai_search_engines) {
			config_error_at(p, line, "the list of AI crawlers (%s) "
			    "names %s, a search engine's crawler, as %s: "
			    "disallowing it takes the site out of that "
			    "engine's search; take it off the list, or set "
			    "[robots] ai_search_engines = disallow if that "
			    "is meant", cfg->ai_crawlers ? cfg->ai_crawlers :
			    AI_CRAWLERS_BUILTIN, token,
			    ai_class_names[list.v[i].class]);
			break;
		}
		/* Not in robots.txt: a name no robots.txt line can hold. */
		if (!(list.v[i].flags & AI_UA_ONLY))
			(void)robots_add_rule(&cfg->robots, token, 0, "/",
			    &reason);
	}
	ai_crawlers_free(&list);
}

/* The core's keys but those for AI crawlers (set_ai). */
static int
set_site(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	enum key k = (enum key)(key - site_keys);
	struct buf item = BUF_INIT;
	const char *why = NULL;
	const struct config_module *m;
	int rc;

	switch (k) {
	case K_ROOT:
		if (*v == '\0')
			return config_error(p, "root is empty");
		free(cfg->root);
		cfg->root = config_path(p, v);
		cfg->root_line = p->line;
		break;
	case K_ADMIN_PATH:
		if (reserved_add_admin(&cfg->reserved, v, &why) == -1)
			return config_error(p, "admin_path: %s", why);
		free(p->admin);
		p->admin = alias_canonical(v, &why);
		p->admin_line = p->line;
		break;
	case K_SOURCE:
		for (int s = 0; (m = source_module(s)) != NULL; s++)
			if (strcmp(v, m->name) == 0)
				break;
		if (m == NULL)
			return config_error(p, "source must be nopressure "
			    "or docroot, not \"%s\"", v);
		cfg->source = (enum source_kind)m->source;
		break;
	case K_RESERVED_PATH:
	case K_RESERVED_ROBOTS:
		if (reserved_add(&cfg->reserved, v, k == K_RESERVED_ROBOTS,
		    &why) == -1)
			return config_error(p, "reserved path: %s", why);
		if (k == K_RESERVED_ROBOTS)
			publish(p, v);
		break;
	case K_WATCH:
		if (strcmp(v, "auto") == 0)
			cfg->watch = WATCH_AUTO;
		else if (strcmp(v, "inotify") == 0)
			cfg->watch = WATCH_INOTIFY;
		else if (strcmp(v, "stat") == 0)
			cfg->watch = WATCH_STAT;
		else
			return config_error(p, "watch must be auto, "
			    "inotify or stat, not \"%s\"", v);
		break;
	case K_MAX_URLS:
		if (parse_size(v, 1, SITEMAP_MAX_URLS, &cfg->max_urls) == -1)
			return config_error(p, "max_urls must be a number "
			    "from 1 to %d", SITEMAP_MAX_URLS);
		break;
	case K_MAX_BYTES:
		if (parse_size(v, MIN_BYTES, SITEMAP_MAX_BYTES,
		    &cfg->max_bytes) == -1)
			return config_error(p, "max_bytes must be a number "
			    "from %d to %d", MIN_BYTES, SITEMAP_MAX_BYTES);
		break;
	case K_ROBOTS_ALLOW:
	case K_ROBOTS_DISALLOW:
		if (robots_add_rule(&cfg->robots, p->agent, k == K_ROBOTS_ALLOW,
		    v, &why) == -1)
			return config_error(p, "%s = %s: %s", key->name, v,
			    why);
		publish(p, v);
		break;
	case K_TRUSTED_PROXIES:
	case K_ALLOWED_HOSTS:
		if (k == K_TRUSTED_PROXIES)	/* replaces the default */
			cfg->hosts.ntrusted = 0;
		rc = each_item(v, k == K_TRUSTED_PROXIES ? host_policy_trust :
		    host_policy_allow, &cfg->hosts, &item, &why);
		if (rc == -1)
			config_error(p, "%s: \"%s\": %s", key->name,
			    buf_str(&item), why);
		buf_free(&item);
		return rc;
	default:	/* the others have setters of their own */
		abort();
	}
	return 0;
}

static int
handler(void *user, const char *section, const char *name, const char *value)
{
	struct config_parse *p = user;

	p->agent = NULL;
	if (strncmp(section, AGENT_SECTION, strlen(AGENT_SECTION)) == 0) {
		p->agent = section + strlen(AGENT_SECTION);
		section = "robots";
	}
	for EACH_MODULE(m)
		for (size_t k = 0; k < (*m)->nkeys; k++) {
			const struct config_key *key = &(*m)->keys[k];
			int slot = slot_of(key);

			if (strcmp(section, key->section) != 0 ||
			    strcmp(name, key->name) != 0)
				continue;
			if (!key->repeatable && (p->seen & (uint64_t)1 << slot))
				return config_error(p, "%s is set twice", name),
				    INI_STOP;
			if (quoted(value))
				return config_error(p, "%s = %s: quotes are "
				    "taken literally in this file; write %s = "
				    "%.*s", name, value, name,
				    (int)strlen(value) - 2, value + 1), INI_STOP;
			p->seen |= (uint64_t)1 << slot;
			p->last_line[slot] = p->line;
			if (p->first_line[slot] == 0)
				p->first_line[slot] = p->line;
			return key->set(p, p->cfg, key, value) == 0 ?
			    INI_GO_ON : INI_STOP;
		}
	if (*section == '\0')
		return config_error(p, "%s is outside any [section]", name),
		    INI_STOP;
	return unknown_key(p, section, name);
}

/*
 * An unknown key, and how to fix it: the section it belongs in, or the
 * key it is closest to, as a typo would leave it.
 */
static int
unknown_key(struct config_parse *p, const char *section, const char *name)
{
	size_t best = SIZE_MAX;
	const struct config_key *nearest = NULL;

	for EACH_MODULE(m)
		for (size_t k = 0; k < (*m)->nkeys; k++) {
			const struct config_key *key = &(*m)->keys[k];
			size_t d = edit_distance(name, key->name);

			if (d == 0) {
				config_error(p, "\"%s\" belongs in [%s], not "
				    "[%s]", name, key->section, section);
				return INI_STOP;
			}
			/* The key of this section first, at a distance. */
			if (d < best || (d == best &&
			    strcmp(key->section, section) == 0)) {
				best = d;
				nearest = key;
			}
		}
	if (best > 2 || best * 3 > strlen(name))
		config_error(p, "unknown key \"%s\"", name);
	else if (strcmp(nearest->section, section) == 0)
		config_error(p, "unknown key \"%s\"; did you mean \"%s\"?",
		    name, nearest->name);
	else
		config_error(p, "unknown key \"%s\"; did you mean \"%s\" in "
		    "[%s]?", name, nearest->name, nearest->section);
	return INI_STOP;
}

static int
known_section(const char *name)
{
	if (strncmp(name, AGENT_SECTION, strlen(AGENT_SECTION)) == 0)
		return 1;
	for EACH_MODULE(m)
		for (size_t k = 0; k < (*m)->nkeys; k++)
			if (strcmp((*m)->keys[k].section, name) == 0)
				return 1;
	return 0;
}

/*
 * inih cannot tell its handler the line number, and it never reports
 * sections: reading the lines for it gives both.
 */
static char *
reader(char *line, int size, void *user)
{
	struct config_parse *p = user;
	const char *s, *end;

	if (fgets(line, size, p->f) == NULL)
		return NULL;
	p->line++;
	if (strchr(line, '\n') == NULL && !feof(p->f)) {
		config_error(p, "line is longer than %d characters",
		    INI_MAX_LINE - 2);
		return NULL;
	}
	for (s = line; ascii_in((unsigned char)*s, " \t"); s++)
		;
	if (*s == '[' && (end = strchr(s, ']')) != NULL) {
		struct buf name = BUF_INIT;
		size_t prefix = strlen(AGENT_SECTION);
		int bad_agent, known;

		buf_add(&name, s + 1, (size_t)(end - s - 1));
		bad_agent = strncmp(buf_str(&name), AGENT_SECTION, prefix) == 0
		    && !robotstxt_agent_valid(buf_str(&name) + prefix);
		known = !bad_agent && known_section(buf_str(&name));
		if (bad_agent)
			config_error(p, "[%s]: " ROBOTS_AGENT_HINT,
			    buf_str(&name));
		else if (!known)
			config_error(p, "unknown section [%s]",
			    buf_str(&name));
		buf_free(&name);
		if (!known)
			return NULL;
	}
	return line;
}

/* Every key's default, set as the file would set it. */
static void
set_defaults(struct config *cfg, const char *file)
{
	static unsigned loads;
	struct buf err = BUF_INIT;
	struct config_parse p = { .file = file, .cfg = cfg, .err = &err };

	memset(cfg, 0, sizeof(*cfg));
	cfg->file = xstrdup(file);
	cfg->generation = ++loads;
	reserved_init(&cfg->reserved);
	robots_init(&cfg->robots);
	host_policy_init(&cfg->hosts);
	for EACH_MODULE(m)
		for (size_t k = 0; k < (*m)->nkeys; k++) {
			const struct config_key *key = &(*m)->keys[k];

			if (key->value != NULL &&
			    key->set(&p, cfg, key, key->value) == -1) {
				log_msg("the default of %s: %s", key->name,
				    buf_str(&err));
				abort();	/* a default it refuses */
			}
		}
	buf_free(&err);
}

void
config_builtin(struct config *cfg, const char *file)
{
	struct buf why = BUF_INIT;

	/*
	 * mtime stays 0, so a crawler holding the robots.txt of a good INI
	 * gets 304 and keeps it.
	 */
	set_defaults(cfg, file);
	/* The built-in rules always fit. */
	robots_finish(&cfg->robots, &cfg->reserved, &why);
	buf_free(&why);
}

int
config_load(const char *file, struct config *cfg, struct buf *err)
{
	struct config_parse p = { .file = file, .cfg = cfg, .err = err };
	struct buf why = BUF_INIT;
	const char *cause;
	struct stat st;
	int fd, rc;

	set_defaults(cfg, file);
	if ((fd = file_open_regular(AT_FDCWD, file, 0, &st, &cause)) == -1 ||
	    (p.f = fdopen(fd, "r")) == NULL) {
		buf_printf(err, "%s: %s", file, fd == -1 ? cause :
		    strerror(errno));
		if (fd != -1)
			close(fd);
		config_free(cfg);
		return -1;
	}
	cfg->mtime = st.st_mtime;
	rc = ini_parse_stream(reader, &p, handler, &p);
	if (ferror(p.f) && !p.failed)
		config_error_at(&p, p.line + 1, "read error");
	else if (rc > 0 && (!p.failed || rc < p.error_line)) {
		buf_reset(err);
		p.failed = 0;
		config_error_at(&p, rc, "expected \"name = value\" or "
		    "\"[section]\"");
	}
	fclose(p.f);
	refuse_other_source(&p);
	for EACH_MODULE(m)
		if ((*m)->finish && config_module_applies(*m, cfg))
			(*m)->finish(&p, cfg);
	refuse_published_admin(&p);
	disallow_ai_classes(&p);
	/* For the header; robots.txt keeps them unless told otherwise. */
	robots_take_site_usage(&cfg->robots, cfg->preferences_in !=
	    PREFERENCES_IN_HEADER, &cfg->site_usage, &cfg->nsite_usage);
	cfg->ini_admin = p.admin;
	if (cfg->root == NULL)
		config_error_at(&p, 0, "[site] root is not set");
	if (!p.failed && robots_finish(&cfg->robots, &cfg->reserved,
	    &why) == -1)
		config_error_at(&p, 0, "%s", buf_str(&why));
	buf_free(&why);
	if (p.failed) {
		config_free(cfg);
		return -1;
	}
	return 0;
}

static int
quoted(const char *v)
{
	size_t n = strlen(v);

	return n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0];
}

/*
 * Edits from one key name to another, a swap of neighbours counting as
 * one, as typos make them (optimal string alignment).
 */
static size_t
edit_distance(const char *a, const char *b)
{
	enum { MAX = 64 };
	size_t la = strlen(a), lb = strlen(b), d[MAX + 1][MAX + 1];

	if (la > MAX || lb > MAX)
		return SIZE_MAX;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* Its place among all the parts' keys, for seen and the lines. */
static int
slot_of(const struct config_key *key)
{
	int slot = 0;

	for EACH_MODULE(m) {
		if (key >= (*m)->keys && key < (*m)->keys + (*m)->nkeys) {
			slot += (int)(key - (*m)->keys);
			break;
		}
		slot += (int)(*m)->nkeys;
	}
	if (slot >= SLOTS)
		abort();	/* more keys than bits of seen */
	return slot;
}

/* The part that is the source kind reads with; NULL past the last. */
static const struct config_module *
source_module(int kind)
{
	for EACH_MODULE(m)
		if ((*m)->source == kind)
			return *m;
	return NULL;
}
