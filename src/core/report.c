/* Findings handed to whoever reads them: the log, check, or nobody. */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "escape.h"
#include "hash.h"
#include "log.h"
#include "report.h"

/* Distinct notes a long-lived process remembers having logged. */
#define SAID_MAX	100000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void	log_first_time(void *, enum finding, const char *, const char *);
static void	to_log(void *, enum finding, const char *, const char *);
static void	count(void *, enum finding, const char *, const char *);

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
	r->hear(r->ctx, kind, fmt, buf_str(&line));
	pthread_mutex_unlock(&lock);
	buf_free(&said);
	buf_free(&line);
}

void
report_log_once(struct log_once *o, struct reporter *r)
{
	memset(o, 0, sizeof(*o));
	*r = (struct reporter){ log_first_time, o };
}

void
report_log_once_free(struct log_once *o)
{
	id_map_free(&o->said);
}

void
report_summary(struct summary *s, struct reporter *r)
{
	memset(s, 0, sizeof(*s));
	*r = (struct reporter){ count, s };
}

void
report_summary_log(struct summary *s)
{
	if (s->problems == 1)
		log_msg("%s (sitemapd check lists what it finds)", s->first);
	else if (s->problems > 1)
		log_msg("%zu problems in the site, the first: %s (sitemapd "
		    "check lists them)", s->problems, s->first);
	free(s->first);
	s->first = NULL;
	s->problems = 0;
}

/* A problem each time; a note once a process, as it stays until fixed. */
static void
log_first_time(void *ctx, enum finding kind, const char *kind_of,
    const char *line)
{
	struct log_once *o = ctx;
	uint64_t h = hash_add(HASH_INIT, line, strlen(line));
	size_t seen;

	(void)kind_of;
	if (kind == FINDING_NOTE) {
		if (id_map_get(&o->said, h, &seen))
			return;
		if (o->said.n >= SAID_MAX)
			id_map_free(&o->said);
		id_map_put(&o->said, h, 1);
	}
	log_msg("%s", line);
}

/*
 * For a command run once (render, indexnow): its problems. Notes say
 * back what the owner asked for; check lists them.
 */
static void
to_log(void *unused, enum finding kind, const char *kind_of,
    const char *line)
{
	(void)unused;
	(void)kind_of;
	if (kind == FINDING_PROBLEM)
		log_msg("%s", line);
}

/* The first problem in the order of its text: the same at each request. */
static void
count(void *ctx, enum finding kind, const char *kind_of, const char *line)
{
	struct summary *s = ctx;

	(void)kind_of;
	if (kind != FINDING_PROBLEM)
		return;
	s->problems++;
	if (s->first == NULL || strcmp(line, s->first) < 0) {
		free(s->first);
		s->first = xstrdup(line);
	}
}
