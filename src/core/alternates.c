/* hreflang alternates of sitemap entries: as declared, and as written. */
#include <stdlib.h>
#include <string.h>

#include "alternates.h"
#include "escape.h"

#define LINK_OPEN	"    <xhtml:link rel=\"alternate\" hreflang=\""
#define LINK_MID	"\" href=\""
#define LINK_CLOSE	"\"/>\n"

struct sitemap_alternates *
alternates_declared(const char *page_alternates)
{
	struct sitemap_alternates *a;
	struct buf out = BUF_INIT, url = BUF_INIT;

	if (page_alternates == NULL)
		return NULL;
	for (const char *p = page_alternates; *p; p = strchr(p, '\n') + 1) {
		const char *tab = strchr(p, '\t'), *nl = strchr(tab, '\n');
		char *alias = xstrndup(tab + 1, (size_t)(nl - tab - 1));

		buf_reset(&url);
		escape_file_path(&url, alias);
		free(alias);
		buf_add(&out, p, (size_t)(tab - p + 1));
		escape_xml(&out, buf_str(&url));
		buf_addc(&out, '\n');
	}
	buf_free(&url);
	a = xcalloc(1, sizeof(*a));
	a->declared = out.data;
	return a;
}

void
alternates_free(struct sitemap_alternates *a)
{
	if (a == NULL)
		return;
	free(a->declared);
	free(a->shown);
	free(a);
}

size_t
alternates_size(const struct sitemap_alternates *a, size_t base_len)
{
	if (a == NULL)
		return 0;
	return a->nshown * (sizeof(LINK_OPEN LINK_MID LINK_CLOSE) - 1 +
	    base_len) + a->shown_bytes;
}

char *
alternates_put(const struct sitemap_alternates *a, const char *base,
    size_t base_len, char *to)
{
	if (a == NULL || a->shown == NULL)
		return to;
	for (const char *p = a->shown; *p; p = strchr(p, '\n') + 1) {
		const char *path = strchr(p, '\t') + 1;
		size_t len = (size_t)(strchr(path, '\n') - path);

		memcpy(to, LINK_OPEN, sizeof(LINK_OPEN) - 1);
		to += sizeof(LINK_OPEN) - 1;
		memcpy(to, p, (size_t)(path - p) - 1);
		to += (size_t)(path - p) - 1;
		memcpy(to, LINK_MID, sizeof(LINK_MID) - 1);
		to += sizeof(LINK_MID) - 1;
		memcpy(to, base, base_len);
		to += base_len;
		memcpy(to, path, len);
		to += len;
		memcpy(to, LINK_CLOSE, sizeof(LINK_CLOSE) - 1);
		to += sizeof(LINK_CLOSE) - 1;
	}
	return to;
}

const char *
alternates_name(const char *list, const char *path, size_t len)
{
	for (const char *p = list; *p; p = strchr(p, '\n') + 1) {
		const char *named = strchr(p, '\t') + 1;

		if (strncmp(named, path, len) == 0 && named[len] == '\n')
			return p;
	}
	return NULL;
}
