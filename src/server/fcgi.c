/*
 * The adapter to the web server: CGI, an inherited FastCGI socket, or
 * one sitemapd listens on itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <fcgiapp.h>

#include "fcgi.h"
#include "log.h"
#include "number.h"
#include "report.h"
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
listen_unix(const char *path, int mode, int group, struct buf *err)
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
	/*
	 * Bound under a name of its own and linked to path once listening:
	 * whoever waits for the path to appear can connect as soon as it
	 * does, and link(2), unlike rename(2), replaces nothing there.
	 */
	if (snprintf(sun.sun_path, sizeof(sun.sun_path), "%s.%ld", path,
	    (long)getpid()) >= (int)sizeof(sun.sun_path))
		memcpy(sun.sun_path, path, strlen(path) + 1);
	unlink(sun.sun_path);
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
	if (rc == -1 && errno == ENOENT)
		buf_printf(err, "%s: its directory does not exist; create it "
		    "first, such as: install -d -o sitemapd -g www-data -m 0750 "
		    "DIRECTORY", path);
	/* Its group set before it has its name: nobody connects before. */
	else if (rc == 0 && group != -1 && chown(sun.sun_path, (uid_t)-1,
	    (gid_t)group) == -1)
		buf_printf(err, "%s: -g: cannot give the socket group %d: %s%s",
		    path, group, strerror(errno), errno == EPERM ? "; the "
		    "user sitemapd runs as must be in that group (adduser "
		    "USER GROUP, then start it again)" : "");
	else if (rc == -1 || listen(fd, LISTEN_BACKLOG) == -1 ||
	    (strcmp(sun.sun_path, path) != 0 && link(sun.sun_path, path) == -1))
		buf_printf(err, "%s: %s", path, strerror(errno));
	if (rc == 0 && strcmp(sun.sun_path, path) != 0)
		unlink(sun.sun_path);
	if (err->len > 0) {
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
	const char *why;
	char host[256];
	size_t hostlen;
	uint64_t port;
	int fd = -1, on = 1, gai;

	if (colon == NULL || colon == spec) {
		buf_printf(err, "tcp:%s: expected tcp:HOST:PORT", spec);
		return -1;
	}
	if (number_parse(colon + 1, strlen(colon + 1), 10,
	    NUMBER_LEADING_ZEROS, 1, 65535, &port, &why) == -1) {
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
fcgi_listen(const char *spec, int mode, int group, struct buf *err)
{
	if (strncmp(spec, "unix:", 5) == 0)
		return listen_unix(spec + 5, mode, group, err);
	if (strncmp(spec, "tcp:", 4) == 0)
		return listen_tcp(spec + 4, err);
	buf_printf(err, "%s: expected unix:PATH or tcp:HOST:PORT", spec);
	return -1;
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

/*
 * A CGI answers once and exits, so every signal a user or the web server
 * may send waits until the answer is written: none but SIGKILL cuts it.
 */
int
cgi_serve(struct config_watch *watch)
{
	struct output out = { .cgi_headers = 1, .write = stdio_write,
	    .ctx = stdout };
	static struct page_cache cache;
	static const int faults[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE,
	    SIGABRT, SIGTRAP, SIGSYS };
	struct request req;
	struct summary summary;
	struct reporter rep;
	sigset_t all;

	signal(SIGPIPE, SIG_IGN);
	sigfillset(&all);
	/* A fault must still end it, under the sanitizers with a report. */
	for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
		sigdelset(&all, faults[i]);
	sigprocmask(SIG_BLOCK, &all, NULL);
	/* One request: one line of the web server's error log at most. */
	report_summary(&summary, &rep);
	cache_init(&cache, 0, &rep);
	request_from_params(&req, env_param, NULL);
	request_handle(&watch->cfg, &cache, &req, &out);
	/*
	 * The cache is not freed: the process ends with this answer, and
	 * freeing a site's pages one by one would only keep the web server
	 * waiting. It is static, so that a leak checker sees it still held.
	 */
	report_summary_log(&summary);
	return fflush(stdout) == 0 ? 0 : -1;
}
