/*
 * fcgi-client ADDRESS ACTION [ARG...]: a FastCGI client that misbehaves on
 * purpose, byte by byte, for tests/clients.sh. ADDRESS is a unix socket
 * path or tcp:HOST:PORT. Each action prints one line saying what it saw
 * and exits 0, or 1 when the server did not do what a good one must.
 *
 *   get PATH [MAX_MS]       asks for PATH; fails unless the whole answer
 *                           (its FCGI_END_REQUEST) comes within MAX_MS
 *   partial SECONDS         sends one byte, then waits for the server to
 *                           hang up
 *   idle SECONDS            sends nothing, and waits likewise
 *   noread PATH SECONDS     asks for PATH and reads nothing for SECONDS,
 *                           then reports how the connection ended
 *   keep PATH SECONDS       asks with FCGI_KEEP_CONN, reads the answer,
 *                           then holds the connection open
 *   pipeline PATH PATH      two requests on one kept connection, written
 *                           at once; both must be answered
 *   huge-params             a PARAMS record whose name claims 2 GB; the
 *                           server must hang up, not abort
 *   slow PATH MS            asks for PATH, reads one record, waits MS,
 *                           then reads the rest; it must be whole
 */
#define _GNU_SOURCE
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define BEGIN_REQUEST	1
#define END_REQUEST	3
#define PARAMS		4
#define STDIN		5
#define STDOUT		6
#define KEEP_CONN	1

struct answer {
	int	status;
	size_t	body;
	int	ended;		/* FCGI_END_REQUEST seen */
	char	tail[16];	/* the last bytes of the body */
};

static long long	 now_ms(void);
static int		 connect_to(const char *);
static void		 put_record(char **, size_t *, int, int, const void *,
			    size_t);
static size_t		 request(char *, int id, int flags, const char *path);
static int		 read_answer(int, struct answer *, int max_ms);
static int		 wait_hangup(int, int seconds);
static void		 sleep_ms(int);

int
main(int argc, char **argv)
{
	char req[8192];
	struct answer a = { 0 };
	const char *action;
	long long t0;
	int fd, rc;

	if (argc < 3) {
		fputs("usage: fcgi-client ADDRESS ACTION [ARG...]\n", stderr);
		return 2;
	}
	action = argv[2];
	if ((fd = connect_to(argv[1])) == -1)
		return 1;
	t0 = now_ms();
	if (strcmp(action, "get") == 0 && argc >= 4) {
		int max = argc > 4 ? atoi(argv[4]) : 10000;
		size_t n = request(req, 1, 0, argv[3]);

		write(fd, req, n);
		rc = read_answer(fd, &a, max);
		printf("status %d, %zu body bytes, %s, %lld ms\n", a.status,
		    a.body, a.ended ? "ended" : "not ended", now_ms() - t0);
		return rc == 0 && a.ended ? 0 : 1;
	}
	if (strcmp(action, "partial") == 0 || strcmp(action, "idle") == 0) {
		if (action[0] == 'p')
			write(fd, "\1", 1);
		rc = wait_hangup(fd, argc > 3 ? atoi(argv[3]) : 10);
		printf("%s after %lld ms\n", rc == 0 ? "hung up" : "still open",
		    now_ms() - t0);
		return rc == 0 ? 0 : 1;
	}
	if (strcmp(action, "noread") == 0 && argc >= 5) {
		size_t n = request(req, 1, 0, argv[3]);

		write(fd, req, n);
		sleep_ms(atoi(argv[4]) * 1000);
		rc = read_answer(fd, &a, 2000);
		printf("%s after %zu body bytes\n", a.ended ? "answered" :
		    "cut off", a.body);
		return 0;
	}
	if (strcmp(action, "keep") == 0 && argc >= 5) {
		size_t n = request(req, 1, KEEP_CONN, argv[3]);

		write(fd, req, n);
		rc = read_answer(fd, &a, 5000);
		printf("status %d, %s; holding the connection\n", a.status,
		    a.ended ? "ended" : "not ended");
		fflush(stdout);
		rc = wait_hangup(fd, atoi(argv[4]));
		return a.ended ? 0 : 1;
	}
	if (strcmp(action, "pipeline") == 0 && argc >= 5) {
		struct answer b = { 0 };
		size_t n = request(req, 1, KEEP_CONN, argv[3]);

		n += request(req + n, 2, KEEP_CONN, argv[4]);
		write(fd, req, n);
		read_answer(fd, &a, 3000);
		read_answer(fd, &b, 3000);
		printf("first %d %s, second %d %s\n", a.status, a.ended ?
		    "ended" : "not ended", b.status, b.ended ? "ended" :
		    "not ended");
		return a.ended && b.ended ? 0 : 1;
	}
	if (strcmp(action, "huge-params") == 0) {
		/* BEGIN, then PARAMS: name length 0x7fffffff, value 0x7fffffff. */
		static const unsigned char rec[] = {
			1, BEGIN_REQUEST, 0, 1, 0, 8, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
			1, PARAMS, 0, 1, 0, 8, 0, 0,
			0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			1, PARAMS, 0, 1, 0, 0, 0, 0 };

		write(fd, rec, sizeof(rec));
		rc = wait_hangup(fd, 3);
		printf("%s\n", rc == 0 ? "hung up" : "still open");
		return rc == 0 ? 0 : 1;
	}
	if (strcmp(action, "slow") == 0 && argc >= 5) {
		size_t n = request(req, 1, 0, argv[3]);
		unsigned char head[8];
		char skip[65536 + 256];

		write(fd, req, n);
		/* One whole record: the answer has begun. */
		if (recv(fd, head, sizeof(head), MSG_WAITALL) != sizeof(head) ||
		    recv(fd, skip, (size_t)(head[4] << 8 | head[5]) + head[6],
		    MSG_WAITALL) < 0)
			return 1;
		printf("begun\n");
		fflush(stdout);
		sleep_ms(atoi(argv[4]));
		rc = read_answer(fd, &a, 10000);
		printf("%s, ends with %s\n", a.ended ? "ended" : "not ended",
		    a.tail);
		return a.ended ? 0 : 1;
	}
	fprintf(stderr, "fcgi-client: %s: unknown action or arguments\n",
	    action);
	return 2;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static int
connect_to(const char *addr)
{
	int fd;

	if (strncmp(addr, "tcp:", 4) == 0) {
		struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res;
		char host[256];
		const char *colon = strrchr(addr + 4, ':');

		if (colon == NULL || (size_t)(colon - addr - 4) >= sizeof(host))
			return -1;
		memcpy(host, addr + 4, (size_t)(colon - addr - 4));
		host[colon - addr - 4] = '\0';
		if (getaddrinfo(host, colon + 1, &hints, &res) != 0)
			return -1;
		fd = socket(res->ai_family, SOCK_STREAM, 0);
		if (connect(fd, res->ai_addr, res->ai_addrlen) == -1) {
			perror(addr);
			return -1;
		}
		freeaddrinfo(res);
		return fd;
	}
	struct sockaddr_un sun = { .sun_family = AF_UNIX };

	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", addr);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		perror(addr);
		return -1;
	}
	return fd;
}

