/*
 * robots.json read as sitemapd's list (sitemapd.ini(5), ai_crawlers, says
 * the mapping): the class is the first of these the entry's "function"
 * names, in any case:
 *	search	"search"
 *	user	"assistant", "agent", "user", "prompt"
 *	train	anything else: scrapers, data providers, training
 * "respect" of No marks it may-ignore-robots; one that links to no page
 * (its operator says nothing the list could cite) marks it undocumented.
 */
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "ai_robots_json.h"
#include "robots_matcher.h"

/* Nesting past this is no robots.json: refused before json-c recurses. */
#define DEPTH_MAX	8

static enum ai_class	class_of(const char *function);
static unsigned		flags_of(const char *respect);
static const char	*text_of(struct json_object *, const char *key);
static int		contains(const char *, const char *const *);
static int		listed(const struct ai_crawlers *, const char *);

int
ai_robots_json_parse(const char *text, size_t len, const char *file,
    struct ai_crawlers *list, struct buf *why)
{
	json_tokener *tok = json_tokener_new_ex(DEPTH_MAX);
	struct json_object *root;
	int rc = -1;

	memset(list, 0, sizeof(*list));
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (root == NULL || json_tokener_get_error(tok) != json_tokener_success)
		buf_printf(why, "%s: not JSON (%s)", file,
		    json_tokener_error_desc(json_tokener_get_error(tok)));
	else if (!json_object_is_type(root, json_type_object))
		buf_printf(why, "%s: robots.json is one object of crawlers",
		    file);
	else {
		json_object_object_foreach(root, name, entry) {
			if (!robotstxt_agent_valid(name)) {
				list->skipped = xgrowarray(list->skipped,
				    list->nskipped, sizeof(*list->skipped));
				list->skipped[list->nskipped++] = xstrdup(name);
				continue;
			}
			/* The list holds some twice, in two cases. */
			if (listed(list, name))
				continue;
			list->v = xgrowarray(list->v, list->n,
			    sizeof(*list->v));
			list->v[list->n++] = (struct ai_crawler){
			    class_of(text_of(entry, "function")),
			    xstrdup(name), flags_of(text_of(entry, "respect")) };
		}
		rc = 0;
	}
	if (root != NULL)
		json_object_put(root);
	json_tokener_free(tok);
	if (rc == -1)
		ai_crawlers_free(list);
	return rc;
}

static enum ai_class
class_of(const char *function)
{
	static const char *const search[] = { "search", NULL };
	static const char *const user[] = { "assistant", "agent", "user",
	    "prompt", NULL };

	if (contains(function, search))
		return AI_SEARCH;
	if (contains(function, user))
		return AI_USER;
	return AI_TRAIN;
}

/* "No", "[No](...)", "Yes", "[Yes](...)", "Unclear at this time." */
static unsigned
flags_of(const char *respect)
{
	unsigned flags = 0;

	respect += *respect == '[';
	if (strncasecmp(respect, "no", 2) == 0 &&
	    !(respect[2] >= 'a' && respect[2] <= 'z'))
		flags |= AI_MAY_IGNORE_ROBOTS;
	if (strstr(respect, "](http") == NULL)
		flags |= AI_UNDOCUMENTED;
	return flags;
}

/* The string at key, or "" when there is none. */
static const char *
text_of(struct json_object *entry, const char *key)
{
	struct json_object *v;

	if (!json_object_is_type(entry, json_type_object) ||
	    !json_object_object_get_ex(entry, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return "";
	return json_object_get_string(v);
}

/* Whether s holds one of words, in any case. */
static int
contains(const char *s, const char *const *words)
{
	for (; *words; words++)
		for (const char *p = s; *p; p++)
			if (strncasecmp(p, *words, strlen(*words)) == 0)
				return 1;
	return 0;
}

static int
listed(const struct ai_crawlers *list, const char *name)
{
	for (size_t i = 0; i < list->n; i++)
		if (strcasecmp(list->v[i].token, name) == 0)
			return 1;
	return 0;
}
