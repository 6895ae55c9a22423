/*
 * A configuration copied for a reader that outlives the request, the
 * listing rules a source is given, and a configuration freed.
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_module.h"

static void	docroot_rules_free(struct docroot_rules *);
static void	copy_items(char ***, size_t *, char *const *, size_t);

struct listing
config_listing(const struct config *cfg)
{
	return (struct listing){
		.home_alias = cfg->home_alias,
		.trailing_slash = cfg->trailing_slash,
		.exclude_tags = cfg->exclude_tags,
		.nexclude_tags = cfg->nexclude_tags,
		.reserved = &cfg->reserved,
		.robots = &cfg->robots,
		.max_urls = cfg->max_urls,
		.max_bytes = cfg->max_bytes,
		.stylesheet = cfg->stylesheet,
		.sections = &cfg->sections,
		.url_path = cfg->docroot.url_path ? cfg->docroot.url_path : "",
		.url_path_slash = cfg->docroot.trailing_slash,
	};
}

void
config_snapshot(struct config *dst, const struct config *src)
{
	memset(dst, 0, sizeof(*dst));
	dst->file = src->file ? xstrdup(src->file) : NULL;
	dst->root = src->root ? xstrdup(src->root) : NULL;
	dst->root_line = src->root_line;
	dst->home_alias = xstrdup(src->home_alias);
	dst->trailing_slash = src->trailing_slash;
	reserved_copy(&dst->reserved, &src->reserved);
	copy_items(&dst->exclude_tags, &dst->nexclude_tags, src->exclude_tags,
	    src->nexclude_tags);
	robots_copy(&dst->robots, &src->robots);
	dst->max_urls = src->max_urls;
	dst->max_bytes = src->max_bytes;
	dst->stylesheet = src->stylesheet;
	sections_copy(&dst->sections, &src->sections);
	dst->watch = src->watch;
	dst->generation = src->generation;
	dst->source = src->source;
	copy_items(&dst->docroot.extensions, &dst->docroot.nextensions,
	    src->docroot.extensions, src->docroot.nextensions);
	copy_items(&dst->docroot.index, &dst->docroot.nindex,
	    src->docroot.index, src->docroot.nindex);
	copy_items(&dst->docroot.exclude, &dst->docroot.nexclude,
	    src->docroot.exclude, src->docroot.nexclude);
	dst->docroot.clean_urls = src->docroot.clean_urls;
	dst->images = src->images;
	dst->docroot.trailing_slash = src->docroot.trailing_slash;
	dst->docroot.lastmod_store = src->docroot.lastmod_store ?
	    xstrdup(src->docroot.lastmod_store) : NULL;
	dst->docroot.url_path = src->docroot.url_path ?
	    xstrdup(src->docroot.url_path) : NULL;
	dst->docroot.page_facts = src->docroot.page_facts ?
	    xstrdup(src->docroot.page_facts) : NULL;
	/* A document root hashes its pages for IndexNow: it reads the key. */
	dst->indexnow.key = src->indexnow.key ? xstrdup(src->indexnow.key) :
	    NULL;
}

void
config_free(struct config *cfg)
{
	free(cfg->file);
	free(cfg->root);
	free(cfg->robots_as_is);
	free(cfg->home_alias);
	reserved_free(&cfg->reserved);
	free(cfg->ini_admin);
	config_list_free(&cfg->exclude_tags, &cfg->nexclude_tags);
	sections_free(&cfg->sections);
	free(cfg->yaml_admin);
	free(cfg->yaml_error);
	free(cfg->ai_crawlers);
	robots_usage_free(cfg->site_usage, cfg->nsite_usage);
	robots_free(&cfg->robots);
	host_policy_free(&cfg->hosts);
	docroot_rules_free(&cfg->docroot);
	free(cfg->indexnow.key);
	free(cfg->indexnow.host);
	free(cfg->indexnow.endpoint);
	free(cfg->indexnow.state);
	memset(cfg, 0, sizeof(*cfg));
}

static void
docroot_rules_free(struct docroot_rules *d)
{
	config_list_free(&d->extensions, &d->nextensions);
	config_list_free(&d->index, &d->nindex);
	config_list_free(&d->exclude, &d->nexclude);
	free(d->lastmod_store);
	free(d->url_path);
	free(d->page_facts);
}

static void
copy_items(char ***dst, size_t *ndst, char *const *src, size_t n)
{
	*dst = xcalloc(n + 1, sizeof(**dst));
	for (size_t i = 0; i < n; i++)
		(*dst)[i] = xstrdup(src[i]);
	*ndst = n;
}

/* "value" or 'value': quotes a reader of other INI dialects may expect. */
