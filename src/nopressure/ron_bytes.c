/*
 * ron's Bytes, as ron_bytes.h says: the lexing half of ron 0.8.1's
 * parser, ported rule by rule.
 */
#include <string.h>

#include "ascii.h"
#include "ron_bytes.h"
#include "utf8.h"

static size_t	strspn_n(const unsigned char *, int, size_t);
static int	at(const struct ron *, size_t);
static int	test_for(const struct ron *, const char *);
static int	eat_byte(struct ron *);
static int	is_ident_first(int);
static int	is_ident_raw(int);
static int	is_ws(int);
static int	skip_comment(struct ron *);

int
lex_escape(struct ron *r, struct buf *out)
{
	uint32_t cp = 0;
	int c = eat_byte(r), digits = 0;

	switch (c) {
	case -1:
		return -1;
	case '\'': case '"': case '\\':
		buf_addc(out, (char)c);
		return 0;
	case 'n':
		buf_addc(out, '\n');
		return 0;
	case 'r':
		buf_addc(out, '\r');
		return 0;
	case 't':
		buf_addc(out, '\t');
		return 0;
	case '0':
		buf_addc(out, '\0');
		return 0;
	case 'x':
		for (int i = 0; i < 2; i++) {
			int d = eat_byte(r);

			if (d == -1)
				return -1;
			if (ascii_hex_value(d) < 0)
				return lex_fail(r, "invalid escape: non-hex digit");
			cp = cp << 4 | (uint32_t)ascii_hex_value(d);
		}
		break;	/* a byte as a char: \xff is U+00FF */
	case 'u':
		if (eat_byte(r) != '{')
			return lex_fail(r, "invalid escape: missing { in \\u");
		while (digits < 6) {
			int d = lex_peek(r);

			if (d == -1)
				return lex_fail(r, "unexpected end of input");
			if (d == '}')
				break;
			r->p++;
			if (ascii_hex_value(d) < 0)
				return lex_fail(r, "invalid escape: non-hex digit");
			cp = cp << 4 | (uint32_t)ascii_hex_value(d);
			digits++;
		}
		if (digits == 0)
			return lex_fail(r, "invalid escape: no digits in \\u{}");
		if (eat_byte(r) != '}')
			return lex_fail(r, "invalid escape: no } after \\u{");
		if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return lex_fail(r, "invalid escape: not a char");
		break;
	default:
		return lex_fail(r, "invalid escape: unknown escape character");
	}
	utf8_put(out, cp);
	return 0;
}

/* "escaped" or r#"raw"#; the input is valid UTF-8, so the result is. */
int
lex_string(struct ron *r, struct buf *out)
{
	buf_reset(out);
	if (lex_consume(r, "\"")) {
		for (;;) {
			const unsigned char *q = r->p;

			while (q < r->end && *q != '\\' && *q != '"')
				q++;
			if (q == r->end)
				return lex_fail(r, "expected the end of the string");
			buf_add(out, r->p, (size_t)(q - r->p));
			r->p = q + 1;
			if (*q == '"')
				return 0;
			if (lex_escape(r, out) == -1)
				return -1;
		}
	}
	if (lex_consume(r, "r")) {
		size_t hashes = 0;

		while (at(r, hashes) == '#')
			hashes++;
		r->p += hashes;
		if (!lex_consume(r, "\""))
			return lex_fail(r, "expected a string");
		for (const unsigned char *q = r->p; q < r->end; q++) {
			if (*q == '"' && (size_t)(r->end - q - 1) >= hashes &&
			    strspn_n(q + 1, '#', hashes) == hashes) {
				buf_add(out, r->p, (size_t)(q - r->p));
				r->p = q + 1 + hashes;
				return 0;
			}
		}
		return lex_fail(r, "expected the end of the string");
	}
	return lex_fail(r, "expected a string");
}

int
lex_fail(struct ron *r, const char *why)
{
	if (r->err == NULL) {
		r->err = why;
		r->errpos = r->p;
	}
	return -1;
}

int
lex_peek(const struct ron *r)
{
	return at(r, 0);
}

static int
at(const struct ron *r, size_t k)
{
	return (size_t)(r->end - r->p) > k ? r->p[k] : -1;
}

static int
test_for(const struct ron *r, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(r->end - r->p) >= n && memcmp(r->p, s, n) == 0;
}

int
lex_consume(struct ron *r, const char *s)
{
	if (!test_for(r, s))
		return 0;
	r->p += strlen(s);
	return 1;
}

