/*
 * The crawler: one libcurl multi handle, a queue, and a clock for the
 * rate. libcurl follows no redirect itself: each hop is a new transfer,
 * asked of the robots.txt callback first and counted against the rate.
 */
#include "autoconf.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>

#include "crawler.h"

struct crawler {
	struct crawl_options opt;
	CURLM	*multi;
	struct fetch *head, *tail;	/* queued, not started */
	int	 running;
	double	 next_start;		/* the monotonic second the rate
					   allows the next start at */
	size_t	 requests;
};

static void	start(struct crawler *, struct fetch *);
static void	finish(struct crawler *, CURL *, CURLcode);
static void	hop(struct crawler *, struct fetch *);
static void	over(struct crawler *, struct fetch *);
static size_t	take(char *, size_t, size_t, void *);
static char	*header_values(CURL *, const char *);
static char	*redirect_target(CURL *);
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

			if (c->opt.rate > 0 && t < c->next_start) {
				wait_ms = (int)((c->next_start - t) * 1000) + 1;
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
	CURL *easy;

	if (!f->exempt && c->opt.allowed && !c->opt.allowed(c->opt.arg, url)) {
		f->blocked = 1;
		over(c, f);
		return;
	}
	if ((easy = curl_easy_init()) == NULL) {
		f->error = xstrdup("libcurl cannot start a transfer");
		over(c, f);
		return;
	}
	/*
	 * The next start one interval after this one's due time, not after
	 * now: a late wake-up is made up, never more than one interval.
	 */
	if (c->opt.rate > 0) {
		double t = now(), step = 1.0 / c->opt.rate;

		c->next_start = (c->next_start > t - step ? c->next_start :
		    t - step) + step;
	}
	c->requests++;
	f->easy = easy;
	curl_easy_setopt(easy, CURLOPT_URL, url);
	curl_easy_setopt(easy, CURLOPT_PRIVATE, f);
	curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(easy, CURLOPT_USERAGENT, c->opt.user_agent);
	curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT, c->opt.connect_s);
	curl_easy_setopt(easy, CURLOPT_TIMEOUT, c->opt.timeout_s);
	curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	/* Every encoding libcurl decodes: max bounds the decoded bytes. */
	curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, take);
	curl_easy_setopt(easy, CURLOPT_WRITEDATA, f);
	if (curl_multi_add_handle(c->multi, easy) != CURLM_OK) {
		curl_easy_cleanup(easy);
		f->easy = NULL;
		f->error = xstrdup("libcurl cannot start a transfer");
		over(c, f);
		return;
	}
	c->running++;
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
	curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &f->status);
	if (rc != CURLE_OK && !f->cut && !f->enough) {
		f->error = xstrdup(curl_easy_strerror(rc));
		f->status = 0;
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
	if (f->location != NULL && f->nchain < CRAWL_REDIRECTS_MAX) {
		hop(c, f);
		return;
	}
	over(c, f);
}

/* Follows f's redirect: its URL joins the chain, the next is queued. */
static void
hop(struct crawler *c, struct fetch *f)
{
	char *from = f->final_url ? f->final_url : xstrdup(f->url);

	f->chain[f->nchain++] = from;
	f->final_url = f->location;
	f->location = NULL;
	f->status = 0;
	f->cut = f->enough = 0;
	buf_reset(&f->data);
	/* First in line: the rate still spaces it from the last start. */
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
