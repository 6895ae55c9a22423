/* Every escaping rule of the program: XML, URL paths, robots.txt. */
#include <string.h>

#include "escape.h"

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

static int
is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

int
is_path_char(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != '\0' && strchr("-._~!$&'()*+,;=:@/", c) != NULL;
}

void
escape_url_path(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (is_path_char(c) ||
		    (c == '%' && is_hex(s[1]) && is_hex(s[2]))) {
			buf_addc(b, (char)c);
			continue;
		}
		buf_addc(b, '%');
		buf_addc(b, hex[c >> 4]);
		buf_addc(b, hex[c & 15]);
	}
}
