/* The adapters between the web server and the core: FastCGI and CGI. */
#ifndef SITEMAPD_FCGI_H
#define SITEMAPD_FCGI_H

#include "buf.h"
#include "config.h"

/* True when fd 0 is not a FastCGI listening socket. */
int	gateway_is_cgi(void);

/*
 * Opens a listening socket from "unix:PATH" or "tcp:HOST:PORT"; a unix
 * socket gets mode and group unless they are -1. Returns the descriptor,
 * or -1 with the reason in err.
 */
int	fcgi_listen(const char *spec, int mode, int group, struct buf *err);

/*
 * A process the server keeps beside it: tend is called once at the start,
 * at once when a child ends, and when it asked to be, returning by when
 * (CLOCK_MONOTONIC ms) it wants the next call, or 0 for none.
 */
struct fcgi_companion {
	long long	(*tend)(void *arg, long long now_ms);
	void		 *arg;
};

/*
 * Answers FastCGI requests on the listening socket fd until SIGTERM,
 * SIGINT, SIGQUIT or SIGUSR1, finishing the requests under way first;
 * SIGHUP reads the configuration and the content root again. companion,
 * unless NULL, is tended meanwhile. Returns 0 on such a stop, -1 on
 * failure.
 */
int	fcgi_serve(int fd, struct config_watch *,
	    const struct fcgi_companion *companion);
/* The clock fcgi_serve and its companion go by, in ms. */
long long	fcgi_now_ms(void);

/* An output write function for a FILE *, such as stdout. */
int	stdio_write(void *fp, const char *data, size_t len);

/* Answers the one CGI request described by the environment. */
int	cgi_serve(struct config_watch *);

#endif
