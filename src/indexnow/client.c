/*
 * The HTTP requests sitemapd makes itself. TLS is verified, as libcurl
 * does by default; no redirect is followed, and nothing but http and
 * https is spoken, whatever the endpoint says.
 */
#include "autoconf.h"

#include <curl/curl.h>

#include "client.h"

/* Where a body is kept, and how much of it. */
struct sink {
	struct buf	*body;
	size_t		 max;
};

static CURL	*start(const char *, struct sink *, struct buf *);
static long	perform(CURL *, long *, struct buf *);
static size_t	keep(char *, size_t, size_t, void *);

long
indexnow_post(const char *endpoint, const char *body, size_t len,
    long *retry_after, struct buf *why)
{
	struct curl_slist *headers = NULL;
	struct sink none = { NULL, 0 };
	long status;
	CURL *curl;

	if ((curl = start(endpoint, &none, why)) == NULL)
		return -1;
	headers = curl_slist_append(headers,
	    "Content-Type: application/json; charset=utf-8");
	curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
	curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	status = perform(curl, retry_after, why);
	curl_slist_free_all(headers);
	return status;
}

long
indexnow_fetch(const char *url, size_t max, struct buf *body,
    struct buf *why)
{
	struct sink sink = { body, max };
	long retry_after;
	CURL *curl;

	if ((curl = start(url, &sink, why)) == NULL)
		return -1;
	return perform(curl, &retry_after, why);
}

static CURL *
start(const char *url, struct sink *sink, struct buf *why)
{
	static int ready;
	CURL *curl;

	if (!ready && curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)
		ready = 1;
	if (!ready || (curl = curl_easy_init()) == NULL) {
		buf_adds(why, "libcurl cannot start");
		return NULL;
	}
	curl_easy_setopt(curl, CURLOPT_URL, url);
	curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(curl, CURLOPT_USERAGENT, PACKAGE_NAME "/"
	    PACKAGE_VERSION);
	curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT,
	    (long)INDEXNOW_CONNECT_S);
	curl_easy_setopt(curl, CURLOPT_TIMEOUT, (long)INDEXNOW_TIMEOUT_S);
	curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep);
	curl_easy_setopt(curl, CURLOPT_WRITEDATA, sink);
	return curl;
}

/* Sends, and ends curl: the status, or -1 with why. */
static long
perform(CURL *curl, long *retry_after, struct buf *why)
{
	curl_off_t wait = 0;
	long status = -1;
	CURLcode rc;

	*retry_after = 0;
	if ((rc = curl_easy_perform(curl)) != CURLE_OK)
		buf_adds(why, curl_easy_strerror(rc));
	else {
		curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
		if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &wait) ==
		    CURLE_OK && wait > 0)
			*retry_after = wait > 86400 ? 86400 : (long)wait;
	}
	curl_easy_cleanup(curl);
	return status;
}

/* A body past max is cut there: nothing longer is read. */
static size_t
keep(char *data, size_t size, size_t n, void *arg)
{
	struct sink *sink = arg;

	if (sink->body != NULL && sink->body->len < sink->max)
		buf_add(sink->body, data, size * n < sink->max -
		    sink->body->len ? size * n : sink->max - sink->body->len);
	return size * n;
}
