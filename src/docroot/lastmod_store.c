/*
 * The lastmod store's rules, in SQL that SQLite and PostgreSQL both run
 * (store_db.h): a page keeps the date its content was first seen; a page
 * gone stays remembered for GONE_FOR, so that one restored keeps its date.
 * A row says which kind of hash it holds (page.h): one written by an
 * older version keeps its date while the page hashes, by that kind, to
 * what it holds, taking the hash of now then.
 */
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "id_map.h"
#include "lastmod_store.h"
#include "store_db.h"

/* How long a page gone from the root is remembered. */
#define GONE_FOR	(30 * 24 * 60 * 60)

static const char schema_sql[] = "CREATE TABLE IF NOT EXISTS pages ("
    "url TEXT PRIMARY KEY, hash BIGINT NOT NULL, since BIGINT NOT NULL, "
    "gone BIGINT, kind BIGINT NOT NULL DEFAULT 0)";
static const char all_sql[] = "SELECT url, hash, since, gone, kind FROM pages";
/* Rows of some pages, for dates asked between scans. */
static const char some_sql[] = "SELECT url, hash, since, gone, kind FROM pages "
    "WHERE url IN (%s)";
/*
 * Pages dated CHUNK at a time, in one statement each way: written only
 * where the content differs, which RETURNING says; read back where not.
 */
#define CHUNK		128
static const char record_sql[] = "INSERT INTO pages (url, hash, since, kind) "
    "VALUES %s ON CONFLICT (url) DO UPDATE SET hash = excluded.hash, "
    "since = excluded.since, kind = excluded.kind, gone = NULL "
    "WHERE pages.hash <> excluded.hash OR pages.kind <> excluded.kind "
    "RETURNING url, since";
static const char since_sql[] = "SELECT url, since FROM pages WHERE url IN "
    "(%s)";
static const char gone_sql[] = "UPDATE pages SET gone = $2 WHERE url = $1";
static const char back_sql[] = "UPDATE pages SET gone = NULL WHERE url = $1";
static const char drop_sql[] = "DELETE FROM pages WHERE gone < $1";
static const char count_sql[] = "SELECT count(*) FROM pages";

/* A page as the store had it when the scan began, by the id of its URL. */
struct known_page {
	uint64_t	 hash;
	int64_t		 since, gone;
	int		 kind;
	int		 seen;
};

struct lastmod_store {
	const struct store_db *db;
	void		*conn;
	char		*name;		/* where, without a password */
	int		 writing;	/* in a transaction */
	int		 loaded;
	int		 older;		/* rows of an older kind, as last read */
	struct known_page *known;
	size_t		 nknown;
	struct id_map	 at;
};

/* A chunk of new pages being dated, and what the rows it gets mean. */
struct chunk {
	struct lastmod_ask **asks;
	size_t		 n;
	int		 remembered;
};

/* What a sweep is to change: URLs by what becomes of them. */
struct sweep {
	struct lastmod_store *s;
	struct buf	 gone, back;	/* NUL-separated */
};

static int	load_some(struct lastmod_store *, const struct lastmod_ask *,
		    size_t, struct buf *);
static int	date_chunk(struct lastmod_store *, struct lastmod_ask **,
		    size_t, struct buf *);
static int	answer(void *, const struct store_value *);
static size_t	ask_of(struct lastmod_ask **, size_t, const char *);
static void	learn(struct lastmod_store *, const struct lastmod_ask *);
static int	write_begun(struct lastmod_store *, struct buf *);
static int	write_done(struct lastmod_store *, struct buf *);
static int	keep_row(void *, const struct store_value *);
static int	sort_row(void *, const struct store_value *);
static int	run_each(struct lastmod_store *, const char *, const struct buf *,
		    const struct store_value *, struct buf *);
static int	one_number(void *, const struct store_value *);
static struct known_page *known(struct lastmod_store *, const char *);
static void	unload(struct lastmod_store *);
static int	failed(struct lastmod_store *, const char *, struct buf *);

