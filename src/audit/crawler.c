/*
 * The crawler: one libcurl multi handle, a queue, and a clock for the
 * rate. libcurl follows no redirect itself: each hop is a new transfer,
 * asked of the robots.txt callback first and counted against the rate.
 * A fetch has one deadline, its hops, retries and trickling bodies
 * included; the run has another. 429 and 503 slow the whole run, and
 * their Retry-After is obeyed before the URL is asked again. Through a
 * proxy, the target is judged by its addresses before the proxy is asked.
 */
#include "autoconf.h"

#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>

#include "crawler.h"
#include "proxy_env.h"

/* The rate halves at each 429 or 503, down to this fraction of it. */
#define SLOWED_MAX	16

struct crawler {
	struct crawl_options opt;
	CURLM	*multi;
	struct fetch *head, *tail;	/* queued, not started */
	int	 running;
	double	 next_start;		/* the monotonic second the rate
					   allows the next start at */
	double	 started;		/* the run's first second */
	double	 gap;			/* Crawl-delay: at least this */
	double	 slow;			/* the rate's divisor, 1 or more */
	size_t	 slowed;
	int	 expired;
	size_t	 requests;
};

static void	start(struct crawler *, struct fetch *);
static void	finish(struct crawler *, CURL *, CURLcode);
static void	judged(struct crawler *, struct fetch *, CURLcode);
static void	set_transfer(struct crawler *, struct fetch *, CURL *,
		    double left, const char *proxy);
static void	hop(struct crawler *, struct fetch *);
static void	queue_again(struct crawler *, struct fetch *);
static void	over(struct crawler *, struct fetch *);
static size_t	take(char *, size_t, size_t, void *);
static char	*header_values(CURL *, const char *);
static char	*redirect_target(CURL *);
static double	retry_after(CURL *);
static int	retry(struct crawler *, struct fetch *, CURL *);
static double	interval(const struct crawler *);
static curl_socket_t open_socket(void *, curlsocktype,
		    struct curl_sockaddr *);
static int	is_http(const char *);
static double	now(void);

struct crawler *
crawler_new(const struct crawl_options *opt)
{
	static int ready;
	struct crawler *c;

	if (!ready && curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return NULL;
	ready = 1;
	c = xcalloc(1, sizeof(*c));
	c->opt = *opt;
	c->started = now();
	c->slow = 1;
	if (c->opt.concurrency < 1)
		c->opt.concurrency = 1;
	if ((c->multi = curl_multi_init()) == NULL) {
		free(c);
		return NULL;
	}
	return c;
}

struct fetch *
fetch_new(const char *url, size_t max)
{
	struct fetch *f = xcalloc(1, sizeof(*f));

	f->url = xstrdup(url);
	f->max = max;
	return f;
}

void
crawler_add(struct crawler *c, struct fetch *f)
{
	f->next = NULL;
	if (c->tail)
		c->tail->next = f;
	else
		c->head = f;
	c->tail = f;
}

void
crawler_run(struct crawler *c)
{
	while (c->head != NULL || c->running > 0) {
		CURLMsg *msg;
		int left, wait_ms = 1000;

		while (c->head != NULL && c->running < c->opt.concurrency) {
			double t = now();
			struct fetch *f;

			/* Past the run's end, nothing waits: each fails. */
			if (c->opt.max_time_s > 0 && t >= c->started +
			    (double)c->opt.max_time_s)
				c->expired = 1;
			if (t < c->next_start && !c->expired) {
				wait_ms = (int)((c->next_start - t) * 1000) + 1;
				if (wait_ms > 1000)
					wait_ms = 1000;	/* the run's end looked at */
				break;
			}
			f = c->head;
			if ((c->head = f->next) == NULL)
				c->tail = NULL;
			start(c, f);
		}
		if (c->running == 0) {
			if (c->head != NULL)
				curl_multi_poll(c->multi, NULL, 0, wait_ms,
				    NULL);
			continue;
		}
		curl_multi_perform(c->multi, &left);
		while ((msg = curl_multi_info_read(c->multi, &left)) != NULL)
			if (msg->msg == CURLMSG_DONE)
				finish(c, msg->easy_handle, msg->data.result);
		/* Nothing to wait for once the last one is done. */
		if (c->running > 0)
			curl_multi_poll(c->multi, NULL, 0, wait_ms, NULL);
	}
}

size_t
crawler_requests(const struct crawler *c)
{
	return c->requests;
}

int
crawler_expired(const struct crawler *c)
{
	return c->expired;
}

void
crawler_min_gap(struct crawler *c, double seconds)
{
	c->gap = seconds;
}

size_t
crawler_slowed(const struct crawler *c)
{
	return c->slowed;
}

unsigned
crawl_address_classes(const char *host)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *ai;
	unsigned classes = 0;
	char text[INET6_ADDRSTRLEN];

	if (getaddrinfo(host, NULL, &hints, &res) != 0)
		return 0;
	for (ai = res; ai != NULL; ai = ai->ai_next)
		classes |= crawl_address_class(ai->ai_addr, text,
		    sizeof(text));
	freeaddrinfo(res);
	return classes;
}

