/*
 * The robots.txt sitemapd writes, laid out so that every kind of parser
 * reaches the same verdicts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "escape.h"
#include "protocol_limits.h"
#include "robots_writer.h"
#include "search_crawlers.h"
#include "usage_prefs.h"

static void	read_back(struct robots *, const struct buf *text);
static const char *blocking(const struct robots *, const char *path,
		    int (*fetches)(const char *));

void
robots_init(struct robots *r)
{
	memset(r, 0, sizeof(*r));
	/* The "*" group exists from the start and stays last. */
	r->groups = xcalloc(1, sizeof(*r->groups));
	r->ngroups = 1;
}

void
robots_free(struct robots *r)
{
	for (size_t g = 0; g < r->ngroups; g++) {
		for (size_t i = 0; i < r->groups[g].n; i++)
			free(r->groups[g].rules[i].pattern);
		free(r->groups[g].rules);
		free(r->groups[g].agent);
		free(r->groups[g].signal);
		robots_usage_free(r->groups[g].usage, r->groups[g].nusage);
	}
	free(r->groups);
	for (size_t i = 0; i < r->nsitemaps; i++)
		free(r->sitemaps[i]);
	free(r->sitemaps);
	for (size_t i = 0; i < r->nlicenses; i++)
		free(r->licenses[i]);
	free(r->licenses);
	robotstxt_free(&r->parsed);
	free(r->readers);
	memset(r, 0, sizeof(*r));
}

static struct robots_group *
group_of(struct robots *r, const char *agent)
{
	size_t g;

	if (agent == NULL)
		return &r->groups[r->ngroups - 1];
	/* Crawlers compare product tokens case-insensitively: one group. */
	for (g = 0; g + 1 < r->ngroups; g++)
		if (strcasecmp(r->groups[g].agent, agent) == 0)
			return &r->groups[g];
	r->groups = xreallocarray(r->groups, r->ngroups + 1,
	    sizeof(*r->groups));
	r->groups[r->ngroups] = r->groups[r->ngroups - 1];
	r->groups[g] = (struct robots_group){ .agent = xstrdup(agent) };
	r->ngroups++;
	return &r->groups[g];
}

/* The group of agent (NULL: "*"), or NULL with *why for no crawler's name. */
static struct robots_group *
group_named(struct robots *r, const char *agent, const char **why)
{
	if (agent && !robotstxt_agent_valid(agent)) {
		*why = ROBOTS_AGENT_HINT;
		return NULL;
	}
	return group_of(r, agent);
}

static void
add(struct robots_group *grp, int allow, const char *pattern)
{
	for (size_t i = 0; i < grp->n; i++)
		if (grp->rules[i].allow == allow &&
		    strcmp(grp->rules[i].pattern, pattern) == 0)
			return;
	grp->rules = xreallocarray(grp->rules, grp->n + 1,
	    sizeof(*grp->rules));
	grp->rules[grp->n].allow = allow;
	grp->rules[grp->n].pattern = xstrdup(pattern);
	grp->n++;
}

static struct robots_usage *
usage_of(struct robots_group *grp, const char *path)
{
	for (size_t i = 0; i < grp->nusage; i++)
		if (strcmp(grp->usage[i].path, path) == 0)
			return &grp->usage[i];
	return NULL;
}

static void
add_usage(struct robots_group *grp, const char *path, const char *prefs)
{
	grp->usage = xgrowarray(grp->usage, grp->nusage, sizeof(*grp->usage));
	grp->usage[grp->nusage].path = xstrdup(path);
	grp->usage[grp->nusage++].prefs = xstrdup(prefs);
}

/* A rule of the INI as it is written, before it is escaped. */
static int
check_rule(const char *agent, const char *pattern, const char **why)
{
	*why = NULL;
	if (agent && !robotstxt_agent_valid(agent))
		*why = ROBOTS_AGENT_HINT;
	else if (pattern[0] != '/' && pattern[0] != '*')
		*why = "a pattern starts with \"/\" or \"*\"";
	for (const char *p = pattern; *why == NULL && *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '#')
			*why = "a pattern holds no blank, control character "
			    "or \"#\"";
	return *why == NULL ? 0 : -1;
}

