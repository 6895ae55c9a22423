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

#endif
