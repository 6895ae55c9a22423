/*
 * The sitemap and feed reader of sitemapd audit: any bytes as a fetched
 * sitemap, XML (urlset, sitemapindex, RSS, Atom) or text. Every entry
 * and problem it hands over is read to its end, so that a pointer past
 * its life shows under AddressSanitizer.
 */
#include <string.h>

#include "fuzz.h"
#include "sitemap_doc.h"

static size_t	seen;

static void
entry(void *arg, const struct doc_entry *e)
{
	(void)arg;
	seen += strlen(e->loc) + (e->lastmod ? strlen(e->lastmod) : 0);
	for (size_t i = 0; i < e->nalternates; i++)
		seen += strlen(e->alternates[i].lang) +
		    strlen(e->alternates[i].href);
	if (!doc_url_valid(e->loc))
		__builtin_trap();	/* an entry's loc is always valid */
}

static void
problem(void *arg, const char *kind, const char *loc, const char *detail)
{
	(void)arg;
	seen += strlen(kind) + (loc ? strlen(loc) : 0) + strlen(detail);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct doc_reader reader = { NULL, entry, problem };

	(void)doc_format_name(sitemap_doc_read((const char *)data, size,
	    "fuzz.xml", &reader));
	return 0;
}
