#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ron.h"

/* Deeper nesting than any sidecar needs is refused, not recursed into. */
#define RON_MAX_DEPTH	64

static int
fail(struct ron *r, const char *why)
{
	if (r->err == NULL) {
		r->err = why;
		r->errpos = r->p;
	}
	return -1;
}

/* Rejects overlong forms, surrogates and code points past U+10FFFF. */
static const char *
utf8_invalid_at(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned char c = s[i];
		size_t len;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			cp = c & 0x07;
		} else
			return (const char *)s + i;
		if (n - i < len)
			return (const char *)s + i;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return (const char *)s + i;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return (const char *)s + i;
		i += len;
	}
	return NULL;
}

void
ron_init(struct ron *r, const char *text, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->start = r->p = text;
	r->end = text + len;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r->p += 3;
	r->first_field = 1;
	if ((r->errpos = utf8_invalid_at((const unsigned char *)text,
	    len)) != NULL)
		r->err = "invalid UTF-8";
}

void
ron_error(const struct ron *r, struct buf *out)
{
	int line = 1;

	for (const char *s = r->start; r->errpos && s < r->errpos; s++)
		if (*s == '\n')
			line++;
	buf_printf(out, "line %d: %s", line, r->err ? r->err : "error");
}

static int
at(const struct ron *r, size_t k)
{
	return r->p + k < r->end ? (unsigned char)r->p[k] : -1;
}

/* Skips white space and comments; block comments nest as in RON. */
static int
skip_ws(struct ron *r)
{
	for (;;) {
		int c = at(r, 0);

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			r->p++;
		} else if (c == '/' && at(r, 1) == '/') {
			while (r->p < r->end && *r->p != '\n')
				r->p++;
		} else if (c == '/' && at(r, 1) == '*') {
			int depth = 0;

			do {
				if (r->p + 1 >= r->end)
					return fail(r, "unterminated comment");
				if (r->p[0] == '/' && r->p[1] == '*') {
					depth++;
					r->p += 2;
				} else if (r->p[0] == '*' && r->p[1] == '/') {
					depth--;
					r->p += 2;
				} else
					r->p++;
			} while (depth > 0);
		} else
			return r->err ? -1 : 0;
	}
}

static int
is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int
is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int
is_scalar_char(int c)
{
	return is_ident_char(c) || c == '.' || c == '+' || c == '-';
}

/* Reads an identifier (or r#raw identifier); 0 when none is here. */
static size_t
ident(struct ron *r, const char **s)
{
	int raw = 0;

	if (at(r, 0) == 'r' && at(r, 1) == '#' && is_ident_char(at(r, 2))) {
		r->p += 2;
		raw = 1;
	} else if (!is_ident_start(at(r, 0)))
		return 0;
	*s = r->p;
	while (raw ? is_scalar_char(at(r, 0)) : is_ident_char(at(r, 0)))
		r->p++;
	return (size_t)(r->p - *s);
}

/* True (and consumed) when the next token is exactly the identifier w. */
static int
keyword(struct ron *r, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0 ||
	    is_ident_char(at(r, n)))
		return 0;
	r->p += n;
	return 1;
}

static int
expect(struct ron *r, char c, const char *why)
{
	if (skip_ws(r) == -1)
		return -1;
	if (at(r, 0) != (unsigned char)c)
		return fail(r, why);
	r->p++;
	return 0;
}

