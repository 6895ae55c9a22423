/*
 * The FastCGI responder: one process, many connections, one request
 * answered at a time. Every connection is waited on together with the
 * listening socket, and each has a deadline, so no client -- one that
 * stops halfway through a request, never reads its answer, or keeps its
 * connection for later -- holds up any other.
 */
#define _GNU_SOURCE	/* ppoll, accept4 */
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "fcgi.h"
#include "fcgi_proto.h"
#include "log.h"
#include "report.h"
#include "request.h"

/*
 * Web servers write a request's records at once (nginx and Apache buffer
 * the body first; a GET has none), so a request still incomplete after
 * READ_TIMEOUT comes from a peer that stalled or means harm. They also
 * read an answer as fast as it comes, spooling it themselves, so a peer
 * that takes nothing for WRITE_TIMEOUT is not reading at all. A kept
 * connection may idle longer: nginx closes its idle upstream connections
 * after 60 s, and closing ours first would race its next request.
 */
#define READ_TIMEOUT_MS		5000
#define WRITE_TIMEOUT_MS	10000
#define KEEP_TIMEOUT_MS		75000
/*
 * A sitemap request that comes while the content root is read in full
 * (the first scan, or one after an inotify overflow) waits for the scan,
 * this long at most, then gets 503 with Retry-After: well within the 60 s
 * nginx and Apache give a FastCGI answer by default.
 */
#define PARK_TIMEOUT_MS		20000
#define MAX_CONNS		256
/*
 * Answers are written as they are made; what a slow reader has not taken
 * yet waits in memory up to these sizes. Past them the writer waits for
 * that reader, at most WRITE_TIMEOUT_MS.
 */
#define QUEUE_CONN_MAX		(8 * 1024 * 1024)
#define QUEUE_TOTAL_MAX		(64 * 1024 * 1024)
/* Smaller writes are gathered into one record and one system call. */
#define GATHER_MAX		(16 * 1024)
#define KEPT_BUFFER_MAX		(2 * 1024 * 1024)

struct server;

struct conn {
	struct server		*srv;
	int			 fd;
	struct fcgi_input	 in;
	struct buf		 out;		/* records not yet written */
	size_t			 sent;		/* of out */
	unsigned		 id;		/* request being answered */
	int			 answered;	/* one request at least */
	int			 eof;		/* the peer sends no more */
	int			 broken;	/* close without more writes */
	int			 reading;	/* a request has begun */
	long long		 deadline;	/* monotonic ms */
	const char		*late;		/* what a missed deadline means */
	int			 parked;	/* waits for a scan: */
	struct fcgi_request	 waiting;	/* this request */
};

struct server {
	int			 listen_fd;
	struct conn		*conns[MAX_CONNS];
	size_t			 nconns;
	size_t			 queued;	/* unsent bytes, all connections */
	long long		 listen_after;	/* paused while fds run out */
	struct config_watch	*watch;
	struct page_cache	 cache;
};

static volatile sig_atomic_t stopping, reloading;

static long long	now_ms(void);
static int		set_nonblocking(int);
static void		on_stop(int);
static void		on_reload(int);
static void		setup_signals(sigset_t *waiting);
static void		work(struct server *, struct conn *);

static size_t
unsent(const struct conn *c)
{
	return c->out.len - c->sent;
}

static void
conn_close(struct server *srv, size_t i)
{
	struct conn *c = srv->conns[i];

	srv->queued -= unsent(c);
	if (c->parked)
		fcgi_request_free(&c->waiting);
	close(c->fd);
	fcgi_input_free(&c->in);
	buf_free(&c->out);
	free(c);
	srv->conns[i] = srv->conns[--srv->nconns];
}

static void
drop(struct conn *c, const char *why)
{
	if (!c->broken)
		log_msg("FastCGI connection %d dropped: %s", c->fd, why);
	c->broken = 1;
}

