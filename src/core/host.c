/*
 * Host names as URLs carry them, canonical, and which of them the site
 * answers for: [http] trusted_proxies and allowed_hosts.
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "host.h"
#include "number.h"

/* 1-65535, decimal, no sign, no leading zero. */
long
host_port_parse(const char *s, size_t n)
{
	const char *why;
	uint64_t v;

	return number_parse(s, n, 10, 0, 1, 65535, &v, &why) == 0 ?
	    (long)v : -1;
}

/* Dotted-quad IPv4 with each part 0-255 and no leading zeros. */
static int
is_ipv4(const char *s, size_t n)
{
	const char *end = s + n, *why;
	uint64_t v;

	for (int part = 0; part < 4; part++) {
		const char *stop = part < 3 ? memchr(s, '.',
		    (size_t)(end - s)) : end;

		if (stop == NULL || number_parse(s, (size_t)(stop - s), 10, 0,
		    0, 255, &v, &why) == -1)
			return 0;
		s = stop + 1;
	}
	return 1;
}

/*
 * Letters, digits and hyphens in dot-separated labels of 1-63 characters
 * that neither start nor end with a hyphen. A name whose last label is
 * numeric must be an IPv4 address, as URL parsers read it as one.
 */
static int
is_reg_name(const char *s, size_t n)
{
	size_t label = 0, last = 0;
	int numeric = 1;

	if (n == 0 || n > HOST_MAX)
		return 0;
	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == '.') {
			if (i == label || i - label > 63 || s[label] == '-' ||
			    s[i - 1] == '-')
				return 0;
			last = label;
			label = i + 1;
			continue;
		}
		if (!ascii_is_alpha(s[i]) && !ascii_is_digit(s[i]) &&
		    s[i] != '-')
			return 0;
	}
	for (size_t i = last; i < n; i++)
		numeric &= ascii_is_digit(s[i]);
	return !numeric || is_ipv4(s, n);
}

/* Reads "[v6]" at in into h->name; returns the text after it or NULL. */
static const char *
parse_ipv6(const char *in, struct host *h, const char **why)
{
	const char *close = strchr(in, ']');
	char text[64];
	unsigned char bin[16];

	if (close == NULL || (size_t)(close - in - 1) >= sizeof(text)) {
		*why = "malformed IPv6 host";
		return NULL;
	}
	memcpy(text, in + 1, (size_t)(close - in - 1));
	text[close - in - 1] = '\0';
	h->name[0] = '[';
	if (inet_pton(AF_INET6, text, bin) != 1 ||
	    inet_ntop(AF_INET6, bin, h->name + 1, INET6_ADDRSTRLEN) == NULL) {
		*why = "invalid IPv6 address";
		return NULL;
	}
	memcpy(h->name + strlen(h->name), "]", 2);
	return close + 1;
}

int
host_parse(const char *in, struct host *h, const char **why)
{
	const char *rest;

	h->port = -1;
	if (*in == '[') {
		if ((rest = parse_ipv6(in, h, why)) == NULL)
			return -1;
		if (*rest != '\0' && *rest != ':') {
			*why = "text after the IPv6 address";
			return -1;
		}
	} else {
		size_t n = strcspn(in, ":");

		if (!is_reg_name(in, n)) {
			*why = "invalid host name";
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			h->name[i] = (char)ascii_tolower(in[i]);
		h->name[n] = '\0';
		rest = in + n;
	}
	if (*rest == ':' && (h->port = host_port_parse(rest + 1,
	    strlen(rest + 1))) == -1) {
		*why = "invalid port";
		return -1;
	}
	return 0;
}

void
host_format(const struct host *h, int https, struct buf *out)
{
	buf_adds(out, h->name);
	if (h->port != -1 && h->port != (https ? 443 : 80))
		buf_printf(out, ":%ld", h->port);
}

int
host_canonical(const char *in, int https, struct buf *out, const char **why)
{
	struct host h;

	if (host_parse(in, &h, why) == -1)
		return -1;
	host_format(&h, https, out);
	return 0;
}

void
host_policy_init(struct host_policy *p)
{
	const char *why;

	memset(p, 0, sizeof(*p));
	host_policy_trust(p, "127.0.0.0/8", &why);
	host_policy_trust(p, "::1", &why);
}

void
host_policy_free(struct host_policy *p)
{
	for (size_t i = 0; i < p->nallowed; i++)
		free(p->allowed[i]);
	free(p->allowed);
	free(p->trusted);
	memset(p, 0, sizeof(*p));
}

int
host_policy_trust(struct host_policy *p, const char *range, const char **why)
{
	struct cidr c;

	if (cidr_parse(range, &c, why) == -1)
		return -1;
	p->trusted = xreallocarray(p->trusted, p->ntrusted + 1,
	    sizeof(*p->trusted));
	p->trusted[p->ntrusted++] = c;
	return 0;
}

int
host_policy_allow(struct host_policy *p, const char *pattern,
    const char **why)
{
	int wildcard = strncmp(pattern, "*.", 2) == 0;
	struct buf canon = BUF_INIT;
	struct host h;

	if (host_parse(pattern + (wildcard ? 2 : 0), &h, why) == -1)
		return -1;
	if (h.port != -1) {
		*why = "allowed hosts take no port";
		return -1;
	}
	if (wildcard && (h.name[0] == '[' || is_ipv4(h.name,
	    strlen(h.name)))) {
		*why = "a wildcard needs a domain name after \"*.\"";
		return -1;
	}
	buf_printf(&canon, "%s%s", wildcard ? "*." : "", h.name);
	p->allowed = xreallocarray(p->allowed, p->nallowed + 1,
	    sizeof(*p->allowed));
	p->allowed[p->nallowed++] = canon.data;
	return 0;
}

void
host_policy_default(const struct host_policy *p, struct buf *out)
{
	for (size_t i = 0; i < p->nallowed; i++)
		if (strncmp(p->allowed[i], "*.", 2) != 0) {
			buf_adds(out, p->allowed[i]);
			return;
		}
	if (p->nallowed > 0)
		buf_printf(out, "www%s", p->allowed[0] + 1);
	else
		buf_adds(out, "localhost");
}

/*
 * "*.example.com" matches a.example.com and a.b.example.com, not itself;
 * without case, as host names are (a canonical's, say, as written).
 */
int
host_policy_allows(const struct host_policy *p, const char *name)
{
	size_t n = strlen(name);

	if (p->nallowed == 0)
		return 1;
	for (size_t i = 0; i < p->nallowed; i++) {
		const char *a = p->allowed[i];
		size_t suffix = strlen(a) - 1;	/* ".example.com" */

		if (strcasecmp(a, name) == 0 || (a[0] == '*' && n > suffix &&
		    strcasecmp(name + n - suffix, a + 1) == 0))
			return 1;
	}
	return 0;
}
