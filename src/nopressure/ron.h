/*
 * RON (Rusty Object Notation) read exactly as ron 0.8.1's from_str reads
 * it into a serde struct, which is how NoPressure reads its sidecars: one
 * struct of fields, read field by field, with any value the caller does
 * not want skipped as serde's IgnoredAny skips it.
 */
#ifndef SITEMAPD_RON_H
#define SITEMAPD_RON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "ron_bytes.h"

/* Reads the leading white space and #![enable(...)] attributes. */
void	ron_init(struct ron *, const char *text, size_t len);

/* Reads an optional struct name, which must be name, and the "(". */
int	ron_struct_begin(struct ron *, const char *name);

/*
 * Reads the next "field:". Returns 1 with the name, whose value must be
 * read next; 0 at the closing ")"; -1 on error.
 */
int	ron_field(struct ron *, const char **name, size_t *len);

/* Readers of one value; each returns 0 or -1. Strings may hold NUL bytes. */
int	ron_string(struct ron *, struct buf *out);
int	ron_option_string(struct ron *, struct buf *out, int *some);
int	ron_option_i32(struct ron *, int32_t *out, int *some);
int	ron_list_begin(struct ron *);
int	ron_list_next(struct ron *);	/* 1: a value follows, 0: "]" read */
int	ron_skip_value(struct ron *);

/* Accepts only white space and comments after the struct. */
int	ron_finish(struct ron *);

/* Formats the error as "line L, column C: reason". */
void	ron_error(const struct ron *, struct buf *out);

#endif