static void
made_progress(struct conn *c)
{
	c->deadline = now_ms() + WRITE_TIMEOUT_MS;
	c->late = "the peer read nothing for 10 s";
}

/* Writes what it can without waiting; -1 when the peer is gone. */
static int
flush_some(struct server *srv, struct conn *c)
{
	while (unsent(c) > 0) {
		ssize_t n = write(c->fd, c->out.data + c->sent, unsent(c));

		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n <= 0) {
			c->broken = 1;	/* a peer that went: nothing to log */
			return -1;
		}
		c->sent += (size_t)n;
		srv->queued -= (size_t)n;
		made_progress(c);
	}
	if (unsent(c) == 0) {
		/*
		 * A kept connection keeps a buffer a sitemap part fits in,
		 * rather than grow one afresh for every answer; no larger.
		 */
		if (c->out.cap > KEPT_BUFFER_MAX)
			buf_free(&c->out);
		buf_reset(&c->out);
		c->sent = 0;
	} else if (c->sent > c->out.len / 2) {
		/* A reader that keeps up slowly never empties the queue. */
		memmove(c->out.data, c->out.data + c->sent, unsent(c));
		c->out.len = unsent(c);
		c->sent = 0;
	}
	return 0;
}

static void
queue(struct server *srv, struct conn *c, const void *data, size_t len)
{
	buf_add(&c->out, data, len);
	srv->queued += len;
}

/* Waits, at most until the deadline, while the queues are over their caps. */
static int
wait_for_reader(struct server *srv, struct conn *c)
{
	while (!c->broken && (unsent(c) > QUEUE_CONN_MAX ||
	    (unsent(c) > 0 && srv->queued > QUEUE_TOTAL_MAX))) {
		struct pollfd pfd = { c->fd, POLLOUT, 0 };
		long long left = c->deadline - now_ms();

		if (left <= 0) {
			drop(c, c->late);
			break;
		}
		if (poll(&pfd, 1, (int)left) == -1 && errno != EINTR) {
			drop(c, strerror(errno));
			break;
		}
		flush_some(srv, c);
	}
	return c->broken ? -1 : 0;
}

/* One record straight to the socket; what it does not take waits. */
static void
write_through(struct conn *c, const struct buf *header, const char *data,
    size_t n)
{
	struct iovec iov[2] = { { header->data, header->len },
	    { (void *)data, n } };
	ssize_t done = writev(c->fd, iov, 2);
	size_t took;

	if (done == -1) {
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
			c->broken = 1;
			return;
		}
		done = 0;
	}
	if (done > 0)
		made_progress(c);
	took = (size_t)done;
	if (took < header->len) {
		queue(c->srv, c, header->data + took, header->len - took);
		took = 0;
	} else
		took -= header->len;
	if (took < n)
		queue(c->srv, c, data + took, n - took);
}

/*
 * The core's output: the body framed as FCGI_STDOUT records. A large
 * piece goes straight to the socket when nothing waits before it, so the
 * bytes are not copied on their way.
 */
static int
conn_write(void *ctx, const char *data, size_t len)
{
	struct conn *c = ctx;

	while (len > 0 && !c->broken) {
		size_t n = len < FCGI_CONTENT_MAX ? len : FCGI_CONTENT_MAX;
		struct buf header = BUF_INIT;

		fcgi_put_header(&header, FCGI_STDOUT, c->id, n);
		if (unsent(c) == 0 && n >= GATHER_MAX)
			write_through(c, &header, data, n);
		else {
			queue(c->srv, c, header.data, header.len);
			queue(c->srv, c, data, n);
			if (unsent(c) >= GATHER_MAX)
				flush_some(c->srv, c);
		}
		buf_free(&header);
		data += n;
		len -= n;
		wait_for_reader(c->srv, c);
	}
	return c->broken ? -1 : 0;
}

static const char *
request_param(const char *name, void *req)
{
	return fcgi_request_param(req, name);
}

