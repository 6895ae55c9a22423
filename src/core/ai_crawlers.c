/*
 * The list of AI crawlers: "class token [flag ...]" lines, an "updated
 * YYYY-MM-DD" line, # comments; or robots.json, which ai_robots_json.c
 * reads.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai_crawlers.h"
#include "ai_crawlers_list.h"	/* made from etc/ai-crawlers by make */
#include "ai_robots_json.h"
#include "ascii.h"
#include "file.h"
#include "robots_matcher.h"

/* Far more than there are AI crawlers; a list past it is no such list. */
#define AI_CRAWLERS_MAX		1000
#define AI_CRAWLERS_BYTES	(256 * 1024)
/* Words on a line: a class, a token and each flag once. */
#define WORDS_MAX		5

const char *const ai_class_names[AI_CLASSES] = {
	[AI_TRAIN] = "train", [AI_SEARCH] = "search", [AI_USER] = "user",
};

static const struct {
	const char	*name;
	unsigned	 flag;
} flags[] = {
	{ "may-ignore-robots", AI_MAY_IGNORE_ROBOTS },
	{ "robots-only", AI_ROBOTS_ONLY },
	{ "undocumented", AI_UNDOCUMENTED },
};

struct word {
	const char	*s;
	size_t		 n;
};

static int	take_line(const char *, const char *, struct ai_crawlers *,
		    const char **);
static size_t	split(const char *, const char *, struct word *);
static int	is(struct word, const char *);
static int	is_date(struct word);

int
ai_crawlers_parse(const char *text, size_t len, const char *file,
    struct ai_crawlers *list, struct buf *why)
{
	const char *end = text + len, *reason, *first = text;
	int number = 1;

	while (first < end && ascii_in((unsigned char)*first, ASCII_SPACE))
		first++;
	if (first < end && *first == '{')
		return ai_robots_json_parse(text, len, file, list, why);
	memset(list, 0, sizeof(*list));
	for (const char *line = text; line < end; number++) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		const char *stop = nl ? nl : end;

		if (take_line(line, stop, list, &reason) == -1) {
			buf_printf(why, "%s:%d: %s", file, number, reason);
			ai_crawlers_free(list);
			return -1;
		}
		line = stop + 1;
	}
	return 0;
}

int
ai_crawlers_load(const char *path, struct ai_crawlers *list, struct buf *why)
{
	struct buf text = BUF_INIT;
	const char *cause;
	int rc;

	if (path == NULL)
		return ai_crawlers_parse(ai_crawlers_builtin,
		    sizeof(ai_crawlers_builtin) - 1, AI_CRAWLERS_BUILTIN, list,
		    why);
	if (file_read(AT_FDCWD, path, 0, AI_CRAWLERS_BYTES, &text,
	    &cause) == -1) {
		buf_printf(why, "%s: %s", path, cause);
		buf_free(&text);
		return -1;
	}
	rc = ai_crawlers_parse(text.data ? text.data : "", text.len, path,
	    list, why);
	buf_free(&text);
	return rc;
}

void
ai_crawlers_describe(const char *path, struct buf *out)
{
	struct ai_crawlers list;
	struct buf why = BUF_INIT;

	buf_adds(out, path ? path : AI_CRAWLERS_BUILTIN);
	if (ai_crawlers_load(path, &list, &why) == -1)
		buf_printf(out, " (%s)", buf_str(&why));
	else {
		size_t undocumented = 0;

		for (size_t i = 0; i < list.n; i++)
			undocumented += !!(list.v[i].flags & AI_UNDOCUMENTED);
		if (list.updated[0])
			buf_printf(out, " of %s", list.updated);
		buf_printf(out, ", %zu crawlers", list.n);
		if (undocumented)
			buf_printf(out, ", %zu undocumented", undocumented);
		ai_crawlers_free(&list);
	}
	buf_free(&why);
}

void
ai_crawlers_free(struct ai_crawlers *list)
{
	for (size_t i = 0; i < list->n; i++)
		free(list->v[i].token);
	free(list->v);
	for (size_t i = 0; i < list->nskipped; i++)
		free(list->skipped[i]);
	free(list->skipped);
	memset(list, 0, sizeof(*list));
}

/* One line from line to end: blank, a comment, the date or a crawler. */
static int
take_line(const char *line, const char *end, struct ai_crawlers *list,
    const char **why)
{
	struct word w[WORDS_MAX + 1];
	size_t n = split(line, end, w), f;
	unsigned found = 0;
	char *token;
	int c;

	if (n == 0)
		return 0;
	if (is(w[0], "updated")) {
		if (n != 2 || !is_date(w[1]))
			*why = "write the date as updated YYYY-MM-DD";
		else if (list->updated[0])
			*why = "updated is given twice";
		else {
			memcpy(list->updated, w[1].s, 10);
			return 0;
		}
		return -1;
	}
	for (c = 0; c < AI_CLASSES && !is(w[0], ai_class_names[c]); c++)
		;
	if (c == AI_CLASSES || n < 2) {
		*why = "expected a class (train, search or user), then a "
		    "crawler's product token";
		return -1;
	}
	token = xstrndup(w[1].s, w[1].n);
	*why = NULL;
	if (!robotstxt_agent_valid(token))
		*why = "a crawler is named by its product token ([A-Za-z_-]+, "
		    "RFC 9309)";
	for (size_t i = 0; *why == NULL && i < list->n; i++)
		if (strcasecmp(list->v[i].token, token) == 0)
			*why = "the crawler is listed twice";
	for (size_t i = 2; *why == NULL && i < n; i++) {
		for (f = 0; f < sizeof(flags) / sizeof(flags[0]) &&
		    !is(w[i], flags[f].name); f++)
			;
		if (f == sizeof(flags) / sizeof(flags[0]) || i == WORDS_MAX)
			*why = "after the product token ([A-Za-z_-]+, no "
			    "blank): may-ignore-robots, robots-only or "
			    "undocumented";
		else
			found |= flags[f].flag;
	}
	if (*why == NULL && list->n == AI_CRAWLERS_MAX)
		*why = "more than 1000 crawlers";
	if (*why) {
		free(token);
		return -1;
	}
	list->v = xgrowarray(list->v, list->n, sizeof(*list->v));
	list->v[list->n++] = (struct ai_crawler){ (enum ai_class)c, token,
	    found };
	return 0;
}

/* The words of a line before any "#": up to WORDS_MAX + 1 of them. */
static size_t
split(const char *p, const char *end, struct word *w)
{
	const char *hash = memchr(p, '#', (size_t)(end - p));
	size_t n = 0;

	if (hash)
		end = hash;
	for (;;) {
		ascii_trim(&p, &end, ASCII_SPACE);
		if (p == end || n == WORDS_MAX + 1)
			return n;
		w[n].s = p;
		while (p < end && !ascii_in((unsigned char)*p, ASCII_SPACE))
			p++;
		w[n].n = (size_t)(p - w[n].s);
		n++;
	}
}

static int
is(struct word w, const char *name)
{
	return strlen(name) == w.n && strncmp(name, w.s, w.n) == 0;
}

static int
is_date(struct word w)
{
	static const char form[] = "dddd-dd-dd";

	if (w.n != sizeof(form) - 1)
		return 0;
	for (size_t i = 0; i < w.n; i++)
		if (form[i] == 'd' ? !ascii_in((unsigned char)w.s[i],
		    "0123456789") : w.s[i] != form[i])
			return 0;
	return 1;
}
