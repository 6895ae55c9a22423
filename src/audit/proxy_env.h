/*
 * The proxy a URL is fetched through, read from the environment as curl
 * reads it: http_proxy for http (never HTTP_PROXY, which a CGI's client
 * sets with a "Proxy:" header), https_proxy or HTTPS_PROXY for https,
 * else all_proxy or ALL_PROXY; none where no_proxy (or NO_PROXY) names
 * the host. audit decides it, and tells libcurl, so that it knows
 * whether a socket leads to the proxy or to the target: the target is
 * judged either way, the proxy never.
 */
#ifndef SITEMAPD_PROXY_ENV_H
#define SITEMAPD_PROXY_ENV_H

/* The proxy for url (the environment's string), or NULL for none. */
const char	*proxy_env_for(const char *url);
/*
 * Whether the list no_proxy names host (a name, or an address without
 * brackets): "*" every host; each entry, a leading "." aside, the host
 * itself or a domain it is in; an address, or a range of them with
 * "/bits", the hosts written as addresses in it.
 */
int	proxy_env_excluded(const char *no_proxy, const char *host);

#endif
