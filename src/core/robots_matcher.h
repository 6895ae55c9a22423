/*
 * Any robots.txt, read and matched exactly as Google's open-source
 * reference parser (google/robotstxt) does, which implements RFC 9309 with
 * Google's leniencies: the typos it accepts, a missing colon, a byte order
 * mark, the index.html rule and a line cut at 16,663 bytes.
 */
#ifndef SITEMAPD_ROBOTS_MATCHER_H
#define SITEMAPD_ROBOTS_MATCHER_H

#include <stddef.h>

#include "buf.h"

/*
 * Longer lines are cut here, not dropped: 8 times the longest URL some
 * browsers take, as Google does, less the byte its buffer keeps for NUL.
 */
#define ROBOTSTXT_LINE_MAX	(2083 * 8 - 1)

enum robotstxt_key {
	ROBOTSTXT_USER_AGENT, ROBOTSTXT_ALLOW, ROBOTSTXT_DISALLOW,
	ROBOTSTXT_SITEMAP, ROBOTSTXT_UNKNOWN
};

struct robotstxt_line {
	enum robotstxt_key key;
	int	 number;	/* 1-based, as CR, LF and CRLF count */
	char	*value;		/* rules: escaped; an unknown key's
				   line: "key: value" */
};

/* The lines that hold a key and a value, in order. */
struct robotstxt {
	struct robotstxt_line *v;
	size_t	 n;
};

void	robotstxt_parse(struct robotstxt *, const char *body, size_t len);
void	robotstxt_free(struct robotstxt *);

/*
 * 1 when agent (a product token such as "Googlebot", compared as given)
 * may fetch url, else 0. url is a full URL or a path, already
 * percent-encoded. *line, when asked, gets the deciding rule's line
 * number, or 0 when no rule decided.
 */
int	robotstxt_allowed(const struct robotstxt *, const char *agent,
	    const char *url, int *line);
/* The same for a path that starts with "/" and has no fragment. */
int	robotstxt_path_allowed(const struct robotstxt *, const char *agent,
	    const char *path, int *line);

/* Appends the path, params and query of url; "/" when it has none. */
void	robotstxt_path_of(const char *url, struct buf *out);
/*
 * Google's leniency: "Allow: /d/index.htm..." also allows "/d/". Appends
 * that directory's pattern, "/d/$", and returns 1, or returns 0.
 */
int	robotstxt_index_dir(const char *pattern, struct buf *dir);
/* True when pattern (with "*" and a final "$") matches path from its start. */
int	robotstxt_matches(const char *path, const char *pattern);
/* What a User-agent value names: every crawler ("*", then anything)... */
int	robotstxt_agent_any(const char *value);
/* ...or the product token it starts with: its length, 0 for none. */
size_t	robotstxt_agent_token(const char *value);
/* True when agent is a whole product token: [A-Za-z_-]+. */
int	robotstxt_agent_valid(const char *agent);

#endif
