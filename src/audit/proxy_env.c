/*
 * Which proxy a URL goes through (proxy_env.h): its scheme and host by
 * libcurl's URL parser, as the transfer reads them; no_proxy's entries
 * compared by hand, as curl documents them.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "buf.h"
#include "cidr.h"
#include "proxy_env.h"

static const char	*first_set(const char *, const char *);
static int	names(const char *entry, size_t len, const char *host);

const char *
proxy_env_for(const char *url)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL;
	const char *proxy = NULL, *no_proxy;
	size_t len;

	if (u == NULL || curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK)
		goto done;
	if (strcasecmp(scheme, "http") == 0)
		proxy = first_set(getenv("http_proxy"), NULL);
	else if (strcasecmp(scheme, "https") == 0)
		proxy = first_set(getenv("https_proxy"), getenv("HTTPS_PROXY"));
	if (proxy == NULL)
		proxy = first_set(getenv("all_proxy"), getenv("ALL_PROXY"));
	/* An IPv6 host without its brackets, as no_proxy writes it. */
	len = strlen(host);
	if (len > 1 && host[0] == '[' && host[len - 1] == ']') {
		memmove(host, host + 1, len - 2);
		host[len - 2] = '\0';
	}
	no_proxy = first_set(getenv("no_proxy"), getenv("NO_PROXY"));
	if (proxy != NULL && no_proxy != NULL &&
	    proxy_env_excluded(no_proxy, host))
		proxy = NULL;
done:
	curl_free(scheme);
	curl_free(host);
	curl_url_cleanup(u);
	return proxy;
}

int
proxy_env_excluded(const char *no_proxy, const char *host)
{
	const char *p = no_proxy;

	while (*p != '\0') {
		size_t len;

		p += strspn(p, ", \t");
		len = strcspn(p, ", \t");
		if (len == 1 && *p == '*')
			return 1;
		if (len > 0 && names(p, len, host))
			return 1;
		p += len;
	}
	return 0;
}

/* The first of two variables set and not empty, or NULL. */
static const char *
first_set(const char *a, const char *b)
{
	if (a != NULL && *a != '\0')
		return a;
	return b != NULL && *b != '\0' ? b : NULL;
}

/* Whether one entry of no_proxy, len bytes, names host. */
static int
names(const char *entry, size_t len, const char *host)
{
	char *e = xstrndup(entry, len);
	const char *name = *e == '.' ? e + 1 : e;
	size_t n = strlen(name), h = strlen(host);
	struct cidr range;
	const char *why;
	int named;

	if (cidr_parse(name, &range, &why) == 0)
		named = cidr_list_contains(&range, 1, host);
	else
		named = n > 0 && h >= n &&
		    strcasecmp(host + h - n, name) == 0 &&
		    (h == n || host[h - n - 1] == '.');
	free(e);
	return named;
}