struct lastmod_store *
lastmod_store_open(const char *where, struct buf *why)
{
	struct lastmod_store *s = xcalloc(1, sizeof(*s));

	s->db = store_db_of(where);
	s->name = s->db->name(where);
	s->older = 1;	/* until it is read */
	if ((s->conn = s->db->open(where, schema_sql, why)) == NULL ||
	    /* A store made before rows said their kind: of the whole each. */
	    store_db_add_column(s->db, s->conn, "pages",
	    "kind BIGINT NOT NULL DEFAULT 0", why) == -1) {
		failed(s, "opening", why);
		lastmod_store_close(s);
		return NULL;
	}
	return s;
}

const char *
lastmod_store_name(const struct lastmod_store *s)
{
	return s->name;
}

void
lastmod_store_close(struct lastmod_store *s)
{
	if (s == NULL)
		return;
	unload(s);
	if (s->conn)
		s->db->close(s->conn);
	free(s->name);
	free(s);
}

int
lastmod_store_load(struct lastmod_store *s, struct buf *why)
{
	unload(s);
	s->loaded = 1;
	s->older = 0;
	if (s->db->run(s->conn, all_sql, NULL, 0, keep_row, s, why) == -1) {
		unload(s);
		s->older = 1;
		return failed(s, "reading", why);
	}
	return 0;
}

int
lastmod_store_older(const struct lastmod_store *s)
{
	return s->older;
}

int
lastmod_store_dates(struct lastmod_store *s, struct lastmod_ask *asks,
    size_t n, struct buf *why)
{
	struct lastmod_ask **new = xreallocarray(NULL, n, sizeof(*new));
	unsigned char *kept = xcalloc(n, 1);
	size_t nnew = 0;
	/* Between scans, only the rows of these pages are read. */
	int some = !s->loaded, rc = 0;

	if (some && load_some(s, asks, n, why) == -1) {
		free(new);
		free(kept);
		return failed(s, "reading", why);
	}
	for (size_t i = 0; i < n; i++) {
		struct known_page *k = known(s, asks[i].url);

		if (k && k->kind == CONTENT_KIND_MAIN &&
		    k->hash == asks[i].hash) {
			asks[i].date = (time_t)k->since;
			asks[i].remembered = 1;
			k->seen = 1;
			continue;
		}
		/* A row of before whose page reads as it did: its date stays,
		 * under the new hash. */
		if (k && k->kind >= 0 && k->kind < CONTENT_KIND_MAIN &&
		    asks[i].before[k->kind] != 0 &&
		    k->hash == asks[i].before[k->kind]) {
			asks[i].date = (time_t)k->since;
			kept[nnew] = 1;
		}
		/* A page it read whole at the scan's start and never saw, or
		 * one that states when it was modified. */
		else if (k == NULL && (!some || asks[i].floor) &&
		    asks[i].first != 0)
			asks[i].date = asks[i].first;
		new[nnew++] = &asks[i];
	}
	for (size_t at = 0; at < nnew && rc == 0; at += CHUNK)
		rc = date_chunk(s, new + at, nnew - at < CHUNK ? nnew - at :
		    CHUNK, why);
	if (rc == 0)
		rc = write_done(s, why);
	for (size_t i = 0; i < nnew && rc == 0; i++) {
		new[i]->remembered |= kept[i];
		if (!some)
			learn(s, new[i]);
	}
	if (some)
		unload(s);
	free(new);
	free(kept);
	return rc;
}

int
lastmod_store_sweep(struct lastmod_store *s, int complete, time_t now,
    struct buf *why)
{
	struct sweep w = { s, BUF_INIT, BUF_INIT };
	struct store_value when = { NULL, now, 0 },
	    long_ago = { NULL, now - GONE_FOR, 0 };
	int mark = 0, drop = 0, rc = 0;

	for (size_t i = 0; complete && i < s->nknown; i++) {
		const struct known_page *k = &s->known[i];

		mark |= k->seen == (k->gone != 0);
		drop |= !k->seen && k->gone != 0 && k->gone < long_ago.n;
	}
	/* The rows hold the URLs the ids stand for. */
	if (mark && (rc = s->db->run(s->conn, all_sql, NULL, 0, sort_row, &w,
	    why)) == -1)
		failed(s, "reading", why);
	else if (mark || drop) {
		if (run_each(s, gone_sql, &w.gone, &when, why) == -1 ||
		    run_each(s, back_sql, &w.back, NULL, why) == -1 ||
		    (drop && (write_begun(s, why) == -1 || s->db->run(s->conn,
		    drop_sql, &long_ago, 1, NULL, NULL, why) == -1)))
			rc = failed(s, "writing", why);
		else
			rc = write_done(s, why);
	}
	buf_free(&w.gone);
	buf_free(&w.back);
	unload(s);
	return rc;
}

