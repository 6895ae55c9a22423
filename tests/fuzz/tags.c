/* The tags.yaml reader, and the access verdict it feeds. */
#include "fuzz.h"
#include "tags.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const tags[] = { "news", "private", "" };
	struct tagmap m;
	struct buf why = BUF_INIT;

	if (tagmap_parse((const char *)data, size, &m, &why) == 0) {
		(void)access_of(&m, tags, 3);
		tagmap_free(&m);
	}
	buf_free(&why);
	return 0;
}
