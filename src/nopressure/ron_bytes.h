/*
 * ron's Bytes (ron 0.8.1, src/parse.rs) as ron.c reads a sidecar with
 * them: white space and comments, identifiers, strings and their
 * escapes, integers, the #![enable(...)] attributes and the recursion
 * limit; and the reader's state they keep, struct ron. Below ron.c,
 * which alone calls them.
 */
#ifndef SITEMAPD_RON_BYTES_H
#define SITEMAPD_RON_BYTES_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

#define RECURSION_LIMIT		128
#define EXT_UNWRAP_NEWTYPES	0x1
#define EXT_IMPLICIT_SOME	0x2
#define EXT_UNWRAP_VARIANT	0x4

/* Where a reader is in the text, and what it has seen. */
struct ron {
	const unsigned char *start;
	const unsigned char *p;
	const unsigned char *end;
	unsigned	 exts;		/* #![enable(...)] */
	int		 budget;	/* ron's recursion limit left */
	int		 had_comma;	/* the struct's fields */
	int		 in_value;
	int		 list_had_comma;	/* a list of strings */
	int		 in_item;
	const char	*err;		/* static reason once an error is seen */
	const unsigned char *errpos;
};

/* Integer targets: serde's i32, and ron's widest without integer128. */
enum num_kind { NUM_I32, NUM_I64, NUM_U64 };

/* Identifier results, as ron's errors for them. */
#define ID_NONE		-1	/* ExpectedIdentifier */
#define ID_RAW		-2	/* SuggestRawIdentifier */
#define ID_EOF		-3

int	lex_fail(struct ron *, const char *);
int	lex_peek(const struct ron *);
int	lex_consume(struct ron *, const char *);
int	lex_consume_ident(struct ron *, const char *);
int	lex_check_ident(const struct ron *, const char *);
size_t	lex_run(const struct ron *, size_t from, int (*)(int));
int	lex_is_ident_other(int);
int	lex_is_int_char(int);
int	lex_is_float_char(int);
int	lex_skip_ws(struct ron *);
int	lex_comma(struct ron *);
int	lex_guard_enter(struct ron *);
void	lex_guard_leave(struct ron *);
int	lex_identifier(struct ron *, const unsigned char **, size_t *);
int	lex_extensions(struct ron *);
int	lex_escape(struct ron *, struct buf *);
int	lex_string(struct ron *, struct buf *);
int	lex_integer(struct ron *, enum num_kind, int64_t *, const char **);

#endif