long
lastmod_store_count(struct lastmod_store *s, struct buf *why)
{
	int64_t n = -1;

	if (s->db->run(s->conn, count_sql, NULL, 0, one_number, &n,
	    why) == -1)
		return failed(s, "reading", why);
	return (long)n;
}

/* The rows of the n pages of asks, as a scan's load would have them. */
static int
load_some(struct lastmod_store *s, const struct lastmod_ask *asks, size_t n,
    struct buf *why)
{
	struct store_value *params = xreallocarray(NULL, CHUNK,
	    sizeof(*params));
	struct buf list = BUF_INIT, sql = BUF_INIT;
	int rc = 0;

	for (size_t at = 0; at < n && rc == 0; at += CHUNK) {
		size_t np = 0;

		buf_reset(&list);
		for (size_t i = at; i < n && np < CHUNK; i++) {
			buf_printf(&list, "%s$%zu", np ? ", " : "", np + 1);
			params[np++] = (struct store_value){ asks[i].url, 0,
			    0 };
		}
		buf_reset(&sql);
		buf_printf(&sql, some_sql, buf_str(&list));
		rc = s->db->run(s->conn, buf_str(&sql), params, (int)np,
		    keep_row, s, why);
	}
	buf_free(&list);
	buf_free(&sql);
	free(params);
	return rc;
}

/* New content, a chunk: recorded, or dated as the store already has it. */
static int
date_chunk(struct lastmod_store *s, struct lastmod_ask **asks, size_t n,
    struct buf *why)
{
	struct store_value *params = xreallocarray(NULL, 4 * n,
	    sizeof(*params));
	struct chunk c = { asks, n, 0 };
	struct buf list = BUF_INIT, sql = BUF_INIT;
	size_t np = 0;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		asks[i]->remembered = -1;
		/* A URL twice in one INSERT is an error to PostgreSQL. */
		if (ask_of(asks, i, asks[i]->url) != i)
			continue;
		buf_printf(&list, "%s($%zu, $%zu, $%zu, $%zu)", np ? ", " :
		    "", np + 1, np + 2, np + 3, np + 4);
		params[np++] = (struct store_value){ asks[i]->url, 0, 0 };
		params[np++] = (struct store_value){ NULL,
		    (int64_t)asks[i]->hash, 0 };
		params[np++] = (struct store_value){ NULL,
		    (int64_t)asks[i]->date, 0 };
		params[np++] = (struct store_value){ NULL, CONTENT_KIND_MAIN,
		    0 };
	}
	buf_printf(&sql, record_sql, buf_str(&list));
	if (write_begun(s, why) == -1 || s->db->run(s->conn, buf_str(&sql),
	    params, (int)np, answer, &c, why) == -1)
		rc = failed(s, "writing", why);
	/* The others' content the store had: another process saw it first. */
	buf_reset(&list);
	np = 0;
	for (size_t i = 0; i < n && rc == 0; i++)
		if (asks[i]->remembered == -1) {
			buf_printf(&list, "%s$%zu", np ? ", " : "", np + 1);
			params[np++] = (struct store_value){ asks[i]->url, 0,
			    0 };
		}
	c.remembered = 1;
	buf_reset(&sql);
	buf_printf(&sql, since_sql, buf_str(&list));
	if (rc == 0 && np > 0 && s->db->run(s->conn, buf_str(&sql), params,
	    (int)np, answer, &c, why) == -1)
		rc = failed(s, "reading", why);
	for (size_t i = 0; i < n; i++)
		if (asks[i]->remembered == -1)
			asks[i]->remembered = 0;
	buf_free(&list);
	buf_free(&sql);
	free(params);
	return rc;
}

/* A row (url, since) the store gave for a chunk: its pages' date. */
static int
answer(void *arg, const struct store_value *cols)
{
	struct chunk *c = arg;

	for (size_t i = 0; i < c->n; i++)
		if (c->asks[i]->remembered == -1 &&
		    strcmp(c->asks[i]->url, cols[0].text) == 0) {
			c->asks[i]->date = (time_t)cols[1].n;
			c->asks[i]->remembered = c->remembered;
		}
	return 0;
}

