/*
 * ron 0.8.1 (ron-rs/ron: src/parse.rs, src/de/mod.rs), ported rule by rule
 * for what a sidecar can hold: which bytes are white space, where comments
 * may stand, how integers, floats, strings, chars and identifiers are read,
 * how serde's derived struct reader and IgnoredAny walk a value, and where
 * each spends ron's recursion limit of 128. tests/ron-corpus.sh holds it
 * to ron's verdicts on 1,500 sidecars.
 */
#include <string.h>

#include "ascii.h"
#include "ron.h"
#include "utf8.h"

#define RECURSION_LIMIT		128
#define EXT_UNWRAP_NEWTYPES	0x1
#define EXT_IMPLICIT_SOME	0x2
#define EXT_UNWRAP_VARIANT	0x4

/* Integer targets: serde's i32, and ron's widest without integer128. */
enum num_kind { NUM_I32, NUM_I64, NUM_U64 };

static int	fail(struct ron *, const char *);
static size_t	strspn_n(const unsigned char *, int, size_t);
static int	peek(const struct ron *);
static int	at(const struct ron *, size_t);
static int	test_for(const struct ron *, const char *);
static int	consume(struct ron *, const char *);
static int	consume_ident(struct ron *, const char *);
static int	check_ident(const struct ron *, const char *);
static int	eat_byte(struct ron *);
static size_t	run(const struct ron *, size_t from, int (*)(int));
static int	is_int_char(int);
static int	is_float_char(int);
static int	is_ident_first(int);
static int	is_ident_other(int);
static int	is_ident_raw(int);
static int	is_ws(int);
static int	skip_comment(struct ron *);
static int	skip_ws(struct ron *);
static int	comma(struct ron *);
static int	guard_enter(struct ron *);
static int	next_element(struct ron *, int, int *, int *);
static void	guard_leave(struct ron *);
static int	identifier(struct ron *, const unsigned char **, size_t *);
static int	extensions(struct ron *);
static int	escape(struct ron *, struct buf *);
static int	string(struct ron *, struct buf *);
static int	integer(struct ron *, enum num_kind, int64_t *, const char **);
static int	any_value(struct ron *);

/* Identifier results, as ron's errors for them. */
#define ID_NONE		-1	/* ExpectedIdentifier */
#define ID_RAW		-2	/* SuggestRawIdentifier */
#define ID_EOF		-3

void
ron_init(struct ron *r, const char *text, size_t len)
{
	int ext;

	memset(r, 0, sizeof(*r));
	r->start = r->p = (const unsigned char *)text;
	r->end = r->p + len;
	r->budget = RECURSION_LIMIT;
	/* NoPressure reads the file with read_to_string: UTF-8 or nothing. */
	if ((r->errpos = utf8_invalid_at(r->p, len)) != NULL) {
		r->err = "stream did not contain valid UTF-8";
		return;
	}
	if (skip_ws(r) == -1)
		return;
	while ((ext = extensions(r)) > 0) {
		r->exts |= (unsigned)ext;
		if (skip_ws(r) == -1)
			return;
	}
}

/* deserialize_struct: an optional name, which must be the one asked for. */
int
ron_struct_begin(struct ron *r, const char *name)
{
	const unsigned char *s;
	size_t n;
	int rc;

	if (r->err)
		return -1;
	if (is_ident_other(peek(r))) {
		rc = identifier(r, &s, &n);
		if (rc == ID_RAW && n == strlen(name) && memcmp(s, name, n) == 0)
			return fail(r, "a raw identifier is needed here");
		if (rc != 0)
			return fail(r, "expected the struct's name");
		if (n != strlen(name) || memcmp(s, name, n) != 0)
			return fail(r, "a struct of another name");
	}
	if (skip_ws(r) == -1)
		return -1;
	if (!consume(r, "("))
		return fail(r, "expected opening ( for the struct");
	r->had_comma = 1;
	return guard_enter(r);
}