/*
 * Answers freq, unless the content root is still being read and the answer
 * may wait (REQUEST_WAIT: nothing was sent). must_answer turns that wait
 * into a 503.
 */
static int
answer(struct server *srv, struct conn *c, struct fcgi_request *freq,
    int must_answer)
{
	struct output out = { 1, conn_write, c };
	struct request req;
	int status;

	c->id = freq->id;
	request_from_params(&req, request_param, freq);
	req.must_answer = must_answer;
	status = request_handle(config_watch_get(srv->watch), &srv->cache,
	    &req, &out);
	if (status == REQUEST_WAIT)
		return status;
	made_progress(c);
	if (!c->broken) {
		struct buf end = BUF_INIT;

		fcgi_put_end(&end, c->id);
		queue(srv, c, end.data, end.len);
		buf_free(&end);
		flush_some(srv, c);
	}
	c->answered = 1;
	return status;
}

/* Asks a waiting request again, then goes on with what else has come. */
static void
unpark(struct server *srv, struct conn *c, int must_answer)
{
	if (answer(srv, c, &c->waiting, must_answer) == REQUEST_WAIT)
		return;
	c->parked = 0;
	fcgi_request_free(&c->waiting);
	work(srv, c);
}

/* Serves the requests already received, while the answers go out freely. */
static void
work(struct server *srv, struct conn *c)
{
	while (!c->broken && unsent(c) == 0 && !c->parked) {
		struct fcgi_request req;
		const char *why = NULL;
		enum fcgi_next next = fcgi_input_next(&c->in, &req, &why);

		queue(srv, c, c->in.reply.data, c->in.reply.len);
		buf_reset(&c->in.reply);
		if (next == FCGI_BROKEN) {
			flush_some(srv, c);
			drop(c, why);
		} else if (next == FCGI_GOT_REQUEST) {
			c->reading = 0;
			if (answer(srv, c, &req, 0) == REQUEST_WAIT) {
				c->waiting = req;
				c->parked = 1;
				c->deadline = now_ms() + PARK_TIMEOUT_MS;
				c->late = NULL;
				return;
			}
			fcgi_request_free(&req);
		} else {
			flush_some(srv, c);
			break;
		}
	}
	if (unsent(c) > 0 || c->broken || c->parked)
		return;
	if (fcgi_input_busy(&c->in)) {
		if (!c->reading) {
			c->reading = 1;
			c->deadline = now_ms() + READ_TIMEOUT_MS;
			c->late = "no whole request within 5 s";
		}
	} else if (c->answered) {
		c->deadline = now_ms() + KEEP_TIMEOUT_MS;
		c->late = NULL;		/* an idle kept connection: nothing wrong */
	}
}

/*
 * Waiting requests are asked again on every turn of the loop, which the
 * scan's end wakes; asking costs nothing while the scan runs. Their time
 * up, or the process stopping, they are answered whatever the scan.
 */
static void
wake_parked(struct server *srv, long long now)
{
	for (size_t i = 0; i < srv->nconns; i++) {
		struct conn *c = srv->conns[i];

		if (c->parked && !c->broken)
			unpark(srv, c, stopping || now >= c->deadline);
	}
}

static void
receive(struct server *srv, struct conn *c)
{
	char chunk[64 * 1024];
	ssize_t n = read(c->fd, chunk, sizeof(chunk));

	if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK ||
	    errno == EINTR))
		return;
	if (n <= 0) {
		/* Half-closed after its request: it still gets the answer. */
		c->eof = 1;
		if (n == -1)
			c->broken = 1;
	} else
		fcgi_input_add(&c->in, chunk, (size_t)n);
	work(srv, c);
}

static int
conn_done(const struct conn *c)
{
	if (c->broken)
		return 1;
	if (unsent(c) > 0 || (c->parked && !c->eof))
		return 0;
	return c->in.close || c->eof || (stopping && !fcgi_input_busy(&c->in));
}

