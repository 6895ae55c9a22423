/*
 * What sitemap entries show beside their location (alternates.h): as
 * declared, and as written.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alternates.h"
#include "copy_short.h"
#include "escape.h"
#include "listing.h"
#include "robots_writer.h"
#include "shared_str.h"

#define LINK_OPEN	"    <xhtml:link rel=\"alternate\" hreflang=\""
#define LINK_MID	"\" href=\""
#define LINK_CLOSE	"\"/>\n"
/* A base URL's is "http:" or this: sizes count it, to be safe. */
#define LONGEST_SCHEME	"https:"
#define IMAGE_OPEN	"    <image:image><image:loc>"
#define IMAGE_CLOSE	"</image:loc></image:image>\n"

static int	take_image(struct sitemap_extensions *, struct buf *images,
		    const char *url, size_t len, const struct listing *);
static size_t	scheme_len(const char *base);
static int	bare(const struct sitemap_extensions *);
static char	*bare_lines(const struct sitemap_extensions *);
static size_t	bare_size(const char *lines, size_t base_len);

/* An entry with no alternate: nothing allocated for it. */
static char no_alternates[] = "";

struct sitemap_extensions *
extensions_declared(char *page_extensions, const struct listing *rules)
{
	struct sitemap_extensions *a;
	struct buf out = BUF_INIT, url = BUF_INIT, images = BUF_INIT;
	const char *first_image = NULL;
	int changed = 0;

	if (page_extensions == NULL)
		return NULL;
	a = xcalloc(1, sizeof(*a));
	for (const char *p = page_extensions; *p; p = strchr(p, '\n') + 1) {
		const char *tab = strchr(p, '\t'), *nl = strchr(tab, '\n');
		char *alias;

		if (tab == p) {		/* no language: an image */
			if (first_image == NULL)
				first_image = p;
			changed |= take_image(a, &images, tab + 1,
			    (size_t)(nl - tab - 1), rules);
			continue;
		}
		alias = xstrndup(tab + 1, (size_t)(nl - tab - 1));
		buf_reset(&url);
		escape_file_path(&url, alias);
		free(alias);
		buf_add(&out, p, (size_t)(tab - p + 1));
		escape_xml(&out, buf_str(&url));
		buf_addc(&out, '\n');
	}
	buf_free(&url);
	a->declared = out.len ? xstrdup(buf_str(&out)) : no_alternates;
	buf_free(&out);
	/* The page's own lines where they are written as they are. */
	if (a->nimages > 0 && !changed) {
		a->images = shared_str_hold(page_extensions);
		a->images_at = (uint32_t)(first_image - page_extensions);
	} else if (a->nimages > 0)
		a->images = shared_str_dup(buf_str(&images));
	buf_free(&images);
	if (a->declared[0] == '\0' && a->nimages == 0) {
		extensions_free(a);
		return NULL;
	}
	if (a->declared[0] == '\0' && a->images_at == 0) {
		/* Images alone: their lines are the entry's, tagged. */
		char *lines = a->images;

		a->images = NULL;
		extensions_free(a);
		return (struct sitemap_extensions *)((uintptr_t)lines | 1);
	}
	return a;
}

void
extensions_free(struct sitemap_extensions *a)
{
	if (a == NULL)
		return;
	if (bare(a)) {
		shared_str_drop(bare_lines(a));
		return;
	}
	if (a->declared != no_alternates)
		free(a->declared);
	free(a->shown);
	shared_str_drop(a->images);
	free(a);
}

size_t
extensions_size(const struct sitemap_extensions *a, size_t base_len)
{
	if (a == NULL)
		return 0;
	if (bare(a))
		return bare_size(bare_lines(a), base_len);
	return a->nshown * (sizeof(LINK_OPEN LINK_MID LINK_CLOSE) - 1 +
	    base_len) + a->shown_bytes +
	    a->nimages * (sizeof(IMAGE_OPEN IMAGE_CLOSE) - 1) +
	    a->images_bytes + a->nsite * (base_len - 1) +
	    a->nschemeless * (sizeof(LONGEST_SCHEME) - 1);
}

