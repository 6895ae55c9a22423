/*
 * The list of AI crawlers, and [robots] content_signal and content_usage:
 * the first line is given to both setters, the rest is read as a list.
 * What is taken must be what the forms allow.
 */
#include <stdlib.h>
#include <string.h>

#include "ai_crawlers.h"
#include "fuzz.h"
#include "robots_matcher.h"
#include "robots_writer.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *rest;
	struct ai_crawlers list;
	struct buf why = BUF_INIT;
	struct robots r;
	const char *reason;

	memcpy(text, data, size);
	text[size] = '\0';
	rest = strchr(text, '\n');
	if (rest != NULL)
		*rest++ = '\0';
	robots_init(&r);
	if (robots_set_content_signal(&r, text, &reason) == 0 &&
	    (strchr(r.content_signal, '\n') || strchr(r.content_signal, '#')))
		abort();	/* would break the line it is written on */
	if (robots_set_content_usage(&r, text, &reason) == 0 &&
	    (strchr(r.content_usage, '\n') || strchr(r.content_usage, '#')))
		abort();
	robots_free(&r);
	if (rest && ai_crawlers_parse(rest, size - (size_t)(rest - text),
	    "list", &list, &why) == 0) {
		for (size_t i = 0; i < list.n; i++)
			if (list.v[i].class >= AI_CLASSES ||
			    !robotstxt_agent_valid(list.v[i].token))
				abort();
		ai_crawlers_free(&list);
	}
	buf_free(&why);
	free(text);
	return 0;
}