/* s, and no identifier character right after it. */
int
lex_check_ident(const struct ron *r, const char *s)
{
	return test_for(r, s) && !lex_is_ident_other(at(r, strlen(s)));
}

int
lex_consume_ident(struct ron *r, const char *s)
{
	return lex_check_ident(r, s) && lex_consume(r, s);
}

static int
eat_byte(struct ron *r)
{
	if (r->p == r->end)
		return lex_fail(r, "unexpected end of input");
	return *r->p++;
}

size_t
lex_run(const struct ron *r, size_t from, int (*ok)(int))
{
	size_t n = from;

	while (ok(at(r, n)))
		n++;
	return n - from;
}

static size_t
strspn_n(const unsigned char *s, int c, size_t max)
{
	size_t n = 0;

	while (n < max && s[n] == c)
		n++;
	return n;
}


int
lex_is_int_char(int c)
{
	return ascii_hex_value(c) >= 0 || c == '_';
}

int
lex_is_float_char(int c)
{
	return ascii_is_digit(c) || c == '.' || c == 'e' || c == 'E' ||
	    c == '+' || c == '-' || c == '_';
}

static int
is_ident_first(int c)
{
	return ascii_is_alpha(c) || c == '_';
}

int
lex_is_ident_other(int c)
{
	return is_ident_first(c) || ascii_is_digit(c);
}

static int
is_ident_raw(int c)
{
	return lex_is_ident_other(c) || c == '.' || c == '+' || c == '-';
}

/* Vertical tab and form feed are not white space to ron. */
static int
is_ws(int c)
{
	return ascii_in(c, " \t\n\r");
}

/* 1 when a comment was skipped, 0 when none starts here. */
static int
skip_comment(struct ron *r)
{
	int c, level = 1;

	if (!lex_consume(r, "/"))
		return 0;
	if ((c = eat_byte(r)) == -1)
		return -1;
	if (c == '/') {
		while (lex_peek(r) != -1 && lex_peek(r) != '\n')
			r->p++;
		return 1;
	}
	if (c != '*')
		return lex_fail(r, "unexpected byte after /");
	while (level > 0) {
		if (r->p == r->end)
			return lex_fail(r, "unclosed block comment");
		while (lex_peek(r) != -1 && lex_peek(r) != '/' && lex_peek(r) != '*')
			r->p++;
		if (lex_consume(r, "/*"))
			level++;
		else if (lex_consume(r, "*/"))
			level--;
		else if (r->p == r->end)
			return lex_fail(r, "unclosed block comment");
		else
			r->p++;
	}
	return 1;
}

int
lex_skip_ws(struct ron *r)
{
	int rc;

	do {
		while (is_ws(lex_peek(r)))
			r->p++;
	} while ((rc = skip_comment(r)) == 1);
	return rc;
}

/* 1 after a comma, 0 without one, -1 on error. */
int
lex_comma(struct ron *r)
{
	if (lex_skip_ws(r) == -1)
		return -1;
	if (!lex_consume(r, ","))
		return 0;
	return lex_skip_ws(r) == -1 ? -1 : 1;
}

int
lex_guard_enter(struct ron *r)
{
	if (r->budget == 0)
		return lex_fail(r, "exceeded recursion limit");
	r->budget--;
	return 0;
}

void
lex_guard_leave(struct ron *r)
{
	r->budget++;
}

/*
 * An identifier, or r#raw one, into s and n. On failure nothing is
 * consumed; ID_RAW leaves in s and n what a raw identifier would take.
 */
int
lex_identifier(struct ron *r, const unsigned char **s, size_t *n)
{
	int next = lex_peek(r);
	size_t std_len, raw_len;

	if (next == -1)
		return ID_EOF;
	*s = r->p;
	if (!is_ident_first(next)) {
		if (!is_ident_raw(next))
			return ID_NONE;
		*n = lex_run(r, 0, is_ident_raw);
		return ID_RAW;
	}
	if (next == 'r' && at(r, 1) == -1)
		return ID_EOF;
	if (next == 'r' && at(r, 1) == '"')
		return ID_NONE;
	if (next == 'r' && at(r, 1) == '#') {
		if (!is_ident_raw(at(r, 2)))
			return ID_NONE;
		r->p += 2;
		*s = r->p;
		*n = lex_run(r, 0, is_ident_raw);
		r->p += *n;
		return 0;
	}
	std_len = lex_run(r, 0, lex_is_ident_other);
	raw_len = lex_run(r, 0, is_ident_raw);
	if (raw_len > std_len) {
		*n = raw_len;
		return ID_RAW;
	}
	*n = std_len;
	r->p += std_len;
	return 0;
}

