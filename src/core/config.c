/*
 * The INI file read strictly: every section and key known, each error
 * named by file, line and reason.
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
#include <sys/inotify.h>
#include <unistd.h>

#include <ini.h>

#include "ai_crawlers.h"
#include "alias.h"
#include "ascii.h"
#include "config.h"
#include "file.h"
#include "filestate.h"
#include "log.h"
#include "nopconfig.h"
#include "number.h"
#include "protocol_limits.h"
#include "robots_file.h"
#include "store_db.h"

enum key { K_ROOT, K_ADMIN_PATH, K_HOME_ALIAS, K_TRAILING_SLASH,
	K_RESERVED_PATH, K_RESERVED_ROBOTS, K_TRUSTED_PROXIES,
	K_ALLOWED_HOSTS, K_GZIP, K_MAX_URLS, K_MAX_BYTES, K_ROBOTS_ALLOW,
	K_ROBOTS_DISALLOW, K_WATCH, K_EXCLUDE_TAGS, K_STYLESHEET, K_SOURCE,
	K_EXTENSIONS, K_INDEX, K_CLEAN_URLS, K_EXCLUDE, K_AI_TRAIN,
	K_AI_SEARCH, K_AI_USER, K_AI_CRAWLERS, K_CONTENT_SIGNAL,
	K_CONTENT_USAGE, K_LASTMOD_STORE, K_INDEXNOW_KEY, K_INDEXNOW_HOST,
	K_INDEXNOW_HTTPS, K_INDEXNOW_ENDPOINT, K_INDEXNOW_DELAY,
	K_INDEXNOW_STATE, K_URL_PATH };
#define K_KEYS	(K_URL_PATH + 1)
/* Each key is a bit of struct parse's seen. */
_Static_assert(K_KEYS <= 64, "more keys than bits");

struct parse {
	FILE		*f;
	const char	*file;
	struct config	*cfg;
	int		 line;
	int		 error_line;	/* first error seen, 0 for none */
	struct buf	*err;
	uint64_t	 seen;		/* single-valued keys already set */
	const char	*agent;		/* of [robots:AGENT]; NULL in [robots] */
	int		 docroot_line;	/* of the first [docroot] key */
	int		 indexnow_line;	/* of the first [indexnow] key */
	int		 key_line[K_KEYS];	/* where each was set last */
	char		*admin;		/* admin_path, canonical */
	int		 admin_line;
	struct published {		/* what robots.txt will print */
		char	*text;
		int	 line;
	}		*published;
	size_t		 npublished;
};

static const struct {
	const char	*section;
	const char	*name;
	int		 repeatable;
} keys[] = {
	[K_ROOT] =		{ "site", "root", 0 },
	[K_ADMIN_PATH] =	{ "site", "admin_path", 0 },
	[K_HOME_ALIAS] =	{ "site", "home_alias", 0 },
	[K_TRAILING_SLASH] =	{ "site", "trailing_slash", 0 },
	[K_RESERVED_PATH] =	{ "reserved", "path", 1 },
	[K_RESERVED_ROBOTS] =	{ "reserved", "robots", 1 },
	[K_TRUSTED_PROXIES] =	{ "http", "trusted_proxies", 0 },
	[K_ALLOWED_HOSTS] =	{ "http", "allowed_hosts", 0 },
	[K_GZIP] =		{ "http", "gzip", 0 },
	[K_MAX_URLS] =		{ "sitemap", "max_urls", 0 },
	[K_MAX_BYTES] =		{ "sitemap", "max_bytes", 0 },
	[K_ROBOTS_ALLOW] =	{ "robots", "allow", 1 },
	[K_ROBOTS_DISALLOW] =	{ "robots", "disallow", 1 },
	[K_WATCH] =		{ "site", "watch", 0 },
	[K_EXCLUDE_TAGS] =	{ "sitemap", "exclude_tags", 0 },
	[K_STYLESHEET] =	{ "sitemap", "stylesheet", 0 },
	[K_SOURCE] =		{ "site", "source", 0 },
	[K_EXTENSIONS] =	{ "docroot", "extensions", 0 },
	[K_INDEX] =		{ "docroot", "index", 0 },
	[K_CLEAN_URLS] =	{ "docroot", "clean_urls", 0 },
	[K_EXCLUDE] =		{ "docroot", "exclude", 1 },
	[K_AI_TRAIN] =		{ "robots", "ai_train", 0 },
	[K_AI_SEARCH] =		{ "robots", "ai_search", 0 },
	[K_AI_USER] =		{ "robots", "ai_user", 0 },
	[K_AI_CRAWLERS] =	{ "robots", "ai_crawlers", 0 },
	[K_CONTENT_SIGNAL] =	{ "robots", "content_signal", 1 },
	[K_CONTENT_USAGE] =	{ "robots", "content_usage", 1 },
	[K_LASTMOD_STORE] =	{ "docroot", "lastmod_store", 0 },
	[K_INDEXNOW_KEY] =	{ "indexnow", "key", 0 },
	[K_INDEXNOW_HOST] =	{ "indexnow", "host", 0 },
	[K_INDEXNOW_HTTPS] =	{ "indexnow", "https", 0 },
	[K_INDEXNOW_ENDPOINT] =	{ "indexnow", "endpoint", 0 },
	[K_INDEXNOW_DELAY] =	{ "indexnow", "delay", 0 },
	[K_INDEXNOW_STATE] =	{ "indexnow", "state", 0 },
	[K_URL_PATH] =		{ "docroot", "url_path", 0 },
};

