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
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "body.h"
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
 * that takes nothing for WRITE_TIMEOUT is not reading at all, and one
 * that has not taken a whole answer ANSWER_TIMEOUT after asking is too
 * slow to keep, however it trickles. A kept connection may idle longer:
 * nginx closes its idle upstream connections after 60 s, and closing ours
 * first would race its next request.
 */
#define READ_TIMEOUT_MS		5000
#define WRITE_TIMEOUT_MS	10000
#define ANSWER_TIMEOUT_MS	60000
#define KEEP_TIMEOUT_MS		75000
/*
 * A sitemap request that comes while the content root is read in full
 * (the first scan, or one after an inotify overflow) waits for the scan,
 * this long at most, then gets 503 with Retry-After: well within the 60 s
 * nginx and Apache give a FastCGI answer by default.
 */
#define PARK_TIMEOUT_MS		20000
/*
 * Connections: as many as the descriptors allow, within these bounds,
 * keeping some for the scan's threads, inotify and the files it opens.
 */
#define CONNS_MIN		16
#define CONNS_MAX		4096
#define FDS_KEPT		128
/*
 * The sitemap bodies in flight, shared by the requests that send the same
 * bytes; past this a new one gets 503 (one body may pass it).
 */
#define BODIES_MAX		(128 * 1024 * 1024)
/* Allocations from this size up are mapped alone (see mallopt below). */
#define HEAP_MAX		(1024 * 1024)
/* Accepted in one turn, so those already in get read between floods. */
#define ACCEPT_BATCH		32
/* A body's records gathered into one writev, with out and tail. */
#define WRITE_RECORDS		32
#define WRITE_IOV		(2 * WRITE_RECORDS + 2)

struct server;

/*
 * What a connection has to send, in order: records of its own (a head,
 * small bodies, replies), a shared body framed as FCGI_STDOUT records as
 * they go out, then records of its own again (the end of the request).
 */
struct conn {
	struct server		*srv;
	int			 fd;
	struct fcgi_input	 in;
	struct buf		 out;		/* records before the body */
	size_t			 sent;		/* of out */
	struct body		*body;		/* or NULL */
	size_t			 body_sent;	/* of its records */
	struct buf		 tail;		/* records after the body */
	size_t			 tail_sent;
	unsigned		 id;		/* request being answered */
	int			 answered;	/* one request at least */
	int			 eof;		/* the peer sends no more */
	int			 broken;	/* close without more writes */
	int			 reading;	/* a request has begun */
	long long		 since;		/* accepted, or last answered */
	long long		 deadline;	/* monotonic ms */
	const char		*late;		/* what a missed deadline means */
	long long		 answer_by;	/* all of it sent; 0: none due */
	int			 parked;	/* waits for a scan: */
	struct fcgi_request	 waiting;	/* this request */
};

struct server {
	int			 listen_fd;
	struct conn		**conns;
	size_t			 nconns, max_conns;
	struct pollfd		*pfd;
	struct bodies		 bodies;
	long long		 listen_after;	/* paused while fds run out */
	struct log_limit	 drops, evictions;
	struct config_watch	*watch;
	struct page_cache	 cache;
	struct reporter		 reporter;	/* of the cache's findings */
	struct log_once		 log_once;
};

static volatile sig_atomic_t stopping, reloading, child_ended;

static int		set_nonblocking(int);
static size_t		conns_allowed(void);
static void		on_stop(int);
static void		on_reload(int);
static void		on_child(int);
static void		setup_signals(sigset_t *waiting);
static void		work(struct server *, struct conn *);

static size_t
body_unsent(const struct conn *c)
{
	return c->body ? fcgi_stream_size(c->body->bytes.len) - c->body_sent :
	    0;
}

static size_t
unsent(const struct conn *c)
{
	return c->out.len - c->sent + body_unsent(c) +
	    c->tail.len - c->tail_sent;
}

static void
conn_close(struct server *srv, size_t i)
{
	struct conn *c = srv->conns[i];

	if (c->parked)
		fcgi_request_free(&c->waiting);
	close(c->fd);
	fcgi_input_free(&c->in);
	buf_free(&c->out);
	buf_free(&c->tail);
	body_release(c->body);
	free(c);
	srv->conns[i] = srv->conns[--srv->nconns];
}

static void
drop(struct conn *c, const char *why)
{
	if (!c->broken)
		log_limited(&c->srv->drops, "FastCGI connection %d dropped: %s",
		    c->fd, why);
	c->broken = 1;
}

static void
made_progress(struct conn *c)
{
	c->deadline = fcgi_now_ms() + WRITE_TIMEOUT_MS;
	c->late = "the peer read nothing for 10 s";
}

