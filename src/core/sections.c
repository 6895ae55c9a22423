/* Which section of the sitemap a page belongs to (sections.h). */
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "sections.h"

static size_t	folder_len(const char *path);

int
sections_on(const struct sections *s)
{
	return s != NULL && (s->n > 0 || s->folders);
}

uint8_t
section_of(const struct sections *s, const char *path)
{
	if (s == NULL)
		return SECTION_REST;
	if (s->folders)
		return folder_len(path) > 0 ? 1 : SECTION_REST;
	for (size_t i = 0; i < s->n; i++) {
		size_t len = strlen(s->prefixes[i]);

		/* "blog/" holds "blog/..." and the folder's page "blog". */
		if (strncmp(path, s->prefixes[i], len - 1) == 0 &&
		    (path[len - 1] == '/' || path[len - 1] == '\0'))
			return (uint8_t)(i + 1);
	}
	return SECTION_REST;
}

int
section_differs(const struct sections *s, uint8_t rank, const char *a,
    const char *b)
{
	size_t n;

	if (s == NULL || !s->folders || rank == SECTION_REST)
		return 0;
	n = folder_len(a);
	return n != folder_len(b) || strncmp(a, b, n) != 0;
}

void
section_name(const struct sections *s, uint8_t rank, const char *path,
    struct buf *out)
{
	const char *prefix;

	if (rank == SECTION_REST || s == NULL) {
		buf_adds(out, SECTION_REST_NAME);
		return;
	}
	if (s->folders) {
		buf_add(out, path, folder_len(path));
		return;
	}
	/* "docs/api/" is "docs-api": one name of the /sitemaps/ folder. */
	prefix = s->prefixes[rank - 1];
	for (size_t i = 0; prefix[i + 1] != '\0'; i++)
		buf_addc(out, prefix[i] == '/' ? '-' : prefix[i]);
}

void
sections_copy(struct sections *dst, const struct sections *src)
{
	dst->n = src->n;
	dst->folders = src->folders;
	dst->prefixes = src->n ? xreallocarray(NULL, src->n,
	    sizeof(*dst->prefixes)) : NULL;
	for (size_t i = 0; i < src->n; i++)
		dst->prefixes[i] = xstrdup(src->prefixes[i]);
}

void
sections_free(struct sections *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->prefixes[i]);
	free(s->prefixes);
	memset(s, 0, sizeof(*s));
}

int
section_name_char(int c)
{
	return ascii_is_alpha(c) || ascii_is_digit(c) || c == '.' ||
	    c == '_' || c == '-';
}

/*
 * The length of the top-level folder path is in, where its name can name
 * sitemaps; else 0 (a page at the top, a folder of other characters, one
 * named as the pages of no section are).
 */
static size_t
folder_len(const char *path)
{
	size_t n = 0;

	while (section_name_char((unsigned char)path[n]))
		n++;
	if (n == 0 || path[n] != '/' || (n == sizeof(SECTION_REST_NAME) - 1 &&
	    strncmp(path, SECTION_REST_NAME, n) == 0))
		return 0;
	return n;
}