int
robots_add_rule(struct robots *r, const char *agent, int allow,
    const char *pattern, const char **why)
{
	struct buf escaped = BUF_INIT, dir = BUF_INIT;
	struct robots_group *grp;

	if (check_rule(agent, pattern, why) == -1)
		return -1;
	escape_robots_pattern(&escaped, pattern);
	if (escaped.len > ROBOTS_PATTERN_MAX) {
		buf_free(&escaped);
		*why = "pattern is longer than Google reads on one line";
		return -1;
	}
	grp = group_of(r, agent);
	grp->own_rules = 1;
	add(grp, allow, buf_str(&escaped));
	/*
	 * Google alone also allows "/d/" for "Allow: /d/index.html"; saying
	 * so in a rule of its own tells every other parser too.
	 */
	if (allow && robotstxt_index_dir(buf_str(&escaped), &dir))
		add(grp, 1, buf_str(&dir));
	buf_free(&dir);
	buf_free(&escaped);
	return 0;
}

int
robots_set_content_signal(struct robots *r, const char *agent,
    const char *value, const char **why)
{
	struct robots_group *grp;
	char *prefs;

	if ((grp = group_named(r, agent, why)) == NULL ||
	    content_signal_parse(value, &prefs, why) == -1)
		return -1;
	if (grp->signal) {
		free(prefs);
		*why = "the group has one already";
		return -1;
	}
	grp->signal = prefs;
	return 0;
}

int
robots_add_content_usage(struct robots *r, const char *agent,
    const char *value, const char **why)
{
	struct buf escaped = BUF_INIT;
	struct robots_group *grp;
	char *path, *prefs;

	if ((grp = group_named(r, agent, why)) == NULL ||
	    usage_prefs_parse(value, &path, &prefs, why) == -1)
		return -1;
	if (path && check_rule(NULL, path, why) == 0)
		escape_robots_pattern(&escaped, path);
	if (*why == NULL && escaped.len > ROBOTS_PATTERN_MAX)
		*why = "path is longer than Google reads on one line";
	if (*why == NULL && usage_of(grp, buf_str(&escaped)) != NULL)
		*why = path ? "the group has one for this path already" :
		    "the group has one without a path already";
	free(path);
	if (*why) {
		free(prefs);
		buf_free(&escaped);
		return -1;
	}
	add_usage(grp, buf_str(&escaped), prefs);
	free(prefs);
	buf_free(&escaped);
	return 0;
}

void
robots_take_site_usage(struct robots *r, int keep, struct robots_usage **out,
    size_t *n)
{
	struct robots_group *any = &r->groups[r->ngroups - 1];

	*out = xcalloc(any->nusage + 1, sizeof(**out));
	*n = any->nusage;
	for (size_t i = 0; i < any->nusage; i++)
		(*out)[i] = (struct robots_usage){ xstrdup(any->usage[i].path),
		    xstrdup(any->usage[i].prefs) };
	if (keep)
		return;
	robots_usage_free(any->usage, any->nusage);
	any->usage = NULL;
	any->nusage = 0;
}

void
robots_usage_free(struct robots_usage *usage, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(usage[i].path);
		free(usage[i].prefs);
	}
	free(usage);
}

void
robots_name_group(struct robots *r, const char *agent)
{
	group_of(r, agent)->own_rules = 1;
}

/* Why url is no absolute http or https URL a line can hold; NULL: it is. */
static const char *
url_refusal(const char *url)
{
	if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0)
		return "not an http or https URL";
	for (const char *p = url; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return "a URL holds no blank or control character";
	if (strlen(url) > ROBOTS_SITEMAP_URL_MAX)
		return "longer than 2048 bytes";
	return NULL;
}

