/*
 * What a document root declares to the core: its [docroot] keys, each
 * checked as it is read, the rules across them once the file is read
 * (the root's own robots.txt merged), and what sitemapd check says of it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "cache.h"
#include "config.h"
#include "config_module.h"
#include "content_root.h"
#include "escape.h"
#include "lastmod_store.h"
#include "link_check.h"
#include "page_facts.h"
#include "protocol_limits.h"
#include "report.h"
#include "robots_file.h"
#include "store_db.h"

static int	set_file_names(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_exclude(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_url_path(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_facts_file(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static void	finish(struct config_parse *, struct config *);
static void	check_rule_values(struct config_parse *, struct config *);
static void	unholdable(const char *, const char *, const char *,
		    const char *, struct buf *);
static void	check_root_robots(const struct config *,
		    const struct reporter *);
static void	check_landmarks(const struct page **, size_t,
		    const struct reporter *);
static void	check_kept_outside(const struct config *,
		    const struct reporter *);
static void	check_pages(const struct config *, const struct page_cache *,
		    const struct reporter *);

#define RULE(field)	offsetof(struct config, docroot.field)

static const struct config_key keys[] = {
	{ "docroot", "extensions", "html, htm", 0, set_file_names,
	    RULE(extensions) },
	{ "docroot", "index", "index.html", 0, set_file_names, RULE(index) },
	{ "docroot", "clean_urls", "no", 0, config_set_bool,
	    RULE(clean_urls) },
	{ "docroot", "exclude", NULL, 1, set_exclude, 0 },
	{ "docroot", "lastmod_store", NULL, 0, config_set_store,
	    RULE(lastmod_store) },
	{ "docroot", "url_path", NULL, 0, set_url_path, 0 },
	{ "docroot", "page_facts", NULL, 0, set_facts_file, RULE(page_facts) },
};

const struct config_module docroot_module = {
	.name = "docroot",
	.source = SOURCE_DOCROOT,
	.what = "a document root",
	.root_file = "robots.txt",
	.keys = keys,
	.nkeys = sizeof(keys) / sizeof(keys[0]),
	.finish = finish,
	.check = check_root_robots,
	.check_pages = check_pages,
};

/* extensions or index: file names or their endings, naming no folder. */
static int
set_file_names(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	int endings = key->offset == RULE(extensions);
	char ***items = endings ? &cfg->docroot.extensions :
	    &cfg->docroot.index;
	size_t *n = endings ? &cfg->docroot.nextensions : &cfg->docroot.nindex;

	config_list_free(items, n);
	config_list_add(v, items, n);
	for (size_t i = 0; i < *n; i++) {
		char *name = (*items)[i];

		if (endings && name[0] == '.')
			memmove(name, name + 1, strlen(name));
		const char *bad;

		if (name[0] == '\0' || strchr(name, '/') != NULL ||
		    strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			return config_error(p, "%s: \"%s\" is not a file %s",
			    key->name, name, endings ? "ending" : "name");
		/* sitemapd recipe writes each into the servers' rules. */
		if (!endings && (bad = rule_name_unsafe(name)) != NULL) {
			struct buf why = BUF_INIT;

			unholdable(key->name, name, bad, "letters, digits "
			    "and - . _ ~ +, not starting with a dot", &why);
			config_error(p, "%s", buf_str(&why));
			buf_free(&why);
			return -1;
		}
	}
	if (*n == 0)
		return config_error(p, "%s is empty", key->name);
	return 0;
}

static int
set_exclude(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	struct docroot_rules *d = &cfg->docroot;

	(void)key;
	if (v[*v == '/'] == '\0')
		return config_error(p, "exclude is empty");
	d->exclude = xreallocarray(d->exclude, d->nexclude + 1,
	    sizeof(*d->exclude));
	/* A leading "/" anchors it at the root, as in .gitignore. */
	d->exclude[d->nexclude++] = xstrdup(v);
	return 0;
}

/*
 * page_facts: a SQLite file of this machine's. Its facts name files by
 * device and inode, which another machine's mean nothing by.
 */
static int
set_facts_file(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	if (strstr(v, "://") != NULL)
		return config_error(p, "%s: a SQLite file's path, not %.*s",
		    key->name, (int)(strstr(v, "://") - v + 3), v);
	free(cfg->docroot.page_facts);
	cfg->docroot.page_facts = config_path(p, v);
	return 0;
}

/*
 * url_path: where the root's files are published, "/docs/"; kept as
 * "docs/", and "/" as none. A name starting with a dot, an empty one or
 * a byte a URL escapes would make URLs no server answers.
 */
static int
set_url_path(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	size_t n = strlen(v);

	(void)key;
	if (v[0] != '/' || n > URL_PATH_MAX)
		return config_error(p, "url_path must start with \"/\", "
		    "as /docs/ does, and hold at most %d bytes, not \"%.40s\"",
		    URL_PATH_MAX, v);
	for (const char *s = v; *s; s++)
		if (!(ascii_is_alpha((unsigned char)*s) ||
		    ascii_is_digit((unsigned char)*s) ||
		    ascii_in((unsigned char)*s, "/-._~")) ||
		    (s[0] == '/' && (s[1] == '/' || s[1] == '.')))
			return config_error(p, "url_path: \"%s\" is not "
			    "a path of plain names (letters, digits, - . _ ~), "
			    "none empty or starting with a dot", v);
	free(cfg->docroot.url_path);
	cfg->docroot.url_path = NULL;
	if (n > 1) {
		struct buf path = BUF_INIT;

		buf_printf(&path, "%s%s", v + 1, v[n - 1] == '/' ? "" : "/");
		cfg->docroot.url_path = path.data;
	}
	return 0;
}

/*
 * A folder's page keeps its slash unless told: /docs/, as served. The
 * root's robots.txt decides what may be listed: one that cannot be read
 * refuses the configuration, rather than list what it forbids. A root
 * that cannot be read at all is no fault of the INI: robots.txt and the
 * sitemaps answer 503 while it lasts (request.c), and its robots.txt,
 * once there, reloads the configuration (config_watch.c).
 */
static void
finish(struct config_parse *p, struct config *cfg)
{
	struct buf why = BUF_INIT;

	cfg->docroot.trailing_slash = config_line(p, "site",
	    "trailing_slash") ? cfg->trailing_slash : 1;
	check_rule_values(p, cfg);
	reserved_drop_nopressure(&cfg->reserved);
	if (cfg->root != NULL && cfg->docroot.url_path == NULL &&
	    content_root_check(cfg, &why) == CONTENT_ROOT_OK &&
	    docroot_robots_merge(cfg->root, config_admin(p), &cfg->hosts,
	    &cfg->robots, NULL, &why) == -1)
		config_error_at(p, 0, "%s", buf_str(&why));
	buf_free(&why);
}

/* What of the root's own robots.txt is not carried over, and why. */
static void
check_root_robots(const struct config *cfg, const struct reporter *rep)
{
	struct robots scratch;
	struct buf why = BUF_INIT;

	if (cfg->docroot.url_path != NULL) {
		report(rep, FINDING_NOTE, "[docroot] url_path = /%s: crawlers "
		    "read the host's /robots.txt, not one in %s: its own is not "
		    "read; name https://HOST/%ssitemap.xml in the host's "
		    "robots.txt",
		    cfg->docroot.url_path, cfg->root, cfg->docroot.url_path);
		return;
	}
	robots_init(&scratch);
	docroot_robots_merge(cfg->root, cfg->ini_admin, &cfg->hosts, &scratch,
	    rep, &why);
	robots_free(&scratch);
	buf_free(&why);
}

/*
 * What sitemapd recipe writes into a web server's rules, besides the
 * index names and url_path, which their keys check: the root, quoted in
 * each, and the names of the files sitemapd reads and keeps, which the
 * rules refuse to serve wherever they are; none may break out of a rule,
 * nor be taken for a page.
 */
static void
check_rule_values(struct config_parse *p, struct config *cfg)
{
	const struct {
		const char	*section, *name, *path;
	} kept[] = {
		{ "docroot", "lastmod_store", cfg->docroot.lastmod_store },
		{ "docroot", "page_facts", cfg->docroot.page_facts },
		{ "indexnow", "state", cfg->indexnow.state },
	};
	struct buf re = BUF_INIT;
	const char *bad;

	if (cfg->root != NULL && (bad = rule_path_unsafe(cfg->root)) != NULL) {
		unholdable("root", cfg->root, bad, "any byte but a control "
		    "byte, a quote, a backslash and $ * ? [ ]", &re);
		config_error_at(p, config_line(p, "site", "root"), "%s",
		    buf_str(&re));
	}
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		const char *path = kept[i].path, *name;
		int line = config_line(p, kept[i].section, kept[i].name);

		if (path == NULL || store_db_remote(path))
			continue;
		name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		buf_reset(&re);
		if (escape_regex(&re, name) == -1)
			config_error_at(p, line, "%s: the name of %s holds a "
			    "byte the web server's rules, which refuse to "
			    "serve it, cannot hold (a control byte, a quote, "
			    "a backslash, ^ [ ] { } ;)", kept[i].name, path);
		for (size_t e = 0; e < cfg->docroot.nextensions; e++) {
			const char *ext = cfg->docroot.extensions[e];
			size_t n = strlen(name), m = strlen(ext);

			if (n > m + 1 && name[n - m - 1] == '.' &&
			    strcasecmp(name + n - m, ext) == 0)
				config_error_at(p, line, "%s: %s is named as "
				    "a page ([docroot] extensions), which it "
				    "is not: name it .db", kept[i].name, path);
		}
	}
	buf_free(&re);
}