int
ron_field(struct ron *r, const char **name, size_t *len)
{
	const unsigned char *s;
	int rc;

	if (r->err)
		return -1;
	if ((rc = next_element(r, ')', &r->had_comma, &r->in_value)) != 1)
		return rc;
	rc = identifier(r, &s, len);
	guard_leave(r);
	if (rc != 0)
		return fail(r, "expected a field name");
	*name = (const char *)s;
	if (skip_ws(r) == -1)
		return -1;
	if (!consume(r, ":"))
		return fail(r, "expected : after the field name");
	if (skip_ws(r) == -1 || guard_enter(r) == -1)
		return -1;
	r->in_value = 1;
	return 1;
}

int
ron_string(struct ron *r, struct buf *out)
{
	return r->err ? -1 : string(r, out);
}

/* deserialize_option, with what Some holds read by inner. */
static int
option(struct ron *r, int *some, int (*inner)(struct ron *, void *),
    void *ctx)
{
	int rc;

	*some = 0;
	if (consume(r, "None"))
		return 0;
	if (consume(r, "Some")) {
		if (skip_ws(r) == -1)
			return -1;
		if (consume(r, "(")) {
			if (skip_ws(r) == -1 || guard_enter(r) == -1)
				return -1;
			rc = inner(r, ctx);
			guard_leave(r);
			if (rc == -1 || comma(r) == -1)
				return -1;
			if (!consume(r, ")"))
				return fail(r, "expected ) after the option");
			*some = 1;
			return 0;
		}
	}
	if (!(r->exts & EXT_IMPLICIT_SOME))
		return fail(r, "expected an option");
	if (guard_enter(r) == -1)
		return -1;
	rc = inner(r, ctx);
	guard_leave(r);
	*some = rc == 0;
	return rc;
}

static int
inner_string(struct ron *r, void *out)
{
	return string(r, out);
}

static int
inner_i32(struct ron *r, void *out)
{
	const char *why;

	return integer(r, NUM_I32, out, &why) == 0 ? 0 : fail(r, why);
}

int
ron_option_string(struct ron *r, struct buf *out, int *some)
{
	return r->err ? -1 : option(r, some, inner_string, out);
}

int
ron_option_i32(struct ron *r, int32_t *out, int *some)
{
	int64_t v = 0;
	int rc;

	if (r->err)
		return -1;
	rc = option(r, some, inner_i32, &v);
	*out = (int32_t)v;
	return rc;
}

int
ron_list_begin(struct ron *r)
{
	if (r->err)
		return -1;
	if (!consume(r, "["))
		return fail(r, "expected an array");
	r->list_had_comma = 1;
	r->in_item = 0;
	return guard_enter(r);
}

int
ron_list_next(struct ron *r)
{
	int rc;

	if (r->err)
		return -1;
	if ((rc = next_element(r, ']', &r->list_had_comma, &r->in_item)) != 1)
		return rc;
	r->in_item = 1;
	return 1;
}

int
ron_skip_value(struct ron *r)
{
	return r->err ? -1 : any_value(r);
}

int
ron_finish(struct ron *r)
{
	if (r->err || skip_ws(r) == -1)
		return -1;
	return r->p == r->end ? 0 : fail(r, "non-whitespace trailing characters");
}

