#define _GNU_SOURCE	/* ppoll */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "fcgi.h"
#include "log.h"
#include "request.h"

#define LISTEN_BACKLOG	128

int
gateway_is_cgi(void)
{
	return FCGX_IsCGI();
}

/* A socket an earlier run left goes; one in use, or any other file, stays. */
static int
clear_socket_path(const struct sockaddr_un *sun, struct buf *err)
{
	struct stat st;
	int fd, in_use;

	if (lstat(sun->sun_path, &st) == -1 || !S_ISSOCK(st.st_mode))
		return 0;	/* bind() reports what else is there */
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1) {
		buf_printf(err, "socket: %s", strerror(errno));
		return -1;
	}
	in_use = connect(fd, (const struct sockaddr *)sun, sizeof(*sun)) == 0;
	close(fd);
	if (in_use) {
		buf_printf(err, "%s: in use by a running server",
		    sun->sun_path);
		return -1;
	}
	unlink(sun->sun_path);
	return 0;
}

static int
listen_unix(const char *path, int mode, struct buf *err)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	mode_t old_umask = 0;
	int fd, rc;

	if (strlen(path) >= sizeof(sun.sun_path)) {
		buf_printf(err, "%s: socket path too long", path);
		return -1;
	}
	memcpy(sun.sun_path, path, strlen(path) + 1);
	if (clear_socket_path(&sun, err) == -1)
		return -1;
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1) {
		buf_printf(err, "socket: %s", strerror(errno));
		return -1;
	}
	/* Created with the mode asked for: no window with a wider one. */
	if (mode != -1)
		old_umask = umask((mode_t)(~mode & 0777));
	rc = bind(fd, (struct sockaddr *)&sun, sizeof(sun));
	if (mode != -1)
		umask(old_umask);
	if (rc == -1 || listen(fd, LISTEN_BACKLOG) == -1) {
		buf_printf(err, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* "HOST:PORT" or "[V6]:PORT"; the host is required, never implied. */
static int
listen_tcp(const char *spec, struct buf *err)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
	    .ai_flags = AI_NUMERICSERV };
	struct addrinfo *res = NULL;
	const char *colon = strrchr(spec, ':');
	char host[256], *end;
	size_t hostlen;
	long port;
	int fd = -1, on = 1, gai;

	if (colon == NULL || colon == spec) {
		buf_printf(err, "tcp:%s: expected tcp:HOST:PORT", spec);
		return -1;
	}
	errno = 0;
	port = strtol(colon + 1, &end, 10);
	if (errno || *end || end == colon + 1 || port < 1 || port > 65535 ||
	    colon[1] == '+' || colon[1] == '-' || colon[1] == ' ') {
		buf_printf(err, "tcp:%s: port must be 1-65535", spec);
		return -1;
	}
	hostlen = (size_t)(colon - spec);
	if (spec[0] == '[' && colon[-1] == ']') {
		spec++;
		hostlen -= 2;
	}
	if (hostlen == 0 || hostlen >= sizeof(host)) {
		buf_printf(err, "tcp:%s: bad host", spec);
		return -1;
	}
	memcpy(host, spec, hostlen);
	host[hostlen] = '\0';
	if ((gai = getaddrinfo(host, colon + 1, &hints, &res)) != 0) {
		buf_printf(err, "%s: %s", host, gai_strerror(gai));
		return -1;
	}
	if ((fd = socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC,
	    res->ai_protocol)) == -1 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on)) == -1 ||
	    bind(fd, res->ai_addr, res->ai_addrlen) == -1 ||
	    listen(fd, LISTEN_BACKLOG) == -1) {
		buf_printf(err, "tcp:%s:%s: %s", host, colon + 1,
		    strerror(errno));
		if (fd != -1)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	return fd;
}

int
fcgi_listen(const char *spec, int mode, struct buf *err)
{
	if (strncmp(spec, "unix:", 5) == 0)
		return listen_unix(spec + 5, mode, err);
	if (strncmp(spec, "tcp:", 4) == 0)
		return listen_tcp(spec + 4, err);
	buf_printf(err, "%s: expected unix:PATH or tcp:HOST:PORT", spec);
	return -1;
}

static const char *
fcgi_param(const char *name, void *envp)
{
	return FCGX_GetParam(name, envp);
}

/* FastCGI 1.0 (the specification's section 8): a stdout record. */
#define FCGI_VERSION_1		1
#define FCGI_STDOUT		6
#define FCGI_HEADER_LEN		8
/* The largest record content that keeps the next header 8-byte aligned. */
#define FCGI_RECORD_MAX		65528