/*
 * Why a value no web server's rule can hold is refused, into why: the
 * byte, and what it may hold.
 */
static void
unholdable(const char *key, const char *value, const char *bad,
    const char *can, struct buf *why)
{
	char one[2] = { *bad, '\0' };

	buf_printf(why, "%s: \"", key);
	escape_text(why, value);
	buf_adds(why, "\" holds \"");
	escape_text(why, one);
	buf_printf(why, "\", which the web servers' rules of sitemapd "
	    "recipe cannot hold safely; it may hold %s", can);
}

/*
 * The lastmod store's state after the scan, how many pages it remembers
 * (one that cannot be used the scan has already said); how many pages'
 * facts are kept; an exclude pattern that keeps no page out, most likely
 * mistyped; and pages whose content hash found no main landmark.
 */
static void
check_pages(const struct config *cfg, const struct page_cache *cache,
    const struct reporter *rep)
{
	const char *path = cfg->docroot.lastmod_store;
	struct lastmod_store *store;
	const struct page **pages;
	struct buf why = BUF_INIT;
	size_t n;
	long count;

	if (path != NULL && (store = lastmod_store_open(path, &why)) != NULL) {
		if ((count = lastmod_store_count(store, &why)) != -1)
			report(rep, FINDING_NOTE, "[docroot] lastmod_store %s: "
			    "the dates of %ld pages remembered",
			    lastmod_store_name(store), count);
		lastmod_store_close(store);
	}
	buf_reset(&why);
	check_kept_outside(cfg, rep);
	if (cfg->docroot.page_facts != NULL && (count = page_facts_count(
	    cfg->docroot.page_facts, &why)) != -1)
		report(rep, FINDING_NOTE, "[docroot] page_facts %s: what the "
		    "heads of %ld pages said, kept (check read every page "
		    "afresh)", cfg->docroot.page_facts, count);
	else if (cfg->docroot.page_facts != NULL)
		report(rep, FINDING_PROBLEM, "[docroot] page_facts %s: %s; "
		    "every page is read from its file on every request",
		    cfg->docroot.page_facts, buf_str(&why));
	if (cache == NULL) {
		buf_free(&why);
		return;
	}
	pages = cache_pages(cache, &n);
	for (size_t k = 0; k < cfg->docroot.nexclude; k++) {
		int used = 0;

		buf_reset(&why);
		buf_printf(&why, EXCLUDED_BY "%s", cfg->docroot.exclude[k]);
		for (size_t i = 0; i < n && !used; i++)
			used = page_unlisted(pages[i]) != NULL &&
			    strcmp(page_unlisted(pages[i]), buf_str(&why)) == 0;
		if (!used)
			report(rep, FINDING_NOTE, "[docroot] exclude %s: no "
			    "page is under it (a pattern as in .gitignore: "
			    "drafts/ is every folder named drafts, /drafts "
			    "the one at the root)", cfg->docroot.exclude[k]);
	}
	check_landmarks(pages, n, rep);
	docroot_check_links(cfg, cache, pages, n, rep);
	buf_free(&why);
	free(pages);
}

