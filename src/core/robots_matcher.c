/* Any robots.txt read and matched as Google's reference parser does. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "escape.h"
#include "robots_matcher.h"

/* Trims s in place; returns its new start. */
static char *
strip(char *s)
{
	const char *start = s, *end = s + strlen(s);

	ascii_trim(&start, &end, ASCII_SPACE);
	s[end - s] = '\0';
	return s + (start - s);
}

static int
starts_with(const char *s, const char *prefix)
{
	return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

static enum robotstxt_key
key_of(const char *key)
{
	static const char *const disallow[] = { "disallow", "dissallow",
	    "dissalow", "disalow", "diasllow", "disallaw" };

	if (starts_with(key, "user-agent") || starts_with(key, "useragent") ||
	    starts_with(key, "user agent"))
		return ROBOTSTXT_USER_AGENT;
	if (starts_with(key, "allow"))
		return ROBOTSTXT_ALLOW;
	for (size_t i = 0; i < sizeof(disallow) / sizeof(disallow[0]); i++)
		if (starts_with(key, disallow[i]))
			return ROBOTSTXT_DISALLOW;
	if (starts_with(key, "sitemap") || starts_with(key, "site-map"))
		return ROBOTSTXT_SITEMAP;
	return ROBOTSTXT_UNKNOWN;
}

/*
 * Splits "key: value" in place. Without a colon, a single run of blanks
 * separates them ("disallow /"), but only when the line has exactly two
 * words: anything else is not a rule.
 */
static int
split(char *line, char **key, char **value)
{
	char *hash, *sep, *v;

	if ((hash = strchr(line, '#')) != NULL)
		*hash = '\0';
	line = strip(line);
	if ((sep = strchr(line, ':')) == NULL) {
		if ((sep = strpbrk(line, " \t")) == NULL)
			return 0;
		v = sep + strspn(sep, " \t");
		if (strpbrk(v, " \t") != NULL)
			return 0;
	}
	*sep = '\0';
	*key = strip(line);
	if (**key == '\0')
		return 0;
	*value = strip(sep + 1);
	return 1;
}

static void
add_line(struct robotstxt *rt, int number, char *text)
{
	struct robotstxt_line *l;
	struct buf value = BUF_INIT;
	char *key, *v;

	if (!split(text, &key, &v))
		return;
	rt->v = xgrowarray(rt->v, rt->n, sizeof(*rt->v));
	l = &rt->v[rt->n++];
	l->key = key_of(key);
	l->number = number;
	if (l->key == ROBOTSTXT_USER_AGENT || l->key == ROBOTSTXT_SITEMAP)
		l->value = xstrdup(v);
	else if (l->key == ROBOTSTXT_UNKNOWN) {
		buf_printf(&value, "%s: %s", key, v);
		l->value = xstrdup(buf_str(&value));
		buf_free(&value);
	} else {
		escape_robots_pattern(&value, v);
		l->value = xstrdup(buf_str(&value));
		buf_free(&value);
	}
}

void
robotstxt_parse(struct robotstxt *rt, const char *body, size_t len)
{
	static const unsigned char bom[] = { 0xef, 0xbb, 0xbf };
	char *line = xmalloc(ROBOTSTXT_LINE_MAX + 1);
	size_t at = 0, bom_at = 0;
	int number = 0, after_cr = 0;

	rt->v = NULL;
	rt->n = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)body[i];

		/* A byte order mark, or the start of one, is skipped. */
		if (bom_at < sizeof(bom) && c == bom[bom_at++])
			continue;
		bom_at = sizeof(bom);
		if (c != '\n' && c != '\r') {
			if (at < ROBOTSTXT_LINE_MAX)
				line[at++] = (char)c;
			continue;
		}
		line[at] = '\0';
		/* The LF of a CRLF ends no second line. */
		if (!(at == 0 && after_cr && c == '\n'))
			add_line(rt, ++number, line);
		at = 0;
		after_cr = c == '\r';
	}
	line[at] = '\0';
	add_line(rt, ++number, line);
	free(line);
}

void
robotstxt_free(struct robotstxt *rt)
{
	for (size_t i = 0; i < rt->n; i++)
		free(rt->v[i].value);
	free(rt->v);
	rt->v = NULL;
	rt->n = 0;
}

/*
 * Patterns come from whoever wrote the robots.txt, so the match keeps a
 * set of path positions instead of backtracking: linear in the path for
 * each pattern byte, however many "*" there are.
 */
int
robotstxt_matches(const char *path, const char *pattern)
{
	size_t pathlen = strlen(path), patlen = strlen(pattern);
	size_t *pos, npos = 1, small[256];
	int matched = 1;

	if (strchr(pattern, '*') == NULL) {
		if (patlen > 0 && pattern[patlen - 1] == '$')
			return pathlen == patlen - 1 &&
			    memcmp(path, pattern, pathlen) == 0;
		return strncmp(path, pattern, patlen) == 0;
	}
	pos = pathlen < 256 ? small : xcalloc(pathlen + 1, sizeof(*pos));
	pos[0] = 0;
	for (const char *p = pattern; *p; p++) {
		if (*p == '$' && p[1] == '\0') {
			matched = pos[npos - 1] == pathlen;
			break;
		}
		if (*p == '*') {
			npos = pathlen - pos[0] + 1;
			for (size_t i = 1; i < npos; i++)
				pos[i] = pos[i - 1] + 1;
			continue;
		}
		size_t kept = 0;
		for (size_t i = 0; i < npos; i++)
			if (pos[i] < pathlen && path[pos[i]] == *p)
				pos[kept++] = pos[i] + 1;
		if ((npos = kept) == 0) {
			matched = 0;
			break;
		}
	}
	if (pos != small)
		free(pos);
	return matched;
}

