/*
 * ISO-2022-JP as the Encoding Standard decodes it. glibc's iconv knows
 * neither ESC ( I (half-width katakana) nor the standard's recovery from a
 * bad escape, so the same bytes gave it ASCII where a browser reads
 * katakana: a "</title><!--" that hid a robots noindex from sitemapd and
 * not from a browser. The states are the standard's; only the JIS X 0208
 * pairs go to iconv, as EUC-JP (each byte with its high bit set), since
 * whatever they map to is no markup.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "iso2022jp.h"
#include "utf8.h"

#define REPLACEMENT_CHAR	"\xef\xbf\xbd"	/* U+FFFD */
#define ESC			0x1b

enum jp_state {
	JP_ASCII, JP_ROMAN, JP_KATAKANA, JP_LEAD, JP_TRAIL, JP_ESCAPE_START,
	JP_ESCAPE
};

static void	step(struct iso2022jp *, unsigned char, struct buf *);
static void	jis0208(struct iso2022jp *, unsigned char, unsigned char,
		    struct buf *);

int
iso2022jp_open(struct iso2022jp *d)
{
	memset(d, 0, sizeof(*d));
	d->state = d->out_state = JP_ASCII;
	d->jis = iconv_open("UTF-8", "EUC-JP");
	return d->jis == (iconv_t)-1 ? -1 : 0;
}

void
iso2022jp_feed(struct iso2022jp *d, const char *in, size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; i++)
		step(d, (unsigned char)in[i], out);
}

/* The end of the queue, in each state as the standard ends it. */
void
iso2022jp_end(struct iso2022jp *d, struct buf *out)
{
	unsigned char lead = d->lead;

	switch (d->state) {
	case JP_TRAIL:
		d->state = JP_LEAD;
		buf_adds(out, REPLACEMENT_CHAR);
		break;
	case JP_ESCAPE_START:
		d->state = d->out_state;
		buf_adds(out, REPLACEMENT_CHAR);
		break;
	case JP_ESCAPE:
		/* The lead byte goes back to the queue, read as it stands. */
		d->out_flag = 0;
		d->state = d->out_state;
		buf_adds(out, REPLACEMENT_CHAR);
		step(d, lead, out);
		break;
	}
}

void
iso2022jp_close(struct iso2022jp *d)
{
	if (d->jis != (iconv_t)-1)
		iconv_close(d->jis);
}

/* One byte of the stream, in the standard's words. */
static void
step(struct iso2022jp *d, unsigned char b, struct buf *out)
{
	unsigned char lead;
	int next;

	switch (d->state) {
	case JP_ASCII:
	case JP_ROMAN:
		if (b == ESC) {
			d->state = JP_ESCAPE_START;
			return;
		}
		d->out_flag = 0;
		if (b >= 0x80 || b == 0x0e || b == 0x0f)
			buf_adds(out, REPLACEMENT_CHAR);
		else if (d->state == JP_ROMAN && b == 0x5c)
			utf8_put(out, 0xa5);
		else if (d->state == JP_ROMAN && b == 0x7e)
			utf8_put(out, 0x203e);
		else
			buf_addc(out, (char)b);
		return;
	case JP_KATAKANA:
		if (b == ESC) {
			d->state = JP_ESCAPE_START;
			return;
		}
		d->out_flag = 0;
		if (b >= 0x21 && b <= 0x5f)
			utf8_put(out, 0xff61 - 0x21 + b);
		else
			buf_adds(out, REPLACEMENT_CHAR);
		return;
	case JP_LEAD:
		if (b == ESC) {
			d->state = JP_ESCAPE_START;
			return;
		}
		d->out_flag = 0;
		if (b >= 0x21 && b <= 0x7e) {
			d->lead = b;
			d->state = JP_TRAIL;
		} else
			buf_adds(out, REPLACEMENT_CHAR);
		return;
	case JP_TRAIL:
		if (b == ESC) {
			d->state = JP_ESCAPE_START;
			buf_adds(out, REPLACEMENT_CHAR);
			return;
		}
		d->state = JP_LEAD;
		if (b >= 0x21 && b <= 0x7e)
			jis0208(d, d->lead, b, out);
		else
			buf_adds(out, REPLACEMENT_CHAR);
		return;
	case JP_ESCAPE_START:
		if (b == 0x24 || b == 0x28) {
			d->lead = b;
			d->state = JP_ESCAPE;
			return;
		}
		d->out_flag = 0;
		d->state = d->out_state;
		buf_adds(out, REPLACEMENT_CHAR);
		step(d, b, out);	/* prepended to the stream */
		return;
	case JP_ESCAPE:
		lead = d->lead;
		next = lead == 0x28 && b == 0x42 ? JP_ASCII :
		    lead == 0x28 && b == 0x4a ? JP_ROMAN :
		    lead == 0x28 && b == 0x49 ? JP_KATAKANA :
		    lead == 0x24 && (b == 0x40 || b == 0x42) ? JP_LEAD : -1;
		d->lead = 0;
		if (next != -1) {
			int twice = d->out_flag;

			d->state = d->out_state = next;
			d->out_flag = 1;
			/* Two escapes in a row: an error between them. */
			if (twice)
				buf_adds(out, REPLACEMENT_CHAR);
			return;
		}
		d->out_flag = 0;
		d->state = d->out_state;
		buf_adds(out, REPLACEMENT_CHAR);
		step(d, lead, out);	/* both prepended, in order */
		step(d, b, out);
		return;
	}
}

/* A JIS X 0208 pair, by way of EUC-JP; U+FFFD where it maps nothing. */
static void
jis0208(struct iso2022jp *d, unsigned char lead, unsigned char trail,
    struct buf *out)
{
	char in[2] = { (char)(lead | 0x80), (char)(trail | 0x80) };
	char *p = in, *o = buf_room(out, 8), *start = o;
	size_t left = sizeof(in), room = 8;

	if (iconv(d->jis, &p, &left, &o, &room) == (size_t)-1) {
		iconv(d->jis, NULL, NULL, NULL, NULL);
		buf_adds(out, REPLACEMENT_CHAR);
		return;
	}
	buf_commit(out, (size_t)(o - start));
}
