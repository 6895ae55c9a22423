/*
 * What reading a site finds, and who hears it. The code that reads the
 * content root reports each finding to the reporter it is given: the
 * server's logs them, "check" prints them and counts the problems, "list"
 * hears nothing (it prints each page's verdict itself).
 */
#ifndef SITEMAPD_REPORT_H
#define SITEMAPD_REPORT_H

#include <stddef.h>

#include "id_map.h"

enum finding {
	FINDING_PROBLEM,	/* the site owner should fix something */
	FINDING_NOTE		/* what the owner asked for, said back */
};

struct reporter {
	/*
	 * Called under a lock: the shards are read by several threads.
	 * kind_of is the format the line was written by: findings of one
	 * kind share it.
	 */
	void	(*hear)(void *ctx, enum finding, const char *kind_of,
		    const char *line);
	void	*ctx;
};

/* Logs each problem, and each note the first time it is heard. */
struct log_once {
	struct id_map	 said;	/* the notes logged, by their hash */
};
void	report_log_once(struct log_once *, struct reporter *);
void	report_log_once_free(struct log_once *);

/* Logs each problem as it is, at LOG_WARNING; notes are check's. */
extern const struct reporter report_to_log;

/*
 * Logs nothing until report_summary_log, then one line at most: how many
 * problems, the first in the order of their text, and that check lists
 * them; notes are check's. For a CGI, whose every request would repeat
 * every line in the web server's error log.
 */
struct summary {
	size_t	 problems;
	char	*first;
};
void	report_summary(struct summary *, struct reporter *);
void	report_summary_log(struct summary *);

/* Tells reporter (NULL: nobody) of one finding. */
void	report(const struct reporter *, enum finding, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

#endif
