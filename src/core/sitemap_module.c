/*
 * The [sitemap] keys that shape what each entry and file holds, for
 * every source: images, and sections as the INI says them (sections.h):
 * folders' URL paths, each checked as a name of the /sitemaps/ folder,
 * or "folders".
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "config.h"
#include "config_module.h"
#include "listing.h"
#include "report.h"
#include "sections.h"

static int	set_sections(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static const char *prefix_unfit(const char *, const struct sections *,
		    struct buf *);
static void	check_pages(const struct config *, const struct page_cache *,
		    const struct reporter *);
static void	say_sections(const struct config *, const struct sitemap *,
		    const struct reporter *);

static const struct config_key keys[] = {
	{ "sitemap", "sections", NULL, 0, set_sections, 0 },
	{ "sitemap", "images", "no", 0, config_set_bool,
	    offsetof(struct config, images) },
};

const struct config_module sitemap_module = {
	.name = "sitemap",
	.source = -1,
	.keys = keys,
	.nkeys = sizeof(keys) / sizeof(keys[0]),
	.check_pages = check_pages,
};

/* "/blog/, /docs/api/", or "folders". */
static int
set_sections(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	struct sections *s = &cfg->sections;
	struct buf prefix = BUF_INIT;
	char **items = NULL;
	size_t n = 0;
	const char *unfit = NULL;

	(void)key;
	sections_free(s);
	if (strcmp(v, "folders") == 0) {
		s->folders = 1;
		return 0;
	}
	config_list_add(v, &items, &n);
	for (size_t i = 0; i < n && unfit == NULL; i++) {
		buf_reset(&prefix);
		if ((unfit = prefix_unfit(items[i], s, &prefix)) == NULL) {
			s->prefixes = xgrowarray(s->prefixes, s->n,
			    sizeof(*s->prefixes));
			s->prefixes[s->n++] = xstrdup(buf_str(&prefix));
		} else
			(void)config_error(p, "sections: %s: %s", items[i],
			    unfit);
	}
	config_list_free(&items, &n);
	buf_free(&prefix);
	if (unfit == NULL && s->n == 0)
		return config_error(p, "sections: name folders' URL paths "
		    "(/blog/, /docs/) or write folders");
	return unfit ? -1 : 0;
}

/*
 * Why a section cannot be the URL path v of a folder, or NULL with its
 * prefix ("blog/") in out.
 */
static const char *
prefix_unfit(const char *v, const struct sections *s, struct buf *out)
{
	struct buf name = BUF_INIT;
	const char *why = NULL;

	if (v[0] != '/' || v[1] == '\0' || v[1] == '/')
		return "no folder's URL path: write it as /blog/";
	for (const char *c = v + 1; *c && why == NULL; c++)
		if (*c == '/' ? c[1] == '/' : !section_name_char((unsigned char)*c))
			why = "a section's URL path holds only letters, digits, "
			    "\".\", \"_\", \"-\" and single \"/\", so that its "
			    "sitemaps can be named after it";
	/* Each name between slashes: "." and ".." are none. */
	for (const char *c = v + 1; *c && why == NULL; c += strcspn(c, "/"),
	    c += *c == '/') {
		size_t len = strcspn(c, "/");

		if ((len == 1 || len == 2) && strncmp(c, "..", len) == 0)
			why = "\".\" and \"..\" name no folder";
	}
	if (why == NULL && strlen(v) > URL_PATH_MAX)
		why = "longer than any folder's URL path sitemapd takes";
	if (why != NULL)
		return why;
	buf_adds(out, v + 1);
	if (out->data[out->len - 1] != '/')
		buf_addc(out, '/');
	section_name(&(struct sections){ .prefixes = &out->data, .n = 1 }, 1,
	    NULL, &name);
	if (strcmp(buf_str(&name), SECTION_REST_NAME) == 0)
		why = "its sitemaps would take the name of those of the pages "
		    "in no section (" SECTION_REST_NAME "-0001.xml)";
	for (size_t i = 0; i < s->n && why == NULL; i++) {
		struct buf other = BUF_INIT;
		size_t a = strlen(s->prefixes[i]), b = out->len;

		section_name(s, (uint8_t)(i + 1), NULL, &other);
		if (strcmp(buf_str(&other), buf_str(&name)) == 0)
			why = "another section's sitemaps take the same name";
		else if (strncmp(s->prefixes[i], out->data, a < b ? a : b) == 0)
			why = "sections do not nest: it is inside another, or "
			    "another inside it";
		buf_free(&other);
	}
	if (why == NULL && s->n >= UINT8_MAX)
		why = "more sections than sitemapd keeps (255)";
	buf_free(&name);
	return why;
}

/* What check says of them: which pages each section holds, and images. */
static void
check_pages(const struct config *cfg, const struct page_cache *cache,
    const struct reporter *rep)
{
	const struct sitemap *sm = cache != NULL ? &cache->sitemap : NULL;

	if (sm == NULL || sm->n == 0)
		return;
	if (sections_on(&cfg->sections))
		say_sections(cfg, sm, rep);
	if (cfg->images)
		report(rep, FINDING_NOTE, "[sitemap] images: %zu of the %zu "
		    "listed pages show images of their main content",
		    sm->nimaged, sm->n - sm->ndup);
}

/* Each section's pages, in the order of the index; and those that hold none. */
static void
say_sections(const struct config *cfg, const struct sitemap *sm,
    const struct reporter *rep)
{
	struct buf line = BUF_INIT, name = BUF_INIT;
	size_t from = 0, listed = 0;

	buf_adds(&line, "[sitemap] sections:");
	for (size_t i = 0; i < sm->n; i++) {
		const struct sitemap_entry *a = &sm->entries[from];

		listed += !sm->entries[i].dup;
		if (i + 1 < sm->n && sm->entries[i + 1].section == a->section &&
		    !section_differs(&cfg->sections, a->section, a->path,
		    sm->entries[i + 1].path))
			continue;
		buf_reset(&name);
		section_name(&cfg->sections, a->section, a->path, &name);
		buf_printf(&line, "%s %zu page%s %s%s", from ? "," : "",
		    listed, listed == 1 ? "" : "s",
		    a->section == SECTION_REST ? "in no section" : "in ",
		    a->section == SECTION_REST ? "" : buf_str(&name));
		from = i + 1;
		listed = 0;
	}
	report(rep, FINDING_NOTE, "%s", buf_str(&line));
	for (size_t k = 0; k < cfg->sections.n; k++) {
		size_t i;

		for (i = 0; i < sm->n; i++)
			if (sm->entries[i].section == k + 1)
				break;
		if (i == sm->n)
			report(rep, FINDING_NOTE, "[sitemap] sections: /%s "
			    "holds no listed page: the index names no "
			    "sitemap of it", cfg->sections.prefixes[k]);
	}
	buf_free(&line);
	buf_free(&name);
}
