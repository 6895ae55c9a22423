/*
 * Opening the files sitemapd reads from disk, any of which someone may
 * have replaced with a FIFO, a device or a symlink to one: regular files
 * only, opened without ever waiting, read up to a size limit. And the
 * files it writes (render --output, export), replaced whole at once.
 */
#ifndef SITEMAPD_FILE_H
#define SITEMAPD_FILE_H

#include <stddef.h>
#include <sys/stat.h>

#include "buf.h"

/*
 * Opens path, relative to dirfd (AT_FDCWD for none), for reading, with
 * extra open flags such as O_NOFOLLOW, and fills st. Returns the
 * descriptor, or -1 with errno set and the reason in *why.
 */
int	file_open_regular(int dirfd, const char *path, int flags,
	    struct stat *st, const char **why);

/* Appends the whole file at path to out, at most max bytes; as above. */
int	file_read(int dirfd, const char *path, int flags, size_t max,
	    struct buf *out, const char **why);

/*
 * rel, relative to dirfd (AT_FDCWD for none), replaced whole by data: a
 * temporary file beside it, of the umask's mode as any new file, synced
 * and renamed over it, so that a reader sees the old bytes or the new,
 * never a part (through a symlink, the link itself is replaced). 0, or
 * -1 with errno set and nothing changed.
 */
int	file_replace(int dirfd, const char *rel, const char *data,
	    size_t len);

/*
 * path made absolute from the working directory, with ".", ".." and "//"
 * resolved by name: what messages show. Symlinks are not followed, so a
 * root that is a symlink swapped on deploy is still followed at each read.
 */
char	*file_path_clean(const char *path);

#endif
