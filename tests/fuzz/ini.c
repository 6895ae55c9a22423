/* The INI handler: config_load reads a file, so the input becomes one. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "config.h"
#include "fuzz.h"
#include "log.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct config cfg;
	struct buf err = BUF_INIT;

	if (fd == -1) {
		log_set_quiet(1);
		if ((fd = memfd_create("sitemapd.ini", 0)) == -1)
			return 0;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) == -1 ||
	    pwrite(fd, data, size, 0) != (ssize_t)size)
		return 0;
	if (config_load(path, &cfg, &err) == 0)
		config_free(&cfg);
	buf_free(&err);
	return 0;
}
