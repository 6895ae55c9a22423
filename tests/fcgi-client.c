/*
 * fcgi-client ADDRESS ACTION [ARG...]: a FastCGI client that misbehaves on
 * purpose, byte by byte, for tests/clients.sh. ADDRESS is a unix socket
 * path or tcp:HOST:PORT. Each action prints one line saying what it saw
 * and exits 0, or 1 when the server did not do what a good one must.
 *
 *   get PATH [MAX_MS]       asks for PATH; fails unless the whole answer
 *                           (its FCGI_END_REQUEST) comes within MAX_MS
 *   get-us PATH [MAX_MS]    the same, its time in microseconds
 *   partial SECONDS         sends one byte, then waits for the server to
 *                           hang up
 *   idle SECONDS            sends nothing, and waits likewise
 *   noread PATH SECONDS [N] asks for PATH on N connections (default 1),
 *                           each with a 4 KiB receive buffer, reads
 *                           nothing for SECONDS, then reports how they
 *                           ended
 *   hold PATH N SECONDS     asks for PATH on N connections, prints "held"
 *                           once each has had a first record, reads
 *                           nothing more, and closes after SECONDS
 *   trickle PATH BYTES MS SECONDS
 *                           asks for PATH and reads BYTES every MS for
 *                           SECONDS at most; reports how it ended and when
 *   flood SECONDS HOLD      two processes connect as fast as they can,
 *                           send one byte each, and keep the last HOLD
 *                           connections each open
 *   repeat PATH N MAX_MS    N requests one after another, each on a new
 *                           connection; counts those answered whole
 *                           within MAX_MS
 *   get-values              an FCGI_GET_VALUES of 64 KiB, then a request
 *                           for /robots.txt on the same connection; every
 *                           record of the reply must be whole
 *   keep PATH SECONDS       asks with FCGI_KEEP_CONN, reads the answer,
 *                           then holds the connection open
 *   pipeline PATH PATH      two requests on one kept connection, written
 *                           at once; both must be answered
 *   huge-params             a PARAMS record whose name claims 2 GB; the
 *                           server must hang up, not abort
 *   slow PATH MS            asks for PATH, reads one record, waits MS,
 *                           then reads the rest; it must be whole
 *
 * With FCGI_CLIENT_SAVE=FILE, get and slow write the answer's stdout
 * (its head, then its body) into FILE, to be compared byte for byte.
 */
#define _GNU_SOURCE
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BEGIN_REQUEST	1
#define END_REQUEST	3
#define PARAMS		4
#define STDIN		5
#define STDOUT		6
#define GET_VALUES	9
#define GET_VALUES_RESULT	10
#define KEEP_CONN	1

struct answer {
	int	status;
	int	retry;		/* the head has Retry-After */
	size_t	body;
	int	ended;		/* FCGI_END_REQUEST seen */
	char	tail[16];	/* the last bytes of the body */
};

static void		 save(const char *, size_t);
static long long	 now_ms(void);
static long long	 now_us(void);
static int		 connect_to(const char *);
static int		 many(const char *, const char *, int, int, int);
static int		 trickle(const char *, const char *, int, int, int);
static int		 flood(const char *, int, int);
static int		 repeat(const char *, const char *, int, int);
static int		 get_values(int);
static void		 put_record(char **, size_t *, int, int, const void *,
			    size_t);