/* The idle connection to close to make room for a new one, or -1. */
static ssize_t
idlest(const struct server *srv)
{
	ssize_t best = -1;

	for (size_t i = 0; i < srv->nconns; i++) {
		const struct conn *c = srv->conns[i];

		if (unsent(c) == 0 && !fcgi_input_busy(&c->in) &&
		    (best == -1 || c->deadline < srv->conns[best]->deadline))
			best = (ssize_t)i;
	}
	return best;
}

static void
accept_new(struct server *srv)
{
	for (;;) {
		struct conn *c;
		ssize_t evict;
		int fd;

		if (srv->nconns == MAX_CONNS) {
			if ((evict = idlest(srv)) == -1)
				return;
			conn_close(srv, (size_t)evict);
		}
		fd = accept4(srv->listen_fd, NULL, NULL,
		    SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd == -1) {
			if (errno == EMFILE || errno == ENFILE) {
				log_at(LOG_ERR, "accept: %s; waiting a second",
				    strerror(errno));
				srv->listen_after = now_ms() + 1000;
			}
			/* EAGAIN: a sibling process took it. */
			return;
		}
		c = xcalloc(1, sizeof(*c));
		c->srv = srv;
		c->fd = fd;
		fcgi_input_init(&c->in, MAX_CONNS);
		c->deadline = now_ms() + READ_TIMEOUT_MS;
		c->late = "no whole request within 5 s";
		c->reading = 1;
		srv->conns[srv->nconns++] = c;
	}
}

static void
expire(struct server *srv, long long now)
{
	for (size_t i = 0; i < srv->nconns; i++) {
		struct conn *c = srv->conns[i];

		if (c->deadline <= now) {
			if (c->late)
				drop(c, c->late);
			c->broken = 1;
		}
	}
}

/* Closes what is finished; walks backwards as conn_close moves the last. */
static void
reap(struct server *srv)
{
	for (size_t i = srv->nconns; i-- > 0;)
		if (conn_done(srv->conns[i]))
			conn_close(srv, i);
}

/*
 * The stop and reload signals are blocked except while waiting in ppoll(),
 * so a request that has begun is answered in full, and a signal cannot
 * slip in between the check of the flags and the wait. After a stop
 * signal no connection is accepted; requests under way get until their
 * deadlines, and the process is gone within WRITE_TIMEOUT_MS whatever a
 * client does. The listening socket is non-blocking because siblings
 * share it: the ones that lose a connection go back to waiting.
 */