int
robots_add_sitemap(struct robots *r, const char *url, const char **why)
{
	if ((*why = url_refusal(url)) != NULL)
		return -1;
	for (size_t i = 0; i < r->nsitemaps; i++)
		if (strcmp(r->sitemaps[i], url) == 0)
			return 0;
	r->sitemaps = xgrowarray(r->sitemaps, r->nsitemaps,
	    sizeof(*r->sitemaps));
	r->sitemaps[r->nsitemaps++] = xstrdup(url);
	return 0;
}

/*
 * A parser that reads "#" as a comment's start would cut the URL there,
 * and one past ASCII is read as bytes of some encoding: both refused, as
 * is a URL naming no host.
 */
int
robots_add_license(struct robots *r, const char *url, const char **why)
{
	const char *host;

	if ((*why = url_refusal(url)) == NULL) {
		host = url + strcspn(url, ":") + strlen("://");
		if (*host == '\0' || *host == '/' || strchr(url, '#') != NULL)
			*why = "no host, or a \"#\"";
	}
	for (const char *p = url; *why == NULL && *p; p++)
		if ((unsigned char)*p > 0x7f)
			*why = "a byte past ASCII";
	if (*why)
		return -1;
	r->licenses = xgrowarray(r->licenses, r->nlicenses,
	    sizeof(*r->licenses));
	r->licenses[r->nlicenses++] = xstrdup(url);
	return 0;
}

/* A pattern as literal text, "*" and whether "$" anchors its end. */
struct glob {
	const char	*s;
	size_t		 len;		/* without the anchor */
	int		 anchored;
	size_t		 n;		/* len, and 1 for the "*" that ends */
					/* an unanchored pattern */
};

static struct glob
glob_of(const char *pattern)
{
	size_t len = strlen(pattern);
	int anchored = len > 0 && pattern[len - 1] == '$';

	len -= anchored;
	return (struct glob){ pattern, len, anchored, len + !anchored };
}

static char
glob_at(struct glob g, size_t i)
{
	return i < g.len ? g.s[i] : '*';
}

/*
 * True when some path matches both patterns. Without "*", the text of
 * one starts the other's and the shorter is not anchored. With "*",
 * reach[i][j] says the rest of a from i and of b from j can match one
 * string; for long patterns the answer is a safe "maybe".
 */
static int
overlap(const char *pa, const char *pb)
{
	struct glob a = glob_of(pa), b = glob_of(pb);
	size_t w = b.n + 1;
	unsigned char *reach;
	int found;

	if (memchr(pa, '*', a.len) == NULL && memchr(pb, '*', b.len) == NULL) {
		if (strncmp(pa, pb, a.len < b.len ? a.len : b.len) != 0)
			return 0;
		return a.len == b.len || !(a.len < b.len ? a : b).anchored;
	}
	if ((a.n + 1) * w > 1u << 16)
		return 1;
	reach = xcalloc((a.n + 1) * w, 1);
	for (size_t i = a.n + 1; i-- > 0;)
		for (size_t j = b.n + 1; j-- > 0;) {
			unsigned char *r = &reach[i * w + j];

			if (i == a.n && j == b.n)
				*r = 1;
			else if (i < a.n && glob_at(a, i) == '*')
				*r = reach[(i + 1) * w + j] ||
				    (j < b.n && reach[i * w + j + 1]);
			else if (j < b.n && glob_at(b, j) == '*')
				*r = reach[i * w + j + 1] ||
				    (i < a.n && reach[(i + 1) * w + j]);
			else
				*r = i < a.n && j < b.n &&
				    glob_at(a, i) == glob_at(b, j) &&
				    reach[(i + 1) * w + j + 1];
		}
	found = reach[0];
	free(reach);
	return found;
}

/*
 * Google and RFC 9309 take the longest matching rule, Allow on a tie;
 * first-match parsers take the first. They agree when every rule comes
 * before the shorter rules it may share a path with, Allow first at equal
 * length. Among rules free to go, the one added first goes first.
 */
