/*
 * The robots.txt matcher: the first line is the agent, the second the URL,
 * the rest the robots.txt. Its lines also go to the INI's rule builder,
 * which orders them and reads its own output back.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "robots_writer.h"
#include "robots_matcher.h"

/* Enough rules to order; more only slow the search down. */
#define RULES_MAX	40

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *agent = text, *url, *body, *line;
	struct robotstxt rt;
	struct reserved reserved;
	struct robots r;
	struct buf why = BUF_INIT;
	const char *reason;
	int rules = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	if ((url = strchr(agent, '\n')) == NULL)
		goto out;
	*url++ = '\0';
	if ((body = strchr(url, '\n')) == NULL)
		goto out;
	*body++ = '\0';
	robotstxt_parse(&rt, body, size - (size_t)(body - text));
	(void)robotstxt_allowed(&rt, agent, url, NULL);
	robotstxt_free(&rt);

	reserved_init(&reserved);
	robots_init(&r);
	for (line = strtok(body, "\n"); line && rules < RULES_MAX;
	    line = strtok(NULL, "\n"), rules++)
		(void)robots_add_rule(&r, rules % 3 ? NULL : agent,
		    rules % 2, line, &reason);
	if (robots_finish(&r, &reserved, &why) == 0)
		(void)robots_allows(&r, url);
	robots_free(&r);
	reserved_free(&reserved);
	buf_free(&why);
out:
	free(text);
	return 0;
}
