/* Pages and sets of them, as the sources give them. */
#include <stdlib.h>

#include "page.h"
#include "shared_str.h"

void
page_free(struct page *page)
{
	shared_str_drop(page->alias);
	free(page->broken);
	free(page->unlisted);
	shared_str_drop(page->extensions);
	for (size_t t = 0; t < page->ntags; t++)
		free(page->tags[t]);
	free(page->tags);
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
