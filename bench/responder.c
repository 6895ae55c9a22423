/*
 * responder SOCKET PLAIN [GZIP]: the least a FastCGI program can do to
 * answer, for bench/frontends to measure sitemapd against. It listens on
 * the unix socket SOCKET and answers every request with the bytes of the
 * file PLAIN (or GZIP, when the request accepts gzip), read once at start
 * and written from memory: what any FastCGI program behind the same web
 * server can reach at best. No deadlines, no limits: not for real use.
 *
 * responder --copy SOCKET PLAIN [GZIP]: the same, each body first copied
 * into memory of its own and written from there: the least an answer
 * made for each request costs, as its bytes are written once at least.
 *
 * responder --deflate-cost PLAIN: prints the CPU microseconds one gzip of
 * PLAIN costs with libdeflate at sitemapd's level, the compressor alone.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <libdeflate.h>

#define MAX_CONNS	64
#define CONTENT_MAX	65528

struct conn {
	int		 fd;
	unsigned char	 in[65536 + 8 + 256];
	size_t		 len;
	int		 gzip, keep;
};

static char	*slurp(const char *, size_t *);
static int	 deflate_cost(const char *);
static int	 write_all(int, struct iovec *, int);

static const char *plain, *packed;
static size_t plain_len, packed_len;
static char *copied;		/* with --copy: where each body is written */

/* One record header, no padding. */
static void
header(unsigned char *h, int type, unsigned id, size_t len)
{
	h[0] = 1;
	h[1] = (unsigned char)type;
	h[2] = (unsigned char)(id >> 8);
	h[3] = (unsigned char)id;
	h[4] = (unsigned char)(len >> 8);
	h[5] = (unsigned char)len;
	h[6] = h[7] = 0;
}

/* The head, the body in records, the end: gathered into writev calls. */
static int
answer(struct conn *c, unsigned id)
{
	const char *body = c->gzip ? packed : plain;
	size_t len = c->gzip ? packed_len : plain_len;
	unsigned char hdrs[64][8], end[24];
	char head[256];
	struct iovec iov[130];
	int n = 0, k = 0, hl;

	if (copied != NULL)
		body = memcpy(copied, body, len);

	hl = snprintf(head, sizeof(head), "Status: 200 OK\r\nContent-Type: "
	    "application/xml\r\nContent-Length: %zu\r\n%s\r\n", len,
	    c->gzip ? "Content-Encoding: gzip\r\n" : "");
	header(hdrs[k], 6, id, (size_t)hl);
	iov[n++] = (struct iovec){ hdrs[k++], 8 };
	iov[n++] = (struct iovec){ head, (size_t)hl };
	for (size_t off = 0; off < len; off += CONTENT_MAX) {
		size_t clen = len - off < CONTENT_MAX ? len - off : CONTENT_MAX;

		if (k == 64) {
			if (write_all(c->fd, iov, n) == -1)
				return -1;
			n = k = 0;
		}
		header(hdrs[k], 6, id, clen);
		iov[n++] = (struct iovec){ hdrs[k++], 8 };
		iov[n++] = (struct iovec){ (char *)body + off, clen };
	}
	header(end, 6, id, 0);
	header(end + 8, 3, id, 8);
	memset(end + 16, 0, 8);
	iov[n++] = (struct iovec){ end, sizeof(end) };
	return write_all(c->fd, iov, n);
}

/* Reads records; answers when a request's params and stdin have ended. */
static int
serve(struct conn *c)
{
	ssize_t got = read(c->fd, c->in + c->len, sizeof(c->in) - c->len);
	size_t at = 0;

	if (got <= 0)
		return -1;
	c->len += (size_t)got;
	while (c->len - at >= 8) {
		unsigned char *h = c->in + at;
		size_t clen = (size_t)h[4] << 8 | h[5], size = 8 + clen + h[6];
		unsigned id = (unsigned)h[2] << 8 | h[3];

		if (c->len - at < size)
			break;
		if (h[1] == 1) {
			c->keep = h[8 + 2] & 1;
			c->gzip = 0;
		} else if (h[1] == 4 && memmem(h + 8, clen, "gzip", 4))
			c->gzip = 1;
		else if (h[1] == 5 && clen == 0) {
			if (answer(c, id) == -1 || !c->keep)
				return -1;
		}
		at += size;
	}
	memmove(c->in, c->in + at, c->len - at);
	c->len -= at;
	return 0;
}

