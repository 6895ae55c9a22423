/*
 * IndexNow passes: one at a time for the whole site, under the state's
 * transaction, each batch recorded as it is answered so that a pass cut
 * short sends only what is left.
 */
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "log.h"
#include "submit.h"

struct log_limit indexnow_said = { "IndexNow lines held back", 0, 0 };

static int	state_and_listed(const struct config *, struct page_cache *,
		    struct indexnow_state **, struct indexnow_set *,
		    struct buf *);
static void	say(const struct config *, const struct indexnow_outcome *);

int
indexnow_pass(struct indexnow_state *st, const struct config *cfg,
    const struct indexnow_set *listed, int send,
    struct indexnow_outcome *out, struct buf *why)
{
	const struct indexnow_config *in = &cfg->indexnow;
	struct buf base = BUF_INIT, body = BUF_INIT, failed = BUF_INIT;
	struct indexnow_todo todo;
	size_t from, to;
	int rc;

	memset(out, 0, sizeof(*out));
	indexnow_base(in, &base);
	rc = indexnow_state_begin(st, buf_str(&base), listed, &todo, why);
	buf_free(&base);
	if (rc == -1)
		return -1;
	out->first = todo.first;
	out->added = todo.added;
	out->changed = todo.changed;
	out->removed = todo.removed;
	out->pending = todo.n;
	for (from = 0; send && from < todo.n; from = to) {
		const char *meaning;
		long status;

		to = todo.n - from > INDEXNOW_BATCH ? from + INDEXNOW_BATCH :
		    todo.n;
		buf_reset(&body);
		buf_reset(&failed);
		indexnow_body(in, todo.urls + from, to - from, &body);
		status = indexnow_post(in->endpoint, body.data, body.len,
		    &out->wait, &failed);
		switch (indexnow_answer(status, &meaning)) {
		case INDEXNOW_LATER:
			log_limited(&indexnow_said, "IndexNow: %s: %zu URLs: %s%s%s",
			    in->endpoint, to - from, failed.len ?
			    buf_str(&failed) : meaning, failed.len ? "; " : "",
			    failed.len ? "sent again later" : "");
			to = todo.n;	/* the rest waits */
			continue;
		case INDEXNOW_REFUSED:
			log_limited(&indexnow_said, "IndexNow: %s refused %zu URLs: "
			    "%ld, %s; they are dropped", in->endpoint,
			    to - from, status, meaning);
			out->refused += to - from;
			break;
		case INDEXNOW_ACCEPTED:
			out->sent += to - from;
			break;
		}
		out->pending -= to - from;
		if ((rc = indexnow_state_record(st, &todo, from, to, why)) == -1)
			break;
	}
	if (rc == 0)
		rc = indexnow_state_end(st, send || todo.first, why);
	else
		(void)indexnow_state_end(st, 0, NULL);
	indexnow_todo_free(&todo);
	buf_free(&body);
	buf_free(&failed);
	if (rc == 0 && send)
		say(cfg, out);
	return rc;
}

int
indexnow_once(const struct config *cfg)
{
	struct indexnow_state *st = NULL;
	struct indexnow_set listed = { NULL, 0, NULL };
	struct indexnow_outcome out;
	struct page_cache cache;
	struct buf why = BUF_INIT;
	int rc = -1;

	if (!cfg->indexable) {
		log_msg("IndexNow: %s: [site] indexable = no: nothing "
		    "submitted", cfg->file);
		return 0;
	}
	cache_init(&cache, 0, &report_to_log);
	if (state_and_listed(cfg, &cache, &st, &listed, &why) == 0)
		rc = indexnow_pass(st, cfg, &listed, 1, &out, &why);
	if (rc == -1)
		log_msg("IndexNow: %s", buf_str(&why));
	log_limited_flush(&indexnow_said);
	indexnow_set_free(&listed);
	indexnow_state_close(st);
	cache_free(&cache);
	buf_free(&why);
	return rc == 0 && out.pending == 0 && out.refused == 0 ? 0 : -1;
}

void
indexnow_report(const struct config *cfg, const struct reporter *rep)
{
	const struct indexnow_config *in = &cfg->indexnow;
	struct indexnow_state *st = NULL;
	struct indexnow_set listed = { NULL, 0, NULL };
	struct indexnow_outcome out;
	struct page_cache cache;
	struct buf url = BUF_INIT, body = BUF_INIT, why = BUF_INIT;
	long status;

	if (in->key == NULL)
		return;
	indexnow_base(in, &url);
	indexnow_key_path(in->key, &url);
	status = indexnow_fetch(buf_str(&url), 256, &body, &why);
	if (status == 200 && strcmp(buf_str(&body), in->key) == 0)
		report(rep, FINDING_NOTE, "[indexnow] the key file %s answers "
		    "the key", buf_str(&url));
	else
		report(rep, FINDING_PROBLEM, "[indexnow] the key file %s does "
		    "not answer the key (%s): engines refuse every submission; "
		    "route that path to sitemapd", buf_str(&url), status == -1 ?
		    buf_str(&why) : status == 200 ? "another body" :
		    "a status other than 200");
	buf_reset(&why);
	cache_init(&cache, 0, NULL);
	if (state_and_listed(cfg, &cache, &st, &listed, &why) == -1 ||
	    indexnow_pass(st, cfg, &listed, 0, &out, &why) == -1)
		report(rep, FINDING_PROBLEM, "[indexnow] %s", buf_str(&why));
	else if (out.first)
		report(rep, FINDING_NOTE, "[indexnow] %s knows nothing of %s "
		    "yet: the first pass records %zu URLs and submits none",
		    indexnow_state_name(st), in->host, listed.n);
	else
		report(rep, FINDING_NOTE, "[indexnow] %zu URLs pending (%zu "
		    "added, %zu changed, %zu removed), for %s", out.pending,
		    out.added, out.changed, out.removed, in->endpoint);
	indexnow_set_free(&listed);
	indexnow_state_close(st);
	cache_free(&cache);
	buf_free(&url);
	buf_free(&body);
	buf_free(&why);
}

/* The state opened, and the URLs listed now: -1 with why. */
static int
state_and_listed(const struct config *cfg, struct page_cache *cache,
    struct indexnow_state **st, struct indexnow_set *listed, struct buf *why)
{
	if (indexnow_listed(cache, cfg, listed, why) == -1)
		return -1;
	if ((*st = indexnow_state_open(cfg->indexnow.state, why)) == NULL) {
		buf_printf(why, " (state = %s)", cfg->indexnow.state);
		return -1;
	}
	return 0;
}

static void
say(const struct config *cfg, const struct indexnow_outcome *out)
{
	if (out->first)
		log_at(LOG_INFO, "IndexNow: %s seen for the first time: what "
		    "it lists is recorded, nothing submitted",
		    cfg->indexnow.host);
	else if (out->sent > 0)
		log_limited(&indexnow_said, "IndexNow: %zu URLs submitted to %s (%zu "
		    "added, %zu changed, %zu removed)%s", out->sent,
		    cfg->indexnow.endpoint, out->added, out->changed,
		    out->removed, out->pending ? "; others wait" : "");
}