static const char *const sections[] = { "site", "reserved", "http",
	"sitemap", "robots", "docroot", "indexnow" };

/* [robots:AGENT] holds the rules of one crawler's group. */
#define AGENT_SECTION	"robots:"

/* inih's handler convention, unlike ours: 0 stops, nonzero goes on. */
#define INI_STOP	0
#define INI_GO_ON	1

/* A sitemap file smaller than this could hold next to nothing. */
#define MIN_BYTES	1024

static int error_at(struct parse *, int, const char *, ...)
    __attribute__((format(printf, 3, 4)));
static int	unknown_key(struct parse *, const char *, const char *);
static int	quoted(const char *);
static size_t	edit_distance(const char *, const char *);
static void	docroot_rules_free(struct docroot_rules *);
static int	url_path_set(struct parse *, const char *);
static void	copy_items(char ***, size_t *, char *const *, size_t);

/*
 * Keeps the first error only: later ones are often its echoes. Returns
 * INI_STOP, what an inih handler returns to end the parse.
 */
static int
error_at(struct parse *p, int line, const char *fmt, ...)
{
	va_list ap;

	if (p->error_line == 0) {
		p->error_line = line;
		buf_printf(p->err, "%s:%d: ", p->file, line);
		va_start(ap, fmt);
		buf_vprintf(p->err, fmt, ap);
		va_end(ap);
	}
	return INI_STOP;
}

