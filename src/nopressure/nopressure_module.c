/*
 * What a NoPressure root declares to the core: its keys in [site] and
 * [sitemap], the admin path its config.yaml names, and what sitemapd
 * check says of them.
 */
#include <stdlib.h>
#include <string.h>

#include "alias.h"
#include "cache.h"
#include "check.h"
#include "config.h"
#include "config_module.h"
#include "nopconfig.h"
#include "report.h"

static int	set_home_alias(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_exclude_tags(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static void	read_admin_path(struct config_parse *, struct config *);
static void	check_admin_and_id_pages(const struct config *,
		    const struct reporter *);
static void	check_exclude_tags(const struct config *,
		    const struct page_cache *, const struct reporter *);

static const struct config_key keys[] = {
	{ "site", "home_alias", "index", 0, set_home_alias, 0 },
	{ "sitemap", "exclude_tags", NULL, 0, set_exclude_tags, 0 },
};

const struct config_module nopressure_module = {
	.name = "nopressure",
	.source = SOURCE_NOPRESSURE,
	.what = "a NoPressure root",
	.root_file = "config.yaml",
	.keys = keys,
	.nkeys = sizeof(keys) / sizeof(keys[0]),
	.finish = read_admin_path,
	.check = check_admin_and_id_pages,
	.check_pages = check_exclude_tags,
};

static int
set_home_alias(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	const char *why;
	char *alias;

	(void)key;
	if ((alias = alias_canonical(v, &why)) == NULL)
		return config_error(p, "home_alias: %s", why);
	free(cfg->home_alias);
	cfg->home_alias = alias;
	return 0;
}

/* Tags as the sidecars write them. */
static int
set_exclude_tags(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	(void)p;
	(void)key;
	config_list_add(v, &cfg->exclude_tags, &cfg->nexclude_tags);
	return 0;
}

/*
 * NoPressure's config.yaml names the admin path the INI may not repeat.
 * Both are kept out. A config.yaml that exists but cannot be read leaves
 * the admin path unknown unless the INI names one.
 */
static void
read_admin_path(struct config_parse *p, struct config *cfg)
{
	struct buf why = BUF_INIT;
	const char *reason;
	char *raw;

	if (cfg->root == NULL)
		return;
	if (nopconfig_admin_path(cfg->root, &raw, &why) == 1) {
		if (reserved_add_admin(&cfg->reserved, raw, &reason) == -1)
			buf_printf(&why, "config.yaml: admin.path: %s", reason);
		else
			cfg->yaml_admin = alias_canonical(raw, &reason);
		free(raw);
	}
	if (why.len > 0) {
		cfg->yaml_error = xstrdup(buf_str(&why));
		cfg->admin_unknown = config_admin(p) == NULL;
	}
	buf_free(&why);
}

/*
 * Where the admin path comes from, and whether the two sources agree;
 * and whether robots.txt lets crawlers reach the pages without an alias.
 */
static void
check_admin_and_id_pages(const struct config *cfg, const struct reporter *rep)
{
	if (cfg->admin_unknown)
		report(rep, FINDING_PROBLEM, "the admin path is unknown: %s; "
		    "the sitemaps answer 503 until [site] admin_path is set or "
		    "config.yaml is readable", cfg->yaml_error);
	else if (cfg->yaml_error)
		report(rep, FINDING_PROBLEM, "%s; using [site] admin_path /%s "
		    "from %s", cfg->yaml_error, cfg->ini_admin, cfg->file);
	else if (cfg->ini_admin && cfg->yaml_admin &&
	    strcmp(cfg->ini_admin, cfg->yaml_admin) != 0)
		report(rep, FINDING_NOTE, "[site] admin_path /%s differs from "
		    "config.yaml's admin.path /%s; both are kept out of the "
		    "sitemap", cfg->ini_admin, cfg->yaml_admin);
	check_robots_allows(rep, cfg, "/id/0123456789abcdef",
	    "the /id/ pages (those without an alias)");
}

/* A tag exclude_tags names that no page carries excludes nothing. */
static void
check_exclude_tags(const struct config *cfg, const struct page_cache *cache,
    const struct reporter *rep)
{
	const struct page **pages;
	size_t n;

	if (cache == NULL)
		return;
	pages = cache_pages(cache, &n);
	for (size_t k = 0; k < cfg->nexclude_tags; k++) {
		int carried = 0;

		for (size_t i = 0; i < n && !carried; i++)
			for (size_t t = 0; pages[i]->tags != NULL &&
			    pages[i]->tags[t] != NULL; t++)
				if (strcmp(pages[i]->tags[t],
				    cfg->exclude_tags[k]) == 0)
					carried = 1;
		if (!carried)
			report(rep, FINDING_NOTE, "[sitemap] exclude_tags: no "
			    "page has the tag %s", cfg->exclude_tags[k]);
	}
	free(pages);
}
