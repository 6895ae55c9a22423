/* Log lines on stderr, with a syslog priority when systemd reads them. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "buf.h"
#include "log.h"

static int quiet;
/* Shards are read by several threads. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void
log_set_quiet(int on)
{
	quiet = on;
}

/*
 * Under systemd (JOURNAL_STREAM is set when stderr goes to the journal)
 * a line starts with its priority, "<4>", which the journal files it by
 * (sd-daemon(3)); web servers' error logs get the line as it is.
 */
static void
log_line(int priority, const char *fmt, va_list ap)
{
	struct buf line = BUF_INIT;
	const char *journal = getenv("JOURNAL_STREAM");

	if (quiet)
		return;
	if (journal && *journal)
		buf_printf(&line, "<%d>", priority);
	buf_adds(&line, "sitemapd: ");
	buf_vprintf(&line, fmt, ap);
	/* One write per line keeps lines whole in a shared log. */
	buf_addc(&line, '\n');
	pthread_mutex_lock(&lock);
	fwrite(line.data, 1, line.len, stderr);
	fflush(stderr);
	pthread_mutex_unlock(&lock);
	buf_free(&line);
}

void
log_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_line(LOG_WARNING, fmt, ap);
	va_end(ap);
}

void
log_at(int priority, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_line(priority, fmt, ap);
	va_end(ap);
}

static long long
monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec;
}

void
log_limited(struct log_limit *limit, const char *fmt, ...)
{
	long long now = monotonic_seconds();
	va_list ap;

	if (now < limit->until) {
		limit->held++;
		return;
	}
	log_limited_flush(limit);
	limit->until = now + 1;
	va_start(ap, fmt);
	log_line(LOG_WARNING, fmt, ap);
	va_end(ap);
}

void
log_limited_flush(struct log_limit *limit)
{
	if (limit->held == 0 || monotonic_seconds() < limit->until)
		return;
	log_at(LOG_WARNING, "%lu more %s in the second after the last line",
	    limit->held, limit->what);
	limit->held = 0;
}
