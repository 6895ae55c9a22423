/*
 * The encoding a page is sniffed as, and its decoding: whatever the bytes,
 * the text is valid UTF-8, and the same whether the page comes whole or
 * in pieces.
 */
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "fuzz.h"
#include "utf8.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf whole = BUF_INIT, pieces = BUF_INIT;
	const struct encoding *e;
	struct decoder *d;
	size_t bom, step;

	if (size == 0)
		return 0;
	step = (size_t)data[0] % 7 + 1;
	data++, size--;
	e = encoding_sniff(data, size, &bom);
	if (bom > size || (d = decoder_new(e)) == NULL)
		return 0;
	decoder_feed(d, (const char *)data + bom, size - bom, &whole);
	decoder_end(d, &whole);
	decoder_free(d);
	if ((d = decoder_new(e)) == NULL)
		abort();
	for (size_t at = bom; at < size; at += step)
		decoder_feed(d, (const char *)data + at,
		    size - at < step ? size - at : step, &pieces);
	decoder_end(d, &pieces);
	decoder_free(d);
	if (utf8_invalid_at((const unsigned char *)buf_str(&whole),
	    whole.len) != NULL)
		abort();
	if (whole.len != pieces.len || memcmp(buf_str(&whole),
	    buf_str(&pieces), whole.len) != 0)
		abort();
	buf_free(&whole);
	buf_free(&pieces);
	return 0;
}
