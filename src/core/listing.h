/* The rules of listing a page, as the sitemap reads them from the INI. */
#ifndef SITEMAPD_LISTING_H
#define SITEMAPD_LISTING_H

#include <stddef.h>

#include "buf.h"
#include "reserved.h"
#include "robots_writer.h"
#include "sections.h"

/* The longest [docroot] url_path, "docs/" for "/docs/". */
#define URL_PATH_MAX	256

/* Borrowed from a struct config, which must outlive it. */
struct listing {
	const char		*home_alias;	/* canonical; listed as "/" */
	int			 trailing_slash;
	char *const		*exclude_tags;
	size_t			 nexclude_tags;
	const struct reserved	*reserved;
	const struct robots	*robots;
	size_t			 max_urls, max_bytes;	/* per file */
	int			 stylesheet;
	const struct sections	*sections;	/* [sitemap] sections */
	const char		*url_path;	/* before a document root's
						   paths: "docs/", or "" */
	int			 url_path_slash;	/* its home is "/docs/",
						   else "/docs" */
	/*
	 * Where the source's site images are pages of their own
	 * (source.h): the path to list for the image line "/alias", into
	 * out, or -1 where none may be. NULL: listed as the page says.
	 */
	int			(*site_image)(const char *path, void *arg,
				    struct buf *out);
	void			*site_image_arg;
};

#endif