/*
 * A file sitemapd keeps inside the document root: what it holds (every
 * page's URL and date, the reasons pages are left out) is the web
 * server's to send, but for the rules of sitemapd recipe.
 */
static void
check_kept_outside(const struct config *cfg, const struct reporter *rep)
{
	const struct {
		const char	*key, *path;
	} kept[] = {
		{ "[docroot] lastmod_store", cfg->docroot.lastmod_store },
		{ "[docroot] page_facts", cfg->docroot.page_facts },
		{ "[indexnow] state", cfg->indexnow.state },
	};
	size_t n = strlen(cfg->root);

	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		if (kept[i].path != NULL && !store_db_remote(kept[i].path) &&
		    strncmp(kept[i].path, cfg->root, n) == 0 &&
		    (kept[i].path[n] == '/' || cfg->root[n - 1] == '/'))
			report(rep, FINDING_PROBLEM, "%s %s is inside the "
			    "document root, where a web server serves it "
			    "whole unless its rules refuse it (sitemapd "
			    "recipe's do): keep it outside", kept[i].key,
			    kept[i].path);
}

/*
 * Listed pages whose content hash covers the body: a template's change
 * outside its landmarks moves their dates and submits them to IndexNow.
 */
static void
check_landmarks(const struct page **pages, size_t n,
    const struct reporter *rep)
{
	size_t hashed = 0, body = 0;
	const char *first = NULL;

	for (size_t i = 0; i < n; i++) {
		if (pages[i]->alias == NULL || page_unlisted(pages[i]) != NULL ||
		    pages[i]->content_from == CONTENT_FROM_NONE)
			continue;
		hashed++;
		if (pages[i]->content_from == CONTENT_FROM_BODY) {
			if (body++ == 0 || strcmp(pages[i]->alias, first) < 0)
				first = pages[i]->alias;
		}
	}
	if (body > 0)
		report(rep, FINDING_NOTE, "[docroot] %zu of %zu pages have no "
		    "main landmark (<main>, role=\"main\", or one <article>), "
		    "the first /%s: their content hash covers the body without "
		    "its <nav>, <header>, <footer> and <aside>, so a change of "
		    "the template elsewhere moves their lastmod and submits "
		    "them to IndexNow; sitemapd list says \"body\" for each",
		    body, hashed, first);
}
