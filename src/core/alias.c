/* Page aliases made canonical, as NoPressure stores and compares them. */
#include <string.h>

#include "alias.h"
#include "ascii.h"
#include "buf.h"
#include "escape.h"

/*
 * The length of the white space character (Unicode White_Space, as Rust's
 * str::trim takes it) that s starts with, or 0.
 */
static size_t
space_at(const unsigned char *s, size_t n)
{
	if (n >= 1 && (s[0] == ' ' || (s[0] >= '\t' && s[0] <= '\r')))
		return 1;
	if (n >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
		return 2;
	if (n < 3)
		return 0;
	if ((s[0] == 0xe1 && s[1] == 0x9a && s[2] == 0x80) ||
	    (s[0] == 0xe2 && s[1] == 0x80 && (s[2] <= 0x8a || s[2] == 0xa8 ||
	    s[2] == 0xa9 || s[2] == 0xaf) && s[2] >= 0x80) ||
	    (s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0x9f) ||
	    (s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80))
		return 3;
	return 0;
}

/* The same for the character that ends at s + n. */
static size_t
space_before(const unsigned char *s, size_t n)
{
	for (size_t k = 1; k <= 3 && k <= n; k++)
		if (space_at(s + n - k, k) == k)
			return k;
	return 0;
}

/* Narrows s[0, *n) to what alias_trim keeps of it. */
static const char *
trim_bounds(const char *s, size_t *n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t k;

	while ((k = space_at(u, *n)) > 0) {
		u += k;
		*n -= k;
	}
	while ((k = space_before(u, *n)) > 0)
		*n -= k;
	return (const char *)u;
}

void
alias_trim(const char *s, size_t n, struct buf *out)
{
	s = trim_bounds(s, &n);
	buf_reset(out);
	buf_add(out, s, n);
}

int
alias_is_blank(const char *s, size_t n)
{
	trim_bounds(s, &n);
	return n == 0;
}

char *
alias_canonical(const char *alias, const char **why)
{
	struct buf out = BUF_INIT;
	size_t len = strlen(alias);
	const char *start = trim_bounds(alias, &len), *end = start + len, *p;

	*why = NULL;
	for (p = start; p < end && *why == NULL; p++) {
		unsigned char c = (unsigned char)*p;

		if (c < 0x20 || c == 0x7f)
			*why = "control character in alias";
		else if (c == '\\')
			*why = "backslash in alias";
		else if (!is_path_char(c))
			*why = "character not allowed in alias";
	}
	for (p = start; p < end && *why == NULL;) {
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
			*why = "\".\" or \"..\" segment in alias";
			break;
		}
		if (out.len)
			buf_addc(&out, '/');
		for (size_t i = 0; i < n; i++)
			buf_addc(&out, (char)ascii_tolower(seg[i]));
	}
	if (*why == NULL && out.len == 0)
		*why = "alias is empty";
	if (*why != NULL) {
		buf_free(&out);
		return NULL;
	}
	return out.data;
}
