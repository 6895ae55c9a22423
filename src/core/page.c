/* Pages and sets of them, as the sources give them, and their notes. */
#include <stdlib.h>

#include "buf.h"
#include "page.h"
#include "shared_str.h"

void
page_free(struct page *page)
{
	shared_str_drop(page->alias);
	shared_str_drop(page->extensions);
	for (size_t t = 0; page->tags != NULL && page->tags[t]; t++)
		free(page->tags[t]);
	free(page->tags);
	if (page->notes != NULL) {
		free(page->notes->broken);
		free(page->notes->unlisted);
		free(page->notes);
	}
}

struct page_notes *
page_notes(struct page *page)
{
	if (page->notes == NULL)
		page->notes = xcalloc(1, sizeof(*page->notes));
	return page->notes;
}

const char *
page_broken(const struct page *page)
{
	return page->notes != NULL ? page->notes->broken : NULL;
}

const char *
page_unlisted(const struct page *page)
{
	return page->notes != NULL ? page->notes->unlisted : NULL;
}

uint64_t
page_alias_owner(const struct page *page)
{
	return page->notes != NULL ? page->notes->alias_owner : 0;
}

size_t
page_ntags(const struct page *page)
{
	size_t n = 0;

	while (page->tags != NULL && page->tags[n] != NULL)
		n++;
	return n;
}

void
site_free(struct site *site)
{
	for (size_t i = 0; i < site->n; i++)
		page_free(&site->pages[i]);
	free(site->pages);
	site->pages = NULL;
	site->n = 0;
}

const char *
content_from_name(enum content_from from)
{
	static const char *const names[] = {
		[CONTENT_FROM_NONE] = "-",
		[CONTENT_FROM_MAIN] = "main",
		[CONTENT_FROM_ROLE] = "role=main",
		[CONTENT_FROM_ARTICLE] = "article",
		[CONTENT_FROM_BODY] = "body",
	};

	return from < sizeof(names) / sizeof(names[0]) ? names[from] : "-";
}
