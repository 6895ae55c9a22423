/* A document root's own robots.txt, merged into the one sitemapd writes. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "exported.h"
#include "file.h"
#include "report.h"
#include "reserved.h"
#include "head.h"
#include "robots_file.h"

/* The agents of the group being read: NULL stands for "*". */
struct agents {
	char	**v;
	size_t	 n;
	int	 closed;	/* a rule came: a User-agent starts anew */
};

static void	take_agent(struct robots *, struct agents *,
		    const struct robotstxt_line *, const char *,
		    const struct reporter *);
static void	take_rule(struct robots *, const struct agents *,
		    const struct robotstxt_line *, const char *, const char *,
		    const struct reporter *);
static void	disallow_cut(struct robots *, const struct agents *,
		    const struct robotstxt_line *, const char *,
		    const struct reporter *);
static void	take_sitemap(struct robots *, const struct robotstxt_line *,
		    const struct host_policy *, const char *,
		    const struct reporter *);
static int	take_license(struct robots *, const struct robotstxt_line *,
		    const char *, const struct reporter *);
static void	agents_free(struct agents *);

int
docroot_robots_merge(const char *root, const char *admin,
    const struct host_policy *hosts, struct robots *r,
    const struct reporter *rep, struct buf *why)
{
	struct buf path = BUF_INIT, body = BUF_INIT;
	struct agents agents = { NULL, 0, 0 };
	struct robotstxt parsed = { NULL, 0 };
	const char *cause;
	int got;

	buf_printf(&path, "%s/robots.txt", root);
	got = file_read(AT_FDCWD, buf_str(&path), 0, ROBOTS_MAX_BYTES, &body,
	    &cause);
	if (got == 0 && strncmp(buf_str(&body), EXPORTED_ROBOTS_MARK,
	    strlen(EXPORTED_ROBOTS_MARK)) == 0) {
		/* sitemapd export wrote it: the site's own are kept aside. */
		buf_reset(&path);
		buf_reset(&body);
		buf_printf(&path, "%s/%s", root, EXPORTED_SITE_ROBOTS);
		got = file_read(AT_FDCWD, buf_str(&path), 0,
		    ROBOTS_MAX_BYTES, &body, &cause);
	}
	if (got == -1) {
		int absent = errno == ENOENT;

		if (!absent)
			buf_printf(why, "%s: %s%s; sitemapd writes its rules "
			    "into the robots.txt it serves", buf_str(&path),
			    cause, errno == EFBIG ? " (crawlers read 500 KiB)" :
			    "");
		buf_free(&path);
		buf_free(&body);
		return absent ? 0 : -1;
	}
	robotstxt_parse(&parsed, body.data ? body.data : "", body.len);
	for (size_t i = 0; i < parsed.n; i++) {
		const struct robotstxt_line *l = &parsed.v[i];

		switch (l->key) {
		case ROBOTSTXT_USER_AGENT:
			take_agent(r, &agents, l, buf_str(&path), rep);
			break;
		case ROBOTSTXT_ALLOW:
		case ROBOTSTXT_DISALLOW:
			agents.closed = 1;
			take_rule(r, &agents, l, admin, buf_str(&path), rep);
			break;
		case ROBOTSTXT_SITEMAP:
			take_sitemap(r, l, hosts, buf_str(&path), rep);
			break;
		default:
			if (!take_license(r, l, buf_str(&path), rep))
				report(rep, FINDING_NOTE, "%s:%d: a line "
				    "sitemapd does not carry over: %s",
				    buf_str(&path), l->number, l->value);
			break;
		}
	}
	agents_free(&agents);
	robotstxt_free(&parsed);
	buf_free(&path);
	buf_free(&body);
	return 0;
}

/*
 * As Google reads it: "*" alone, or the product token the value starts
 * with. The group is made even if no rule follows, since a crawler with
 * a group of its own no longer reads the "*" group.
 */
static void
take_agent(struct robots *r, struct agents *a, const struct robotstxt_line *l,
    const char *file, const struct reporter *rep)
{
	const char *v = l->value;
	size_t n = robotstxt_agent_token(v);
	char *agent = NULL;

	if (a->closed)
		agents_free(a);
	if (!robotstxt_agent_any(v)) {
		if (n == 0) {
			report(rep, FINDING_NOTE, "%s:%d: User-agent: %s names "
			    "no crawler; its rules are not carried over", file,
			    l->number, v);
			return;
		}
		agent = xstrndup(v, n);
		robots_name_group(r, agent);
	}
	a->v = xgrowarray(a->v, a->n, sizeof(*a->v));
	a->v[a->n++] = agent;
}

