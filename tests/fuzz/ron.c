/* The RON reader, through the sidecar parser that drives it. */
#include "fuzz.h"
#include "sidecar.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sidecar sc;
	struct buf why = BUF_INIT;

	if (sidecar_parse((const char *)data, size, &sc, &why) == 0)
		sidecar_free(&sc);
	buf_free(&why);
	return 0;
}