static void
order(struct robots_group *grp)
{
	size_t n = grp->n;
	unsigned char *before = xcalloc(n * n + 1, 1);
	size_t *waiting = xcalloc(n + 1, sizeof(*waiting));
	struct robots_rule *out = xcalloc(n + 1, sizeof(*out));

	/* before[i * n + j]: rule i must precede rule j. */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			const struct robots_rule *x = &grp->rules[i];
			const struct robots_rule *y = &grp->rules[j];
			size_t lx = strlen(x->pattern), ly = strlen(y->pattern);

			if (i == j || lx < ly || (lx == ly && (!x->allow ||
			    y->allow)))
				continue;
			before[i * n + j] = overlap(x->pattern, y->pattern);
			waiting[j] += before[i * n + j];
		}
	/* The relation only points to shorter or tied rules: no cycles. */
	for (size_t done = 0; done < n; done++) {
		size_t j = 0;

		while (waiting[j] != 0)
			j++;
		waiting[j] = SIZE_MAX;
		out[done] = grp->rules[j];
		for (size_t k = 0; k < n; k++)
			waiting[k] -= before[j * n + k];
	}
	free(grp->rules);
	grp->rules = out;
	free(waiting);
	free(before);
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct robots_usage *)a)->path,
	    ((const struct robots_usage *)b)->path);
}

/* What the "*" group says of uses, where grp says nothing of its own. */
static void
inherit_preferences(struct robots_group *grp, const struct robots_group *any)
{
	if (grp->signal == NULL && any->signal)
		grp->signal = xstrdup(any->signal);
	for (size_t i = 0; i < any->nusage; i++)
		if (usage_of(grp, any->usage[i].path) == NULL)
			add_usage(grp, any->usage[i].path, any->usage[i].prefs);
}

/* Every path disallowed, and none allowed again. */
static int
fetches_nothing(const struct robots_group *grp)
{
	int all = 0;

	for (size_t i = 0; i < grp->n; i++) {
		if (grp->rules[i].allow)
			return 0;
		all |= strcmp(grp->rules[i].pattern, "/") == 0 ||
		    strcmp(grp->rules[i].pattern, "*") == 0 ||
		    strcmp(grp->rules[i].pattern, "/*") == 0;
	}
	return all;
}

/*
 * No preference applies to a path a crawler may not fetch (the aipref
 * attachment draft): a group that fetches nothing states none.
 */
static void
silence(struct robots_group *grp)
{
	grp->silenced = grp->signal != NULL || grp->nusage > 0;
	free(grp->signal);
	grp->signal = NULL;
	robots_usage_free(grp->usage, grp->nusage);
	grp->usage = NULL;
	grp->nusage = 0;
}

static int
has_pattern(const struct robots_group *grp, const char *pattern)
{
	for (size_t i = 0; i < grp->n; i++)
		if (strcmp(grp->rules[i].pattern, pattern) == 0)
			return 1;
	return 0;
}

int
robots_finish(struct robots *r, const struct reserved *reserved,
    struct buf *why)
{
	struct robots_group *any = &r->groups[r->ngroups - 1];
	struct buf text = BUF_INIT;
	size_t size;

