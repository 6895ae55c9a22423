/* Findings handed to whoever reads them: the log, check, or nobody. */
#include <pthread.h>
#include <stdarg.h>

#include "buf.h"
#include "escape.h"
#include "log.h"
#include "report.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void	to_log(void *, enum finding, const char *);

const struct reporter report_to_log = { to_log, NULL };

void
report(const struct reporter *r, enum finding kind, const char *fmt, ...)
{
	struct buf said = BUF_INIT, line = BUF_INIT;
	va_list ap;

	if (r == NULL)
		return;
	va_start(ap, fmt);
	buf_vprintf(&said, fmt, ap);
	va_end(ap);
	/* What a page or a file's name supplied may not forge a line. */
	escape_text(&line, buf_str(&said));
	pthread_mutex_lock(&lock);
	r->hear(r->ctx, kind, buf_str(&line));
	pthread_mutex_unlock(&lock);
	buf_free(&said);
	buf_free(&line);
}

/* As the log has always had them: notes, too, are something left out. */
static void
to_log(void *unused, enum finding kind, const char *line)
{
	(void)unused;
	(void)kind;
	log_msg("%s", line);
}
