/* Hosts of URLs, and the URLs an audit's sitemaps list, found by value. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include <curl/curl.h>

#include "audit.h"
#include "audit_state.h"
#include "hash.h"

int
url_host(const char *url, struct buf *host)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *name = NULL;
	int rc = -1;

	if (u == NULL)
		return -1;
	if (doc_url_valid(url) && curl_url_set(u, CURLUPART_URL, url, 0) ==
	    CURLUE_OK && curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) ==
	    CURLUE_OK && curl_url_get(u, CURLUPART_HOST, &name, 0) ==
	    CURLUE_OK && *name != '\0') {
		buf_reset(host);
		for (const char *p = name; *p; p++)
			buf_addc(host, (char)tolower((unsigned char)*p));
		rc = 0;
	}
	curl_free(scheme);
	curl_free(name);
	curl_url_cleanup(u);
	return rc;
}

int
on_host(const struct audit *a, const char *url)
{
	struct buf host = BUF_INIT;
	int same = url_host(url, &host) == 0 &&
	    strcmp(host.data, a->host) == 0;

	buf_free(&host);
	return same;
}

size_t
listed_find(const struct audit *a, const char *url)
{
	uint64_t id = hash_add(HASH_INIT, url, strlen(url));
	size_t at;

	/* A collision moves on to the next id, as listed_add put it. */
	while (id_map_get(&a->by_url, id, &at)) {
		if (strcmp(a->urls[at].url, url) == 0)
			return at;
		id++;
	}
	return (size_t)-1;
}
