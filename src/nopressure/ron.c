/*
 * ron 0.8.1 (ron-rs/ron: src/parse.rs, src/de/mod.rs), ported rule by rule
 * for what a sidecar can hold: which bytes are white space, where comments
 * may stand, how integers, floats, strings, chars and identifiers are read,
 * how serde's derived struct reader and IgnoredAny walk a value, and where
 * each spends ron's recursion limit of 128; its lexing is ron_bytes.c.
 * tests/ron-corpus.sh holds it to ron's verdicts on 1,500 sidecars.
 */
#include <string.h>

#include "ascii.h"
#include "ron.h"
#include "ron_bytes.h"
#include "utf8.h"

static int	next_element(struct ron *, int, int *, int *);
static int	any_value(struct ron *);

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
	if (lex_skip_ws(r) == -1)
		return;
	while ((ext = lex_extensions(r)) > 0) {
		r->exts |= (unsigned)ext;
		if (lex_skip_ws(r) == -1)
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
	if (lex_is_ident_other(lex_peek(r))) {
		rc = lex_identifier(r, &s, &n);
		if (rc == ID_RAW && n == strlen(name) && memcmp(s, name, n) == 0)
			return lex_fail(r, "a raw identifier is needed here");
		if (rc != 0)
			return lex_fail(r, "expected the struct's name");
		if (n != strlen(name) || memcmp(s, name, n) != 0)
			return lex_fail(r, "a struct of another name");
	}
	if (lex_skip_ws(r) == -1)
		return -1;
	if (!lex_consume(r, "("))
		return lex_fail(r, "expected opening ( for the struct");
	r->had_comma = 1;
	return lex_guard_enter(r);
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
	rc = lex_identifier(r, &s, len);
	lex_guard_leave(r);
	if (rc != 0)
		return lex_fail(r, "expected a field name");
	*name = (const char *)s;
	if (lex_skip_ws(r) == -1)
		return -1;
	if (!lex_consume(r, ":"))
		return lex_fail(r, "expected : after the field name");
	if (lex_skip_ws(r) == -1 || lex_guard_enter(r) == -1)
		return -1;
	r->in_value = 1;
	return 1;
}

int
ron_string(struct ron *r, struct buf *out)
{
	return r->err ? -1 : lex_string(r, out);
}

/* deserialize_option, with what Some holds read by inner. */
static int
option(struct ron *r, int *some, int (*inner)(struct ron *, void *),
    void *ctx)
{
	int rc;

	*some = 0;
	if (lex_consume(r, "None"))
		return 0;
	if (lex_consume(r, "Some")) {
		if (lex_skip_ws(r) == -1)
			return -1;
		if (lex_consume(r, "(")) {
			if (lex_skip_ws(r) == -1 || lex_guard_enter(r) == -1)
				return -1;
			rc = inner(r, ctx);
			lex_guard_leave(r);
			if (rc == -1 || lex_comma(r) == -1)
				return -1;
			if (!lex_consume(r, ")"))
				return lex_fail(r, "expected ) after the option");
			*some = 1;
			return 0;
		}
	}
	if (!(r->exts & EXT_IMPLICIT_SOME))
		return lex_fail(r, "expected an option");
	if (lex_guard_enter(r) == -1)
		return -1;
	rc = inner(r, ctx);
	lex_guard_leave(r);
	*some = rc == 0;
	return rc;
}

static int
inner_string(struct ron *r, void *out)
{
	return lex_string(r, out);
}

