#include <errno.h>
#include <netdb.h>
#include <signal.h>
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
#include "request.h"

#define LISTEN_BACKLOG	128

int
gateway_is_cgi(void)
{
	return FCGX_IsCGI();
}

static int
listen_unix(const char *path, struct buf *err)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct stat st;
	int fd;

	if (strlen(path) >= sizeof(sun.sun_path)) {
		buf_printf(err, "%s: socket path too long", path);
		return -1;
	}
	strncpy(sun.sun_path, path, sizeof(sun.sun_path) - 1);
	/* A socket left by an earlier run goes; any other file stays. */
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode))
		unlink(path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1 ||
	    bind(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1 ||
	    listen(fd, LISTEN_BACKLOG) == -1) {
		buf_printf(err, "%s: %s", path, strerror(errno));
		if (fd != -1)
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
fcgi_listen(const char *spec, struct buf *err)
{
	if (strncmp(spec, "unix:", 5) == 0)
		return listen_unix(spec + 5, err);
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

static int
fcgi_write(void *stream, const char *data, size_t len)
{
	/* A client that went away is the web server's business, not ours. */
	return FCGX_PutStr(data, (int)len, stream) < 0 ? -1 : 0;
}

int
fcgi_serve(int fd, struct config_watch *watch)
{
	FCGX_Request fr;

	/* Writes to a closed connection must fail, not end the process. */
	signal(SIGPIPE, SIG_IGN);
	if (FCGX_Init() != 0 || FCGX_InitRequest(&fr, fd, 0) != 0) {
		log_msg("cannot start FastCGI");
		return -1;
	}
	while (FCGX_Accept_r(&fr) >= 0) {
		struct output out = { 1, fcgi_write, fr.out };
		struct request req;

		request_from_params(&req, fcgi_param, fr.envp);
		request_handle(config_watch_get(watch), &req, &out);
		FCGX_Finish_r(&fr);
	}
	return 0;
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
	struct request req;

	signal(SIGPIPE, SIG_IGN);
	request_from_params(&req, env_param, NULL);
	request_handle(&watch->cfg, &req, &out);
	return fflush(stdout) == 0 ? 0 : -1;
}