void
crawler_free(struct crawler *c)
{
	if (c == NULL)
		return;
	curl_multi_cleanup(c->multi);
	free(c);
}

void
fetch_free(struct fetch *f)
{
	if (f == NULL)
		return;
	free(f->url);
	free(f->error);
	buf_free(&f->data);
	free(f->final_url);
	free(f->location);
	free(f->content_type);
	free(f->x_robots);
	for (size_t i = 0; i < f->nchain; i++)
		free(f->chain[i]);
	free(f);
}

/* The transfer of f's current URL, unless robots.txt forbids it. */
static void
start(struct crawler *c, struct fetch *f)
{
	const char *url = f->final_url ? f->final_url : f->url;
	double t = now(), left, run_left;
	CURL *easy;
	const char *proxy;

	if (f->deadline == 0)
		f->deadline = t + (double)c->opt.timeout_s;
	left = f->deadline - t;
	run_left = c->opt.max_time_s > 0 ? c->started +
	    (double)c->opt.max_time_s - t : left;
	if (run_left <= 0) {
		c->expired = 1;
		f->error = xstrdup("not fetched: the audit's --max-time "
		    "passed");
		over(c, f);
		return;
	}
	if (left <= 0) {
		f->error = xstrdup("Timeout: no answer within --timeout, "
		    "redirects and retries included");
		over(c, f);
		return;
	}
	if (!f->exempt && c->opt.allowed &&
	    !c->opt.allowed(c->opt.arg, f, url)) {
		f->blocked = 1;
		over(c, f);
		return;
	}
	if ((easy = curl_easy_init()) == NULL) {
		f->error = xstrdup("libcurl cannot start a transfer");
		over(c, f);
		return;
	}
	proxy = proxy_env_for(url);
	f->proxied = proxy != NULL;
	f->judging = f->proxied && !f->judged;
	set_transfer(c, f, easy, left < run_left ? left : run_left,
	    f->judging ? "" : proxy);
	if (f->judging)
		curl_easy_setopt(easy, CURLOPT_CONNECT_ONLY, 1L);
	if (curl_multi_add_handle(c->multi, easy) != CURLM_OK) {
		curl_easy_cleanup(easy);
		f->easy = NULL;
		f->error = xstrdup("libcurl cannot start a transfer");
		over(c, f);
		return;
	}
	c->running++;
	/* Judging asks nothing of the site: no request, no interval. */
	if (f->judging)
		return;
	/*
	 * The next start one interval after this one's due time, not after
	 * now: a late wake-up is made up, never more than one interval.
	 */
	if (interval(c) > 0) {
		double step = interval(c);

		c->next_start = (c->next_start > t - step ? c->next_start :
		    t - step) + step;
	}
	c->requests++;
}

/*
 * A transfer of f's URL within left seconds, through proxy ("" for
 * none: the environment's is not read again, no_proxy neither).
 */
static void
set_transfer(struct crawler *c, struct fetch *f, CURL *easy, double left,
    const char *proxy)
{
	f->easy = easy;
	f->private_ok = c->opt.private_ok;
	curl_easy_setopt(easy, CURLOPT_URL, f->final_url ? f->final_url :
	    f->url);
	curl_easy_setopt(easy, CURLOPT_PRIVATE, f);
	curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(easy, CURLOPT_USERAGENT, c->opt.user_agent);
	curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT, c->opt.connect_s);
	curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, (long)(left * 1000) + 1);
	curl_easy_setopt(easy, CURLOPT_PROXY, proxy ? proxy : "");
	curl_easy_setopt(easy, CURLOPT_NOPROXY, "");
	/* Every address asked of the class rule, DNS's answers included. */
	curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, open_socket);
	curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, f);
	curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	/* Every encoding libcurl decodes: max bounds the decoded bytes. */
	curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, take);
	curl_easy_setopt(easy, CURLOPT_WRITEDATA, f);
}