static int
parse_bool(const char *v, int *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -1;
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

/* A relative root is taken from the directory of the INI file. */
static char *
absolute_root(const char *file, const char *root)
{
	struct buf path = BUF_INIT;
	char *copy, *clean;

	if (root[0] == '/')
		return file_path_clean(root);
	copy = xstrdup(file);
	buf_printf(&path, "%s/%s", dirname(copy), root);
	free(copy);
	clean = file_path_clean(buf_str(&path));
	buf_free(&path);
	return clean;
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

/* Appends the items of a list separated by commas, each trimmed. */
static void
add_items(const char *v, char ***items, size_t *n)
{
	while (*v) {
		size_t len = strcspn(v, ",");
		const char *t = v, *end = v + len;

		ascii_trim(&t, &end, " \t");
		if (end > t) {
			*items = xreallocarray(*items, *n + 1, sizeof(**items));
			(*items)[(*n)++] = xstrndup(t, (size_t)(end - t));
		}
		v += len + (v[len] == ',');
	}
}

static void
free_items(char ***items, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free((*items)[i]);
	free(*items);
	*items = NULL;
	*n = 0;
}

/*
 * [docroot] extensions or index: file names, or their endings, which
 * name no directory. Returns 0, or -1 after error_at.
 */
static int
add_file_names(struct parse *p, enum key k, const char *v)
{
	struct docroot_rules *d = &p->cfg->docroot;
	char ***items = k == K_EXTENSIONS ? &d->extensions : &d->index;
	size_t *n = k == K_EXTENSIONS ? &d->nextensions : &d->nindex;

	add_items(v, items, n);
	for (size_t i = 0; i < *n; i++) {
		char *name = (*items)[i];

		if (k == K_EXTENSIONS && name[0] == '.')
			memmove(name, name + 1, strlen(name));
		if (name[0] == '\0' || strchr(name, '/') != NULL ||
		    strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
			error_at(p, p->line, "%s: \"%s\" is not a file %s",
			    keys[k].name, name, k == K_EXTENSIONS ? "ending" :
			    "name");
			return -1;
		}
	}
	if (*n == 0) {
		error_at(p, p->line, "%s is empty", keys[k].name);
		return -1;
	}
	return 0;
}

static void
publish(struct parse *p, const char *v)
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
refuse_published_admin(struct parse *p)
{
	const char *yaml = p->cfg->yaml_admin;

	for (size_t i = 0; i < p->npublished; i++) {
		const char *rule = p->published[i].text;
		int line = p->published[i].line;

		if (p->admin && reserved_pattern_names(rule, p->admin))
			error_at(p, line, "\"%s\" names the admin path "
			    "(admin_path, line %d), which robots.txt must never "
			    "publish", rule, p->admin_line);
		else if (yaml && reserved_pattern_names(rule, yaml))
			error_at(p, line, "\"%s\" names the admin path "
			    "(admin.path in config.yaml), which robots.txt must "
			    "never publish", rule);
		free(p->published[i].text);
	}
	free(p->published);
}

/* A key of the other source would do nothing: refused, not ignored. */
static void
refuse_other_source(struct parse *p)
{
	static const enum key nopressure_only[] = { K_HOME_ALIAS,
	    K_EXCLUDE_TAGS };

	if (p->docroot_line && p->cfg->source != SOURCE_DOCROOT)
		error_at(p, p->docroot_line, "[docroot] is read only with "
		    "[site] source = docroot");
	if (p->cfg->source != SOURCE_DOCROOT)
		return;
	/* A folder's page keeps its slash unless told: /docs/, as served. */
	p->cfg->docroot.trailing_slash = p->seen & (uint64_t)1 <<
	    K_TRAILING_SLASH ? p->cfg->trailing_slash : 1;
	for (size_t i = 0; i < sizeof(nopressure_only) /
	    sizeof(nopressure_only[0]); i++)
		if (p->seen & (uint64_t)1 << nopressure_only[i])
			error_at(p, p->key_line[nopressure_only[i]], "%s "
			    "applies to a NoPressure root, not to source = "
			    "docroot", keys[nopressure_only[i]].name);
}

/*
 * NoPressure's config.yaml names the admin path the INI may not repeat.
 * Both are kept out. A config.yaml that exists but cannot be read leaves
 * the admin path unknown unless the INI names one.
 */
static void
read_nopressure_config(struct parse *p)
{
	struct config *cfg = p->cfg;
	struct buf why = BUF_INIT;
	const char *reason;
	char *raw;

	if (nopconfig_admin_path(cfg->root, &raw, &why) == 1) {
		if (reserved_add_admin(&cfg->reserved, raw, &reason) == -1)
			buf_printf(&why, "config.yaml: admin.path: %s", reason);
		else
			cfg->yaml_admin = alias_canonical(raw, &reason);
		free(raw);
	}
	if (why.len > 0) {
		cfg->yaml_error = xstrdup(buf_str(&why));
		cfg->admin_unknown = p->admin == NULL;
	}
	buf_free(&why);
}

/*
 * [robots]'s keys for AI crawlers and for the uses of the content; the
 * uses may also be said to one crawler, in its [robots:NAME].
 */
static int
set_ai(struct parse *p, enum key k, const char *v)
{
	struct config *cfg = p->cfg;
	const char *why;

	if (p->agent && k != K_CONTENT_SIGNAL && k != K_CONTENT_USAGE)
		return error_at(p, p->line, "%s belongs in [robots], not "
		    "[robots:%s]", keys[k].name, p->agent);
	switch (k) {
	case K_AI_CRAWLERS:
		free(cfg->ai_crawlers);
		cfg->ai_crawlers = absolute_root(p->file, v);
		break;
	case K_CONTENT_SIGNAL:
		if (robots_set_content_signal(&cfg->robots, p->agent, v,
		    &why) == -1)
			return error_at(p, p->line, "content_signal = %s: %s; "
			    "it takes search, ai-input and ai-train, each yes "
			    "or no, such as search=yes, ai-train=no, once a "
			    "section", v, why);
		break;
	case K_CONTENT_USAGE:
		if (robots_add_content_usage(&cfg->robots, p->agent, v,
		    &why) == -1)
			return error_at(p, p->line, "content_usage = %s: %s; "
			    "it takes train-ai and search, each =y or =n, "
			    "after a path if you like, such as /open-data/ "
			    "train-ai=y", v, why);
		if (*v == '/') {	/* robots.txt is public */
			char *path = xstrndup(v, strcspn(v, " \t"));

			publish(p, path);
			free(path);
		}
		break;
	default:
		if (strcmp(v, "allow") != 0 && strcmp(v, "disallow") != 0)
			return error_at(p, p->line, "%s must be allow or "
			    "disallow, not \"%s\"", keys[k].name, v);
		cfg->ai[k - K_AI_TRAIN] = strcmp(v, "allow") == 0 ?
		    AI_ALLOWED : AI_DISALLOWED;
		break;
	}
	return INI_GO_ON;
}

/*
 * A group of "Disallow: /" for each crawler of a class [robots]
 * disallows, named by the list of AI crawlers.
 */
static void
disallow_ai_classes(struct parse *p)
{
	struct config *cfg = p->cfg;
	struct ai_crawlers list;
	struct buf why = BUF_INIT;
	const char *reason;
	int line = 0;	/* of a class that is disallowed, for messages */

	for (int c = 0; c < AI_CLASSES && line == 0; c++)
		if (cfg->ai[c] == AI_DISALLOWED)
			line = p->key_line[K_AI_TRAIN + c];
	if (line == 0)
		return;
	if (ai_crawlers_load(cfg->ai_crawlers, &list, &why) == -1) {
		error_at(p, line, "the list of AI crawlers: %s",
		    buf_str(&why));
		buf_free(&why);
		return;
	}
	for (size_t i = 0; i < list.n; i++)
		if (cfg->ai[list.v[i].class] == AI_DISALLOWED)
			(void)robots_add_rule(&cfg->robots, list.v[i].token, 0,
			    "/", &reason);
	ai_crawlers_free(&list);
}

/* IndexNow's: 8 to 128 of a-z, A-Z, 0-9 and "-". */
static int
indexnow_key_valid(const char *key)
{
	size_t n = strspn(key, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-");

	return key[n] == '\0' && n >= 8 && n <= 128;
}

/* A host name, or an address, and a port if one is given. */
static int
host_and_port_valid(const char *v)
{
	size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-");

	if (n == 0 || n > HOST_MAX)
		return 0;
	if (v[n] == ':')
		return v[n + 1] != '\0' &&
		    v[n + 1 + strspn(v + n + 1, "0123456789")] == '\0';
	return v[n] == '\0';
}

/* [indexnow]: whom to tell which URLs changed. */
static int
set_indexnow(struct parse *p, enum key k, const char *v)
{
	struct indexnow_config *in = &p->cfg->indexnow;
	char **to = k == K_INDEXNOW_KEY ? &in->key : k == K_INDEXNOW_HOST ?
	    &in->host : k == K_INDEXNOW_ENDPOINT ? &in->endpoint : &in->state;
	size_t delay;

	switch (k) {
	case K_INDEXNOW_KEY:
		if (!indexnow_key_valid(v))
			return error_at(p, p->line, "key: 8 to 128 of a-z, A-Z, "
			    "0-9 and \"-\", as IndexNow has it");
		break;
	case K_INDEXNOW_HOST:
		if (!host_and_port_valid(v))
			return error_at(p, p->line, "host: a host name such as "
			    "www.example.org, with a port if it needs one, not "
			    "\"%s\"", v);
		break;
	case K_INDEXNOW_ENDPOINT:
		if ((strncmp(v, "https://", 8) != 0 &&
		    strncmp(v, "http://", 7) != 0) || strlen(v) > 2048 ||
		    v[strcspn(v, " \t\r\n\"\\")] != '\0')
			return error_at(p, p->line, "endpoint: an http or https "
			    "URL, such as https://api.indexnow.org/indexnow");
		break;
	case K_INDEXNOW_STATE:
		if (strstr(v, "://") != NULL && !store_db_remote(v))
			return error_at(p, p->line, "state: a SQLite file's "
			    "path, or a postgresql:// URI");
		free(*to);
		*to = store_db_remote(v) ? xstrdup(v) :
		    absolute_root(p->file, v);
		return INI_GO_ON;
	case K_INDEXNOW_HTTPS:
		if (parse_bool(v, &in->https) == -1)
			return error_at(p, p->line, "https must be yes or no, "
			    "not \"%s\"", v);
		return INI_GO_ON;
	default:
		if (parse_size(v, 0, INDEXNOW_DELAY_MAX, &delay) == -1)
			return error_at(p, p->line, "delay: seconds, from 0 to "
			    "%d", INDEXNOW_DELAY_MAX);
		in->delay = (long)delay;
		return INI_GO_ON;
	}
	free(*to);
	*to = xstrdup(v);
	if (k == K_INDEXNOW_HOST)	/* as the URLs it names are written */
		for (char *c = *to; *c; c++)
			*c = (char)ascii_tolower(*c);
	return INI_GO_ON;
}

/*
 * [indexnow] whole: what it cannot do without, and a host the site
 * answers for.
 */
static void
check_indexnow(struct parse *p)
{
	const struct indexnow_config *in = &p->cfg->indexnow;
	char *name;

	if (!(p->seen & (((uint64_t)1 << (K_INDEXNOW_STATE + 1)) -
	    ((uint64_t)1 << K_INDEXNOW_KEY))))
		return;
	if (in->key == NULL || in->host == NULL || in->state == NULL) {
		error_at(p, p->indexnow_line, "[indexnow] needs %s",
		    in->key == NULL ? "key" : in->host == NULL ? "host" :
		    "state, where what was submitted is kept");
		return;
	}
	name = xstrndup(in->host, strcspn(in->host, ":"));
	if (!host_policy_allows(&p->cfg->hosts, name))
		error_at(p, p->key_line[K_INDEXNOW_HOST], "host %s is none of "
		    "[http] allowed_hosts", name);
	free(name);
}

/* One key's value into p->cfg; returns as an inih handler does. */
static int
set(struct parse *p, enum key k, const char *v)
{
	struct config *cfg = p->cfg;
	struct buf item = BUF_INIT;
	const char *why = NULL;
	char *s;
	int rc;

	switch (k) {
	case K_AI_TRAIN:
	case K_AI_SEARCH:
	case K_AI_USER:
	case K_AI_CRAWLERS:
	case K_CONTENT_SIGNAL:
	case K_CONTENT_USAGE:
		return set_ai(p, k, v);
	case K_INDEXNOW_KEY:
	case K_INDEXNOW_HOST:
	case K_INDEXNOW_HTTPS:
	case K_INDEXNOW_ENDPOINT:
	case K_INDEXNOW_DELAY:
	case K_INDEXNOW_STATE:
		return set_indexnow(p, k, v);
	case K_ROOT:
		if (*v == '\0')
			return error_at(p, p->line, "root is empty");
		cfg->root = absolute_root(p->file, v);
		break;
	case K_ADMIN_PATH:
		if (reserved_add_admin(&cfg->reserved, v, &why) == -1)
			return error_at(p, p->line, "admin_path: %s", why);
		p->admin = alias_canonical(v, &why);
		p->admin_line = p->line;
		break;
	case K_HOME_ALIAS:
		if ((s = alias_canonical(v, &why)) == NULL)
			return error_at(p, p->line, "home_alias: %s", why);
		free(cfg->home_alias);
		cfg->home_alias = s;
		break;
	case K_EXCLUDE_TAGS:
		/* Tags as the sidecars write them. */
		add_items(v, &cfg->exclude_tags, &cfg->nexclude_tags);
		break;
	case K_SOURCE:
		if (strcmp(v, "nopressure") == 0)
			cfg->source = SOURCE_NOPRESSURE;
		else if (strcmp(v, "docroot") == 0)
			cfg->source = SOURCE_DOCROOT;
		else
			return error_at(p, p->line, "source must be nopressure "
			    "or docroot, not \"%s\"", v);
		break;
	case K_EXTENSIONS:
	case K_INDEX:
		if (k == K_EXTENSIONS)
			free_items(&cfg->docroot.extensions,
			    &cfg->docroot.nextensions);
		else
			free_items(&cfg->docroot.index, &cfg->docroot.nindex);
		if (add_file_names(p, k, v) == -1)
			return INI_STOP;
		break;
	case K_LASTMOD_STORE:
		if (strstr(v, "://") != NULL && !store_db_remote(v))
			return error_at(p, p->line, "lastmod_store: a SQLite "
			    "file's path, or a postgresql:// URI, not %.*s",
			    (int)(strstr(v, "://") - v + 3), v);
		free(cfg->docroot.lastmod_store);
		cfg->docroot.lastmod_store = store_db_remote(v) ?
		    xstrdup(v) : absolute_root(p->file, v);
		break;
	case K_URL_PATH:
		if (url_path_set(p, v) == INI_STOP)
			return INI_STOP;
		break;
	case K_EXCLUDE:
		if (v[*v == '/'] == '\0')
			return error_at(p, p->line, "exclude is empty");
		cfg->docroot.exclude = xreallocarray(cfg->docroot.exclude,
		    cfg->docroot.nexclude + 1, sizeof(*cfg->docroot.exclude));
		/* A leading "/" anchors it at the root, as in .gitignore. */
		cfg->docroot.exclude[cfg->docroot.nexclude++] = xstrdup(v);
		break;
	case K_TRAILING_SLASH:
	case K_GZIP:
	case K_STYLESHEET:
	case K_CLEAN_URLS:
		if (parse_bool(v, k == K_GZIP ? &cfg->gzip :
		    k == K_STYLESHEET ? &cfg->stylesheet :
		    k == K_CLEAN_URLS ? &cfg->docroot.clean_urls :
		    &cfg->trailing_slash) == -1)
			return error_at(p, p->line,
			    "%s must be yes or no, not \"%s\"", keys[k].name, v);
		break;
	case K_RESERVED_PATH:
	case K_RESERVED_ROBOTS:
		if (reserved_add(&cfg->reserved, v, k == K_RESERVED_ROBOTS,
		    &why) == -1)
			return error_at(p, p->line, "reserved path: %s", why);
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
			return error_at(p, p->line, "watch must be auto, "
			    "inotify or stat, not \"%s\"", v);
		break;
	case K_MAX_URLS:
		if (parse_size(v, 1, SITEMAP_MAX_URLS, &cfg->max_urls) == -1)
			return error_at(p, p->line, "max_urls must be a number "
			    "from 1 to %d", SITEMAP_MAX_URLS);
		break;
	case K_MAX_BYTES:
		if (parse_size(v, MIN_BYTES, SITEMAP_MAX_BYTES,
		    &cfg->max_bytes) == -1)
			return error_at(p, p->line, "max_bytes must be a number "
			    "from %d to %d", MIN_BYTES, SITEMAP_MAX_BYTES);
		break;
	case K_ROBOTS_ALLOW:
	case K_ROBOTS_DISALLOW:
		if (robots_add_rule(&cfg->robots, p->agent, k == K_ROBOTS_ALLOW,
		    v, &why) == -1)
			return error_at(p, p->line, "%s = %s: %s",
			    keys[k].name, v, why);
		publish(p, v);
		break;
	case K_TRUSTED_PROXIES:
	case K_ALLOWED_HOSTS:
		if (k == K_TRUSTED_PROXIES)	/* replaces the default */
			cfg->hosts.ntrusted = 0;
		rc = each_item(v, k == K_TRUSTED_PROXIES ? host_policy_trust :
		    host_policy_allow, &cfg->hosts, &item, &why);
		if (rc == -1)
			error_at(p, p->line, "%s: \"%s\": %s", keys[k].name,
			    buf_str(&item), why);
		buf_free(&item);
		return rc == 0 ? INI_GO_ON : INI_STOP;
	}
	return INI_GO_ON;
}

static int
handler(void *user, const char *section, const char *name, const char *value)
{
	struct parse *p = user;

	p->agent = NULL;
	if (strncmp(section, AGENT_SECTION, strlen(AGENT_SECTION)) == 0) {
		p->agent = section + strlen(AGENT_SECTION);
		section = "robots";
	}
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		if (strcmp(section, keys[k].section) != 0 ||
		    strcmp(name, keys[k].name) != 0)
			continue;
		if (!keys[k].repeatable && (p->seen & (uint64_t)1 << k))
			return error_at(p, p->line, "%s is set twice", name);
		if (quoted(value))
			return error_at(p, p->line, "%s = %s: quotes are taken "
			    "literally in this file; write %s = %.*s", name,
			    value, name, (int)strlen(value) - 2, value + 1);
		p->seen |= (uint64_t)1 << k;
		p->key_line[k] = p->line;
		if (strcmp(section, "docroot") == 0 && p->docroot_line == 0)
			p->docroot_line = p->line;
		if (strcmp(section, "indexnow") == 0 && p->indexnow_line == 0)
			p->indexnow_line = p->line;
		return set(p, (enum key)k, value);
	}
	if (*section == '\0')
		return error_at(p, p->line, "%s is outside any [section]",
		    name);
	return unknown_key(p, section, name);
}

/*
 * An unknown key, and how to fix it: the section it belongs in, or the
 * key it is closest to, as a typo would leave it.
 */
static int
unknown_key(struct parse *p, const char *section, const char *name)
{
	size_t best = SIZE_MAX, nearest = 0;

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		size_t d = edit_distance(name, keys[k].name);

		if (d == 0)
			return error_at(p, p->line, "\"%s\" belongs in [%s], "
			    "not [%s]", name, keys[k].section, section);
		/* The key of this section first, at a distance. */
		if (d < best || (d == best &&
		    strcmp(keys[k].section, section) == 0)) {
			best = d;
			nearest = k;
		}
	}
	if (best > 2 || best * 3 > strlen(name))
		return error_at(p, p->line, "unknown key \"%s\"", name);
	if (strcmp(keys[nearest].section, section) == 0)
		return error_at(p, p->line, "unknown key \"%s\"; did you mean "
		    "\"%s\"?", name, keys[nearest].name);
	return error_at(p, p->line, "unknown key \"%s\"; did you mean \"%s\" "
	    "in [%s]?", name, keys[nearest].name, keys[nearest].section);
}

static int
known_section(const char *name)
{
	if (strncmp(name, AGENT_SECTION, strlen(AGENT_SECTION)) == 0)
		return 1;
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		if (strcmp(sections[i], name) == 0)
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
	struct parse *p = user;
	const char *s, *end;

	if (fgets(line, size, p->f) == NULL)
		return NULL;
	p->line++;
	if (strchr(line, '\n') == NULL && !feof(p->f)) {
		error_at(p, p->line, "line is longer than %d characters",
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
			error_at(p, p->line, "[%s]: " ROBOTS_AGENT_HINT,
			    buf_str(&name));
		else if (!known)
			error_at(p, p->line, "unknown section [%s]",
			    buf_str(&name));
		buf_free(&name);
		if (!known)
			return NULL;
	}
	return line;
}

static void
set_defaults(struct config *cfg, const char *file)
{
	static unsigned loads;

	memset(cfg, 0, sizeof(*cfg));
	cfg->file = xstrdup(file);
	cfg->home_alias = xstrdup("index");
	cfg->max_urls = SITEMAP_MAX_URLS;
	cfg->max_bytes = SITEMAP_MAX_BYTES;
	cfg->gzip = 1;
	cfg->stylesheet = 1;
	cfg->indexnow.https = 1;
	cfg->indexnow.endpoint = xstrdup(INDEXNOW_ENDPOINT);
	cfg->indexnow.delay = INDEXNOW_DELAY;
	cfg->generation = ++loads;
	add_items("html, htm", &cfg->docroot.extensions,
	    &cfg->docroot.nextensions);
	add_items("index.html", &cfg->docroot.index,
	    &cfg->docroot.nindex);
	cfg->docroot.trailing_slash = 1;
	reserved_init(&cfg->reserved);
	robots_init(&cfg->robots);
	host_policy_init(&cfg->hosts);
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
	struct parse p = { .file = file, .cfg = cfg, .err = err };
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
	if (ferror(p.f) && p.error_line == 0)
		buf_printf(err, "%s:%d: read error", file, p.line + 1);
	else if (rc > 0 && (p.error_line == 0 || rc < p.error_line)) {
		buf_reset(err);
		buf_printf(err, "%s:%d: expected \"name = value\" or "
		    "\"[section]\"", file, rc);
	}
	fclose(p.f);
	refuse_other_source(&p);
	if (cfg->source == SOURCE_DOCROOT)
		reserved_drop_nopressure(&cfg->reserved);
	else if (cfg->root != NULL)
		read_nopressure_config(&p);
	/*
	 * Its rules decide what may be listed: a robots.txt that cannot be
	 * read refuses the configuration, rather than list what it forbids.
	 */
	if (cfg->source == SOURCE_DOCROOT && cfg->root != NULL &&
	    cfg->docroot.url_path == NULL && docroot_robots_merge(cfg->root,
	    p.admin, &cfg->hosts, &cfg->robots, NULL, &why) == -1) {
		buf_printf(err, "%s: %s", file, buf_str(&why));
		buf_reset(&why);
	}
	refuse_published_admin(&p);
	disallow_ai_classes(&p);
	check_indexnow(&p);
	cfg->ini_admin = p.admin;
	if (err->len == 0 && cfg->root == NULL)
		buf_printf(err, "%s: [site] root is not set", file);
	if (err->len == 0 && robots_finish(&cfg->robots, &cfg->reserved,
	    &why) == -1)
		buf_printf(err, "%s: %s", file, buf_str(&why));
	buf_free(&why);
	if (err->len) {
		config_free(cfg);
		return -1;
	}
	return 0;
}

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
		.url_path = cfg->docroot.url_path ? cfg->docroot.url_path : "",
	};
}