int
fcgi_serve(int fd, struct config_watch *watch)
{
	static struct server srv;
	struct pollfd pfd[MAX_CONNS + 2];
	sigset_t waiting;
	long long stop_by = 0;
	int rc = 0;

	setup_signals(&waiting);
	srv.listen_fd = fd;
	srv.watch = watch;
	if (set_nonblocking(fd) == -1) {
		log_at(LOG_ERR, "fd %d: cannot make it non-blocking: %s", fd,
		    strerror(errno));
		return -1;
	}
	cache_init(&srv.cache, 1, &report_to_log);
	cache_start(&srv.cache, config_watch_get(watch));
	for (;;) {
		long long now = now_ms(), wake = now + KEEP_TIMEOUT_MS;
		struct timespec ts;
		nfds_t n = 0, first_conn;
		int listening;

		if (reloading) {
			reloading = 0;
			log_at(LOG_INFO, "SIGHUP: reading the configuration and the "
			    "content root again");
			config_watch_expire(watch);
			cache_forget(&srv.cache);
		}
		if (stopping && stop_by == 0)
			stop_by = now + WRITE_TIMEOUT_MS;
		wake_parked(&srv, now);
		expire(&srv, now);
		if (stop_by != 0 && now >= stop_by)
			for (size_t i = 0; i < srv.nconns; i++)
				drop(srv.conns[i], "stopping, and its time "
				    "is up");
		reap(&srv);
		if (stopping && srv.nconns == 0)
			break;

		listening = !stopping && now >= srv.listen_after &&
		    (srv.nconns < MAX_CONNS || idlest(&srv) != -1);
		if (listening)
			pfd[n++] = (struct pollfd){ fd, POLLIN, 0 };
		first_conn = n;
		for (size_t i = 0; i < srv.nconns; i++) {
			struct conn *c = srv.conns[i];

			pfd[n++] = (struct pollfd){ c->fd, unsent(c) > 0 ?
			    POLLOUT : c->eof || c->parked ? 0 : POLLIN, 0 };
			if (c->deadline < wake)
				wake = c->deadline;
		}
		if (stop_by != 0 && stop_by < wake)
			wake = stop_by;
		if (cache_wake_fd(&srv.cache) != -1)
			pfd[n++] = (struct pollfd){ cache_wake_fd(&srv.cache),
			    POLLIN, 0 };
		if (!listening && now < srv.listen_after &&
		    srv.listen_after < wake)
			wake = srv.listen_after;
		wake = wake > now ? wake - now : 0;
		ts.tv_sec = wake / 1000;
		ts.tv_nsec = (wake % 1000) * 1000000;
		if (ppoll(pfd, n, &ts, &waiting) == -1) {
			if (errno == EINTR)
				continue;
			log_at(LOG_ERR, "poll: %s", strerror(errno));
			rc = -1;
			break;
		}
		/* The scan's wake-up only needs reading: the loop looks. */
		if (cache_wake_fd(&srv.cache) != -1 &&
		    (pfd[n - 1].revents & POLLIN)) {
			uint64_t count;

			(void)!read(pfd[n - 1].fd, &count, sizeof(count));
		}
		/* Connections first: accept_new may move them in the array. */
		for (nfds_t k = first_conn; k < first_conn + srv.nconns; k++) {
			struct conn *c = srv.conns[k - first_conn];
			short ev = pfd[k].revents;

			if (ev & POLLOUT) {
				flush_some(&srv, c);
				work(&srv, c);
			} else if (ev & (POLLIN | POLLHUP | POLLERR))
				receive(&srv, c);
		}
		if (listening && (pfd[0].revents & POLLIN))
			accept_new(&srv);
	}
	while (srv.nconns > 0)
		conn_close(&srv, srv.nconns - 1);
	cache_free(&srv.cache);
	return rc;
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

static void
on_reload(int sig)
{
	(void)sig;
	reloading = 1;
}

/*
 * Signals whose default would end the process mid-answer: the stop ones
 * (libfcgi's SIGUSR1 among them, and SIGQUIT as nginx uses it) end it
 * gracefully, SIGHUP re-reads, the rest are ignored. The signals a fault
 * raises (SIGSEGV and the like) and SIGKILL keep their meaning.
 */
static void
setup_signals(sigset_t *waiting)
{
	static const int stop[] = { SIGTERM, SIGINT, SIGQUIT, SIGUSR1 };
	static const int ignore[] = { SIGPIPE, SIGUSR2, SIGALRM, SIGVTALRM,
	    SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU, SIGXFSZ };
	struct sigaction sa = { .sa_handler = on_stop };	/* no SA_RESTART */
	sigset_t held;

	sigemptyset(&held);
	for (size_t i = 0; i < sizeof(stop) / sizeof(stop[0]); i++) {
		sigaddset(&held, stop[i]);
		sigaction(stop[i], &sa, NULL);
	}
	sa.sa_handler = on_reload;
	sigaddset(&held, SIGHUP);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	for (size_t i = 0; i < sizeof(ignore) / sizeof(ignore[0]); i++)
		sigaction(ignore[i], &sa, NULL);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaction(sig, &sa, NULL);
	sigprocmask(SIG_BLOCK, &held, waiting);
	for (size_t i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		sigdelset(waiting, stop[i]);
	sigdelset(waiting, SIGHUP);
}

static int
set_nonblocking(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	return flags == -1 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}
