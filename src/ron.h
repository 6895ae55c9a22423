/*
 * A small strict reader for RON (Rusty Object Notation) as NoPressure's
 * sidecars are written: one struct of fields, read field by field. Values
 * the caller does not want are skipped whatever their shape.
 */
#ifndef SITEMAPD_RON_H
#define SITEMAPD_RON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

struct ron {
	const char	*start;
	const char	*p;
	const char	*end;
	int		 implicit_some;	/* #![enable(implicit_some)] */
	int		 first_field;
	int		 first_item;
	const char	*err;		/* static reason once an error is seen */
	const char	*errpos;
};

void	ron_init(struct ron *, const char *text, size_t len);

/* Reads the attributes, an optional struct name and the opening "(". */
int	ron_struct_begin(struct ron *);

/*
 * Reads the next "name:" into name. Returns 1 for a field, 0 at the closing
 * ")" and -1 on error.
 */
int	ron_field(struct ron *, char *name, size_t namesz);

/* Readers of one value; each returns 0 or -1. Strings may hold NUL bytes. */
int	ron_string(struct ron *, struct buf *out);
int	ron_option_string(struct ron *, struct buf *out, int *some);
int	ron_option_int(struct ron *, int64_t *out, int *some);
int	ron_list_begin(struct ron *);
int	ron_list_next(struct ron *);	/* 1: a value follows, 0: "]" read */
int	ron_skip_value(struct ron *);

/* Accepts only white space and comments after the struct. */
int	ron_finish(struct ron *);

/* Formats the error as "line N: reason". */
void	ron_error(const struct ron *, struct buf *out);

#endif
