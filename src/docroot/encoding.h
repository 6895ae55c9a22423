/*
 * The encoding a browser decodes a page in, chosen as the HTML Standard
 * chooses it (a BOM, then the meta prescan of the first 1024 bytes with
 * the Encoding Standard's labels, then what the bytes are), and a
 * decoder to UTF-8 that, as a browser does, replaces what it cannot
 * decode with U+FFFD rather than stop.
 */
#ifndef SITEMAPD_ENCODING_H
#define SITEMAPD_ENCODING_H

#include <stddef.h>

#include "buf.h"

/* The bytes the meta prescan looks at. */
#define ENCODING_PRESCAN	1024

struct encoding;

/* The encoding a label names (the Encoding Standard's), or NULL. */
const struct encoding *encoding_for_label(const char *, size_t);
/* The one a Content-Type's charset names, as a <meta> content has it. */
const struct encoding *encoding_from_content(const char *);
/*
 * What a browser takes a <meta> naming e for: UTF-16 for UTF-8 (the
 * page's bytes are ASCII as far as it), x-user-defined for windows-1252.
 */
const struct encoding *encoding_from_meta(const struct encoding *e);
/*
 * What a browser decodes a page that starts with these bytes in (all of
 * them when fewer than ENCODING_PRESCAN); *bom gets the bytes of a
 * byte-order mark, to be skipped.
 */
const struct encoding *encoding_sniff(const unsigned char *, size_t,
	    size_t *bom);
/* Its name, as the Encoding Standard writes it. */
const char *encoding_name(const struct encoding *);
/* No browser decodes anything in it: "replacement" (ISO-2022-KR...). */
int	encoding_is_replacement(const struct encoding *);

struct decoder;

/* NULL when this machine cannot decode e (iconv lacks it). */
struct decoder *decoder_new(const struct encoding *);
/* Appends n bytes decoded; a sequence cut short waits for more. */
void	decoder_feed(struct decoder *, const char *, size_t n, struct buf *);
/* The end of the input: what is left of a sequence is U+FFFD. */
void	decoder_end(struct decoder *, struct buf *);
void	decoder_free(struct decoder *);

#endif