void
config_snapshot(struct config *dst, const struct config *src)
{
	memset(dst, 0, sizeof(*dst));
	dst->file = src->file ? xstrdup(src->file) : NULL;
	dst->root = src->root ? xstrdup(src->root) : NULL;
	dst->home_alias = xstrdup(src->home_alias);
	dst->trailing_slash = src->trailing_slash;
	reserved_copy(&dst->reserved, &src->reserved);
	copy_items(&dst->exclude_tags, &dst->nexclude_tags, src->exclude_tags,
	    src->nexclude_tags);
	robots_copy(&dst->robots, &src->robots);
	dst->max_urls = src->max_urls;
	dst->max_bytes = src->max_bytes;
	dst->stylesheet = src->stylesheet;
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
	dst->docroot.trailing_slash = src->docroot.trailing_slash;
	dst->docroot.lastmod_store = src->docroot.lastmod_store ?
	    xstrdup(src->docroot.lastmod_store) : NULL;
	dst->docroot.url_path = src->docroot.url_path ?
	    xstrdup(src->docroot.url_path) : NULL;
	/* A document root hashes its pages for IndexNow: it reads the key. */
	dst->indexnow.key = src->indexnow.key ? xstrdup(src->indexnow.key) :
	    NULL;
}

void
config_free(struct config *cfg)
{
	free(cfg->file);
	free(cfg->root);
	free(cfg->home_alias);
	reserved_free(&cfg->reserved);
	free(cfg->ini_admin);
	free_items(&cfg->exclude_tags, &cfg->nexclude_tags);
	free(cfg->yaml_admin);
	free(cfg->yaml_error);
	free(cfg->ai_crawlers);
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
	free_items(&d->extensions, &d->nextensions);
	free_items(&d->index, &d->nindex);
	free_items(&d->exclude, &d->nexclude);
	free(d->lastmod_store);
	free(d->url_path);
}

