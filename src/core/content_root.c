/*
 * The content root, read or not (content_root.h): a stat and an access
 * check, cheap enough for every robots.txt.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content_root.h"

enum content_root
content_root_check(const struct config *cfg, struct buf *why)
{
	enum content_root state = CONTENT_ROOT_OK;
	const char *what = NULL;
	struct stat st;

	if (cfg->root == NULL)
		return CONTENT_ROOT_OK;		/* built in: none to read */
	if (stat(cfg->root, &st) == -1) {
		state = errno == ENOENT ? CONTENT_ROOT_MISSING :
		    errno == ENOTDIR ? CONTENT_ROOT_NOT_FOLDER :
		    CONTENT_ROOT_UNREADABLE;
		what = errno == ENOENT ? "no such folder" :
		    errno == ENOTDIR ? "a path through a file, not a folder" :
		    strerror(errno);
	} else if (!S_ISDIR(st.st_mode)) {
		state = CONTENT_ROOT_NOT_FOLDER;
		what = "not a folder";
	} else if (faccessat(AT_FDCWD, cfg->root, R_OK | X_OK,
	    AT_EACCESS) == -1) {
		state = CONTENT_ROOT_UNREADABLE;
		what = strerror(errno);
	}
	if (state == CONTENT_ROOT_OK)
		return state;
	if (cfg->root_line > 0)
		buf_printf(why, "%s:%d: ", cfg->file, cfg->root_line);
	else
		buf_printf(why, "%s: ", cfg->file);
	buf_printf(why, "the content root %s cannot be read: %s", cfg->root,
	    what);
	return state;
}