static int
inner_i32(struct ron *r, void *out)
{
	const char *why;

	return lex_integer(r, NUM_I32, out, &why) == 0 ? 0 : lex_fail(r, why);
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
	if (!lex_consume(r, "["))
		return lex_fail(r, "expected an array");
	r->list_had_comma = 1;
	r->in_item = 0;
	return lex_guard_enter(r);
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
	if (r->err || lex_skip_ws(r) == -1)
		return -1;
	return r->p == r->end ? 0 : lex_fail(r, "non-whitespace trailing characters");
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
		lex_guard_leave(r);
		*in_element = 0;
		if ((c = lex_comma(r)) == -1)
			return -1;
		*had_comma = c;
	}
	if (lex_skip_ws(r) == -1)
		return -1;
	if (lex_peek(r) == -1)
		return lex_fail(r, "unexpected end of input");
	more = lex_peek(r) != term;
	if (!*had_comma && more)
		return lex_fail(r, "expected a comma");
	if (more)
		return lex_guard_enter(r) == -1 ? -1 : 1;
	lex_guard_leave(r);
	lex_consume(r, close);
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

	if (!lex_consume(r, open))
		return lex_fail(r, "expected a struct, list or map");
	if (lex_guard_enter(r) == -1)
		return -1;
	while ((rc = next_element(r, term, &had_comma, &in_element)) == 1) {
		if (map && term == ')') {
			const unsigned char *s;
			size_t n;

			if (lex_identifier(r, &s, &n) != 0)
				return lex_fail(r, "expected an identifier");
		} else if (any_value(r) == -1)
			return -1;
		if (map) {
			lex_guard_leave(r);
			if (lex_skip_ws(r) == -1)
				return -1;
			if (!lex_consume(r, ":"))
				return lex_fail(r, "expected :");
			if (lex_skip_ws(r) == -1 || lex_guard_enter(r) == -1 ||
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

	if (!lex_consume(&copy, "("))
		return 0;
	if (lex_skip_ws(&copy) == -1)
		goto copy_failed;
	if (lex_identifier(&copy, &s, &n) == 0) {
		if (lex_skip_ws(&copy) == -1)
			goto copy_failed;
		if (lex_peek(&copy) == -1) {
			lex_fail(&copy, "unexpected end of input");
			goto copy_failed;
		}
		tuple = lex_peek(&copy) != ':';
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
		if (lex_consume_ident(r, literals[i]))
			return 0;
	n = lex_run(r, 0, lex_is_float_char);
	if ((under = memchr(r->p, '_', n)) != NULL) {
		r->p = under;
		return lex_fail(r, "underscores are not allowed in floats");
	}
	if (rust_float(r->p, n) == -1)
		return lex_fail(r, "expected a float");
	r->p += n;
	return 0;
}

/* any_num: an integer if it reads as one, else a float. */
static int
any_number(struct ron *r)
{
	const unsigned char *backup = r->p;
	size_t sign = lex_peek(r) == '+' || lex_peek(r) == '-';
	int64_t v;
	const char *why;

	if (lex_run(r, sign, lex_is_float_char) > lex_run(r, sign, lex_is_int_char))
		return any_float(r);
	if (lex_integer(r, sign ? NUM_I64 : NUM_U64, &v, &why) == 0)
		return 0;
	r->p = backup;
	return any_float(r);
}

static int
any_char(struct ron *r)
{
	size_t max, pos, len;
	int c;

	lex_consume(r, "'");
	if ((c = lex_peek(r)) == -1)
		return lex_fail(r, "unexpected end of input");
	if (c == '\\') {
		struct buf scratch = BUF_INIT;
		int rc;

		r->p++;
		rc = lex_escape(r, &scratch);
		buf_free(&scratch);
		if (rc == -1)
			return -1;
	} else {
		/* One UTF-8 character, then "'", within five bytes. */
		max = (size_t)(r->end - r->p) < 5 ? (size_t)(r->end - r->p) : 5;
		for (pos = 0; pos < max && r->p[pos] != '\''; pos++)
			;
		if (pos == max)
			return lex_fail(r, "expected a char");
		len = r->p[0] < 0x80 ? 1 : r->p[0] < 0xe0 ? 2 :
		    r->p[0] < 0xf0 ? 3 : 4;
		if (pos == 0 || len != pos)
			return lex_fail(r, "expected a char");
		r->p += pos;
	}
	return lex_consume(r, "'") ? 0 : lex_fail(r, "expected a char");
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

	if (lex_consume_ident(r, "true") || lex_consume_ident(r, "false"))
		return 0;
	if (lex_check_ident(r, "Some"))
		return option(r, &some, inner_any, NULL);
	if (lex_consume_ident(r, "None") || lex_consume(r, "()") ||
	    lex_consume_ident(r, "inf") || lex_consume_ident(r, "-inf") ||
	    lex_consume_ident(r, "NaN"))
		return 0;
	if (lex_identifier(r, &s, &n) == 0) {
		if (lex_skip_ws(r) == -1)
			return -1;
		return any_struct(r);
	}
	switch (lex_peek(r)) {
	case -1:
		return lex_fail(r, "unexpected end of input");
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
		int rc = lex_string(r, &scratch);

		buf_free(&scratch);
		return rc;
	}
	case '\'':
		return any_char(r);
	default:
		if (ascii_is_digit(lex_peek(r)) || lex_peek(r) == '+' ||
		    lex_peek(r) == '-')
			return any_number(r);
		return lex_fail(r, "unexpected byte");
	}
}
