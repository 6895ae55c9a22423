/* The search engines' crawlers (search_crawlers.h), one list. */
#include <string.h>
#include <strings.h>

#include "search_crawlers.h"

static const char *const search_crawlers[] = {
	"googlebot", "googlebot-news", "googlebot-image", "googlebot-video",
	"bingbot", "msnbot", "adidxbot", "yandex", "yandexbot", "baiduspider",
	"slurp", "applebot", "duckduckbot", "naver", "yeti", "seznambot",
	"petalbot", "qwant", "sogou", "daumoa", "coccocbot", "mojeekbot",
	NULL
};

const char *
search_crawler_named(const char *name, size_t n)
{
	for (const char *const *c = search_crawlers; *c; c++)
		if (n == strlen(*c) && strncasecmp(name, *c, n) == 0)
			return *c;
	return NULL;
}

int
search_crawler_fetches_pages(const char *crawler)
{
	return strncmp(crawler, "googlebot-", 10) != 0;
}

int
search_crawler_fetches_images(const char *crawler)
{
	return search_crawler_fetches_pages(crawler) ||
	    strcmp(crawler, "googlebot-image") == 0;
}
