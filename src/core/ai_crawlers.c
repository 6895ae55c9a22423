/* The list of AI crawlers by class: "class token" lines, # comments. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "ai_crawlers.h"
#include "ascii.h"
#include "file.h"
#include "robots_matcher.h"

/* Far more than there are AI crawlers; a list past it is no such list. */
#define AI_CRAWLERS_MAX		1000
#define AI_CRAWLERS_BYTES	(256 * 1024)

const char *const ai_class_names[AI_CLASSES] = {
	[AI_TRAIN] = "train", [AI_SEARCH] = "search", [AI_USER] = "user",
};

static int	take_line(const char *, const char *, struct ai_crawlers *,
		    const char **);

int
ai_crawlers_parse(const char *text, size_t len, const char *file,
    struct ai_crawlers *list, struct buf *why)
{
	const char *end = text + len, *reason;
	int number = 1;

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
ai_crawlers_read(const char *path, struct ai_crawlers *list, struct buf *why)
{
	struct buf text = BUF_INIT;
	const char *cause;
	int rc;

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
ai_crawlers_free(struct ai_crawlers *list)
{
	for (size_t i = 0; i < list->n; i++)
		free(list->v[i].token);
	free(list->v);
	memset(list, 0, sizeof(*list));
}

/* One line from line to end: blank, a comment, or a class and a token. */
static int
take_line(const char *line, const char *end, struct ai_crawlers *list,
    const char **why)
{
	const char *p = line, *class, *token;
	size_t nclass, ntoken;
	char *t;
	int c;

	if (memchr(line, '#', (size_t)(end - line)) != NULL)
		end = memchr(line, '#', (size_t)(end - line));
	ascii_trim(&p, &end, ASCII_SPACE);
	if (p == end)
		return 0;
	class = p;
	while (p < end && !ascii_in((unsigned char)*p, ASCII_SPACE))
		p++;
	nclass = (size_t)(p - class);
	ascii_trim(&p, &end, ASCII_SPACE);
	token = p;
	ntoken = (size_t)(end - p);
	for (c = 0; c < AI_CLASSES; c++)
		if (strlen(ai_class_names[c]) == nclass &&
		    strncmp(ai_class_names[c], class, nclass) == 0)
			break;
	if (c == AI_CLASSES) {
		*why = "expected a class (train, search or user), then a "
		    "crawler's product token";
		return -1;
	}
	t = xstrndup(token, ntoken);
	if (!robotstxt_agent_valid(t)) {
		free(t);
		*why = "a crawler is named by its product token ([A-Za-z_-]+)";
		return -1;
	}
	if (list->n == AI_CRAWLERS_MAX) {
		free(t);
		*why = "more than 1000 crawlers";
		return -1;
	}
	list->v = xgrowarray(list->v, list->n, sizeof(*list->v));
	list->v[list->n++] = (struct ai_crawler){ (enum ai_class)c, t };
	return 0;
}
