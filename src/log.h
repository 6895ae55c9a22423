/* Log lines go to stderr, which every web server puts in its error log. */
#ifndef SITEMAPD_LOG_H
#define SITEMAPD_LOG_H

#include <syslog.h>

/* A line at LOG_WARNING, what most lines are: something left out. */
void	log_msg(const char *, ...) __attribute__((format(printf, 1, 2)));
/* A line at a syslog priority: LOG_ERR, LOG_WARNING or LOG_INFO. */
void	log_at(int priority, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	log_set_quiet(int);

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
