/* How a wrong command line is told (usage.h). */
#include <stdarg.h>
#include <stdio.h>

#include "usage.h"

int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("sitemapd: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fputs(HELP_POINTER, stderr);
	return EXIT_USAGE;
}