void
ron_error(const struct ron *r, struct buf *out)
{
	int line = 1, col = 1;

	for (const unsigned char *s = r->start; r->errpos && s < r->errpos;
	    s++) {
		if (*s == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	buf_printf(out, "line %d, column %d: %s", line, col,
	    r->err ? r->err : "error");
}

/*
 * One step of ron's CommaSeparated: the comma after the element just read
 * (whose recursion guard it releases), then 1 if another element comes
 * before term (its guard entered), or 0 with term read and the
 * container's guard released.
 */
static int
next_element(struct ron *r, int term, int *had_comma, int *in_element)
{
	char close[2] = { (char)term, '\0' };
	int c, more;

	if (*in_element) {
		guard_leave(r);
		*in_element = 0;
		if ((c = comma(r)) == -1)
			return -1;
		*had_comma = c;
	}
	if (skip_ws(r) == -1)
		return -1;
	if (peek(r) == -1)
		return fail(r, "unexpected end of input");
	more = peek(r) != term;
	if (!*had_comma && more)
		return fail(r, "expected a comma");
	if (more)
		return guard_enter(r) == -1 ? -1 : 1;
	guard_leave(r);
	consume(r, close);
	return 0;
}

/* --- serde's IgnoredAny through deserialize_any ------------------------- */

/*
 * "(" elements or fields ")", "[" ... "]", "{" ... "}". A map element is
 * key ":" value, its key an identifier inside "( )".
 */
static int
bracketed(struct ron *r, const char *open, int term, int map)
{
	int had_comma = 1, in_element = 0, rc;

	if (!consume(r, open))
		return fail(r, "expected a struct, list or map");
	if (guard_enter(r) == -1)
		return -1;
	while ((rc = next_element(r, term, &had_comma, &in_element)) == 1) {
		if (map && term == ')') {
			const unsigned char *s;
			size_t n;

			if (identifier(r, &s, &n) != 0)
				return fail(r, "expected an identifier");
		} else if (any_value(r) == -1)
			return -1;
		if (map) {
			guard_leave(r);
			if (skip_ws(r) == -1)
				return -1;
			if (!consume(r, ":"))
				return fail(r, "expected :");
			if (skip_ws(r) == -1 || guard_enter(r) == -1 ||
			    any_value(r) == -1)
				return -1;
		}
		in_element = 1;
	}
	return rc;
}

/*
 * handle_any_struct: after "(", an identifier and ":" make a struct,
 * anything else a tuple; without "(" it was a unit.
 */
static int
any_struct(struct ron *r)
{
	struct ron copy = *r;
	const unsigned char *s;
	size_t n;
	int tuple = 1;

	if (!consume(&copy, "("))
		return 0;
	if (skip_ws(&copy) == -1)
		goto copy_failed;
	if (identifier(&copy, &s, &n) == 0) {
		if (skip_ws(&copy) == -1)
			goto copy_failed;
		if (peek(&copy) == -1) {
			fail(&copy, "unexpected end of input");
			goto copy_failed;
		}
		tuple = peek(&copy) != ':';
	}
	return bracketed(r, "(", ')', !tuple);
copy_failed:
	r->err = copy.err;
	r->errpos = copy.errpos;
	return -1;
}

/* Rust's f64::from_str on digits, ".", exponent and signs only. */
static int
rust_float(const unsigned char *s, size_t n)
{
	size_t i = 0, digits = 0;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	for (; i < n && ascii_is_digit(s[i]); i++)
		digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && ascii_is_digit(s[i]); i++)
			digits++;
	if (digits == 0)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t exp = 0;

		if (++i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && ascii_is_digit(s[i]); i++)
			exp++;
		if (exp == 0)
			return -1;
	}
	return i == n ? 0 : -1;
}

static int
any_float(struct ron *r)
{
	static const char *const literals[] = { "inf", "+inf", "-inf", "NaN",
	    "+NaN", "-NaN" };
	size_t n;
	const unsigned char *under;

	for (size_t i = 0; i < sizeof(literals) / sizeof(literals[0]); i++)
		if (consume_ident(r, literals[i]))
			return 0;
	n = run(r, 0, is_float_char);
	if ((under = memchr(r->p, '_', n)) != NULL) {
		r->p = under;
		return fail(r, "underscores are not allowed in floats");
	}
	if (rust_float(r->p, n) == -1)
		return fail(r, "expected a float");
	r->p += n;
	return 0;
}

