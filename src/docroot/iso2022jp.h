/*
 * A decoder of ISO-2022-JP to UTF-8 that follows the Encoding Standard,
 * byte by byte, so that a page cut anywhere decodes the same.
 */
#ifndef SITEMAPD_ISO2022JP_H
#define SITEMAPD_ISO2022JP_H

#include <iconv.h>
#include <stddef.h>

#include "buf.h"

struct iso2022jp {
	int		 state, out_state, out_flag;
	unsigned char	 lead;
	iconv_t		 jis;		/* EUC-JP, for JIS X 0208 pairs */
};

/* -1 when this machine's iconv lacks EUC-JP. */
int	iso2022jp_open(struct iso2022jp *);
void	iso2022jp_feed(struct iso2022jp *, const char *, size_t, struct buf *);
/* The end of the input: a sequence cut short is U+FFFD. */
void	iso2022jp_end(struct iso2022jp *, struct buf *);
void	iso2022jp_close(struct iso2022jp *);

#endif