/*
 * [docroot] url_path: where the root's files are published, "/docs/";
 * kept as "docs/", and "/" as none. A name starting with a dot, an
 * empty one or a byte a URL escapes would make URLs no server answers.
 * INI_STOP when it is refused.
 */
static int
url_path_set(struct parse *p, const char *v)
{
	size_t n = strlen(v);

	if (v[0] != '/' || n > URL_PATH_MAX)
		return error_at(p, p->line, "url_path must start with \"/\", "
		    "as /docs/ does, and hold at most %d bytes, not \"%.40s\"",
		    URL_PATH_MAX, v);
	for (const char *s = v; *s; s++)
		if (!(ascii_is_alpha((unsigned char)*s) ||
		    ascii_is_digit((unsigned char)*s) ||
		    ascii_in((unsigned char)*s, "/-._~")) ||
		    (s[0] == '/' && (s[1] == '/' || s[1] == '.')))
			return error_at(p, p->line, "url_path: \"%s\" is not "
			    "a path of plain names (letters, digits, - . _ ~), "
			    "none empty or starting with a dot", v);
	free(p->cfg->docroot.url_path);
	p->cfg->docroot.url_path = NULL;
	if (n > 1) {
		struct buf path = BUF_INIT;

		buf_printf(&path, "%s%s", v + 1, v[n - 1] == '/' ? "" : "/");
		p->cfg->docroot.url_path = path.data;
	}
	return !INI_STOP;
}

