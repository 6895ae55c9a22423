#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "log.h"

static int quiet;
/* Shards are read by several threads, and a sink may count lines. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void (*sink)(const char *, void *);
static void *sink_ctx;

void
log_set_quiet(int on)
{
	quiet = on;
}

void
log_msg(const char *fmt, ...)
{
	static const char prefix[] = "sitemapd: ";
	struct buf line = BUF_INIT;
	va_list ap;

	if (quiet)
		return;
	buf_adds(&line, prefix);
	va_start(ap, fmt);
	buf_vprintf(&line, fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&lock);
	if (sink)
		sink(buf_str(&line) + sizeof(prefix) - 1, sink_ctx);
	else {
		/* One write per line keeps lines whole in a shared log. */
		buf_addc(&line, '\n');
		fwrite(line.data, 1, line.len, stderr);
		fflush(stderr);
	}
	pthread_mutex_unlock(&lock);
	buf_free(&line);
}

void
log_set_sink(void (*fn)(const char *, void *), void *ctx)
{
	sink = fn;
	sink_ctx = ctx;
}
