/*
 * ai.robots.txt's robots.json (github.com/ai-robots-txt/ai.robots.txt),
 * the community list most site owners copy, read as a list of AI
 * crawlers: each entry's function gives its class, its respect field
 * whether it may ignore robots.txt and whether its operator documents it.
 */
#ifndef SITEMAPD_AI_ROBOTS_JSON_H
#define SITEMAPD_AI_ROBOTS_JSON_H

#include <stddef.h>

#include "ai_crawlers.h"
#include "buf.h"

/*
 * Reads text (len bytes, a JSON object of entries), called file in
 * messages, into list. A name that is no product token is kept in
 * list->skipped, never in the list. Returns 0, or -1 with the reason.
 */
int	ai_robots_json_parse(const char *text, size_t len, const char *file,
	    struct ai_crawlers *list, struct buf *why);

#endif
