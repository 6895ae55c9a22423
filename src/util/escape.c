/* Every escaping rule of the program: XML, URL paths, robots.txt. */
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