/* One #![enable(...)] attribute: its extensions, 0 for none here, -1. */
int
lex_extensions(struct ron *r)
{
	static const char *const opening[] = { "#", "!", "[", "enable", "(" };
	int exts = 0, c;

	if (lex_peek(r) != '#')
		return 0;
	for (size_t i = 0; i < sizeof(opening) / sizeof(opening[0]); i++)
		if (!lex_consume(r, opening[i]) || lex_skip_ws(r) == -1)
			return lex_fail(r, "expected #![enable(...)]");
	for (;;) {
		const unsigned char *s;
		size_t n;

		if (lex_identifier(r, &s, &n) != 0)
			return lex_fail(r, "expected an extension name");
		if (n == 15 && memcmp(s, "unwrap_newtypes", n) == 0)
			exts |= EXT_UNWRAP_NEWTYPES;
		else if (n == 13 && memcmp(s, "implicit_some", n) == 0)
			exts |= EXT_IMPLICIT_SOME;
		else if (n == 23 && memcmp(s, "unwrap_variant_newtypes", n) == 0)
			exts |= EXT_UNWRAP_VARIANT;
		else
			return lex_fail(r, "no such extension");
		if ((c = lex_comma(r)) == -1)
			return -1;
		if (!c && lex_is_ident_other(lex_peek(r)))
			return lex_fail(r, "expected a comma");
		if (!c || !lex_is_ident_other(lex_peek(r)))
			break;
	}
	if (lex_skip_ws(r) == -1 || !lex_consume(r, ")") || lex_skip_ws(r) == -1 ||
	    !lex_consume(r, "]") || lex_skip_ws(r) == -1)
		return lex_fail(r, "expected the end of the attribute");
	return exts;
}

/*
 * signed_integer or unsigned_integer: an optional sign (not for NUM_U64),
 * 0x, 0b or 0o, then digits and underscores, never one first; each step
 * checked for overflow in the target type. On failure *why says why and
 * the caller decides whether it is an error.
 */
int
lex_integer(struct ron *r, enum num_kind kind, int64_t *out, const char **why)
{
	int64_t min = kind == NUM_I32 ? INT32_MIN : INT64_MIN;
	int64_t max = kind == NUM_I32 ? INT32_MAX : INT64_MAX;
	uint64_t uacc = 0;
	int64_t acc = 0;
	int negative = 0, base = 10;
	size_t n;

	*why = "unexpected end of input";
	if (lex_peek(r) == -1)
		return -1;
	if (kind != NUM_U64 && (lex_peek(r) == '+' || lex_peek(r) == '-'))
		negative = *r->p++ == '-';
	if (lex_peek(r) == '0' && (at(r, 1) == 'x' || at(r, 1) == 'b' ||
	    at(r, 1) == 'o')) {
		base = at(r, 1) == 'x' ? 16 : at(r, 1) == 'b' ? 2 : 8;
		r->p += 2;
	}
	n = lex_run(r, 0, lex_is_int_char);
	*why = "expected an integer";
	if (n == 0)
		return -1;
	if (r->p[0] == '_') {
		*why = "an integer may not begin with an underscore";
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int d = r->p[i];

		if (d == '_')
			continue;
		*why = "integer out of bounds";
		if (kind == NUM_U64 ? __builtin_mul_overflow(uacc,
		    (uint64_t)base, &uacc) : __builtin_mul_overflow(acc,
		    (int64_t)base, &acc) || acc < min || acc > max)
			goto out;
		*why = "expected an integer";
		if ((d = ascii_hex_value(d)) >= base)
			goto out;
		*why = "integer out of bounds";
		if (kind == NUM_U64 ? __builtin_add_overflow(uacc,
		    (uint64_t)d, &uacc) : negative ?
		    __builtin_sub_overflow(acc, (int64_t)d, &acc) :
		    __builtin_add_overflow(acc, (int64_t)d, &acc))
			goto out;
		if (kind != NUM_U64 && (acc < min || acc > max))
			goto out;
	}
	r->p += n;
	*out = kind == NUM_U64 ? (int64_t)uacc : acc;
	return 0;
out:
	r->p += n;	/* as ron does; any_num goes back itself */
	return -1;
}
