/*
 * The aipref vocabulary and Cloudflare's Content Signals, read strictly:
 * a label a crawler would ignore, or a value it would take as "unknown",
 * is a typo here, refused with what the form does have.
 */
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "buf.h"
#include "usage_prefs.h"

#define LCALPHA		"abcdefghijklmnopqrstuvwxyz"
#define DIGIT		"0123456789"
#define ALPHA		LCALPHA "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
/*
 * RFC 9110's tchar, with ":" and "/" as RFC 9651 tokens have them, but
 * "#": robots.txt ends a line's value there. Strings are refused it too.
 */
#define TOKEN_CHARS	ALPHA DIGIT "!$%&'*+-.^_`|~:/"
/* The draft's labels, and those it dropped in 2025. */
static const char *const labels[] = { "train-ai", "search", NULL };
static const char *const dropped[] = { "bots", "train-genai", "ai-use",
    NULL };

static int	member(const char **, struct buf *, unsigned *, const char **);
static int	parameters(const char **, struct buf *, const char **);
static int	bare_item(const char **);
static int	yes_or_no(const char *);
static size_t	key(const char *);
static int	listed(const char *, size_t, const char *const *);

int
usage_prefs_parse(const char *value, char **path, char **prefs,
    const char **why)
{
	struct buf out = BUF_INIT;
	const char *p = value;
	unsigned seen = 0;

	*path = NULL;
	*why = NULL;
	if (*p == '/') {	/* the attach draft: a path, then blanks */
		size_t n = strcspn(p, " \t");

		*path = xstrndup(p, n);
		p += n + strspn(p + n, " \t");
		/* More path before the first label: a blank was in it. */
		if (memchr(p, '/', strcspn(p, "=,")) != NULL) {
			free(*path);
			*path = NULL;
			*why = USAGE_PATH_BLANK;
			return -1;
		}
	}
	while (*why == NULL && member(&p, &out, &seen, why) == 0) {
		p += strspn(p, " \t");
		if (*p == '\0')
			break;
		if (*p != ',') {
			*why = "members are separated by \",\"";
			break;
		}
		p += 1 + strspn(p + 1, " \t");
		buf_adds(&out, ", ");
	}
	if (*why) {
		free(*path);
		*path = NULL;
		buf_free(&out);
		return -1;
	}
	*prefs = out.data;
	return 0;
}

int
content_signal_parse(const char *value, char **prefs, const char **why)
{
	static const char *const names[] = { "search", "ai-input", "ai-train",
	    NULL };
	struct buf said = BUF_INIT;
	const char *p = value;
	unsigned seen = 0;

	*why = NULL;
	while (*why == NULL) {
		const char *item = p, *end = p + strcspn(p, ","), *eq;
		size_t n, i;

		ascii_trim(&item, &end, ASCII_SPACE);
		eq = memchr(item, '=', (size_t)(end - item));
		n = eq ? (size_t)(eq - item) : 0;
		for (i = 0; eq && names[i] && (strlen(names[i]) != n ||
		    strncmp(names[i], item, n) != 0); i++)
			;
		if (eq == NULL || names[i] == NULL)
			*why = "a name it does not take";
		else if (!(end - eq - 1 == 3 && strncmp(eq + 1, "yes", 3) == 0) &&
		    !(end - eq - 1 == 2 && strncmp(eq + 1, "no", 2) == 0))
			*why = "a value it does not take";
		else if (seen & 1u << i)
			*why = "a name given twice";
		else {
			seen |= 1u << i;
			buf_printf(&said, "%s%.*s", said.len ? ", " : "",
			    (int)(end - item), item);
		}
		if (*(p += strcspn(p, ",")) == '\0')
			break;
		p++;
	}
	if (*why) {
		buf_free(&said);
		return -1;
	}
	*prefs = said.data;
	return 0;
}

/* One member of the dictionary at *p: a label, "=y" or "=n", parameters. */
static int
member(const char **p, struct buf *out, unsigned *seen, const char **why)
{
	size_t n = key(*p);
	int i;

	for (i = 0; labels[i] && !(strlen(labels[i]) == n &&
	    strncmp(labels[i], *p, n) == 0); i++)
		;
	if (n == 0 && (**p == ',' || **p == '\0'))
		*why = "an empty member after a comma";
	else if (n > 0 && labels[i] == NULL && listed(*p, n, dropped))
		*why = "a label the vocabulary dropped in 2025";
	else if (labels[i] == NULL)
		*why = "a label the vocabulary does not have";
	else if (*seen & 1u << i)
		*why = "a label given twice, where only the last counts";
	else if (!yes_or_no(*p + n))
		*why = "a value it does not take";
	if (*why)
		return -1;
	*seen |= 1u << i;
	buf_add(out, *p, n + 2);
	*p += n + 2;
	return parameters(p, out, why);
}

/* ";key" or ";key=item", each as RFC 9651 has them; kept as written. */
static int
parameters(const char **p, struct buf *out, const char **why)
{
	while (**p == ';') {
		const char *start = *p;
		size_t n;

		*p += 1 + strspn(*p + 1, " ");
		if ((n = key(*p)) == 0) {
			*why = "a parameter is named as a label is";
			return -1;
		}
		*p += n;
		if (**p == '=') {
			++*p;
			if (bare_item(p) == -1) {
				*why = "a parameter's value is a token, a "
				    "\"string\", an integer, ?0 or ?1";
				return -1;
			}
		}
		buf_add(out, start, (size_t)(*p - start));
	}
	return 0;
}

/* A token, a string, an integer or a boolean at *p: past it, or -1. */
static int
bare_item(const char **p)
{
	const char *s = *p, *digits = s + (*s == '-');
	size_t n;

	if (*s == '"') {
		for (s++; *s != '"'; s++) {
			if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
				s++;
			else if (*s < ' ' || *s > '~' || *s == '\\' ||
			    *s == '#')
				return -1;
		}
		s++;
	} else if (*s == '?' && (s[1] == '0' || s[1] == '1'))
		s += 2;
	else if ((n = strspn(digits, DIGIT)) > 0) {
		if (n > 15)
			return -1;
		s = digits + n;
	} else if (*s != '\0' && strchr(ALPHA "*", *s) != NULL)
		s += strspn(s, TOKEN_CHARS);
	else
		return -1;
	*p = s;
	return 0;
}

/* "=y" or "=n" at s, the whole token. */
static int
yes_or_no(const char *s)
{
	return s[0] == '=' && (s[1] == 'y' || s[1] == 'n') &&
	    (s[2] == '\0' || strchr(TOKEN_CHARS, s[2]) == NULL);
}

/* The length of the key at s: lcalpha or "*", then lcalpha, digits, _-.*. */
static size_t
key(const char *s)
{
	if (*s == '\0' || strchr(LCALPHA "*", *s) == NULL)
		return 0;
	return 1 + strspn(s + 1, LCALPHA DIGIT "_-.*");
}

static int
listed(const char *s, size_t n, const char *const *names)
{
	for (; *names; names++)
		if (strlen(*names) == n && strncmp(*names, s, n) == 0)
			return 1;
	return 0;
}