static int
hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void
put_utf8(struct buf *out, uint32_t cp)
{
	char s[4];
	size_t n;

	if (cp < 0x80) {
		s[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		s[0] = (char)(0xc0 | cp >> 6);
		s[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		s[0] = (char)(0xe0 | cp >> 12);
		s[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		s[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		s[0] = (char)(0xf0 | cp >> 18);
		s[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		s[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		s[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	if (out)
		buf_add(out, s, n);
}

/* Reads the escape after a backslash into out (which may be NULL). */
static int
escape(struct ron *r, struct buf *out)
{
	int c = at(r, 0);
	uint32_t cp = 0;
	int digits = 0;

	r->p++;
	switch (c) {
	case '"':  cp = '"'; break;
	case '\'': cp = '\''; break;
	case '\\': cp = '\\'; break;
	case 'n':  cp = '\n'; break;
	case 'r':  cp = '\r'; break;
	case 't':  cp = '\t'; break;
	case '0':  cp = '\0'; break;
	case 'u':
		if (at(r, 0) != '{')
			return fail(r, "\\u must be followed by {");
		r->p++;
		while (hex_value(at(r, 0)) >= 0 && digits < 6) {
			cp = cp << 4 | (uint32_t)hex_value(at(r, 0));
			r->p++;
			digits++;
		}
		if (digits == 0 || at(r, 0) != '}')
			return fail(r, "malformed \\u{...} escape");
		r->p++;
		if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return fail(r, "\\u{...} is not a Unicode scalar value");
		break;
	default:
		r->p--;
		return fail(r, "unknown escape in string");
	}
	put_utf8(out, cp);
	return 0;
}

/* A "string" or r#"raw string"#; out may be NULL to skip it. */
static int
string(struct ron *r, struct buf *out)
{
	if (at(r, 0) == 'r') {
		size_t hashes = 0;
		const char *body;

		r->p++;
		while (at(r, 0) == '#') {
			hashes++;
			r->p++;
		}
		if (at(r, 0) != '"')
			return fail(r, "malformed raw string");
		body = ++r->p;
		for (;; r->p++) {
			size_t k;

			if (r->p >= r->end)
				return fail(r, "unterminated raw string");
			if (*r->p != '"')
				continue;
			for (k = 0; k < hashes && at(r, 1 + k) == '#'; k++)
				;
			if (k == hashes)
				break;
		}
		if (out)
			buf_add(out, body, (size_t)(r->p - body));
		r->p += 1 + hashes;
		return 0;
	}
	if (at(r, 0) != '"')
		return fail(r, "expected a string");
	r->p++;
	for (;;) {
		const char *run = r->p;

		while (r->p < r->end && *r->p != '"' && *r->p != '\\')
			r->p++;
		if (out)
			buf_add(out, run, (size_t)(r->p - run));
		if (r->p >= r->end)
			return fail(r, "unterminated string");
		if (*r->p == '"') {
			r->p++;
			return 0;
		}
		r->p++;
		if (escape(r, out) == -1)
			return -1;
	}
}

static int
char_literal(struct ron *r)
{
	r->p++;
	if (at(r, 0) == '\\') {
		r->p++;
		if (escape(r, NULL) == -1)
			return -1;
	} else if (at(r, 0) == '\'' || at(r, 0) == -1) {
		return fail(r, "empty character literal");
	} else {
		/* The input is valid UTF-8, so skip one whole character. */
		r->p++;
		while ((at(r, 0) & 0xc0) == 0x80)
			r->p++;
	}
	if (at(r, 0) != '\'')
		return fail(r, "unterminated character literal");
	r->p++;
	return 0;
}

/*
 * Before each item of a comma-separated list closed by close: 1 when an
 * item follows, 0 once close is read, -1 on error. A trailing comma is
 * allowed, as RON writers emit one.
 */
static int
next_item(struct ron *r, char close, int *first)
{
	if (skip_ws(r) == -1)
		return -1;
	if (!*first && at(r, 0) != (unsigned char)close) {
		if (at(r, 0) != ',')
			return fail(r, close == ')' ? "expected , or )" :
			    close == ']' ? "expected , or ]" : "expected , or }");
		r->p++;
		if (skip_ws(r) == -1)
			return -1;
	}
	if (at(r, 0) == (unsigned char)close) {
		r->p++;
		return 0;
	}
	*first = 0;
	return 1;
}

static int skip_value_at(struct ron *, int depth);

/* Comma-separated items up to close; "name:" prefixes are allowed in (). */
static int
skip_seq(struct ron *r, char close, int depth)
{
	int first = 1, more;

	r->p++;
	while ((more = next_item(r, close, &first)) == 1) {
		if (close == ')') {
			const char *save = r->p, *name;

			if (ident(r, &name) && skip_ws(r) == 0 &&
			    at(r, 0) == ':')
				r->p++;
			else
				r->p = save;
		}
		if (skip_value_at(r, depth + 1) == -1)
			return -1;
		if (close == '}' &&
		    (expect(r, ':', "expected : in map") == -1 ||
		    skip_value_at(r, depth + 1) == -1))
			return -1;
	}
	return more;
}

static int
skip_value_at(struct ron *r, int depth)
{
	int c;

	if (depth > RON_MAX_DEPTH)
		return fail(r, "nested too deeply");
	if (skip_ws(r) == -1)
		return -1;
	c = at(r, 0);
	if (c == 'b' && (at(r, 1) == '"' || at(r, 1) == '\'')) {
		r->p++;
		c = at(r, 0);
	}
	if (c == '"' || (c == 'r' && (at(r, 1) == '"' || at(r, 1) == '#')))
		return string(r, NULL);
	if (c == '\'')
		return char_literal(r);
	if (c == '(')
		return skip_seq(r, ')', depth);
	if (c == '[')
		return skip_seq(r, ']', depth);
	if (c == '{')
		return skip_seq(r, '}', depth);
	if (!is_scalar_char(c))
		return fail(r, "expected a value");
	while (is_scalar_char(at(r, 0)))
		r->p++;
	/* An identifier may open an enum variant or a named struct. */
	if (is_ident_start(c)) {
		const char *save = r->p;

		if (skip_ws(r) == -1)
			return -1;
		if (at(r, 0) == '(')
			return skip_seq(r, ')', depth);
		r->p = save;
	}
	return 0;
}

int
ron_skip_value(struct ron *r)
{
	if (r->err)
		return -1;
	return skip_value_at(r, 1);
}

/* Skips "#![enable(...)]" attributes, noting implicit_some. */
static int
attributes(struct ron *r)
{
	for (;;) {
		if (skip_ws(r) == -1)
			return -1;
		if (at(r, 0) != '#')
			return 0;
		if (at(r, 1) != '!' || at(r, 2) != '[')
			return fail(r, "malformed attribute");
		r->p += 3;
		while (r->p < r->end && *r->p != ']') {
			const char *s;

			if (ident(r, &s) == 0) {
				r->p++;
				continue;
			}
			if ((size_t)(r->p - s) == 13 &&
			    memcmp(s, "implicit_some", 13) == 0)
				r->implicit_some = 1;
		}
		if (r->p >= r->end)
			return fail(r, "unterminated attribute");
		r->p++;
	}
}

int
ron_struct_begin(struct ron *r)
{
	const char *name;

	if (r->err || attributes(r) == -1)
		return -1;
	(void)ident(r, &name);
	return expect(r, '(', "expected a struct");
}

int
ron_field(struct ron *r, char *name, size_t namesz)
{
	const char *s;
	size_t n;
	int more;

	if ((more = next_item(r, ')', &r->first_field)) != 1)
		return more;
	if ((n = ident(r, &s)) == 0)
		return fail(r, "expected a field name");
	if (n >= namesz)
		n = namesz - 1;	/* longer than any known field: unknown */
	memcpy(name, s, n);
	name[n] = '\0';
	return expect(r, ':', "expected : after field name") == -1 ? -1 : 1;
}

int
ron_string(struct ron *r, struct buf *out)
{
	if (r->err || skip_ws(r) == -1)
		return -1;
	return string(r, out);
}

/* Reads None, Some( value ) or, with implicit_some, a bare value. */
static int
option(struct ron *r, int *some, int (*value)(struct ron *, void *),
    void *arg)
{
	if (r->err || skip_ws(r) == -1)
		return -1;
	if (keyword(r, "None")) {
		*some = 0;
		return 0;
	}
	if (keyword(r, "Some")) {
		if (expect(r, '(', "expected ( after Some") == -1 ||
		    skip_ws(r) == -1 || value(r, arg) == -1)
			return -1;
		*some = 1;
		return expect(r, ')', "expected ) after Some value");
	}
	if (!r->implicit_some)
		return fail(r, "expected Some(...) or None");
	*some = 1;
	return value(r, arg);
}

static int
string_value(struct ron *r, void *out)
{
	return string(r, out);
}

int
ron_option_string(struct ron *r, struct buf *out, int *some)
{
	return option(r, some, string_value, out);
}

static int
int_value(struct ron *r, void *arg)
{
	char digits[32];
	size_t n = 0;
	long long v;
	char *end;

	if (at(r, 0) == '+' || at(r, 0) == '-')
		digits[n++] = *r->p++;
	if (!(at(r, 0) >= '0' && at(r, 0) <= '9'))
		return fail(r, "expected an integer");
	while ((at(r, 0) >= '0' && at(r, 0) <= '9') || at(r, 0) == '_') {
		if (*r->p != '_') {
			if (n + 1 >= sizeof(digits))
				return fail(r, "integer out of range");
			digits[n++] = *r->p;
		}
		r->p++;
	}
	if (is_scalar_char(at(r, 0)))
		return fail(r, "expected an integer");
	digits[n] = '\0';
	errno = 0;
	v = strtoll(digits, &end, 10);
	if (errno == ERANGE || *end != '\0')
		return fail(r, "integer out of range");
	*(int64_t *)arg = v;
	return 0;
}

int
ron_option_int(struct ron *r, int64_t *out, int *some)
{
	return option(r, some, int_value, out);
}

int
ron_list_begin(struct ron *r)
{
	if (r->err)
		return -1;
	if (expect(r, '[', "expected a list") == -1)
		return -1;
	r->first_item = 1;
	return 0;
}

int
ron_list_next(struct ron *r)
{
	return next_item(r, ']', &r->first_item);
}

int
ron_finish(struct ron *r)
{
	if (r->err || skip_ws(r) == -1)
		return -1;
	if (r->p != r->end)
		return fail(r, "unexpected text after the struct");
	return 0;
}
