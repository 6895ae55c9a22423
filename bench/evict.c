/*
 * evict DIR: asks the kernel to drop every file below DIR from the page
 * cache (posix_fadvise DONTNEED), for a cold-start measurement where
 * /proc/sys/vm/drop_caches may not be written. Directory entries and
 * inodes stay cached, so it is a little kinder than a real cold start.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <unistd.h>

static int
evict(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	int fd;

	(void)st;
	(void)ftw;
	if (type != FTW_F || (fd = open(path, O_RDONLY)) == -1)
		return 0;
	fdatasync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: evict DIR\n", stderr);
		return 2;
	}
	return nftw(argv[1], evict, 64, FTW_PHYS) == 0 ? 0 : 1;
}