/*
 * The iovecs of what is left to send: out, then up to WRITE_RECORDS of
 * the body's records, their headers made in hdr, then the tail.
 */
static int
unsent_iov(struct conn *c, struct iovec iov[WRITE_IOV],
    unsigned char hdr[WRITE_RECORDS][FCGI_HEADER_LEN])
{
	const size_t record = FCGI_HEADER_LEN + FCGI_CONTENT_MAX;
	int n = 0, records = 0;

	if (c->sent < c->out.len)
		iov[n++] = (struct iovec){ c->out.data + c->sent,
		    c->out.len - c->sent };
	if (body_unsent(c) > 0) {
		const char *data = c->body->bytes.data;
		size_t len = c->body->bytes.len;
		size_t r = c->body_sent / record, in = c->body_sent % record;

		for (; r * FCGI_CONTENT_MAX < len && records < WRITE_RECORDS;
		    r++, in = 0, records++) {
			size_t start = r * FCGI_CONTENT_MAX, clen = len - start;
			size_t skip = in > FCGI_HEADER_LEN ?
			    in - FCGI_HEADER_LEN : 0;

			if (clen > FCGI_CONTENT_MAX)
				clen = FCGI_CONTENT_MAX;
			if (in < FCGI_HEADER_LEN) {
				fcgi_header(hdr[records], FCGI_STDOUT, c->id,
				    clen);
				iov[n++] = (struct iovec){ hdr[records] + in,
				    FCGI_HEADER_LEN - in };
			}
			iov[n++] = (struct iovec){ (char *)data + start + skip,
			    clen - skip };
		}
		if (r * FCGI_CONTENT_MAX < len)
			return n;	/* the tail waits for the body */
	}
	if (c->tail_sent < c->tail.len)
		iov[n++] = (struct iovec){ c->tail.data + c->tail_sent,
		    c->tail.len - c->tail_sent };
	return n;
}

/* Counts n bytes as sent: out first, then the body, then the tail. */
static void
advance(struct conn *c, size_t n)
{
	size_t step = c->out.len - c->sent < n ? c->out.len - c->sent : n;

	c->sent += step;
	n -= step;
	step = body_unsent(c) < n ? body_unsent(c) : n;
	c->body_sent += step;
	n -= step;
	c->tail_sent += n;
}

/* An answer sent whole: the buffers are ready for the next one. */
static void
sent_all(struct conn *c)
{
	buf_reset(&c->out);
	buf_reset(&c->tail);
	c->sent = c->tail_sent = c->body_sent = 0;
	body_release(c->body);
	c->body = NULL;
	c->answer_by = 0;
}

