/*
 * Every escaping rule of the program: XML, URL paths, robots.txt, and the
 * web servers' rules.
 */
#include <string.h>

#include "ascii.h"
#include "escape.h"

static int	is_escape(const char *);
static void	add_escaped(struct buf *, unsigned char);

void
escape_xml(struct buf *b, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		const char *entity;

		switch (*s) {
		case '&': entity = "&amp;"; break;
		case '<': entity = "&lt;"; break;
		case '>': entity = "&gt;"; break;
		case '"': entity = "&quot;"; break;
		case '\'': entity = "&apos;"; break;
		default: continue;
		}
		buf_add(b, run, (size_t)(s - run));
		buf_adds(b, entity);
		run = s + 1;
	}
	buf_add(b, run, (size_t)(s - run));
}

size_t
escape_xml_len(const char *s)
{
	struct buf b = BUF_INIT;
	size_t len;

	escape_xml(&b, s);
	len = b.len;
	buf_free(&b);
	return len;
}

int
is_path_char(unsigned char c)
{
	return ascii_is_alpha(c) || ascii_is_digit(c) ||
	    ascii_in(c, "-._~!$&'()*+,;=:@/");
}

void
escape_url_path(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (is_path_char(c) || is_escape(s))
			buf_addc(b, (char)c);
		else
			add_escaped(b, c);
	}
}

void
escape_file_path(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (is_path_char(c))
			buf_addc(b, (char)c);
		else
			add_escaped(b, c);
	}
}

void
escape_text(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\x%02X", c);
		else
			buf_addc(b, (char)c);
	}
}

void
escape_robots_pattern(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (is_escape(s)) {
			buf_addc(b, '%');
			buf_addc(b, (char)ascii_toupper(s[1]));
			buf_addc(b, (char)ascii_toupper(s[2]));
			s += 2;
		} else if (c & 0x80)
			add_escaped(b, c);
		else
			buf_addc(b, (char)c);
	}
}

/* A %XX escape starts at s. */
int
escape_regex_byte(struct buf *b, unsigned char c)
{
	if (c < ' ' || c == 0x7f || strchr("\"\\^[]{};", c) != NULL)
		return -1;
	if (strchr(".|?+()$*", c) != NULL)
		buf_printf(b, "[%c]", c);
	else
		buf_addc(b, (char)c);
	return 0;
}

int
escape_regex(struct buf *b, const char *s)
{
	size_t len = b->len;

	for (; *s; s++)
		if (escape_regex_byte(b, (unsigned char)*s) == -1) {
			b->len = len;
			if (b->data != NULL)
				b->data[len] = '\0';
			return -1;
		}
	return 0;
}

int
escape_pattern_regex(struct buf *b, const char *pattern)
{
	size_t n = strlen(pattern), len = b->len;

	buf_addc(b, '^');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)pattern[i];

		if (c == '*' || (c == '$' && i + 1 == n)) {
			buf_adds(b, c == '*' ? ".*" : "$");
			continue;
		}
		if (c == '%' && i + 2 < n && ascii_is_hex(pattern[i + 1]) &&
		    ascii_is_hex(pattern[i + 2])) {
			c = (unsigned char)(ascii_hex_value(pattern[i + 1]) * 16 +
			    ascii_hex_value(pattern[i + 2]));
			i += 2;
		}
		if (escape_regex_byte(b, c) == -1) {
			b->len = len;
			b->data[len] = '\0';
			return -1;
		}
	}
	return 0;
}

const char *
rule_path_unsafe(const char *path)
{
	for (const char *s = path; *s; s++)
		if ((unsigned char)*s < ' ' || *s == 0x7f ||
		    strchr("\"\\$*?[]", *s) != NULL)
			return s;
	return NULL;
}

const char *
rule_name_unsafe(const char *name)
{
	if (name[0] == '.')
		return name;
	for (const char *s = name; *s; s++)
		if (!ascii_is_alpha((unsigned char)*s) &&
		    !ascii_is_digit((unsigned char)*s) &&
		    !ascii_in((unsigned char)*s, "-._~+"))
			return s;
	return NULL;
}

static int
is_escape(const char *s)
{
	return s[0] == '%' && ascii_is_hex(s[1]) && ascii_is_hex(s[2]);
}

/* Appends c as %XX, the uppercase form RFC 3986 prefers. */
static void
add_escaped(struct buf *b, unsigned char c)
{
	static const char hex[] = "0123456789ABCDEF";

	buf_addc(b, '%');
	buf_addc(b, hex[c >> 4]);
	buf_addc(b, hex[c & 15]);
}