static void
copy_items(char ***dst, size_t *ndst, char *const *src, size_t n)
{
	*dst = xcalloc(n + 1, sizeof(**dst));
	for (size_t i = 0; i < n; i++)
		(*dst)[i] = xstrdup(src[i]);
	*ndst = n;
}

/*
 * The file of the root the configuration reads: NoPressure's config.yaml,
 * a document root's robots.txt. Appends its path; 0 when there is none.
 */
static int
root_file(const struct config *cfg, struct buf *path)
{
	if (cfg->root == NULL)
		return 0;
	buf_printf(path, "%s/%s", cfg->root, cfg->source == SOURCE_DOCROOT ?
	    "robots.txt" : "config.yaml");
	return 1;
}

/* Its state, so that a change there reloads the configuration. */
static void
stat_root_file(const struct config *cfg, struct stat *st)
{
	struct buf path = BUF_INIT;

	memset(st, 0, sizeof(*st));
	if (root_file(cfg, &path) && stat(buf_str(&path), st) == -1)
		memset(st, 0, sizeof(*st));
	buf_free(&path);
}

int
config_watch_open(struct config_watch *w, const char *file, struct buf *err)
{
	memset(w, 0, sizeof(*w));
	w->paths.fd = -1;
	if (stat(file, &w->st) == -1) {
		buf_printf(err, "%s: %s", file, strerror(errno));
		return -1;
	}
	if (config_load(file, &w->cfg, err) == -1)
		return -1;
	stat_root_file(&w->cfg, &w->root_file_st);
	return 0;
}