void
robotstxt_path_of(const char *url, struct buf *out)
{
	const char *start = url, *from, *scheme, *early, *path, *hash;

	/* "//host/path" has no scheme but an authority. */
	if (url[0] == '/' && url[1] == '/')
		start = url + 2;
	from = start;
	early = from + strcspn(from, "/?;");
	scheme = strstr(from, "://");
	/* "://" after the path starts is part of the path or query. */
	if (scheme != NULL && scheme < early)
		from = scheme + 3;
	path = from + strcspn(from, "/?;");
	hash = strchr(start, '#');
	if (*path == '\0' || (hash != NULL && hash < path)) {
		buf_addc(out, '/');
		return;
	}
	if (*path != '/')
		buf_addc(out, '/');
	buf_add(out, path, hash ? (size_t)(hash - path) : strlen(path));
}

size_t
robotstxt_agent_token(const char *s)
{
	size_t n = 0;

	while (ascii_is_alpha(s[n]) || s[n] == '-' || s[n] == '_')
		n++;
	return n;
}

int
robotstxt_agent_any(const char *value)
{
	/* "* anything" still names every crawler. */
	return value[0] == '*' && (value[1] == '\0' ||
	    ascii_in((unsigned char)value[1], ASCII_SPACE));
}

int
robotstxt_agent_valid(const char *agent)
{
	size_t n = robotstxt_agent_token(agent);

	return n > 0 && agent[n] == '\0';
}

/* The best rule so far: its length decides, its line is reported. */
struct best {
	int	 priority;	/* -1: none matched */
	int	 line;
};

struct verdict {
	struct best allow_global, disallow_global;
	struct best allow_specific, disallow_specific;
	int	 in_global, in_specific;
	int	 ever_specific;
	int	 group_has_rules;	/* an allow or disallow seen: a
					   following User-agent starts anew */
};

static void
consider(struct best *b, int priority, int line)
{
	if (priority > b->priority) {
		b->priority = priority;
		b->line = line;
	}
}

static void
user_agent_line(struct verdict *v, const char *agent, const char *value)
{
	size_t n;

	if (v->group_has_rules)
		v->in_global = v->in_specific = v->group_has_rules = 0;
	if (robotstxt_agent_any(value)) {
		v->in_global = 1;
		return;
	}
	n = robotstxt_agent_token(value);
	if (strlen(agent) == n && strncasecmp(agent, value, n) == 0)
		v->in_specific = v->ever_specific = 1;
}

static void
rule_line(struct verdict *v, int allow, const char *path, const char *pattern,
    int line)
{
	struct buf dir = BUF_INIT;

	if (!v->in_global && !v->in_specific)
		return;
	v->group_has_rules = 1;
	if (robotstxt_matches(path, pattern)) {
		int priority = (int)strlen(pattern);

		if (v->in_specific)
			consider(allow ? &v->allow_specific :
			    &v->disallow_specific, priority, line);
		else
			consider(allow ? &v->allow_global :
			    &v->disallow_global, priority, line);
		return;
	}
	if (allow && robotstxt_index_dir(pattern, &dir))
		rule_line(v, 1, path, buf_str(&dir), line);
	buf_free(&dir);
}

int
robotstxt_index_dir(const char *pattern, struct buf *dir)
{
	const char *slash = strrchr(pattern, '/');

	if (slash == NULL || strncmp(slash, "/index.htm", 10) != 0)
		return 0;
	buf_add(dir, pattern, (size_t)(slash - pattern) + 1);
	buf_addc(dir, '$');
	return 1;
}

static int
decide(const struct best *allow, const struct best *disallow, int *line)
{
	const struct best *winner = disallow->priority > allow->priority ?
	    disallow : allow;

	if (line)
		*line = winner->line;
	return winner == allow;
}

int
robotstxt_path_allowed(const struct robotstxt *rt, const char *agent,
    const char *path, int *line)
{
	static const struct best none = { -1, 0 };
	struct verdict v = { none, none, none, none, 0, 0, 0, 0 };

	for (size_t i = 0; i < rt->n; i++) {
		const struct robotstxt_line *l = &rt->v[i];

		switch (l->key) {
		case ROBOTSTXT_USER_AGENT:
			user_agent_line(&v, agent, l->value);
			break;
		case ROBOTSTXT_ALLOW:
		case ROBOTSTXT_DISALLOW:
			rule_line(&v, l->key == ROBOTSTXT_ALLOW, path,
			    l->value, l->number);
			break;
		case ROBOTSTXT_SITEMAP:
		case ROBOTSTXT_UNKNOWN:
			/*
			 * Since 2021 only allow and disallow end a group
			 * (RFC 9309, 2.1): "User-agent: A", "Crawl-delay: 5",
			 * "User-agent: B" is one group for A and B.
			 */
			break;
		}
	}
	if (line)
		*line = 0;
	/* An empty rule matches with priority 0: it decides nothing. */
	if (v.allow_specific.priority > 0 || v.disallow_specific.priority > 0)
		return decide(&v.allow_specific, &v.disallow_specific, line);
	/* A group named the agent: the "*" group is not for it. */
	if (v.ever_specific)
		return 1;
	if (v.allow_global.priority > 0 || v.disallow_global.priority > 0)
		return decide(&v.allow_global, &v.disallow_global, line);
	return 1;
}

int
robotstxt_allowed(const struct robotstxt *rt, const char *agent,
    const char *url, int *line)
{
	struct buf path = BUF_INIT;
	int allowed;

	robotstxt_path_of(url, &path);
	allowed = robotstxt_path_allowed(rt, agent, buf_str(&path), line);
	buf_free(&path);
	return allowed;
}
