/*
 * The date path: a page's own date as head_stated_date takes it, and any
 * file time, as the sitemap writes them. Every <lastmod> must be a W3C
 * date of four-digit year; a stated date taken is never before 1970 nor
 * over a day ahead.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "head.h"
#include "sitemap.h"

#define NOW	1795000000	/* 2026-11-18: a fixed clock, for replays */

static void
check_w3c(time_t t)
{
	struct sitemap_entry e = { .path = "/", .path_len = 1 };
	const char *d = e.date;

	sitemap_entry_dated(&e, t);
	for (int i = 0; i < SITEMAP_DATE_LEN; i++)
		if (i == 4 || i == 7 ? d[i] != '-' : d[i] < '0' || d[i] > '9')
			abort();
	if (memcmp(d + 5, "01", 2) < 0 || memcmp(d + 5, "12", 2) > 0 ||
	    memcmp(d + 8, "01", 2) < 0 || memcmp(d + 8, "31", 2) > 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	time_t t = 0, raw = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	if (head_stated_date(text, NOW, &t) == STATED_OK) {
		if (t < 0 || t > NOW + 24 * 3600)
			abort();
		check_w3c(t);
	}
	/* The first bytes as a file's time, whatever it is. */
	memcpy(&raw, data, size < sizeof(raw) ? size : sizeof(raw));
	check_w3c(raw);
	free(text);
	return 0;
}
