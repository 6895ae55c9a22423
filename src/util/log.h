/*
 * Log lines go to stderr, which every web server puts in its error log,
 * unless -l sends them to syslog or a file.
 */
#ifndef SITEMAPD_LOG_H
#define SITEMAPD_LOG_H

#include <syslog.h>

#include "buf.h"

/* A line at LOG_WARNING, what most lines are: something left out. */
void	log_msg(const char *, ...) __attribute__((format(printf, 1, 2)));
/* A line at a syslog priority: LOG_ERR, LOG_WARNING or LOG_INFO. */
void	log_at(int priority, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	log_set_quiet(int);
/*
 * Where lines go from now on: "stderr", "syslog" (facility daemon) or an
 * absolute file path, appended to. NULL: stderr, or syslog when stderr is
 * /dev/null, as spawn-fcgi leaves it. Returns 0, or -1 with the reason.
 */
int	log_to(const char *spec, struct buf *err);
/* Opens the log file again, after logrotate moved it: 0, or -1 (errno). */
int	log_reopen(void);

/*
 * A line that a flood could repeat thousands of times a second: at most
 * one a second per limit. log_limited_flush, called now and then, says
 * how many were held back once their second is over.
 */
struct log_limit {
	const char	*what;		/* "connections dropped" */
	long long	 until;		/* monotonic s: lines held till then */
	unsigned long	 held;
};
void	log_limited(struct log_limit *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	log_limited_flush(struct log_limit *);

#endif