/* The first of asks with url, at most i. */
static size_t
ask_of(struct lastmod_ask **asks, size_t i, const char *url)
{
	size_t j = 0;

	while (j < i && strcmp(asks[j]->url, url) != 0)
		j++;
	return j;
}

/* A page newly dated, into what the scan knows. */
static void
learn(struct lastmod_store *s, const struct lastmod_ask *a)
{
	struct known_page *k = known(s, a->url);

	if (k == NULL) {
		s->known = xgrowarray(s->known, s->nknown, sizeof(*s->known));
		id_map_put(&s->at, hash_add(HASH_INIT, a->url,
		    strlen(a->url)), s->nknown);
		k = &s->known[s->nknown++];
	}
	/* Dated by another process, which may have marked it gone: the
	 * sweep unmarks it. */
	*k = (struct known_page){ a->hash, a->date, a->remembered, CONTENT_KIND_MAIN,
	    1 };
}

/* A transaction, begun at the first write, so that reads lock nothing. */
static int
write_begun(struct lastmod_store *s, struct buf *why)
{
	if (s->writing)
		return 0;
	s->writing = 1;
	return s->db->run(s->conn, s->db->begin_sql, NULL, 0, NULL, NULL, why);
}

static int
write_done(struct lastmod_store *s, struct buf *why)
{
	if (!s->writing)
		return 0;
	s->writing = 0;
	if (s->db->run(s->conn, "COMMIT", NULL, 0, NULL, NULL, why) == -1)
		return failed(s, "committing", why);
	return 0;
}

static int
keep_row(void *arg, const struct store_value *cols)
{
	struct lastmod_store *s = arg;

	s->known = xgrowarray(s->known, s->nknown, sizeof(*s->known));
	id_map_put(&s->at, hash_add(HASH_INIT, cols[0].text,
	    strlen(cols[0].text)), s->nknown);
	s->known[s->nknown++] = (struct known_page){ (uint64_t)cols[1].n,
	    cols[2].n, cols[3].null ? 0 : cols[3].n, (int)cols[4].n, 0 };
	s->older |= cols[4].n < CONTENT_KIND_MAIN;
	return 0;
}

/* A row of the store's, for a sweep: gone now, or back again. */
static int
sort_row(void *arg, const struct store_value *cols)
{
	struct sweep *w = arg;
	const struct known_page *k = known(w->s, cols[0].text);

	if (k == NULL)
		return 0;
	if (!k->seen && k->gone == 0)
		buf_add(&w->gone, cols[0].text, strlen(cols[0].text) + 1);
	else if (k->seen && k->gone != 0)
		buf_add(&w->back, cols[0].text, strlen(cols[0].text) + 1);
	return 0;
}

/* Runs sql for each URL in urls, with second, if any, after it. */
static int
run_each(struct lastmod_store *s, const char *sql, const struct buf *urls,
    const struct store_value *second, struct buf *why)
{
	struct store_value params[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };

	if (second)
		params[1] = *second;
	for (size_t at = 0; at < urls->len; at += strlen(urls->data + at) + 1) {
		params[0].text = urls->data + at;
		if (write_begun(s, why) == -1 || s->db->run(s->conn, sql,
		    params, second ? 2 : 1, NULL, NULL, why) == -1)
			return -1;
	}
	return 0;
}

static int
one_number(void *arg, const struct store_value *cols)
{
	*(int64_t *)arg = cols[0].n;
	return 1;
}

static struct known_page *
known(struct lastmod_store *s, const char *url)
{
	size_t at;

	return id_map_get(&s->at, hash_add(HASH_INIT, url, strlen(url)),
	    &at) ? &s->known[at] : NULL;
}

static void
unload(struct lastmod_store *s)
{
	free(s->known);
	s->known = NULL;
	s->nknown = 0;
	id_map_free(&s->at);
	s->loaded = 0;
}

/* why, after the store's name and what it was doing. */
static int
failed(struct lastmod_store *s, const char *doing, struct buf *why)
{
	struct buf msg = BUF_INIT;

	buf_printf(&msg, "%s: %s: %s", s->name, doing, buf_str(why));
	buf_reset(why);
	buf_adds(why, buf_str(&msg));
	buf_free(&msg);
	return -1;
}
