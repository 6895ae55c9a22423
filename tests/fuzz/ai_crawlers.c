/*
 * The list of AI crawlers, and [robots] content_signal and content_usage:
 * the first line is given to the preference readers and to one group, the
 * rest is read as a list. What is taken must be what the forms allow, and
 * what is written must read back the same.
 */
#include <stdlib.h>
#include <string.h>

#include "ai_crawlers.h"
#include "escape.h"
#include "fuzz.h"
#include "robots_matcher.h"
#include "robots_writer.h"
#include "usage_prefs.h"

static void	prefs(const char *);
static void	lines(const char *);
static int	name_held(const struct ai_crawler *);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *rest;
	struct ai_crawlers list;
	struct buf why = BUF_INIT;

	memcpy(text, data, size);
	text[size] = '\0';
	rest = strchr(text, '\n');
	if (rest != NULL)
		*rest++ = '\0';
	prefs(text);
	lines(text);
	if (rest && ai_crawlers_parse(rest, size - (size_t)(rest - text),
	    "list", &list, &why) == 0) {
		for (size_t i = 0; i < list.n; i++)
			if (list.v[i].class >= AI_CLASSES ||
			    !name_held(&list.v[i]))
				abort();
		ai_crawlers_free(&list);
	}
	buf_free(&why);
	free(text);
	return 0;
}

/* Taken once, written back, taken again: the same. */
static void
prefs(const char *value)
{
	char *path, *said, *again, *path2;
	const char *why;

	if (content_signal_parse(value, &said, &why) == 0) {
		if (strpbrk(said, "\n#") || content_signal_parse(said, &again,
		    &why) != 0 || strcmp(said, again) != 0)
			abort();
		free(again);
		free(said);
	}
	if (usage_prefs_parse(value, &path, &said, &why) == 0) {
		if (strpbrk(said, "\n#") || usage_prefs_parse(said, &path2,
		    &again, &why) != 0 || path2 != NULL ||
		    strcmp(said, again) != 0)
			abort();
		free(again);
		free(said);
		free(path);
	}
}

/* In a group, the lines written break no other line of robots.txt. */
static void
lines(const char *value)
{
	struct robots r;
	struct reserved none = { 0 };
	struct buf text = BUF_INIT, why = BUF_INIT;
	const char *reason;

	robots_init(&r);
	(void)robots_add_content_usage(&r, "GPTBot", value, &reason);
	(void)robots_set_content_signal(&r, NULL, value, &reason);
	if (robots_finish(&r, &none, &why) == 0) {
		robots_render(&r, "http://x", &text);
		for (const char *l = text.data; l && *l; l = strchr(l, '\n') + 1)
			if (strncmp(l, "User-agent: ", 12) != 0 &&
			    strncmp(l, "Content-", 8) != 0 &&
			    strncmp(l, "Disallow:", 9) != 0 &&
			    strncmp(l, "Allow: ", 7) != 0 &&
			    strncmp(l, "Sitemap: ", 9) != 0 && *l != '\n')
				abort();
		if (strchr(text.data, '#'))
			abort();
	}
	buf_free(&text);
	buf_free(&why);
	robots_free(&r);
}

/*
 * A product token robots.txt may hold, or a User-Agent's name that only
 * ai-block's rules hold: one their regular expression can carry.
 */
static int
name_held(const struct ai_crawler *c)
{
	struct buf re = BUF_INIT;
	const char *t = c->token;
	size_t n = strlen(t);
	int held;

	if (!(c->flags & AI_UA_ONLY))
		return robotstxt_agent_valid(t);
	held = n > 0 && !robotstxt_agent_valid(t) && t[0] != ' ' &&
	    t[n - 1] != ' ' && strspn(t, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-") == n &&
	    escape_regex(&re, t) == 0;
	buf_free(&re);
	return held;
}
