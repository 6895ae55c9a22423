/*
 * bench/memory INI: where a long-running process's memory goes once it
 * has read its root and built its sitemap, structure by structure: the
 * bytes each gives back to malloc when it alone is freed (mallinfo2), and
 * what the process holds resident (VmRSS), whose difference is malloc's
 * own: headers, rounding, and free memory it keeps. Then the bound of
 * the memory a FastCGI process keeps for its next answer.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"
#include "cache.h"
#include "config.h"
#include "shared_str.h"
#include "sitemap.h"

static size_t	in_use(void);
static long	resident_kb(void);
static void	row(const char *what, size_t bytes, size_t pages);

int
main(int argc, char **argv)
{
	struct buf why = BUF_INIT;
	struct page_cache c;
	struct config cfg;
	size_t start, all, at, npages = 0;
	time_t changed;

	if (argc != 2) {
		fprintf(stderr, "usage: bench/memory INI\n");
		return 2;
	}
	if (config_load(argv[1], &cfg, &why) == -1) {
		fprintf(stderr, "%s\n", buf_str(&why));
		return 1;
	}
	start = in_use();
	cache_init(&c, 1, NULL);
	if (cache_sitemap(&c, &cfg, &changed, &why) == NULL) {
		fprintf(stderr, "%s\n", buf_str(&why));
		return 1;
	}
	for (int b = 0; b < PAGE_BUCKETS; b++)
		npages += c.buckets[b].n;
	all = in_use() - start;
	row("resident", (size_t)resident_kb() * 1024, npages);
	row("all", all, npages);
	at = in_use();
	sitemap_free(&c.sitemap);
	memset(&c.sitemap, 0, sizeof(c.sitemap));
	row("sitemap", at - in_use(), npages);
	at = in_use();
	alias_owners_free(&c.owners);
	alias_owners_init(&c.owners);
	row("owners", at - in_use(), npages);
	at = in_use();
	for (int b = 0; b < PAGE_BUCKETS; b++)
		site_free(&c.buckets[b]);
	row("pages", at - in_use(), npages);
	at = in_use();
	c.ops->close(c.src);
	c.src = NULL;
	c.ops = NULL;
	row("source", at - in_use(), npages);
	row("rest", in_use() - start, npages);
	config_free(&cfg);
	buf_free(&why);
	return 0;
}

/*
 * Bytes handed out by malloc, from its arenas and mapped alone, less the
 * slots of the shared strings' slabs that hold none: a string let go
 * stays there for the next.
 */
static size_t
in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd - shared_str_spare();
}

static long
resident_kb(void)
{
	char line[256];
	long kb = 0;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (strncmp(line, "VmRSS:", 6) == 0)
			kb = strtol(line + 6, NULL, 10);
	if (f)
		fclose(f);
	return kb;
}

/* "memory WHAT MB BYTES-PER-PAGE" */
static void
row(const char *what, size_t bytes, size_t pages)
{
	printf("memory %s %zu %zu\n", what, bytes / (1024 * 1024),
	    pages ? bytes / pages : 0);
}