static int
write_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t done = writev(fd, iov, n);

		if (done == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (; n > 0 && (size_t)done >= iov->iov_len; iov++, n--)
			done -= (ssize_t)iov->iov_len;
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + done;
			iov->iov_len -= (size_t)done;
		}
	}
	return 0;
}

/*
 * libfcgi sends a record per 8 KiB it buffers, and the web server then
 * handles a megabyte sitemap in some 130 pieces. Large writes go out as
 * records of up to 64 KiB instead, after what libfcgi still holds.
 * A client that went away is the web server's business, not ours.
 */
static int
fcgi_write(void *ctx, const char *data, size_t len)
{
	FCGX_Request *fr = ctx;

	if (len < FCGI_RECORD_MAX / 2)
		return FCGX_PutStr(data, (int)len, fr->out) < 0 ? -1 : 0;
	if (FCGX_FFlush(fr->out) < 0)
		return -1;
	while (len > 0) {
		size_t n = len < FCGI_RECORD_MAX ? len : FCGI_RECORD_MAX;
		unsigned char header[FCGI_HEADER_LEN] = { FCGI_VERSION_1,
		    FCGI_STDOUT, (unsigned char)(fr->requestId >> 8),
		    (unsigned char)fr->requestId, (unsigned char)(n >> 8),
		    (unsigned char)n, 0, 0 };
		struct iovec iov[2] = { { header, sizeof(header) },
		    { (void *)data, n } };

		if (write_all(fr->ipcFd, iov, 2) == -1)
			return -1;
		data += n;
		len -= n;
	}
	return 0;
}

static volatile sig_atomic_t stopping;

static void
on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

/*
 * The stop signals are blocked except while waiting in ppoll(), so a
 * request that has begun is always answered in full before the process
 * exits, and a signal can never slip in between the check and the wait.
 * Debian's libfcgi installs SIGTERM and SIGUSR1 handlers of its own that
 * take effect only at the next connection; ours replace them.
 * The listening socket is non-blocking so that when several processes
 * share it, the ones that lose a connection to a sibling go back to
 * waiting instead of blocking in accept() with the signal held.
 */
int
fcgi_serve(int fd, struct config_watch *watch)
{
	struct page_cache cache;
	struct sigaction sa = { .sa_handler = on_stop };	/* no SA_RESTART */
	sigset_t stop_signals, waiting;
	FCGX_Request fr;
	int flags, rc = 0;

	/* Writes to a closed connection must fail, not end the process. */
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGUSR1);	/* libfcgi's own stop signal */
	sigprocmask(SIG_BLOCK, &stop_signals, &waiting);
	sigdelset(&waiting, SIGTERM);
	sigdelset(&waiting, SIGINT);
	sigdelset(&waiting, SIGUSR1);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	if ((flags = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, flags | O_NONBLOCK) == -1 ||
	    FCGX_Init() != 0 || FCGX_InitRequest(&fr, fd, 0) != 0) {
		log_msg("cannot start FastCGI on fd %d", fd);
		return -1;
	}
	cache_init(&cache, 1);
	while (!stopping) {
		/* A kept-alive connection brings its next request itself. */
		struct pollfd pfd = { fr.ipcFd >= 0 ? fr.ipcFd : fd, POLLIN, 0 };
		struct output out = { 1, fcgi_write, NULL };
		struct request req;

		if (ppoll(&pfd, 1, NULL, &waiting) == -1) {
			if (errno == EINTR)
				continue;
			log_msg("poll: %s", strerror(errno));
			rc = -1;
			break;
		}
		if ((rc = FCGX_Accept_r(&fr)) < 0) {
			if (rc == -EAGAIN || rc == -EWOULDBLOCK) {
				rc = 0;		/* a sibling took it */
				continue;
			}
			log_msg("accept: %s", strerror(-rc));
			break;
		}
		out.ctx = &fr;
		request_from_params(&req, fcgi_param, fr.envp);
		request_handle(config_watch_get(watch), &cache, &req, &out);
		FCGX_Finish_r(&fr);
	}
	FCGX_Free(&fr, 1);
	cache_free(&cache);
	return rc < 0 ? -1 : 0;
}

static const char *
env_param(const char *name, void *unused)
{
	(void)unused;
	return getenv(name);
}

int
stdio_write(void *fp, const char *data, size_t len)
{
	return fwrite(data, 1, len, fp) == len ? 0 : -1;
}

int
cgi_serve(struct config_watch *watch)
{
	struct output out = { 1, stdio_write, stdout };
	struct page_cache cache;
	struct request req;

	signal(SIGPIPE, SIG_IGN);
	cache_init(&cache, 0);		/* one request: nothing to keep */
	request_from_params(&req, env_param, NULL);
	request_handle(&watch->cfg, &cache, &req, &out);
	cache_free(&cache);
	return fflush(stdout) == 0 ? 0 : -1;
}
