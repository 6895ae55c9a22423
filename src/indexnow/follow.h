/*
 * IndexNow beside a FastCGI server: a process of its own, which follows
 * the content root as the server does and submits what changed, so that
 * no request ever waits on an endpoint, and an endpoint that hangs or a
 * state that fails harms no answer.
 */
#ifndef SITEMAPD_INDEXNOW_FOLLOW_H
#define SITEMAPD_INDEXNOW_FOLLOW_H

#include <sys/types.h>

/*
 * Starts it for the INI at file, ending when the calling process ends:
 * its pid, or -1 with errno.
 */
pid_t	indexnow_start(const char *file);

/*
 * The serving process keeps one running: a death is logged and the
 * process started again, 1 s later, twice as long after each death that
 * came within a minute of its start, up to 5 minutes.
 */
struct indexnow_keeper {
	const char	*file;
	pid_t		 pid;		/* -1 while none runs */
	long long	 started_ms;	/* ms of CLOCK_MONOTONIC, as now_ms */
	long long	 again_ms;	/* when to start one again */
	long long	 backoff_ms;
};

/* Starts the first; a failure is logged and tried again as a death. */
void	indexnow_keeper_start(struct indexnow_keeper *, const char *file,
	    long long now_ms);
/*
 * Reaps a dead one and starts the next when due. Returns when it wants
 * to be called again at the latest (0: only when a child ends).
 */
long long indexnow_keeper_tend(void *keeper, long long now_ms);

#endif