/* any_num: an integer if it reads as one, else a float. */
static int
any_number(struct ron *r)
{
	const unsigned char *backup = r->p;
	size_t sign = peek(r) == '+' || peek(r) == '-';
	int64_t v;
	const char *why;

	if (run(r, sign, is_float_char) > run(r, sign, is_int_char))
		return any_float(r);
	if (integer(r, sign ? NUM_I64 : NUM_U64, &v, &why) == 0)
		return 0;
	r->p = backup;
	return any_float(r);
}

static int
any_char(struct ron *r)
{
	size_t max, pos, len;
	int c;

	consume(r, "'");
	if ((c = peek(r)) == -1)
		return fail(r, "unexpected end of input");
	if (c == '\\') {
		struct buf scratch = BUF_INIT;
		int rc;

		r->p++;
		rc = escape(r, &scratch);
		buf_free(&scratch);
		if (rc == -1)
			return -1;
	} else {
		/* One UTF-8 character, then "'", within five bytes. */
		max = (size_t)(r->end - r->p) < 5 ? (size_t)(r->end - r->p) : 5;
		for (pos = 0; pos < max && r->p[pos] != '\''; pos++)
			;
		if (pos == max)
			return fail(r, "expected a char");
		len = r->p[0] < 0x80 ? 1 : r->p[0] < 0xe0 ? 2 :
		    r->p[0] < 0xf0 ? 3 : 4;
		if (pos == 0 || len != pos)
			return fail(r, "expected a char");
		r->p += pos;
	}
	return consume(r, "'") ? 0 : fail(r, "expected a char");
}

static int
inner_any(struct ron *r, void *unused)
{
	(void)unused;
	return any_value(r);
}

static int
any_value(struct ron *r)
{
	const unsigned char *s;
	size_t n;
	int some;

	if (consume_ident(r, "true") || consume_ident(r, "false"))
		return 0;
	if (check_ident(r, "Some"))
		return option(r, &some, inner_any, NULL);
	if (consume_ident(r, "None") || consume(r, "()") ||
	    consume_ident(r, "inf") || consume_ident(r, "-inf") ||
	    consume_ident(r, "NaN"))
		return 0;
	if (identifier(r, &s, &n) == 0) {
		if (skip_ws(r) == -1)
			return -1;
		return any_struct(r);
	}
	switch (peek(r)) {
	case -1:
		return fail(r, "unexpected end of input");
	case '(':
		return any_struct(r);
	case '[':
		return bracketed(r, "[", ']', 0);
	case '{':
		return bracketed(r, "{", '}', 1);
	case '.':
		return any_float(r);
	case '"':
	case 'r': {
		struct buf scratch = BUF_INIT;
		int rc = string(r, &scratch);

		buf_free(&scratch);
		return rc;
	}
	case '\'':
		return any_char(r);
	default:
		if (ascii_is_digit(peek(r)) || peek(r) == '+' ||
		    peek(r) == '-')
			return any_number(r);
		return fail(r, "unexpected byte");
	}
}

/* --- lexing: ron's Bytes ------------------------------------------------ */

static int
escape(struct ron *r, struct buf *out)
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
				return fail(r, "invalid escape: non-hex digit");
			cp = cp << 4 | (uint32_t)ascii_hex_value(d);
		}
		break;	/* a byte as a char: \xff is U+00FF */
	case 'u':
		if (eat_byte(r) != '{')
			return fail(r, "invalid escape: missing { in \\u");
		while (digits < 6) {
			int d = peek(r);

			if (d == -1)
				return fail(r, "unexpected end of input");
			if (d == '}')
				break;
			r->p++;
			if (ascii_hex_value(d) < 0)
				return fail(r, "invalid escape: non-hex digit");
			cp = cp << 4 | (uint32_t)ascii_hex_value(d);
			digits++;
		}
		if (digits == 0)
			return fail(r, "invalid escape: no digits in \\u{}");
		if (eat_byte(r) != '}')
			return fail(r, "invalid escape: no } after \\u{");
		if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return fail(r, "invalid escape: not a char");
		break;
	default:
		return fail(r, "invalid escape: unknown escape character");
	}
	utf8_put(out, cp);
	return 0;
}

