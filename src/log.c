#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "log.h"

static int quiet;

void
log_set_quiet(int on)
{
	quiet = on;
}

void
log_msg(const char *fmt, ...)
{
	struct buf line = BUF_INIT;
	va_list ap;

	if (quiet)
		return;
	/* One write per line keeps lines whole when processes share a log. */
	buf_adds(&line, "sitemapd: ");
	va_start(ap, fmt);
	buf_vprintf(&line, fmt, ap);
	va_end(ap);
	buf_addc(&line, '\n');
	fwrite(line.data, 1, line.len, stderr);
	fflush(stderr);
	buf_free(&line);
}
