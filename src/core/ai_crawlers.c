/*
 * The list of AI crawlers: "class token [flag ...]" lines, an "updated
 * YYYY-MM-DD" line, # comments; or ai.robots.txt's robots.json
 * (github.com/ai-robots-txt/ai.robots.txt), read as sitemapd.ini(5),
 * ai_crawlers, says: the class is the first of these the entry's
 * "function" names, in any case:
 *	search	"search"
 *	user	"assistant", "agent", "user", "prompt"
 *	train	anything else: scrapers, data providers, training
 * "respect" of No marks it may-ignore-robots; one that links to no page
 * (its operator says nothing the list could cite) marks it undocumented.
 * A name that is no product token is still a name a User-Agent carries
 * ("AI2Bot", "Kangaroo Bot"): the web server rules of ai-block match it,
 * robots.txt cannot name it (Google's parser would read "AI2Bot" as
 * "AI").
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "ai_crawlers.h"
#include "ai_crawlers_list.h"	/* made from etc/ai-crawlers by make */
#include "ascii.h"
#include "file.h"
#include "robots_matcher.h"

/* Far more than there are AI crawlers; a list past it is no such list. */
#define AI_CRAWLERS_MAX		1000
#define AI_CRAWLERS_BYTES	(256 * 1024)
/* Words on a line: a class, a token and each flag once. */
#define WORDS_MAX		5
/* Nesting past this is no robots.json: refused before json-c recurses. */
#define DEPTH_MAX		8
/* Longer than any crawler's name in a User-Agent. */
#define UA_NAME_MAX		64

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
static int	name_kind(char *name, int versioned);
static int	is_alnum(char);
static int	json_parse(const char *, size_t, const char *,
		    struct ai_crawlers *, struct buf *);
static enum ai_class class_of(const char *function);
static unsigned	flags_of(const char *respect);
static const char *text_of(struct json_object *, const char *key);
static int	contains(const char *, const char *const *);
static struct ai_crawler *listed(const struct ai_crawlers *, const char *);

int
ai_crawlers_parse(const char *text, size_t len, const char *file,
    struct ai_crawlers *list, struct buf *why)
{
	const char *end = text + len, *reason, *first = text;
	int number = 1;

	while (first < end && ascii_in((unsigned char)*first, ASCII_SPACE))
		first++;
	if (first < end && *first == '{')
		return json_parse(text, len, file, list, why);
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
	int c, kind;

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
	/* "Kangaroo Bot": a name with blanks is quoted. */
	if (w[1].n >= 2 && w[1].s[0] == '"' && w[1].s[w[1].n - 1] == '"')
		token = xstrndup(w[1].s + 1, w[1].n - 2);
	else
		token = xstrndup(w[1].s, w[1].n);
	*why = NULL;
	if ((kind = name_kind(token, 0)) == -1)
		*why = "a crawler is named by its product token ([A-Za-z_-]+, "
		    "RFC 9309) or, in quotes, by the words of its User-Agent "
		    "(letters, digits, blanks, \".\", \"_\", \"-\")";
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
	    found | (unsigned)kind, 1u << c };
	return 0;
}

/*
 * The words of a line before any "#": up to WORDS_MAX + 1 of them, a
 * word in quotes with its blanks and quotes.
 */
static size_t
split(const char *p, const char *end, struct word *w)
{
	const char *hash = memchr(p, '#', (size_t)(end - p));
	const char *quote;
	size_t n = 0;

	if (hash)
		end = hash;
	for (;;) {
		ascii_trim(&p, &end, ASCII_SPACE);
		if (p == end || n == WORDS_MAX + 1)
			return n;
		w[n].s = p;
		if (*p == '"' && (quote = memchr(p + 1, '"',
		    (size_t)(end - p - 1))) != NULL)
			p = quote + 1;
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

/*
 * robots.json: a JSON object of entries. A name no User-Agent could
 * carry is kept in list->skipped, never in the list.
 */
static int
json_parse(const char *text, size_t len, const char *file,
    struct ai_crawlers *list, struct buf *why)
{
	json_tokener *tok = json_tokener_new_ex(DEPTH_MAX);
	struct json_object *root;
	struct ai_crawler *same;
	enum ai_class c;
	char *token;
	int rc = -1, full = 0, kind;

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
			token = xstrdup(name);
			if ((kind = name_kind(token, 0)) == -1) {
				list->skipped = xgrowarray(list->skipped,
				    list->nskipped, sizeof(*list->skipped));
				list->skipped[list->nskipped++] = token;
				continue;
			}
			/*
			 * The list holds some twice, in two cases, maybe of
			 * two classes: one crawler, of each.
			 */
			if ((same = listed(list, token)) != NULL) {
				same->classes |= 1u << class_of(text_of(entry,
				    "function"));
				free(token);
				continue;
			}
			if (list->n == AI_CRAWLERS_MAX) {
				free(token);
				buf_printf(why, "%s: more than %d crawlers",
				    file, AI_CRAWLERS_MAX);
				full = 1;
				break;
			}
			list->v = xgrowarray(list->v, list->n,
			    sizeof(*list->v));
			c = class_of(text_of(entry, "function"));
			list->v[list->n++] = (struct ai_crawler){ c, token,
			    flags_of(text_of(entry, "respect")) |
			    (unsigned)kind, 1u << c };
		}
		rc = full ? -1 : 0;
	}
	if (root != NULL)
		json_object_put(root);
	json_tokener_free(tok);
	if (rc == -1)
		ai_crawlers_free(list);
	return rc;
}

/*
 * What a name of the list is, once a "/1.0" after it is cut where the
 * list is versioned: a product token (0), the words a User-Agent carries
 * (AI_UA_ONLY: a letter or digit at each end, letters, digits, single
 * blanks, "." "_" "-" between), or neither (-1).
 */
static int
name_kind(char *name, int versioned)
{
	char *slash = strchr(name, '/');
	size_t n;

	if (versioned && slash != NULL)
		*slash = '\0';
	if (robotstxt_agent_valid(name))
		return 0;
	n = strlen(name);
	if (n == 0 || n > UA_NAME_MAX || !is_alnum(name[0]) ||
	    !is_alnum(name[n - 1]))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!is_alnum(name[i]) && !ascii_in(name[i], "._-") &&
		    !(name[i] == ' ' && name[i + 1] != ' '))
			return -1;
	return AI_UA_ONLY;
}

static int
is_alnum(char c)
{
	return ascii_is_alpha(c) || ascii_is_digit(c);
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
	unsigned said = 0;

	respect += *respect == '[';
	if (strncasecmp(respect, "no", 2) == 0 &&
	    !(respect[2] >= 'a' && respect[2] <= 'z'))
		said |= AI_MAY_IGNORE_ROBOTS;
	if (strstr(respect, "](http") == NULL)
		said |= AI_UNDOCUMENTED;
	return said;
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

/* The crawler of the list named name, in any case, or NULL. */
static struct ai_crawler *
listed(const struct ai_crawlers *list, const char *name)
{
	for (size_t i = 0; i < list->n; i++)
		if (strcasecmp(list->v[i].token, name) == 0)
			return &list->v[i];
	return NULL;
}
