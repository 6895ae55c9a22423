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
	free(page->alternates);
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
