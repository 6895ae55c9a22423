/*
 * Log lines: on stderr, which web servers put in their error log, with a
 * syslog priority when systemd reads them; or to syslog; or appended to a
 * file that logrotate may move (reopened on SIGHUP).
 */
#include <errno.h>
#include <fcntl.h>
#include <paths.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "escape.h"
#include "log.h"

static int quiet;
static enum { TO_STDERR, TO_SYSLOG, TO_FILE } target = TO_STDERR;
static char *file_path;
static int file_fd = -1;
/* Shards are read by several threads. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void	stamp(struct buf *);
static int	stderr_is_null(void);
static int	syslog_reachable(struct buf *);

void
log_set_quiet(int on)
{
	quiet = on;
}

int
log_to(const char *spec, struct buf *err)
{
	if (spec == NULL) {
		/* spawn-fcgi hands over /dev/null: lines would vanish. */
		if (!stderr_is_null())
			return 0;
		spec = "syslog";
	}
	if (strcmp(spec, "stderr") == 0) {
		target = TO_STDERR;
		return 0;
	}
	if (strcmp(spec, "syslog") == 0) {
		struct buf why = BUF_INIT;

		/* syslog(3) drops every line, silently, with no socket. */
		if (!syslog_reachable(&why)) {
			fprintf(stderr, "sitemapd: -l syslog: %s; logging to "
			    "stderr\n", buf_str(&why));
			buf_free(&why);
			target = TO_STDERR;
			return 0;
		}
		openlog("sitemapd", LOG_PID | LOG_NDELAY, LOG_DAEMON);
		target = TO_SYSLOG;
		return 0;
	}
	if (spec[0] != '/') {
		buf_printf(err, "-l %s: expected stderr, syslog or an absolute "
		    "file path", spec);
		return -1;
	}
	free(file_path);
	file_path = xstrdup(spec);
	if (log_reopen() == -1) {
		buf_printf(err, "-l %s: %s", spec, strerror(errno));
		return -1;
	}
	target = TO_FILE;
	return 0;
}

int
log_reopen(void)
{
	int fd;

	if (file_path == NULL)
		return 0;
	if ((fd = open(file_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	    0640)) == -1)
		return -1;	/* the old file stays in use */
	pthread_mutex_lock(&lock);
	if (file_fd != -1)
		close(file_fd);
	file_fd = fd;
	pthread_mutex_unlock(&lock);
	return 0;
}

/*
 * Under systemd (JOURNAL_STREAM is set when stderr goes to the journal)
 * a line starts with its priority, "<4>", which the journal files it by
 * (sd-daemon(3)); web servers' error logs get the line as it is, and a
 * file a time of day first, as nothing else stamps it.
 */
static void
log_line(int priority, const char *fmt, va_list ap)
{
	struct buf said = BUF_INIT, line = BUF_INIT;
	const char *journal = getenv("JOURNAL_STREAM");

	if (quiet)
		return;
	/* One line, whatever a page, a file's name or a client supplied. */
	buf_vprintf(&said, fmt, ap);
	if (target == TO_SYSLOG) {
		escape_text(&line, buf_str(&said));
		syslog(priority, "%s", buf_str(&line));
		buf_free(&said);
		buf_free(&line);
		return;
	}
	if (target == TO_FILE)
		stamp(&line);
	else if (journal && *journal)
		buf_printf(&line, "<%d>", priority);
	buf_adds(&line, "sitemapd: ");
	escape_text(&line, buf_str(&said));
	buf_free(&said);
	/* One write per line keeps lines whole in a shared log. */
	buf_addc(&line, '\n');
	pthread_mutex_lock(&lock);
	if (target == TO_FILE)
		(void)!write(file_fd, line.data, line.len);
	else {
		fwrite(line.data, 1, line.len, stderr);
		fflush(stderr);
	}
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

/* "2026-11-24T17:45:34Z [1234] ": when, and which process of several. */
static void
stamp(struct buf *line)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	buf_printf(line, "%s [%ld] ", when, (long)getpid());
}

/* True when stderr is /dev/null, or closed: nobody would read a line. */
static int
stderr_is_null(void)
{
	struct stat st, null;

	if (fstat(2, &st) == -1)
		return errno == EBADF;
	return stat("/dev/null", &null) == 0 && S_ISCHR(st.st_mode) &&
	    st.st_rdev == null.st_rdev;
}

/* Whether syslog(3)'s socket takes lines: else why, into why. */
static int
syslog_reachable(struct buf *why)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd, ok;

	strncpy(sun.sun_path, _PATH_LOG, sizeof(sun.sun_path) - 1);
	if ((fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)) == -1) {
		buf_printf(why, "socket: %s", strerror(errno));
		return 0;
	}
	ok = connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == 0;
	if (!ok)
		buf_printf(why, "no syslog socket (%s: %s)", _PATH_LOG,
		    strerror(errno));
	close(fd);
	return ok;
}