int
main(int argc, char **argv)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct pollfd pfd[MAX_CONNS + 1];
	struct conn *conns[MAX_CONNS];
	int lfd, n = 0, copy;

	if (argc == 3 && strcmp(argv[1], "--deflate-cost") == 0)
		return deflate_cost(argv[2]);
	if ((copy = argc > 1 && strcmp(argv[1], "--copy") == 0)) {
		argv++;
		argc--;
	}
	if (argc < 3) {
		fputs("usage: responder [--copy] SOCKET PLAIN [GZIP]\n",
		    stderr);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);	/* a web server that hung up */
	plain = slurp(argv[2], &plain_len);
	packed = argc > 3 ? slurp(argv[3], &packed_len) : plain;
	if (argc <= 3)
		packed_len = plain_len;
	/* Touched once here, as a body's memory reused is in sitemapd. */
	if (copy && (copied = calloc(1, plain_len > packed_len ? plain_len :
	    packed_len)) == NULL) {
		perror("calloc");
		return 1;
	}
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", argv[1]);
	unlink(sun.sun_path);
	if ((lfd = socket(AF_UNIX, SOCK_STREAM, 0)) == -1 ||
	    bind(lfd, (struct sockaddr *)&sun, sizeof(sun)) == -1 ||
	    chmod(sun.sun_path, 0666) == -1 || listen(lfd, 128) == -1) {
		perror(argv[1]);
		return 1;
	}
	for (;;) {
		pfd[0] = (struct pollfd){ lfd, POLLIN, 0 };
		for (int i = 0; i < n; i++)
			pfd[i + 1] = (struct pollfd){ conns[i]->fd, POLLIN, 0 };
		if (poll(pfd, (nfds_t)n + 1, -1) == -1)
			continue;
		for (int i = n - 1; i >= 0; i--)
			if (pfd[i + 1].revents && serve(conns[i]) == -1) {
				close(conns[i]->fd);
				free(conns[i]);
				conns[i] = conns[--n];
			}
		if ((pfd[0].revents & POLLIN) && n < MAX_CONNS) {
			int fd = accept(lfd, NULL, NULL);

			if (fd != -1) {
				conns[n] = calloc(1, sizeof(*conns[n]));
				conns[n++]->fd = fd;
			}
		}
	}
}

/* Level 1, as src/gzip.c: CPU time over enough runs to be measurable. */
static int
deflate_cost(const char *path)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
	size_t len, bound;
	const char *data = slurp(path, &len);
	char *out;
	struct timespec t0, t1;
	int runs = 0;

	bound = libdeflate_gzip_compress_bound(c, len);
	out = malloc(bound);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	do {
		libdeflate_gzip_compress(c, data, len, out, bound);
		runs++;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	} while ((t1.tv_sec - t0.tv_sec) * 1000000000L + t1.tv_nsec -
	    t0.tv_nsec < 2000000000L);
	printf("%.0f\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + t1.tv_nsec -
	    t0.tv_nsec) / 1e3 / runs);
	return 0;
}

static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	char *data;

	if (fd == -1 || fstat(fd, &st) == -1) {
		perror(path);
		exit(1);
	}
	data = malloc((size_t)st.st_size + 1);
	if (read(fd, data, (size_t)st.st_size) != st.st_size) {
		perror(path);
		exit(1);
	}
	close(fd);
	*len = (size_t)st.st_size;
	return data;
}

/* Blocking writes: the web server reads as fast as it can. */
static int
write_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t done = writev(fd, iov, n);

		if (done <= 0)
			return -1;
		while (n > 0 && (size_t)done >= iov->iov_len) {
			done -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + done;
			iov->iov_len -= (size_t)done;
		}
	}
	return 0;
}
