/* Regular files only, opened without waiting, read within a limit. */
#include <errno.h>
#include <fcntl.h>
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