/* Writes what the socket takes now, never waiting; -1 when the peer went. */
static int
flush_some(struct conn *c)
{
	while (unsent(c) > 0) {
		unsigned char hdr[WRITE_RECORDS][FCGI_HEADER_LEN];
		struct iovec iov[WRITE_IOV];
		int n = unsent_iov(c, iov, hdr);
		ssize_t done = writev(c->fd, iov, n);

		if (done == -1 && errno == EINTR)
			continue;
		if (done == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (done <= 0) {
			c->broken = 1;	/* a peer that went: nothing to log */
			return -1;
		}
		advance(c, (size_t)done);
		made_progress(c);
	}
	if (unsent(c) == 0)
		sent_all(c);
	return 0;
}

/* The core's output: small pieces, framed as FCGI_STDOUT records. */
static int
conn_write(void *ctx, const char *data, size_t len)
{
	struct conn *c = ctx;

	fcgi_put_stream(c->body ? &c->tail : &c->out, FCGI_STDOUT, c->id,
	    data, len);
	return c->broken ? -1 : 0;
}

/* A whole body, sent from where it lies as the socket takes it. */
static void
conn_send_body(void *ctx, struct body *body)
{
	struct conn *c = ctx;

	c->body = body_ref(body);
	c->body_sent = 0;
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
	struct output out = { .cgi_headers = 1, .write = conn_write,
	    .ctx = c, .send_body = conn_send_body, .shared = &srv->bodies };
	struct request req;
	int status;

	c->id = freq->id;
	request_from_params(&req, request_param, freq);
	req.must_answer = must_answer;
	status = request_handle(config_watch_get(srv->watch), &srv->cache,
	    &req, &out);
	if (status == REQUEST_WAIT)
		return status;
	fcgi_put_end(c->body ? &c->tail : &c->out, c->id);
	made_progress(c);
	c->answer_by = fcgi_now_ms() + ANSWER_TIMEOUT_MS;
	c->answered = 1;
	flush_some(c);
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

		buf_add(&c->out, c->in.reply.data, c->in.reply.len);
		buf_reset(&c->in.reply);
		if (next == FCGI_BROKEN) {
			flush_some(c);
			drop(c, why);
		} else if (next == FCGI_GOT_REQUEST) {
			c->reading = 0;
			if (answer(srv, c, &req, 0) == REQUEST_WAIT) {
				c->waiting = req;
				c->parked = 1;
				c->deadline = fcgi_now_ms() + PARK_TIMEOUT_MS;
				c->late = NULL;
				return;
			}
			fcgi_request_free(&req);
		} else {
			flush_some(c);
			break;
		}
	}
	if (unsent(c) > 0 || c->broken || c->parked)
		return;
	if (fcgi_input_busy(&c->in)) {
		if (!c->reading) {
			c->reading = 1;
			c->deadline = fcgi_now_ms() + READ_TIMEOUT_MS;
			c->late = "no whole request within 5 s";
		}
	} else if (c->answered) {
		c->since = fcgi_now_ms();
		c->deadline = c->since + KEEP_TIMEOUT_MS;
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

/*
 * The connection to close to make room for a new one, or -1: the kept
 * connection idle longest, else the one that has waited longest for a
 * whole request. One being answered is never closed, and a new one is
 * not taken before an idle kept one, so a flood of connections that send
 * a byte and stop pushes out only its own.
 */
static ssize_t
evictable(const struct server *srv)
{
	ssize_t kept = -1, asking = -1;

	for (size_t i = 0; i < srv->nconns; i++) {
		const struct conn *c = srv->conns[i];

		if (unsent(c) > 0 || c->parked || c->broken)
			continue;
		if (c->answered && !fcgi_input_busy(&c->in)) {
			if (kept == -1 || c->since < srv->conns[kept]->since)
				kept = (ssize_t)i;
		} else if (asking == -1 || c->since <
		    srv->conns[asking]->since)
			asking = (ssize_t)i;
	}
	return kept != -1 ? kept : asking;
}

static void
evict(struct server *srv, size_t i)
{
	struct conn *c = srv->conns[i];

	log_limited(&srv->evictions, "FastCGI connection %d closed to make "
	    "room: all %zu connections in use (%s)", c->fd, srv->max_conns,
	    c->answered ? "it was idle" : "it had sent no whole request");
	conn_close(srv, i);
}

static void
accept_new(struct server *srv)
{
	for (int k = 0; k < ACCEPT_BATCH; k++) {
		struct conn *c;
		ssize_t room;
		int fd;

		if (srv->nconns == srv->max_conns) {
			if ((room = evictable(srv)) == -1)
				return;
			evict(srv, (size_t)room);
		}
		fd = accept4(srv->listen_fd, NULL, NULL,
		    SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd == -1) {
			if (errno == EMFILE || errno == ENFILE) {
				log_at(LOG_ERR, "accept: %s; waiting a second",
				    strerror(errno));
				srv->listen_after = fcgi_now_ms() + 1000;
			}
			/* EAGAIN: a sibling process took it. */
			return;
		}
		c = xcalloc(1, sizeof(*c));
		c->srv = srv;
		c->fd = fd;
		fcgi_input_init(&c->in, srv->max_conns);
		c->since = fcgi_now_ms();
		c->deadline = c->since + READ_TIMEOUT_MS;
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

		if (c->answer_by != 0 && c->answer_by <= now)
			drop(c, "its answer was not taken whole within 60 s");
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
fcgi_serve(int fd, struct config_watch *watch,
    const struct fcgi_companion *companion)
{
	static struct server srv;
	struct pollfd *pfd;
	sigset_t waiting;
	long long stop_by = 0, tend_at = companion ? fcgi_now_ms() : 0;
	int rc = 0;

	setup_signals(&waiting);
	srv.listen_fd = fd;
	srv.watch = watch;
	if (set_nonblocking(fd) == -1) {
		log_at(LOG_ERR, "fd %d: cannot make it non-blocking: %s", fd,
		    strerror(errno));
		return -1;
	}
	/*
	 * Memory of a megabyte or more (a part of a big site, or its
	 * compressed copy) is mapped alone: freed, it goes back to the
	 * kernel, instead of staying in the heap under small rows. The
	 * biggest of each kind is kept for the next answer (body.c).
	 */
	mallopt(M_MMAP_THRESHOLD, HEAP_MAX);
	mallopt(M_TRIM_THRESHOLD, 2 * HEAP_MAX);
	srv.drops.what = "FastCGI connections dropped";
	srv.evictions.what = "FastCGI connections closed to make room";
	srv.max_conns = conns_allowed();
	srv.conns = xcalloc(srv.max_conns, sizeof(*srv.conns));
	srv.pfd = pfd = xcalloc(srv.max_conns + 2, sizeof(*srv.pfd));
	bodies_init(&srv.bodies, BODIES_MAX);
	config_watch_follow(watch);
	/* A note stays until fixed: logged once, not at every reading. */
	report_log_once(&srv.log_once, &srv.reporter);
	cache_init(&srv.cache, 1, &srv.reporter);
	cache_start(&srv.cache, config_watch_get(watch));
	for (;;) {
		long long now = fcgi_now_ms(), wake = now + KEEP_TIMEOUT_MS;
		struct timespec ts;
		nfds_t n = 0, first_conn;
		int listening;

		if (reloading) {
			reloading = 0;
			if (log_reopen() == -1)
				log_at(LOG_ERR, "SIGHUP: the log file: %s; "
				    "writing on to the one open", strerror(errno));
			log_at(LOG_INFO, "SIGHUP: reading the configuration and the "
			    "content root again");
			config_watch_expire(watch);
			cache_forget(&srv.cache);
		}
		if (stopping && stop_by == 0)
			stop_by = now + WRITE_TIMEOUT_MS;
		wake_parked(&srv, now);
		expire(&srv, now);
		log_limited_flush(&srv.drops);
		log_limited_flush(&srv.evictions);
		if (stop_by != 0 && now >= stop_by)
			for (size_t i = 0; i < srv.nconns; i++)
				drop(srv.conns[i], "stopping, and its time "
				    "is up");
		reap(&srv);
		if (stopping && srv.nconns == 0)
			break;
		/* Tended when a child ended or when it asked, not per request. */
		if (companion != NULL && !stopping && (child_ended ||
		    (tend_at != 0 && now >= tend_at))) {
			child_ended = 0;
			tend_at = companion->tend(companion->arg, now);
		}
		if (!stopping && tend_at != 0 && tend_at < wake)
			wake = tend_at;

		listening = !stopping && now >= srv.listen_after &&
		    (srv.nconns < srv.max_conns || evictable(&srv) != -1);
		if (listening)
			pfd[n++] = (struct pollfd){ fd, POLLIN, 0 };
		first_conn = n;
		for (size_t i = 0; i < srv.nconns; i++) {
			struct conn *c = srv.conns[i];

			pfd[n++] = (struct pollfd){ c->fd, unsent(c) > 0 ?
			    POLLOUT : c->eof || c->parked ? 0 : POLLIN, 0 };
			if (c->deadline < wake)
				wake = c->deadline;
			if (c->answer_by != 0 && c->answer_by < wake)
				wake = c->answer_by;
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
				flush_some(c);
				work(&srv, c);
			} else if (ev & (POLLIN | POLLHUP | POLLERR))
				receive(&srv, c);
		}
		if (listening && (pfd[0].revents & POLLIN))
			accept_new(&srv);
	}
	while (srv.nconns > 0)
		conn_close(&srv, srv.nconns - 1);
	bodies_free(&srv.bodies);
	free(srv.conns);
	free(srv.pfd);
	cache_free(&srv.cache);
	report_log_once_free(&srv.log_once);
	return rc;
}

long long
fcgi_now_ms(void)
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

/* Set only while waiting in ppoll(), as the other signals. */
static void
on_child(int sig)
{
	(void)sig;
	child_ended = 1;
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
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	sigaddset(&held, SIGCHLD);
	sigaction(SIGCHLD, &sa, NULL);
	sa.sa_flags = 0;
	sa.sa_handler = SIG_IGN;
	for (size_t i = 0; i < sizeof(ignore) / sizeof(ignore[0]); i++)
		sigaction(ignore[i], &sa, NULL);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaction(sig, &sa, NULL);
	sigprocmask(SIG_BLOCK, &held, waiting);
	for (size_t i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		sigdelset(waiting, stop[i]);
	sigdelset(waiting, SIGHUP);
	sigdelset(waiting, SIGCHLD);
}

/*
 * The soft limit on descriptors raised to the hard one, as far as
 * CONNS_MAX needs, and what it then allows.
 */
static size_t
conns_allowed(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1)
		return CONNS_MIN;
	if (rl.rlim_cur < CONNS_MAX + FDS_KEPT && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max < CONNS_MAX + FDS_KEPT ?
		    rl.rlim_max : CONNS_MAX + FDS_KEPT;
		if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
			getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur < CONNS_MIN + FDS_KEPT)
		return CONNS_MIN;
	return rl.rlim_cur - FDS_KEPT > CONNS_MAX ? CONNS_MAX :
	    rl.rlim_cur - FDS_KEPT;
}

static int
set_nonblocking(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	return flags == -1 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}
