/*
 * What IndexNow declares to the core: its [indexnow] keys, each checked
 * as it is read, what the section needs whole, and what sitemapd check
 * says of it (indexnow_report).
 */
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "config.h"
#include "config_module.h"
#include "number.h"
#include "protocol_limits.h"
#include "submit.h"

static int	set_text(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static int	set_delay(struct config_parse *, struct config *,
		    const struct config_key *, const char *);
static void	finish(struct config_parse *, struct config *);
static int	key_valid(const char *);
static int	host_and_port_valid(const char *);
static int	endpoint_valid(const char *);

#define FIELD(name)	offsetof(struct config, indexnow.name)

static const struct config_key keys[] = {
	{ "indexnow", "key", NULL, 0, set_text, FIELD(key) },
	{ "indexnow", "host", NULL, 0, set_text, FIELD(host) },
	{ "indexnow", "https", "yes", 0, config_set_bool, FIELD(https) },
	{ "indexnow", "endpoint", INDEXNOW_ENDPOINT, 0, set_text,
	    FIELD(endpoint) },
	{ "indexnow", "delay", CONFIG_NUMBER(INDEXNOW_DELAY), 0, set_delay, 0 },
	{ "indexnow", "state", NULL, 0, config_set_store, FIELD(state) },
};

const struct config_module indexnow_module = {
	.name = "indexnow",
	.source = -1,
	.keys = keys,
	.nkeys = sizeof(keys) / sizeof(keys[0]),
	.finish = finish,
	.check = indexnow_report,
};

/* key, host and endpoint: each checked by what IndexNow takes. */
static int
set_text(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	char **to = (char **)((char *)cfg + key->offset);

	if (key->offset == FIELD(key) && !key_valid(v))
		return config_error(p, "key: 8 to 128 of a-z, A-Z, 0-9 and "
		    "\"-\", as IndexNow has it");
	if (key->offset == FIELD(host) && !host_and_port_valid(v))
		return config_error(p, "host: a host name such as "
		    "www.example.org, with a port if it needs one, not "
		    "\"%s\"", v);
	if (key->offset == FIELD(endpoint) && !endpoint_valid(v))
		return config_error(p, "endpoint: an http or https URL, such "
		    "as https://api.indexnow.org/indexnow");
	free(*to);
	*to = xstrdup(v);
	if (key->offset == FIELD(host))	/* as the URLs it names are written */
		for (char *c = *to; *c; c++)
			*c = (char)ascii_tolower(*c);
	return 0;
}

static int
set_delay(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	const char *why;
	uint64_t delay;

	(void)key;
	if (number_parse(v, strlen(v), 10, 0, 0, INDEXNOW_DELAY_MAX, &delay,
	    &why) == -1)
		return config_error(p, "delay: seconds, from 0 to %d",
		    INDEXNOW_DELAY_MAX);
	cfg->indexnow.delay = (long)delay;
	return 0;
}

/* The section whole: what it cannot do without, a host the site answers for. */
static void
finish(struct config_parse *p, struct config *cfg)
{
	const struct indexnow_config *in = &cfg->indexnow;
	char *name;

	if (config_line(p, "indexnow", NULL) == 0)
		return;
	if (in->key == NULL || in->host == NULL || in->state == NULL) {
		config_error_at(p, config_line(p, "indexnow", NULL),
		    "[indexnow] needs %s", in->key == NULL ? "key" : in->host == NULL ?
		    "host" : "state, where what was submitted is kept");
		return;
	}
	name = xstrndup(in->host, strcspn(in->host, ":"));
	if (!host_policy_allows(&cfg->hosts, name))
		config_error_at(p, config_line(p, "indexnow", "host"),
		    "host %s is none of [http] allowed_hosts", name);
	free(name);
}

/* IndexNow's: 8 to 128 of a-z, A-Z, 0-9 and "-". */
static int
key_valid(const char *key)
{
	size_t n = strspn(key, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-");

	return key[n] == '\0' && n >= 8 && n <= 128;
}

/* A host name, or an address, and a port if one is given. */
static int
host_and_port_valid(const char *v)
{
	size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-");

	if (n == 0 || n > HOST_MAX)
		return 0;
	if (v[n] == ':')
		return v[n + 1] != '\0' &&
		    v[n + 1 + strspn(v + n + 1, "0123456789")] == '\0';
	return v[n] == '\0';
}

static int
endpoint_valid(const char *v)
{
	return (strncmp(v, "https://", 8) == 0 ||
	    strncmp(v, "http://", 7) == 0) && strlen(v) <= 2048 &&
	    v[strcspn(v, " \t\r\n\"\\")] == '\0';
}
