/*
 * proxy_env_excluded on any no_proxy list and host (split at the first
 * NUL): no crash, the same answer twice, and "*" or the host itself
 * added to any list excludes it.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "proxy_env.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *nul = memchr(data, '\0', size);
	size_t n = nul ? (size_t)(nul - (const char *)data) : size;
	char *list = strndup((const char *)data, n);
	char *host = nul ? strndup(nul + 1, size - n - 1) : strdup("");
	char *more = malloc(n + strlen(host) + 4);
	int named = proxy_env_excluded(list, host);

	strcpy(more, list);
	strcat(more, ",*");
	if (!proxy_env_excluded(more, host))
		__builtin_trap();
	/* A host as a URL's is, a name or an address, names itself. */
	if (*host != '\0' && *host != '.' && host[strspn(host,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-")]
	    == '\0') {
		strcpy(more, list);
		strcat(more, ",");
		strcat(more, host);
		if (!proxy_env_excluded(more, host))
			__builtin_trap();
	}
	if (named != proxy_env_excluded(list, host))
		__builtin_trap();
	free(list);
	free(host);
	free(more);
	return 0;
}