	for (size_t g = 0; g < r->ngroups; g++) {
		for (size_t i = 0; i < reserved->n; i++) {
			const struct reserved_entry *e = &reserved->v[i];

			if (!(e->flags & RESERVED_PUBLISH))
				continue;
			buf_reset(&text);
			buf_printf(&text, "/%s%s", e->path,
			    e->flags & RESERVED_PREFIX ? "/" : "$");
			add(&r->groups[g], 0, buf_str(&text));
		}
	}
	/*
	 * Unless the owner said otherwise about every path: "Allow: /" would
	 * tie with "Disallow: /" or "Disallow: *", and a tie allows.
	 */
	if (!has_pattern(any, "/") && !has_pattern(any, "*"))
		add(any, 1, "/");
	for (size_t g = 0; g + 1 < r->ngroups; g++) {
		struct robots_group *grp = &r->groups[g];

		inherit_preferences(grp, any);
		/* Named for preferences only, it keeps what "*" says. */
		for (size_t i = 0; !grp->own_rules && i < any->n; i++)
			add(grp, any->rules[i].allow, any->rules[i].pattern);
	}
	for (size_t g = 0; g < r->ngroups; g++)
		if (fetches_nothing(&r->groups[g]))
			silence(&r->groups[g]);
	for (size_t g = 0; g < r->ngroups; g++) {
		if (r->groups[g].n > ROBOTS_RULES_MAX) {
			buf_printf(why, "robots.txt: more than %d rules for "
			    "User-agent: %s", ROBOTS_RULES_MAX,
			    r->groups[g].agent ? r->groups[g].agent : "*");
			buf_free(&text);
			return -1;
		}
		order(&r->groups[g]);
		if (r->groups[g].nusage > 0)
			qsort(r->groups[g].usage, r->groups[g].nusage,
			    sizeof(*r->groups[g].usage), by_path);
	}
	buf_reset(&text);
	robots_render(r, "http://localhost", &text);
	size = text.len - strlen("http://localhost") + BASE_URL_MAX;
	if (size > ROBOTS_MAX_BYTES)
		buf_printf(why, "robots.txt: its rules take %zu bytes; crawlers "
		    "read only the first %d", size, ROBOTS_MAX_BYTES);
	read_back(r, &text);
	buf_free(&text);
	return size > ROBOTS_MAX_BYTES ? -1 : 0;
}

void
robots_copy(struct robots *dst, const struct robots *src)
{
	struct buf text = BUF_INIT;

	memset(dst, 0, sizeof(*dst));
	dst->ngroups = src->ngroups;
	dst->groups = xcalloc(src->ngroups, sizeof(*dst->groups));
	for (size_t g = 0; g < src->ngroups; g++) {
		const struct robots_group *from = &src->groups[g];
		struct robots_group *to = &dst->groups[g];

		to->agent = from->agent ? xstrdup(from->agent) : NULL;
		to->rules = xcalloc(from->n ? from->n : 1, sizeof(*to->rules));
		to->n = from->n;
		for (size_t i = 0; i < from->n; i++) {
			to->rules[i].allow = from->rules[i].allow;
			to->rules[i].pattern = xstrdup(from->rules[i].pattern);
		}
		to->own_rules = from->own_rules;
		to->silenced = from->silenced;
		to->signal = from->signal ? xstrdup(from->signal) : NULL;
		for (size_t i = 0; i < from->nusage; i++)
			add_usage(to, from->usage[i].path,
			    from->usage[i].prefs);
	}
	for (size_t i = 0; i < src->nsitemaps; i++) {
		const char *why;

		robots_add_sitemap(dst, src->sitemaps[i], &why);
	}
	for (size_t i = 0; i < src->nlicenses; i++) {
		const char *why;

		robots_add_license(dst, src->licenses[i], &why);
	}
	/* Read back as robots_finish did: the same text, the same verdicts. */
	robots_render(src, "http://localhost", &text);
	read_back(dst, &text);
	buf_free(&text);
}

int
robots_allows(const struct robots *r, const char *path)
{
	return blocking(r, path, search_crawler_fetches_pages) == NULL;
}

int
robots_allows_image(const struct robots *r, const char *path)
{
	return blocking(r, path, search_crawler_fetches_images) == NULL;
}

const char *
robots_blocker(const struct robots *r, const char *path)
{
	return blocking(r, path, search_crawler_fetches_pages);
}

void
robots_explain(const struct robots *r, const char *path, struct buf *out)
{
	const char *agent = robots_blocker(r, path);
	int line;

	if (agent == NULL)
		agent = "*";
	robotstxt_path_allowed(&r->parsed, agent, path, &line);
	for (size_t i = 0; i < r->parsed.n; i++)
		if (r->parsed.v[i].number == line)
			buf_printf(out, "line %d, \"%s: %s\"", line,
			    r->parsed.v[i].key == ROBOTSTXT_ALLOW ? "Allow" :
			    "Disallow", r->parsed.v[i].value);
	if (strcmp(agent, "*") != 0)
		buf_printf(out, " for \"%s\"", agent);
}