/* "escaped" or r#"raw"#; the input is valid UTF-8, so the result is. */
static int
string(struct ron *r, struct buf *out)
{
	buf_reset(out);
	if (consume(r, "\"")) {
		for (;;) {
			const unsigned char *q = r->p;

			while (q < r->end && *q != '\\' && *q != '"')
				q++;
			if (q == r->end)
				return fail(r, "expected the end of the string");
			buf_add(out, r->p, (size_t)(q - r->p));
			r->p = q + 1;
			if (*q == '"')
				return 0;
			if (escape(r, out) == -1)
				return -1;
		}
	}
	if (consume(r, "r")) {
		size_t hashes = 0;

		while (at(r, hashes) == '#')
			hashes++;
		r->p += hashes;
		if (!consume(r, "\""))
			return fail(r, "expected a string");
		for (const unsigned char *q = r->p; q < r->end; q++) {
			if (*q == '"' && (size_t)(r->end - q - 1) >= hashes &&
			    strspn_n(q + 1, '#', hashes) == hashes) {
				buf_add(out, r->p, (size_t)(q - r->p));
				r->p = q + 1 + hashes;
				return 0;
			}
		}
		return fail(r, "expected the end of the string");
	}
	return fail(r, "expected a string");
}

static int
fail(struct ron *r, const char *why)
{
	if (r->err == NULL) {
		r->err = why;
		r->errpos = r->p;
	}
	return -1;
}

static int
peek(const struct ron *r)
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

static int
consume(struct ron *r, const char *s)
{
	if (!test_for(r, s))
		return 0;
	r->p += strlen(s);
	return 1;
}

/* s, and no identifier character right after it. */
static int
check_ident(const struct ron *r, const char *s)
{
	return test_for(r, s) && !is_ident_other(at(r, strlen(s)));
}

static int
consume_ident(struct ron *r, const char *s)
{
	return check_ident(r, s) && consume(r, s);
}

static int
eat_byte(struct ron *r)
{
	if (r->p == r->end)
		return fail(r, "unexpected end of input");
	return *r->p++;
}

static size_t
run(const struct ron *r, size_t from, int (*ok)(int))
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


static int
is_int_char(int c)
{
	return ascii_hex_value(c) >= 0 || c == '_';
}

static int
is_float_char(int c)
{
	return ascii_is_digit(c) || c == '.' || c == 'e' || c == 'E' ||
	    c == '+' || c == '-' || c == '_';
}

static int
is_ident_first(int c)
{
	return ascii_is_alpha(c) || c == '_';
}

static int
is_ident_other(int c)
{
	return is_ident_first(c) || ascii_is_digit(c);
}

static int
is_ident_raw(int c)
{
	return is_ident_other(c) || c == '.' || c == '+' || c == '-';
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

	if (!consume(r, "/"))
		return 0;
	if ((c = eat_byte(r)) == -1)
		return -1;
	if (c == '/') {
		while (peek(r) != -1 && peek(r) != '\n')
			r->p++;
		return 1;
	}
	if (c != '*')
		return fail(r, "unexpected byte after /");
	while (level > 0) {
		if (r->p == r->end)
			return fail(r, "unclosed block comment");
		while (peek(r) != -1 && peek(r) != '/' && peek(r) != '*')
			r->p++;
		if (consume(r, "/*"))
			level++;
		else if (consume(r, "*/"))
			level--;
		else if (r->p == r->end)
			return fail(r, "unclosed block comment");
		else
			r->p++;
	}
	return 1;
}

static int
skip_ws(struct ron *r)
{
	int rc;

	do {
		while (is_ws(peek(r)))
			r->p++;
	} while ((rc = skip_comment(r)) == 1);
	return rc;
}

/* 1 after a comma, 0 without one, -1 on error. */
static int
comma(struct ron *r)
{
	if (skip_ws(r) == -1)
		return -1;
	if (!consume(r, ","))
		return 0;
	return skip_ws(r) == -1 ? -1 : 1;
}

