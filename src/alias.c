#include <string.h>

#include "alias.h"
#include "buf.h"
#include "escape.h"

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\f' || c == '\v';
}

int
alias_is_blank(const char *s)
{
	while (is_space(*s))
		s++;
	return *s == '\0';
}

char *
alias_canonical(const char *alias, const char **why)
{
	struct buf out = BUF_INIT;
	const char *start, *end, *p;

	start = alias;
	end = alias + strlen(alias);
	while (start < end && is_space(*start))
		start++;
	while (end > start && is_space(end[-1]))
		end--;

	for (p = start; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c < 0x20 || c == 0x7f) {
			*why = "control character in alias";
			return NULL;
		}
		if (c == '\\') {
			*why = "backslash in alias";
			return NULL;
		}
		if (!is_path_char(c)) {
			*why = "character not allowed in alias";
			return NULL;
		}
	}

	for (p = start; p < end;) {
		const char *seg = p;
		size_t n;

		while (p < end && *p != '/')
			p++;
		n = (size_t)(p - seg);
		if (p < end)
			p++;
		if (n == 0)
			continue;
		if ((n == 1 && seg[0] == '.') ||
		    (n == 2 && seg[0] == '.' && seg[1] == '.')) {
			buf_free(&out);
			*why = "\".\" or \"..\" segment in alias";
			return NULL;
		}
		if (out.len)
			buf_addc(&out, '/');
		for (size_t i = 0; i < n; i++) {
			char c = seg[i];

			buf_addc(&out, c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		}
	}
	if (out.len == 0) {
		*why = "alias is empty";
		return NULL;
	}
	return out.data;
}