static void		 put_param(char **, const char *, const char *);
static size_t		 request(char *, int id, int flags, const char *path);
static int		 read_full(int, void *, size_t, long long);
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
	/* The actions with connections of their own. */
	if (strcmp(action, "noread") == 0 && argc >= 5)
		return many(argv[1], argv[3], argc > 5 ? atoi(argv[5]) : 1,
		    atoi(argv[4]), 0);
	if (strcmp(action, "hold") == 0 && argc >= 6)
		return many(argv[1], argv[3], atoi(argv[4]), atoi(argv[5]), 1);
	if (strcmp(action, "trickle") == 0 && argc >= 7)
		return trickle(argv[1], argv[3], atoi(argv[4]), atoi(argv[5]),
		    atoi(argv[6]));
	if (strcmp(action, "flood") == 0 && argc >= 5)
		return flood(argv[1], atoi(argv[3]), atoi(argv[4]));
	if (strcmp(action, "repeat") == 0 && argc >= 6)
		return repeat(argv[1], argv[3], atoi(argv[4]), atoi(argv[5]));
	if ((fd = connect_to(argv[1])) == -1)
		return 1;
	if (strcmp(action, "get-values") == 0)
		return get_values(fd);
	t0 = now_us();
	if ((strcmp(action, "get") == 0 || strcmp(action, "get-us") == 0) &&
	    argc >= 4) {
		int max = argc > 4 ? atoi(argv[4]) : 10000;
		size_t n = request(req, 1, 0, argv[3]);
		int us = action[3] == '-';

		write(fd, req, n);
		rc = read_answer(fd, &a, max);
		printf("status %d, %zu body bytes, %s, %s%lld %s\n", a.status,
		    a.body, a.ended ? "ended" : "not ended", a.retry ?
		    "retry-after, " : "", (now_us() - t0) / (us ? 1 : 1000),
		    us ? "us" : "ms");
		return rc == 0 && a.ended ? 0 : 1;
	}
	t0 = now_ms();
	if (strcmp(action, "partial") == 0 || strcmp(action, "idle") == 0) {
		if (action[0] == 'p')
			write(fd, "\1", 1);
		rc = wait_hangup(fd, argc > 3 ? atoi(argv[3]) : 10);
		printf("%s after %lld ms\n", rc == 0 ? "hung up" : "still open",
		    now_ms() - t0);
		return rc == 0 ? 0 : 1;
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
		if (head[1] == STDOUT)
			save(skip, (size_t)(head[4] << 8 | head[5]));
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

/*
 * N connections that each ask for path and read nothing, each with a small
 * receive buffer, as an attacker makes them. Without hold, after seconds
 * it reads what is left and says how many were answered whole, and how
 * many cut off; with hold, it says "held" once every one has had its
 * first record, and closes them after seconds.
 */
static int
many(const char *addr, const char *path, int n, int seconds, int hold)
{
	int *fds = calloc((size_t)n, sizeof(int)), small = 4096;
	int answered = 0, cut = 0;
	char req[8192];
	size_t len = request(req, 1, 0, path);

	for (int i = 0; i < n; i++) {
		if ((fds[i] = connect_to(addr)) == -1) {
			free(fds);
			return 1;
		}
		setsockopt(fds[i], SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
		write(fds[i], req, len);
	}
	if (hold) {
		for (int i = 0; i < n; i++) {
			struct pollfd pfd = { fds[i], POLLIN, 0 };

			if (poll(&pfd, 1, 20000) != 1) {
				printf("connection %d had no answer\n", i);
				free(fds);
				return 1;
			}
		}
		printf("held\n");
		fflush(stdout);
		sleep_ms(seconds * 1000);
		free(fds);
		return 0;
	}
	sleep_ms(seconds * 1000);
	for (int i = 0; i < n; i++) {
		struct answer a;

		read_answer(fds[i], &a, 2000);
		if (a.ended)
			answered++;
		else
			cut++;
	}
	if (n == 1)
		printf("%s\n", answered ? "answered" : "cut off");
	else
		printf("%d answered, %d cut off\n", answered, cut);
	free(fds);
	return 0;
}

/* Reads bytes every ms, as a reader that keeps up just enough. */
static int
trickle(const char *addr, const char *path, int bytes, int ms, int seconds)
{
	char req[8192], *buf;
	size_t len = request(req, 1, 0, path), got = 0;
	long long t0, until;
	int fd;

	if ((fd = connect_to(addr)) == -1)
		return 1;
	buf = malloc((size_t)bytes);
	write(fd, req, len);
	t0 = now_ms();
	until = t0 + seconds * 1000LL;
	while (now_ms() < until) {
		struct pollfd pfd = { fd, POLLRDHUP, 0 };
		ssize_t n = recv(fd, buf, (size_t)bytes, MSG_DONTWAIT);

		/* Hung up, with what it had sent still unread. */
		if (n == 0 || (poll(&pfd, 1, 0) == 1 &&
		    (pfd.revents & (POLLRDHUP | POLLHUP)))) {
			printf("cut off after %zu bytes, %lld s\n", got,
			    (now_ms() - t0) / 1000);
			free(buf);
			return 0;
		}
		if (n > 0)
			got += (size_t)n;
		sleep_ms(ms);
	}
	printf("still open after %zu bytes, %lld s\n", got,
	    (now_ms() - t0) / 1000);
	free(buf);
	return 0;
}

/*
 * Two processes that open connections as fast as they can, each sending
 * one byte of a record and nothing more, keeping the last hold open.
 */
static int
flood(const char *addr, int seconds, int hold)
{
	long long until = now_ms() + seconds * 1000LL;
	int *fds = calloc((size_t)hold, sizeof(int)), made = 0;
	pid_t other = fork();

	for (int i = 0; i < hold; i++)
		fds[i] = -1;
	while (now_ms() < until) {
		int fd = connect_to(addr);

		if (fd == -1) {
			sleep_ms(1);
			continue;
		}
		write(fd, "\1", 1);
		if (fds[made % hold] != -1)
			close(fds[made % hold]);
		fds[made++ % hold] = fd;
	}
	free(fds);
	if (other == 0)
		_exit(0);
	waitpid(other, NULL, 0);
	printf("%d connections\n", made);
	return 0;
}

/* Requests one after another, each on a new connection. */
static int
repeat(const char *addr, const char *path, int n, int max_ms)
{
	char req[8192];
	size_t len = request(req, 1, 0, path);
	int answered = 0;

	for (int i = 0; i < n; i++) {
		struct answer a;
		int fd = connect_to(addr);

		if (fd == -1)
			continue;
		write(fd, req, len);
		if (read_answer(fd, &a, max_ms) == 0 && a.ended &&
		    a.status == 200)
			answered++;
		close(fd);
	}
	printf("answered %d of %d\n", answered, n);
	return 0;
}

/*
 * FCGI_GET_VALUES naming FCGI_MAX_CONNS over and over, 64 KiB of it, then
 * a request: the reply is one whole record, and the answer follows whole.
 */
static int
get_values(int fd)
{
	static char out[70000];
	char pairs[65535], *q = pairs, *p = out, req[8192];
	size_t n = 0, len;
	struct answer a;
	unsigned char h[8];
	int records = 0;

	while ((size_t)(q - pairs) + 16 <= sizeof(pairs))
		put_param(&q, "FCGI_MAX_CONNS", "");
	put_record(&p, &n, GET_VALUES, 0, pairs, (size_t)(q - pairs));
	len = request(req, 1, 0, "/robots.txt");
	memcpy(out + n, req, len);
	write(fd, out, n + len);
	/* Every record before the answer: a GET_VALUES_RESULT, read whole. */
	for (;;) {
		struct pollfd pfd = { fd, POLLIN, 0 };

		if (poll(&pfd, 1, 5000) != 1 ||
		    recv(fd, h, sizeof(h), MSG_PEEK | MSG_WAITALL) != 8)
			break;
		if (h[0] != 1 || h[1] != GET_VALUES_RESULT)
			break;
		len = (size_t)h[4] << 8 | h[5];
		if (read_full(fd, out, 8 + len + h[6], now_ms() + 5000) == -1)
			break;
		records++;
	}
	read_answer(fd, &a, 5000);
	printf("%d reply record%s, then status %d, %s\n", records,
	    records == 1 ? "" : "s", a.status, a.ended ? "ended" : "not ended");
	return records == 1 && a.status == 200 && a.ended ? 0 : 1;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static long long
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
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
			close(fd);
			fd = -1;
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
	/* For bench/: the gzip answer, asked as a crawler asks. */
	if (getenv("FCGI_CLIENT_ACCEPT_ENCODING") != NULL)
		put_param(&q, "HTTP_ACCEPT_ENCODING",
		    getenv("FCGI_CLIENT_ACCEPT_ENCODING"));
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
		save(content, len);
		content[len] = '\0';
		if (first && strncmp(content, "Status: ", 8) == 0) {
			a->status = atoi(content + 8);
			a->retry = strstr(content, "\r\nRetry-After: ") != NULL;
		}
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

/* Appends stdout's bytes to $FCGI_CLIENT_SAVE, where it is set. */
static void
save(const char *data, size_t len)
{
	static FILE *f;
	const char *path = getenv("FCGI_CLIENT_SAVE");

	if (path == NULL)
		return;
	if (f == NULL && (f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(1);
	}
	if (fwrite(data, 1, len, f) != len || fflush(f) == EOF) {
		perror(path);
		exit(1);
	}
}