void
config_watch_follow(struct config_watch *w)
{
	w->paths.fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	w->look = 1;
}

/*
 * True when an event that matters came, or events may have been lost.
 * One read: in a busy directory events may come as fast as they are
 * read, and what is left waits for the next request.
 */
static int
events_came(struct config_watch *w)
{
	char events[16 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t n = read(w->paths.fd, events, sizeof(events));
	const struct inotify_event *e;

	if (n == -1)
		return errno != EAGAIN;
	for (char *p = events; p < events + n; p += sizeof(*e) + e->len) {
		e = (const struct inotify_event *)p;
		if ((e->mask & IN_Q_OVERFLOW) || dir_watch_matters(&w->paths, e))
			return 1;
	}
	return 0;
}

/* The watches made again, before the states are taken. */
static void
watch_again(struct config_watch *w)
{
	struct buf path = BUF_INIT;

	dir_watch_clear(&w->paths);
	dir_watch_add(&w->paths, w->paths.fd, w->cfg.file);
	if (root_file(&w->cfg, &path))
		dir_watch_add(&w->paths, w->paths.fd, buf_str(&path));
	buf_free(&path);
}

const struct config *
config_watch_get(struct config_watch *w)
{
	struct buf err = BUF_INIT;
	struct config fresh;
	struct stat st, root_file_st;

	if (w->paths.fd != -1) {
		if (w->paths.trusted && !w->look && !events_came(w))
			return &w->cfg;
		w->look = 0;
		watch_again(w);
	}
	stat_root_file(&w->cfg, &root_file_st);
	if (stat(w->cfg.file, &st) == -1 || (same_file_state(&st, &w->st) &&
	    same_file_state(&root_file_st, &w->root_file_st)))
		return &w->cfg;
	w->st = st;
	w->root_file_st = root_file_st;
	if (config_load(w->cfg.file, &fresh, &err) == -1) {
		log_msg("%s; keeping the previous configuration", buf_str(&err));
		buf_free(&err);
		return &w->cfg;
	}
	config_free(&w->cfg);
	w->cfg = fresh;
	w->look = 1;	/* the root, and so its file, may be another */
	return &w->cfg;
}

void
config_watch_expire(struct config_watch *w)
{
	memset(&w->st, 0, sizeof(w->st));
	w->look = 1;
}

void
config_watch_close(struct config_watch *w)
{
	dir_watch_clear(&w->paths);
	if (w->paths.fd != -1)
		close(w->paths.fd);
	config_free(&w->cfg);
}

/* "value" or 'value': quotes a reader of other INI dialects may expect. */
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
