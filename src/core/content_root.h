/*
 * Whether the content root can be read, said the same way by every
 * command (check, list, render, indexnow) and by the server: the INI's
 * file and the line that names the root, the path, and what is wrong
 * with it. A document root that cannot be read leaves its own robots.txt
 * unknown, and so the rules robots.txt must carry.
 */
#ifndef SITEMAPD_CONTENT_ROOT_H
#define SITEMAPD_CONTENT_ROOT_H

#include "buf.h"
#include "config.h"

enum content_root {
	CONTENT_ROOT_OK,
	CONTENT_ROOT_MISSING,
	CONTENT_ROOT_NOT_FOLDER,
	CONTENT_ROOT_UNREADABLE,
};

/* What cfg's root is now; anything but OK with the message in why. */
enum content_root	content_root_check(const struct config *cfg,
	    struct buf *why);

#endif