void
robots_render(const struct robots *r, const char *base_url, struct buf *out)
{
	/* RSL's License lines hold for every crawler: before any group. */
	for (size_t i = 0; i < r->nlicenses; i++)
		buf_printf(out, "License: %s\n%s", r->licenses[i],
		    i + 1 == r->nlicenses ? "\n" : "");
	for (size_t g = 0; g < r->ngroups; g++) {
		const struct robots_group *grp = &r->groups[g];

		buf_printf(out, "User-agent: %s\n",
		    grp->agent ? grp->agent : "*");
		if (grp->signal)
			buf_printf(out, "Content-Signal: %s\n", grp->signal);
		for (size_t i = 0; i < grp->nusage; i++)
			buf_printf(out, "Content-Usage: %s%s%s\n",
			    grp->usage[i].path, *grp->usage[i].path ? " " : "",
			    grp->usage[i].prefs);
		for (size_t i = 0; i < grp->n; i++)
			buf_printf(out, "%s: %s\n", grp->rules[i].allow ?
			    "Allow" : "Disallow", grp->rules[i].pattern);
		/* Else the next User-agent line would join this group. */
		if (grp->n == 0)
			buf_adds(out, "Disallow:\n");
		buf_addc(out, '\n');
	}
	buf_printf(out, "Sitemap: %s/sitemap.xml\n", base_url);
	for (size_t i = 0; i < r->nsitemaps; i++)
		buf_printf(out, "Sitemap: %s\n", r->sitemaps[i]);
}

/*
 * The text robots_render wrote, parsed for the verdicts; then which
 * search engines' crawlers read the sitemap it names with rules of their
 * own. One its group keeps from the sitemap reads none of it: a site out
 * of one engine's search on purpose keeps its sitemap for the others.
 */
static void
read_back(struct robots *r, const struct buf *text)
{
	struct buf sitemap = BUF_INIT;

	robotstxt_free(&r->parsed);
	robotstxt_parse(&r->parsed, text->data, text->len);
	free(r->readers);
	r->readers = NULL;
	r->nreaders = 0;
	for (size_t i = 0; i < r->parsed.n && sitemap.len == 0; i++)
		if (r->parsed.v[i].key == ROBOTSTXT_SITEMAP)
			robotstxt_path_of(r->parsed.v[i].value, &sitemap);
	for (size_t i = 0; i < r->parsed.n && sitemap.len > 0; i++) {
		const char *value = r->parsed.v[i].value, *agent;
		size_t n = 0, k;

		if (r->parsed.v[i].key != ROBOTSTXT_USER_AGENT)
			continue;
		while (ascii_is_alpha((unsigned char)value[n]) ||
		    value[n] == '-' || value[n] == '_')
			n++;
		if ((agent = search_crawler_named(value, n)) == NULL)
			continue;
		for (k = 0; k < r->nreaders && r->readers[k] != agent; k++)
			;
		if (k < r->nreaders || !robotstxt_path_allowed(&r->parsed,
		    agent, buf_str(&sitemap), NULL))
			continue;
		r->readers = xreallocarray(r->readers, r->nreaders + 1,
		    sizeof(*r->readers));
		r->readers[r->nreaders++] = agent;
	}
	buf_free(&sitemap);
}

/*
 * "*" first, as most rules are its own; then each reader that fetches
 * URLs of that kind. "*" is no product token, so only the "*" group
 * speaks to it.
 */
static const char *
blocking(const struct robots *r, const char *path,
    int (*fetches)(const char *))
{
	if (!robotstxt_path_allowed(&r->parsed, "*", path, NULL))
		return "*";
	for (size_t i = 0; i < r->nreaders; i++)
		if (fetches(r->readers[i]) &&
		    !robotstxt_path_allowed(&r->parsed, r->readers[i], path,
		    NULL))
			return r->readers[i];
	return NULL;
}