/* A transfer ended: a redirect to follow, or the fetch's end. */
static void
finish(struct crawler *c, CURL *easy, CURLcode rc)
{
	struct fetch *f;
	char *type = NULL;

	curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&f);
	curl_multi_remove_handle(c->multi, easy);
	c->running--;
	if (f->judging) {
		curl_easy_cleanup(easy);
		f->easy = NULL;
		judged(c, f, rc);
		return;
	}
	curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &f->status);
	if (rc == CURLE_OK && f->unsafe) {
		/* Another address of the name was one it may reach. */
		free(f->error);
		f->error = NULL;
		f->unsafe = 0;
	}
	if (rc != CURLE_OK && !f->cut && !f->enough) {
		if (f->error != NULL)
			;	/* open_socket's refusal says more */
		else if (rc == CURLE_OPERATION_TIMEDOUT && c->opt.max_time_s >
		    0 && now() >= c->started + (double)c->opt.max_time_s) {
			c->expired = 1;
			f->error = xstrdup("Timeout: the audit's --max-time "
			    "passed");
		} else if (rc == CURLE_OPERATION_TIMEDOUT)
			f->error = xstrdup("Timeout: no answer within "
			    "--timeout, redirects and retries included");
		else
			f->error = xstrdup(curl_easy_strerror(rc));
		f->status = 0;
	}
	if (f->error == NULL && retry(c, f, easy)) {
		curl_easy_cleanup(easy);
		f->easy = NULL;
		return;
	}
	curl_easy_getinfo(easy, CURLINFO_CONTENT_TYPE, &type);
	free(f->content_type);
	f->content_type = type ? xstrdup(type) : NULL;
	free(f->x_robots);
	f->x_robots = header_values(easy, "X-Robots-Tag");
	free(f->location);
	f->location = NULL;
	if (f->error == NULL && f->status >= 300 && f->status < 400)
		f->location = redirect_target(easy);
	curl_easy_cleanup(easy);
	f->easy = NULL;
	if (f->location != NULL && !is_http(f->location)) {
		struct buf why = BUF_INIT;

		buf_printf(&why, "redirects to %s: not http or https",
		    f->location);
		f->error = why.data;
		f->unsafe = 1;
	} else if (f->location != NULL && f->nchain < CRAWL_REDIRECTS_MAX) {
		hop(c, f);
		return;
	}
	over(c, f);
}

/*
 * The target of a proxied fetch resolved, each address refused: on to
 * the proxy where every one was allowed, else the fetch's end, with the
 * reason (open_socket's, or why no address came).
 */
static void
judged(struct crawler *c, struct fetch *f, CURLcode rc)
{
	f->judging = 0;
	if (f->error == NULL && !f->judged)
		f->error = xstrdup(curl_easy_strerror(rc));
	if (f->error != NULL) {
		f->judged = 0;
		over(c, f);
		return;
	}
	start(c, f);
}

/*
 * A 429, or a 503 that says when to come back: the whole run waits that
 * long and goes at half its pace from then on; the URL is asked again,
 * within its deadline. 1 when f was queued again.
 */
static int
retry(struct crawler *c, struct fetch *f, CURL *easy)
{
	double delay, t = now();

	if (f->status != 429 && f->status != 503)
		return 0;
	delay = retry_after(easy);
	if (delay < 0 && f->status == 503)
		return 0;	/* down, and not saying for how long */
	if (delay < 0)
		delay = interval(c) * 2 > 1 ? interval(c) * 2 : 1;
	/* A server's hour is not the audit's: capped, then asked again. */
	if (delay > CRAWL_RETRY_AFTER_MAX)
		delay = CRAWL_RETRY_AFTER_MAX;
	if (c->slow < SLOWED_MAX)
		c->slow *= 2;
	c->slowed++;
	if (c->next_start < t + delay)
		c->next_start = t + delay;
	if (f->retries == CRAWL_RETRIES || t + delay >= f->deadline)
		return 0;
	f->retries++;
	queue_again(c, f);
	return 1;
}

/* Retry-After in seconds, from either form; -1 when there is none. */
static double
retry_after(CURL *easy)
{
	struct curl_header *h;
	const char *v;
	time_t when;

	if (curl_easy_header(easy, "Retry-After", 0, CURLH_HEADER, -1, &h) !=
	    CURLHE_OK)
		return -1;
	v = h->value;
	if (*v >= '0' && *v <= '9' && strspn(v, "0123456789") == strlen(v))
		return strlen(v) > 6 ? 1e6 : atof(v);
	if ((when = curl_getdate(v, NULL)) == -1)
		return -1;
	return when > time(NULL) ? (double)(when - time(NULL)) : 0;
}

/* Seconds between two starts: the rate's, slowed, or the Crawl-delay. */
static double
interval(const struct crawler *c)
{
	double step = c->opt.rate > 0 ? c->slow / c->opt.rate : 0;

	return step > c->gap ? step : c->gap;
}