static int
guard_enter(struct ron *r)
{
	if (r->budget == 0)
		return fail(r, "exceeded recursion limit");
	r->budget--;
	return 0;
}

static void
guard_leave(struct ron *r)
{
	r->budget++;
}

/*
 * An identifier, or r#raw one, into s and n. On failure nothing is
 * consumed; ID_RAW leaves in s and n what a raw identifier would take.
 */
static int
identifier(struct ron *r, const unsigned char **s, size_t *n)
{
	int next = peek(r);
	size_t std_len, raw_len;

	if (next == -1)
		return ID_EOF;
	*s = r->p;
	if (!is_ident_first(next)) {
		if (!is_ident_raw(next))
			return ID_NONE;
		*n = run(r, 0, is_ident_raw);
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
		*n = run(r, 0, is_ident_raw);
		r->p += *n;
		return 0;
	}
	std_len = run(r, 0, is_ident_other);
	raw_len = run(r, 0, is_ident_raw);
	if (raw_len > std_len) {
		*n = raw_len;
		return ID_RAW;
	}
	*n = std_len;
	r->p += std_len;
	return 0;
}

/* One #![enable(...)] attribute: its extensions, 0 for none here, -1. */
static int
extensions(struct ron *r)
{
	static const char *const opening[] = { "#", "!", "[", "enable", "(" };
	int exts = 0, c;

	if (peek(r) != '#')
		return 0;
	for (size_t i = 0; i < sizeof(opening) / sizeof(opening[0]); i++)
		if (!consume(r, opening[i]) || skip_ws(r) == -1)
			return fail(r, "expected #![enable(...)]");
	for (;;) {
		const unsigned char *s;
		size_t n;

		if (identifier(r, &s, &n) != 0)
			return fail(r, "expected an extension name");
		if (n == 15 && memcmp(s, "unwrap_newtypes", n) == 0)
			exts |= EXT_UNWRAP_NEWTYPES;
		else if (n == 13 && memcmp(s, "implicit_some", n) == 0)
			exts |= EXT_IMPLICIT_SOME;
		else if (n == 23 && memcmp(s, "unwrap_variant_newtypes", n) == 0)
			exts |= EXT_UNWRAP_VARIANT;
		else
			return fail(r, "no such extension");
		if ((c = comma(r)) == -1)
			return -1;
		if (!c && is_ident_other(peek(r)))
			return fail(r, "expected a comma");
		if (!c || !is_ident_other(peek(r)))
			break;
	}
	if (skip_ws(r) == -1 || !consume(r, ")") || skip_ws(r) == -1 ||
	    !consume(r, "]") || skip_ws(r) == -1)
		return fail(r, "expected the end of the attribute");
	return exts;
}

/*
 * signed_integer or unsigned_integer: an optional sign (not for NUM_U64),
 * 0x, 0b or 0o, then digits and underscores, never one first; each step
 * checked for overflow in the target type. On failure *why says why and
 * the caller decides whether it is an error.
 */
static int
integer(struct ron *r, enum num_kind kind, int64_t *out, const char **why)
{
	int64_t min = kind == NUM_I32 ? INT32_MIN : INT64_MIN;
	int64_t max = kind == NUM_I32 ? INT32_MAX : INT64_MAX;
	uint64_t uacc = 0;
	int64_t acc = 0;
	int negative = 0, base = 10;
	size_t n;

	*why = "unexpected end of input";
	if (peek(r) == -1)
		return -1;
	if (kind != NUM_U64 && (peek(r) == '+' || peek(r) == '-'))
		negative = *r->p++ == '-';
	if (peek(r) == '0' && (at(r, 1) == 'x' || at(r, 1) == 'b' ||
	    at(r, 1) == 'o')) {
		base = at(r, 1) == 'x' ? 16 : at(r, 1) == 'b' ? 2 : 8;
		r->p += 2;
	}
	n = run(r, 0, is_int_char);
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
