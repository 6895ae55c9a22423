/* UTF-8 checked strictly, as Rust's str does. */
#include "utf8.h"

/* Rejects overlong forms, surrogates and code points past U+10FFFF. */
const unsigned char *
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
			return s + i;
		if (n - i < len)
			return s + i;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return s + i;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return s + i;
		i += len;
	}
	return NULL;
}

void
utf8_put(struct buf *out, uint32_t cp)
{
	if (cp < 0x80)
		buf_addc(out, (char)cp);
	else if (cp < 0x800) {
		buf_addc(out, (char)(0xc0 | cp >> 6));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		buf_addc(out, (char)(0xe0 | cp >> 12));
		buf_addc(out, (char)(0x80 | (cp >> 6 & 0x3f)));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	} else {
		buf_addc(out, (char)(0xf0 | cp >> 18));
		buf_addc(out, (char)(0x80 | (cp >> 12 & 0x3f)));
		buf_addc(out, (char)(0x80 | (cp >> 6 & 0x3f)));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	}
}
