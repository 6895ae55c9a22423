/*
 * Which files of a document root are pages, and the URL each is listed
 * at ([docroot] in sitemapd.ini(5)): the rules in one place, for the scan
 * and for every change after it.
 */
#ifndef SITEMAPD_PATHS_H
#define SITEMAPD_PATHS_H

#include "buf.h"
#include "config.h"

enum docroot_file {
	DOCROOT_NONE,		/* not a page: another kind of file */
	DOCROOT_PAGE,		/* listed, unless the core says otherwise */
	DOCROOT_UNLISTED,	/* a page never listed, for the reason given */
	DOCROOT_BAD_NAME	/* a name no URL should be made of */
};

/*
 * What the regular file at rel (its path below the root, no leading
 * "/") is. For a page, url gets its URL path without the leading "/":
 * "" for the root's index, "docs/" for docs/index.html ("docs" with
 * trailing_slash = no), "about.html" or, with clean_urls, "about". DOCROOT_UNLISTED and DOCROOT_BAD_NAME set
 * *why.
 */
enum docroot_file docroot_file(const struct docroot_rules *, const char *rel,
	    struct buf *url, const char **why);
/*
 * Whether the file named name could be a page at all: docroot_file says
 * DOCROOT_NONE of every other, from its name alone.
 */
int	docroot_page_name(const struct docroot_rules *, const char *name);

/* What a path below the root is, symlinks followed, as a server sees it. */
enum docroot_fs_kind { DOCROOT_FS_NONE, DOCROOT_FS_FILE, DOCROOT_FS_DIR };
struct docroot_fs {
	enum docroot_fs_kind (*kind)(void *ctx, const char *rel);
	void		*ctx;
};

/*
 * Which file the server rules that sitemapd recipe prints answer the
 * URL path url (no leading "/") with: 0 with its path below the root in
 * served, or -1 when they answer none (404, 403 or a redirect). self is
 * a file known to be there, not asked about again.
 */
int	docroot_served(const struct docroot_rules *, const char *url,
	    const struct docroot_fs *, const char *self, struct buf *served);

/* True for a name the walk leaves alone: hidden ones, "." and "..". */
int	docroot_hidden(const char *name);

/*
 * True when a [docroot] exclude pattern excludes the file at rel, as a
 * line of .gitignore would ignore it: a pattern matches a file or a
 * folder, and all in it, at any depth; one with a "/" but at its end, or
 * starting with one, at the root only; one ending in "/", only folders.
 */
int	docroot_excludes(const char *pattern, const char *rel);

/*
 * True when path matches the glob: "*" any run of characters but "/",
 * "?" one of them, "**" any run at all, so that drafts/ followed by
 * "**" is everything below drafts/, and "**" followed by /x.html an
 * x.html at any depth.
 */
int	docroot_glob(const char *pattern, const char *path);

/* Whether name is one of [docroot] index's file names. */
int	docroot_is_index_name(const struct config *cfg, const char *name);

#endif
