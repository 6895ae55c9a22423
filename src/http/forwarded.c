/* The Forwarded header of RFC 7239, read strictly. */
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "forwarded.h"

/* An element naming more parameters than this is not from a proxy. */
#define MAX_PAIRS	16

/* RFC 9110 tchar. */
static int
is_tchar(unsigned char c)
{
	return ascii_is_alpha(c) || ascii_is_digit(c) ||
	    ascii_in(c, "!#$%&'*+-.^_`|~");
}

static const char *
skip_ows(const char *s)
{
	while (ascii_in((unsigned char)*s, " \t"))
		s++;
	return s;
}

static const char *
token_end(const char *s)
{
	while (is_tchar((unsigned char)*s))
		s++;
	return s;
}

/*
 * Reads a quoted-string at s (which is at the opening quote) into out,
 * unescaped. Returns the position after the closing quote, or NULL.
 */
static const char *
quoted_string(const char *s, struct buf *out)
{
	for (s++; *s != '"'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\\') {
			c = (unsigned char)*++s;
			/* quoted-pair: HTAB, SP, VCHAR or obs-text */
			if (c != '\t' && (c < 0x20 || c == 0x7f))
				return NULL;
		} else if (c != '\t' && (c < 0x20 || c == 0x7f))
			return NULL;	/* also the end of the string */
		buf_addc(out, (char)c);
	}
	return s + 1;
}

/* One forwarded-element; s is at its first character. */
static const char *
element(const char *s, struct forwarded *out, const char **why)
{
	struct { const char *name; size_t len; } seen[MAX_PAIRS];
	size_t nseen = 0;

	out->has_proto = out->has_host = 0;
	buf_reset(&out->proto);
	buf_reset(&out->host);
	for (;;) {
		const char *name = s, *end = token_end(s);
		size_t len = (size_t)(end - name);
		struct buf value = BUF_INIT, *dest = NULL;

		if (*s == ';') {		/* an empty pair */
			s = skip_ows(s + 1);
			continue;
		}
		if (*s == ',' || *s == '\0')
			return s;
		if (len == 0 || *end != '=') {
			*why = "malformed Forwarded header";
			return NULL;
		}
		for (size_t i = 0; i < nseen; i++) {
			if (seen[i].len == len &&
			    strncasecmp(seen[i].name, name, len) == 0) {
				*why = "Forwarded header repeats a parameter";
				return NULL;
			}
		}
		if (nseen == MAX_PAIRS) {
			*why = "Forwarded element has too many parameters";
			return NULL;
		}
		seen[nseen].name = name;
		seen[nseen++].len = len;

		if (len == 5 && strncasecmp(name, "proto", 5) == 0) {
			dest = &out->proto;
			out->has_proto = 1;
		} else if (len == 4 && strncasecmp(name, "host", 4) == 0) {
			dest = &out->host;
			out->has_host = 1;
		}
		s = end + 1;
		if (*s == '"')
			s = quoted_string(s, dest ? dest : &value);
		else if ((end = token_end(s)) != s) {
			buf_add(dest ? dest : &value, s, (size_t)(end - s));
			s = end;
		} else
			s = NULL;
		buf_free(&value);
		if (s == NULL) {
			*why = "malformed Forwarded value";
			return NULL;
		}
		s = skip_ows(s);
		if (*s == ';')
			s = skip_ows(s + 1);
		else if (*s != ',' && *s != '\0') {
			*why = "malformed Forwarded header";
			return NULL;
		}
	}
}

int
forwarded_parse(const char *value, struct forwarded *out, const char **why)
{
	const char *s = skip_ows(value);

	memset(out, 0, sizeof(*out));
	while (*s != '\0') {
		/* Each element replaces the one before; empty ones do not. */
		if (*s != ',' && (s = element(s, out, why)) == NULL) {
			forwarded_free(out);
			return -1;
		}
		if (*s == ',')
			s = skip_ows(s + 1);
	}
	return 0;
}

void
forwarded_free(struct forwarded *f)
{
	buf_free(&f->proto);
	buf_free(&f->host);
}
