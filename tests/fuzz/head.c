/*
 * A page's head: any bytes, pushed in pieces whose size the first byte
 * sets, the way a page is read in chunks; then whatever it names, resolved
 * from a page of the site, its date and alternates, as the docroot does;
 * and the hashes of the page read from a file, as the lastmod store
 * asks: the same twice, its main content's never 0, its element one of
 * the candidates (main_content.h); its images, each a URL a crawler can
 * fetch, no more than Google reads; and its links, no more than asked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content_hash.h"
#include "fuzz.h"
#include "head.h"
#include "links.h"
#include "page_images.h"

/* Aborts unless lines are "\turl\n" each, as page_images.h says. */
static void
check_images(const char *lines, size_t n)
{
	size_t count = 0;

	for (const char *p = lines; *p; p = strchr(p, '\n') + 1, count++) {
		const char *u = p + 1;
		size_t len = strcspn(u, "\n");

		if (p[0] != '\t' || u[len] != '\n' ||
		    !(strncmp(u, "http://", 7) == 0 ||
		    strncmp(u, "https://", 8) == 0 || u[0] == '/'))
			abort();
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)u[i] <= 0x20 ||
			    (unsigned char)u[i] >= 0x7f ||
			    strchr("\"<>\\^`{|}#", u[i]) != NULL)
				abort();
	}
	if (count != n || n > PAGE_IMAGES_MAX)
		abort();
}

/* A link found: counted, its href read whole. */
static void
count_link(void *arg, const char *href)
{
	*(size_t *)arg += strlen(href) + 1 > 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct head_reader *r;
	struct host_policy hosts;
	struct page_head head;
	struct buf target = BUF_INIT;
	size_t step;
	time_t t;
	FILE *page;

	if (size == 0)
		return 0;
	r = head_begin();
	step = (size_t)data[0] + 1;
	data++, size--;
	for (size_t at = 0; at < size; at += step)
		if (head_feed(r, (const char *)data + at,
		    size - at < step ? size - at : step))
			break;
	head_end(r, NULL, &head);
	host_policy_init(&hosts);
	if (head.canonical)
		(void)head_target(head.canonical, "/a/b.html", &hosts, &target);
	if (head.refresh)
		(void)head_target(head.refresh, "/", &hosts, &target);
	if (head.modified)
		(void)head_date(head.modified, &t);
	for (size_t i = 0; i < head.nalternates; i++) {
		buf_reset(&target);
		(void)head_target(head.alternates[i].href, "/a/", &hosts,
		    &target);
	}
	if ((page = tmpfile()) != NULL) {
		struct body_dates dates = { NULL, NULL };
		struct content_sums a, b;

		fwrite(data, 1, size, page);
		fflush(page);
		struct page_images *images = page_images_begin();
		struct buf lines = BUF_INIT;
		size_t nimages;

		/* 0.2.0's rules read beside them change nothing of now's. */
		if (content_hash(fileno(page), &dates, images, 1, &a) == 0 &&
		    (content_hash(fileno(page), NULL, NULL, 0, &b) != 0 ||
		    a.main != b.main || a.whole != b.whole || a.from != b.from ||
		    a.main == 0 || a.main_0_2 == 0 || b.main_0_2 != 0 ||
		    a.from >= MAIN_KINDS))
			abort();
		nimages = page_images_end(images, a.from, "/a/b%20c.html",
		    &lines);
		check_images(buf_str(&lines), nimages);
		page_images_free(images);
		buf_free(&lines);
		body_dates_free(&dates);
		{
			char *base;
			size_t nlinks = 0;

			if (page_links(fileno(page), 100, count_link, &nlinks,
			    &base) == 0 && nlinks > 100)
				abort();
			free(base);
		}
		body_dates_read(fileno(page), &dates);
		body_dates_free(&dates);
		fclose(page);
	}
	host_policy_free(&hosts);
	buf_free(&target);
	head_free(&head);
	return 0;
}
