/*
 * A page's images as the server has them: which of its main content's
 * its sitemap entry lists (image:loc), and the bytes of their files in
 * its content hash; each file asked of noted as the page's
 * (image_users.h), so that what comes or goes there reads it again.
 */
#include <string.h>

#include <libxml/uri.h>

#include "docroot_source.h"
#include "hash.h"
#include "image_sums.h"
#include "image_users.h"
#include "shared_str.h"

static int	on_site(const char *line);
static int	image_served(struct source *s, const struct config *cfg,
		    uint64_t page, const char *path, size_t len);
static int	image_file(struct source *s, const struct config *cfg,
		    uint64_t page, const char *path, size_t len,
		    struct buf *served, struct stat *st);
static enum docroot_fs_kind	kind_stat_kept(void *ctx, const char *rel);

/*
 * Whether the content shows an image of the site (page_images_end's
 * lines): what its page says then depends on other files, that a page
 * fact cannot keep.
 */
int
docroot_names_site_images(const char *shown)
{
	for (const char *p = shown; *p; p = strchr(p, '\n') + 1)
		if (on_site(p))
			return 1;
	return 0;
}

/*
 * The images of page's main content (shown, page_images_end's lines)
 * after its alternates (page.h): those of the site that the server rules
 * answer with a file, as a listed page's URL must be; those of other
 * hosts as they are.
 */
void
docroot_add_images(struct source *s, const struct config *cfg,
    struct page *page, const char *shown)
{
	struct buf ext = BUF_INIT;
	size_t n = 0;

	if (page->extensions != NULL)
		buf_adds(&ext, page->extensions);
	for (const char *p = shown; *p; p = strchr(p, '\n') + 1) {
		size_t len = strcspn(p + 1, "\n");

		if (on_site(p) && !image_served(s, cfg, page->id, p + 1,
		    len))
			continue;
		buf_add(&ext, p, len + 2);
		n++;
	}
	if (n > 0) {
		shared_str_drop(page->extensions);
		page->extensions = shared_str_dup(buf_str(&ext));
	}
	buf_free(&ext);
}

/*
 * The content's hash with the bytes of each image file of the site it
 * shows (shown, page_images_end's lines): a picture replaced at the same
 * path is the page changed, on the date of its file, the newest of them
 * into newest. Another host's counts by its URL alone.
 */
uint64_t
docroot_with_image_bytes(struct source *s, const struct config *cfg,
    uint64_t page, uint64_t content, const char *shown, time_t *newest)
{
	struct buf served = BUF_INIT, path = BUF_INIT;
	struct stat st;

	for (const char *p = shown; *p; p = strchr(p, '\n') + 1) {
		uint64_t sum;

		buf_reset(&served);
		if (!on_site(p) || image_file(s, cfg, page, p + 1,
		    strcspn(p + 1, "\n"), &served, &st) != 1)
			continue;
		buf_reset(&path);
		docroot_join(&path, s->root, buf_str(&served));
		if ((sum = image_sums_of(s->image_sums, buf_str(&path),
		    &st)) != 0) {
			content = hash_add(content, &sum, sizeof(sum));
			if (st.st_mtime > *newest)
				*newest = st.st_mtime;
		}
	}
	buf_free(&served);
	buf_free(&path);
	return content + (content == 0);	/* 0 says "not known" */
}

/*
 * Whether the site path of an image (percent-encoded, len bytes, its
 * query aside) is a file the server answers with; one outside [docroot]
 * url_path is not this root's to tell, and is kept.
 */
static int
image_served(struct source *s, const struct config *cfg, uint64_t page,
    const char *path, size_t len)
{
	struct buf served = BUF_INIT;
	struct stat st;
	int found = image_file(s, cfg, page, path, len, &served, &st) != 0;

	buf_free(&served);
	return found;
}

/*
 * What image_file's docroot_served asked of last, kept: its stat; and
 * for whose page.
 */
struct stat_kept {
	struct source	*s;
	uint64_t	 page;
	struct stat	*st;
	struct buf	 rel;
};

/*
 * The file the server answers the site path of an image with, as
 * image_served reads the path: 1 with its path below the root in served
 * and what stat(2) said of it in st, 0 for none, -1 for one outside
 * url_path, not this root's to tell.
 */
static int
image_file(struct source *s, const struct config *cfg, uint64_t page,
    const char *path, size_t len, struct buf *served, struct stat *st)
{
	struct stat_kept kept = { s, page, st, BUF_INIT };
	const struct docroot_fs fs = { kind_stat_kept, &kept };
	const char *under = cfg->docroot.url_path ? cfg->docroot.url_path : "";
	size_t n = strlen(under), end = strcspn(path, "?\n");
	char *url;
	int found;

	if (len <= n || strncmp(path + 1, under, n) != 0)
		return -1;
	/* As the server reads it: decoded; a NUL in it names no file. */
	for (size_t i = 0; i + 2 < end; i++)
		if (strncmp(path + i, "%00", 3) == 0)
			return 0;
	url = xmlURIUnescapeString(path + 1 + n, (int)(end - 1 - n), NULL);
	found = url != NULL &&
	    docroot_served(&cfg->docroot, url, &fs, "", served) == 0;
	xmlFree(url);
	/* Asked last, as a rule: else asked again. */
	if (found && strcmp(buf_str(&kept.rel), buf_str(served)) != 0 &&
	    kind_stat_kept(&kept, buf_str(served)) == DOCROOT_FS_NONE)
		found = 0;
	buf_free(&kept.rel);
	return found;
}

/*
 * docroot_kind_below_root, the stat of what it asked of last kept, so
 * that image_sums need not stat the file served again; each path asked
 * of noted as the page's.
 */
static enum docroot_fs_kind
kind_stat_kept(void *ctx, const char *rel)
{
	struct stat_kept *kept = ctx;
	enum docroot_fs_kind kind;

	buf_reset(&kept->rel);
	buf_adds(&kept->rel, rel);
	kind = docroot_stat_below_root(kept->s, rel, kept->st);
	/* Followed by a process that runs on; a single read has no after. */
	if (kept->s->long_lived)
		image_users_note(kept->s->image_users, rel,
		    kind == DOCROOT_FS_NONE ? NULL : kept->st, kept->page,
		    kept->s->follow == FOLLOW_STAT);
	return kind;
}

/* A line of page_images_end's for a path of this site, not a URL. */
static int
on_site(const char *line)
{
	return line[1] == '/' && line[2] != '/';
}