char *
extensions_put(const struct sitemap_extensions *a, const char *base,
    size_t base_len, char *to)
{
	size_t scheme = scheme_len(base);

	for (const char *p = extensions_shown(a); p && *p;
	    p = strchr(p, '\n') + 1) {
		const char *path = strchr(p, '\t') + 1;
		size_t len = (size_t)(strchr(path, '\n') - path);

		memcpy(to, LINK_OPEN, sizeof(LINK_OPEN) - 1);
		to += sizeof(LINK_OPEN) - 1;
		memcpy(to, p, (size_t)(path - p) - 1);
		to += (size_t)(path - p) - 1;
		memcpy(to, LINK_MID, sizeof(LINK_MID) - 1);
		to += sizeof(LINK_MID) - 1;
		to = copy_short(to, base, base_len);
		to = copy_short(to, path, len);
		memcpy(to, LINK_CLOSE, sizeof(LINK_CLOSE) - 1);
		to += sizeof(LINK_CLOSE) - 1;
	}
	for (const char *p = sitemap_images(a); p && *p;
	    p = strchr(p, '\n') + 1) {
		size_t len;

		p++;		/* its tab */
		len = strcspn(p, "\n");
		memcpy(to, IMAGE_OPEN, sizeof(IMAGE_OPEN) - 1);
		to += sizeof(IMAGE_OPEN) - 1;
		/* base ends in the "/" a site path begins with. */
		if (p[0] == '/' && p[1] == '/') {
			memcpy(to, base, scheme);
			to += scheme;
		} else if (p[0] == '/')
			to = copy_short(to, base, base_len - 1);
		to = copy_short(to, p, len);
		memcpy(to, IMAGE_CLOSE, sizeof(IMAGE_CLOSE) - 1);
		to += sizeof(IMAGE_CLOSE) - 1;
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

/*
 * An image of the page, kept unless robots keeps crawlers from it or the
 * site's own image page refuses it, into images as the page writes it
 * ("\turl\n"), XML-escaped: 1 when that is not as the page wrote it.
 */
static int
take_image(struct sitemap_extensions *a, struct buf *images, const char *url,
    size_t len, const struct listing *rules)
{
	char *u = xstrndup(url, len);
	size_t before;
	int site = u[0] == '/' && u[1] != '/', resolved = 0;

	if (site && rules->site_image != NULL) {
		struct buf path = BUF_INIT;

		resolved = rules->site_image(u, rules->site_image_arg, &path);
		free(u);
		if (resolved == -1) {
			buf_free(&path);
			return 1;
		}
		u = xstrdup(buf_str(&path));
		buf_free(&path);
		resolved = 1;
	}
	if (site && rules->robots != NULL &&
	    !robots_allows_image(rules->robots, u)) {
		free(u);
		return 1;
	}
	buf_addc(images, '\t');
	before = images->len;
	escape_xml(images, u);
	a->images_bytes += (uint32_t)(images->len - before);
	buf_addc(images, '\n');
	a->nimages++;
	a->nsite += site;
	a->nschemeless += u[0] == '/' && u[1] == '/';
	free(u);
	return resolved || images->len - before - 1 != len;
}

const char *
sitemap_images(const struct sitemap_extensions *a)
{
	if (a == NULL)
		return NULL;
	if (bare(a))
		return bare_lines(a);
	return a->images ? a->images + a->images_at : NULL;
}

const char *
extensions_alternates(const struct sitemap_extensions *a)
{
	return a == NULL || bare(a) ? no_alternates : a->declared;
}

const char *
extensions_shown(const struct sitemap_extensions *a)
{
	return a == NULL || bare(a) ? NULL : a->shown;
}

struct sitemap_extensions *
extensions_pairable(struct sitemap_extensions *a)
{
	return a == NULL || bare(a) || a->declared[0] == '\0' ? NULL : a;
}

/* The bytes of base's scheme and its ":" ("https:"). */
static size_t
scheme_len(const char *base)
{
	return strcspn(base, ":") + 1;
}

/*
 * An entry that shows only images, no alternate, holds their lines
 * alone: a shared_str, whose characters are never at an odd address, with
 * its low bit set. A struct for it would cost more than the lines.
 */
static int
bare(const struct sitemap_extensions *a)
{
	return ((uintptr_t)a & 1) != 0;
}

static char *
bare_lines(const struct sitemap_extensions *a)
{
	return (char *)((uintptr_t)a & ~(uintptr_t)1);
}

/* extensions_size of lines ("\turl\n" each, XML-escaped), counted now. */
static size_t
bare_size(const char *lines, size_t base_len)
{
	size_t size = 0;

	for (const char *p = lines; *p; p = strchr(p, '\n') + 1) {
		const char *u = p + 1;

		size += sizeof(IMAGE_OPEN IMAGE_CLOSE) - 1 + strcspn(u, "\n");
		if (u[0] == '/' && u[1] == '/')
			size += sizeof(LONGEST_SCHEME) - 1;
		else if (u[0] == '/')
			size += base_len - 1;
	}
	return size;
}
