/*
 * JSON-LD as a page states it: any bytes, as the text of one script, read
 * for the dates of the page it is on.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "jsonld.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct host_policy hosts;
	char *modified = NULL, *published = NULL;

	host_policy_init(&hosts);
	jsonld_dates((const char *)data, size, "/blog/post.html", &hosts,
	    &modified, &published);
	free(modified);
	free(published);
	host_policy_free(&hosts);
	return 0;
}
