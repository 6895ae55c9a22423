/*
 * Regular files only, opened without waiting, read within a limit; and a
 * file written whole, replaced at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file.h"

int
file_open_regular(int dirfd, const char *path, int flags, struct stat *st,
    const char **why)
{
	/* O_NONBLOCK: opening a FIFO for reading would wait for a writer. */
	int fd = openat(dirfd, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags);

	if (fd == -1 || fstat(fd, st) == -1) {
		*why = strerror(errno);
		if (fd != -1)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		*why = "not a regular file";
		close(fd);
		errno = EINVAL;
		return -1;
	}
	return fd;
}

int
file_read(int dirfd, const char *path, int flags, size_t max,
    struct buf *out, const char **why)
{
	struct stat st;
	int fd, rc, saved;

	if ((fd = file_open_regular(dirfd, path, flags, &st, why)) == -1)
		return -1;
	if ((size_t)st.st_size > max) {
		errno = EFBIG;
		rc = -1;
	} else
		rc = buf_read_fd(out, fd, max);
	saved = errno;
	close(fd);
	errno = saved;
	if (rc == -1)
		*why = errno == EFBIG ? "larger than its size limit" :
		    strerror(errno);
	return rc;
}

char *
file_path_clean(const char *path)
{
	struct buf out = BUF_INIT;
	char cwd[4096];

	if (path[0] != '/' && getcwd(cwd, sizeof(cwd)) != NULL)
		buf_adds(&out, cwd);
	for (const char *p = path; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *slash = strrchr(buf_str(&out), '/');

			if (slash != NULL)
				out.len = (size_t)(slash - out.data);
			buf_add(&out, "", 0);
		} else if (n > 0 && !(n == 1 && p[0] == '.')) {
			buf_addc(&out, '/');
			buf_add(&out, p, n);
		}
		p += n;
		p += *p == '/';
	}
	if (out.len == 0)
		buf_addc(&out, '/');
	return out.data;
}

int
file_replace(int dirfd, const char *rel, const char *data, size_t len)
{
	struct buf tmp = BUF_INIT;
	const char *slash = strrchr(rel, '/');
	size_t done = 0;
	mode_t mask;
	int fd, saved;

	buf_printf(&tmp, "%.*s.%s.XXXXXX", slash ? (int)(slash - rel + 1) :
	    0, rel, slash ? slash + 1 : rel);
	/* mkstemp knows no dirfd: the name is made here. */
	for (int tries = 0; tries < 100; tries++) {
		memcpy(tmp.data + tmp.len - 6, "XXXXXX", 6);
		for (size_t i = tmp.len - 6; i < tmp.len; i++)
			tmp.data[i] = "abcdefghijklmnopqrstuvwxyz0123456789"
			    [arc4random_uniform(36)];
		fd = openat(dirfd, tmp.data, O_WRONLY | O_CREAT | O_EXCL |
		    O_CLOEXEC, 0666);
		if (fd != -1 || errno != EEXIST)
			break;
	}
	if (fd == -1) {
		buf_free(&tmp);
		return -1;
	}
	/* Served to everyone: the umask's mode, as any new file gets. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);

		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			break;
		done += (size_t)n;
	}
	if (done < len || fsync(fd) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		fd = -1;
	}
	if (fd == -1 || close(fd) == -1 ||
	    renameat(dirfd, tmp.data, dirfd, rel) == -1) {
		saved = errno;
		unlinkat(dirfd, tmp.data, 0);
		buf_free(&tmp);
		errno = saved;
		return -1;
	}
	buf_free(&tmp);
	return 0;
}