static void
take_rule(struct robots *r, const struct agents *a,
    const struct robotstxt_line *l, const char *admin, const char *file,
    const struct reporter *rep)
{
	int allow = l->key == ROBOTSTXT_ALLOW;
	const char *why;

	/* "Disallow:" with nothing after it forbids nothing. */
	if (l->value[0] == '\0')
		return;
	if (admin && reserved_pattern_names(l->value, admin)) {
		report(rep, FINDING_PROBLEM, "%s:%d: \"%s\" names the admin "
		    "path, which robots.txt must never publish; left out",
		    file, l->number, l->value);
		return;
	}
	for (size_t i = 0; i < a->n; i++)
		if (robots_add_rule(r, a->v[i], allow, l->value, &why) == -1) {
			if (!allow && strlen(l->value) > ROBOTS_PATTERN_MAX) {
				disallow_cut(r, a, l, file, rep);
				return;
			}
			report(rep, FINDING_NOTE, "%s:%d: %s: %.200s: %s; left "
			    "out", file, l->number, allow ? "Allow" :
			    "Disallow", l->value, why);
			return;
		}
}

/*
 * A Disallow longer than a line Google reads whole: its start, which
 * disallows all it did and more. Left out, it would allow what the
 * site's own file disallows.
 */
static void
disallow_cut(struct robots *r, const struct agents *a,
    const struct robotstxt_line *l, const char *file,
    const struct reporter *rep)
{
	size_t n = ROBOTS_PATTERN_MAX;
	char *cut;
	const char *why;

	/* Not within a %XX escape. */
	if (l->value[n - 1] == '%')
		n -= 1;
	else if (l->value[n - 2] == '%')
		n -= 2;
	cut = xstrndup(l->value, n);
	for (size_t i = 0; i < a->n; i++)
		if (robots_add_rule(r, a->v[i], 0, cut, &why) == -1) {
			report(rep, FINDING_NOTE, "%s:%d: Disallow: %.200s...: "
			    "%s; left out", file, l->number, l->value, why);
			free(cut);
			return;
		}
	report(rep, FINDING_NOTE, "%s:%d: Disallow: %.200s...: longer than "
	    "Google reads on one line; its first %zu bytes disallowed, which "
	    "is stricter", file, l->number, l->value, n);
	free(cut);
}

/*
 * A sitemap on another host is kept. One on the site's own (a host of
 * allowed_hosts; without them, any) is the generator's sitemap-index.xml
 * or per-locale sitemap, which lists what sitemapd leaves out: its own
 * takes that place.
 */
static void
take_sitemap(struct robots *r, const struct robotstxt_line *l,
    const struct host_policy *hosts, const char *file,
    const struct reporter *rep)
{
	struct buf target = BUF_INIT;
	enum head_target where = head_target(l->value, "/robots.txt", hosts,
	    &target);
	const char *why;

	buf_free(&target);
	if (where == HEAD_PATH || where == HEAD_SELF) {
		report(rep, FINDING_NOTE, "%s:%d: Sitemap: %s is on the site's "
		    "own host: sitemapd's sitemap is served in its place",
		    file, l->number, l->value);
		return;
	}
	if (robots_add_sitemap(r, l->value, &why) == -1)
		report(rep, FINDING_NOTE, "%s:%d: Sitemap: %s: %s; left out",
		    file, l->number, l->value, why);
}

/*
 * RSL's License line, global as the Sitemap lines are: kept, before any
 * group. 0 when the line is another key's.
 */
static int
take_license(struct robots *r, const struct robotstxt_line *l,
    const char *file, const struct reporter *rep)
{
	const char *url = l->value + strlen("license:"), *why;

	if (strncasecmp(l->value, "license:", strlen("license:")) != 0)
		return 0;
	url += strspn(url, " \t");
	if (robots_add_license(r, url, &why) == -1)
		report(rep, FINDING_NOTE, "%s:%d: License: %s: %s; left out",
		    file, l->number, url, why);
	return 1;
}

static void
agents_free(struct agents *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	*a = (struct agents){ NULL, 0, 0 };
}