static void
put_record(char **p, size_t *n, int type, int id, const void *data,
    size_t len)
{
	unsigned char h[8] = { 1, (unsigned char)type, 0, (unsigned char)id,
	    (unsigned char)(len >> 8), (unsigned char)len, 0, 0 };

	memcpy(*p, h, 8);
	memcpy(*p + 8, data, len);
	*p += 8 + len;
	*n += 8 + len;
}

static void
put_param(char **p, const char *name, const char *value)
{
	size_t nl = strlen(name), vl = strlen(value);

	*(*p)++ = (char)nl;
	*(*p)++ = (char)vl;
	memcpy(*p, name, nl);
	memcpy(*p + nl, value, vl);
	*p += nl + vl;
}

/* A whole GET request for path into out; returns its length. */
static size_t
request(char *out, int id, int flags, const char *path)
{
	unsigned char begin[8] = { 0, 1, (unsigned char)flags };
	char params[1024], *q = params, *p = out;
	size_t n = 0;

	put_param(&q, "REQUEST_METHOD", "GET");
	put_param(&q, "REQUEST_URI", path);
	put_param(&q, "HTTP_HOST", "example.com");
	put_record(&p, &n, BEGIN_REQUEST, id, begin, sizeof(begin));
	put_record(&p, &n, PARAMS, id, params, (size_t)(q - params));
	put_record(&p, &n, PARAMS, id, "", 0);
	put_record(&p, &n, STDIN, id, "", 0);
	return n;
}

static int
read_full(int fd, void *buf, size_t len, long long until)
{
	size_t got = 0;

	while (got < len) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long left = until - now_ms();
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			return -1;
		if ((n = read(fd, (char *)buf + got, len - got)) <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

/* Reads records until FCGI_END_REQUEST, the end of input or max_ms. */
static int
read_answer(int fd, struct answer *a, int max_ms)
{
	long long until = now_ms() + max_ms;
	static char content[65536 + 256];
	int first = 1;

	memset(a, 0, sizeof(*a));
	for (;;) {
		unsigned char h[8];
		size_t len;

		if (read_full(fd, h, 8, until) == -1)
			return -1;
		len = (size_t)h[4] << 8 | h[5];
		if (read_full(fd, content, len + h[6], until) == -1)
			return -1;
		if (h[1] == END_REQUEST) {
			a->ended = 1;
			return 0;
		}
		if (h[1] != STDOUT || len == 0)
			continue;
		content[len] = '\0';
		if (first && strncmp(content, "Status: ", 8) == 0)
			a->status = atoi(content + 8);
		first = 0;
		a->body += len;
		if (len >= sizeof(a->tail) - 1)
			memcpy(a->tail, content + len - sizeof(a->tail) + 1,
			    sizeof(a->tail) - 1);
		for (char *nl; (nl = strchr(a->tail, '\n')) != NULL;)
			*nl = ' ';
	}
}

/* 0 when the server closes within seconds; reads and drops what it sends. */
static int
wait_hangup(int fd, int seconds)
{
	long long until = now_ms() + seconds * 1000LL;
	char buf[65536];

	for (;;) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long left = until - now_ms();

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0)
			return -1;
		if (read(fd, buf, sizeof(buf)) <= 0)
			return 0;
	}
}