/*
 * libcurl's socket, once the address is known: none for an address of a
 * class the audited host is not of, whatever name led there.
 */
static curl_socket_t
open_socket(void *arg, curlsocktype purpose, struct curl_sockaddr *addr)
{
	struct fetch *f = arg;
	char text[INET6_ADDRSTRLEN] = "";
	unsigned cls;

	(void)purpose;
	/* The proxy's, which the user chose: its target was judged. */
	if (f->proxied && !f->judging)
		return socket(addr->family, addr->socktype, addr->protocol);
	cls = crawl_address_class(&addr->addr, text, sizeof(text));
	if (cls & ~f->private_ok) {
		struct buf why = BUF_INIT;

		free(f->error);
		buf_printf(&why, "refused: %s is on %s address",
		    f->final_url ? f->final_url : f->url,
		    crawl_address_class_name(cls));
		buf_printf(&why, " (%s), and the audited host is not", text);
		f->error = why.data;
		f->unsafe = 1;
		f->judged = 0;
		return CURL_SOCKET_BAD;
	}
	/* Judging connects nowhere: each address is only looked at. */
	if (f->judging) {
		f->judged = f->error == NULL;
		return CURL_SOCKET_BAD;
	}
	return socket(addr->family, addr->socktype, addr->protocol);
}

static int
is_http(const char *url)
{
	return strncasecmp(url, "http://", 7) == 0 ||
	    strncasecmp(url, "https://", 8) == 0;
}

/* Follows f's redirect: its URL joins the chain, the next is queued. */
static void
hop(struct crawler *c, struct fetch *f)
{
	char *from = f->final_url ? f->final_url : xstrdup(f->url);

	f->chain[f->nchain++] = from;
	f->final_url = f->location;
	f->location = NULL;
	f->judged = 0;		/* another host, perhaps */
	queue_again(c, f);
}

/*
 * f, its answer forgotten, first in line: the rate still spaces it from
 * the last start.
 */
static void
queue_again(struct crawler *c, struct fetch *f)
{
	f->status = 0;
	f->cut = f->enough = 0;
	buf_reset(&f->data);
	f->next = c->head;
	c->head = f;
	if (c->tail == NULL)
		c->tail = f;
}

static void
over(struct crawler *c, struct fetch *f)
{
	if (f->final_url == NULL)
		f->final_url = xstrdup(f->url);
	f->done(c->opt.arg, f);
}

/* The body as it comes: to the fetch's reader, or kept up to max. */
static size_t
take(char *data, size_t size, size_t n, void *arg)
{
	struct fetch *f = arg;
	size_t len = size * n;

	if (f->body != NULL) {
		if (f->body(f, data, len)) {
			f->enough = 1;
			return CURL_WRITEFUNC_ERROR;
		}
		return len;
	}
	if (len > f->max - f->data.len) {
		buf_add(&f->data, data, f->max - f->data.len);
		f->cut = 1;
		return CURL_WRITEFUNC_ERROR;
	}
	buf_add(&f->data, data, len);
	return len;
}

/* Every value of the final answer's header name, joined by ", ". */
static char *
header_values(CURL *easy, const char *name)
{
	struct curl_header *h;
	struct buf all = BUF_INIT;

	for (size_t i = 0; curl_easy_header(easy, name, i, CURLH_HEADER, -1,
	    &h) == CURLHE_OK; i++) {
		if (all.len > 0)
			buf_adds(&all, ", ");
		buf_adds(&all, h->value);
		if (i + 1 >= h->amount)
			break;
	}
	return all.data;
}

/*
 * Where a 3xx answer's Location leads, made absolute from the URL it
 * answered; NULL for none. Read from the header, since libcurl works it
 * out only for a transfer read to its end, and a page's is cut short.
 */
static char *
redirect_target(CURL *easy)
{
	struct curl_header *h;
	char *from = NULL, *to = NULL, *copy = NULL;
	CURLU *u;

	if (curl_easy_header(easy, "Location", 0, CURLH_HEADER, -1, &h) !=
	    CURLHE_OK || (u = curl_url()) == NULL)
		return NULL;
	curl_easy_getinfo(easy, CURLINFO_EFFECTIVE_URL, &from);
	if (from != NULL && curl_url_set(u, CURLUPART_URL, from, 0) ==
	    CURLUE_OK && curl_url_set(u, CURLUPART_URL, h->value, 0) ==
	    CURLUE_OK && curl_url_get(u, CURLUPART_URL, &to, 0) == CURLUE_OK)
		copy = xstrdup(to);
	curl_free(to);
	curl_url_cleanup(u);
	return copy;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
