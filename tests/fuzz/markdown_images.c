/*
 * A NoPressure page's markdown: its first line the page's alias, the rest
 * its text, front matter and all. Each image line is "\t" and an http(s)
 * URL a crawler can fetch or "/" and a canonical alias, each once, no
 * more than Google reads.
 */
#include <stdlib.h>
#include <string.h>

#include "alias.h"
#include "buf.h"
#include "fuzz.h"
#include "markdown_images.h"

static void	check_line(const char *u, size_t len);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *nl = memchr(text, '\n', size);
	size_t head = nl ? (size_t)(nl - text) : 0, n, count = 0;
	char *alias = NULL, *line;
	const char *why;
	struct buf out = BUF_INIT;

	if (nl != NULL && memchr(text, '\0', head) == NULL) {
		line = strndup(text, head);
		alias = alias_canonical(line, &why);
		free(line);
	}
	n = markdown_images(text + (nl ? head + 1 : 0),
	    size - (nl ? head + 1 : 0), alias ? alias : "blog/post", &out);
	for (const char *p = buf_str(&out); *p; p = strchr(p, '\n') + 1) {
		const char *u = p + 1;
		size_t len = strcspn(u, "\n");

		if (p[0] != '\t' || u[len] != '\n')
			abort();
		check_line(u, len);
		/* Each once. */
		for (const char *q = buf_str(&out); q < p;
		    q = strchr(q, '\n') + 1)
			if (strncmp(q, p, len + 2) == 0)
				abort();
		count++;
	}
	if (count != n || n > MARKDOWN_IMAGES_MAX)
		abort();
	buf_free(&out);
	free(alias);
	return 0;
}

static void
check_line(const char *u, size_t len)
{
	char *site, *canonical;
	const char *why;

	for (size_t i = 0; i < len; i++)
		if ((unsigned char)u[i] <= 0x20 ||
		    (unsigned char)u[i] >= 0x7f ||
		    strchr("\"<>\\^`{|}#", u[i]) != NULL)
			abort();
	if (strncmp(u, "http://", 7) == 0 || strncmp(u, "https://", 8) == 0)
		return;
	if (u[0] != '/')
		abort();
	/* A site image: an alias already canonical. */
	site = strndup(u + 1, len - 1);
	canonical = alias_canonical(site, &why);
	if (canonical == NULL || strcmp(canonical, site) != 0)
		abort();
	free(canonical);
	free(site);
}
