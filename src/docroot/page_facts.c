/*
 * Page facts kept in a SQLite file between processes (page_facts.h): read
 * whole by a thread of their own while the scan begins to list folders,
 * waited for at the first page; written in one transaction at its end.
 * Several processes may share the file: a fact is only ever replaced by
 * one of the same page read later, and one whose file changed is never
 * used, so the worst a race does is to read a page again.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "page_facts.h"
#include "store_db.h"

#define FACTS_TABLE	"page_facts (id INTEGER PRIMARY KEY, " \
    "state INTEGER NOT NULL, kind INTEGER NOT NULL, why TEXT, " \
    "alternates TEXT, modified INTEGER NOT NULL, content INTEGER NOT NULL, " \
    "first INTEGER NOT NULL)"
static const char schema_sql[] =
    "CREATE TABLE IF NOT EXISTS page_facts_context (context TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS " FACTS_TABLE;
static const char context_sql[] = "SELECT context FROM page_facts_context";
static const char all_sql[] = "SELECT id, state, kind, why, alternates, "
    "modified, content, first FROM page_facts ORDER BY id";
/* Another version's table may be laid out otherwise: made anew. */
static const char drop_sql[] = "DROP TABLE IF EXISTS page_facts";
static const char create_sql[] = "CREATE TABLE " FACTS_TABLE;
static const char clear_context_sql[] = "DELETE FROM page_facts_context";
static const char set_context_sql[] = "INSERT INTO page_facts_context "
    "(context) VALUES ($1)";
static const char put_sql[] = "INSERT OR REPLACE INTO page_facts (id, state, "
    "kind, why, alternates, modified, content, first) VALUES ($1, $2, $3, "
    "$4, $5, $6, $7, $8)";
static const char forget_sql[] = "DELETE FROM page_facts WHERE id = $1";
static const char count_sql[] = "SELECT count(*) FROM page_facts";

/*
 * An id as its row's key: SQLite orders keys as signed, so the top bit is
 * flipped for rows to come in the order of the unsigned ids, sorted.
 */
#define ROW_KEY(id)	((int64_t)((id) ^ UINT64_C(0x8000000000000000)))
#define ROW_ID(key)	((uint64_t)(key) ^ UINT64_C(0x8000000000000000))

/*
 * A fact's id and state, searched apart from the facts: a state's low bit
 * is always set (docroot_state_key), so here it says instead whether the
 * scan found the page, whose row then stays.
 */
struct page_key {
	uint64_t	 id;
	uint64_t	 state;
};
#define USED		1

/* kind: from in the low bits, then these, then content_from. */
#define KIND_BROKEN	0x10
#define KIND_DATED	0x20
#define KIND_FLOOR	0x40
#define KIND_CONTENT_SHIFT	8

struct page_facts {
	const struct store_db *db;
	void		*conn;
	char		*path;
	pthread_t	 loader;
	int		 loading;	/* loader is to be joined */
	int		 failed;	/* then why says why */
	struct buf	 why;
	char		*context;
	char		*context_found;	/* NULL: none yet */
	struct page_fact *known;	/* as read when opened, by id */
	struct page_key	*keys;		/* theirs, apart: searched */
	size_t		 nknown;
	struct page_fact *learned;
	size_t		 nlearned;
};

static void	*load(void *);
static int	loaded(struct page_facts *);
static int	context_row(void *, const struct store_value *);
static int	fact_row(void *, const struct store_value *);
static int	put(struct page_facts *, const struct page_fact *,
		    struct buf *);
static int	find_id(const struct page_key *, size_t, uint64_t, size_t *);
static int	one_number(void *, const struct store_value *);
static void	fact_free(struct page_fact *);
static char	*dup_or_null(const char *);

struct page_facts *
page_facts_open(const char *path, const char *context)
{
	struct page_facts *f = xcalloc(1, sizeof(*f));

	f->db = &store_sqlite;
	f->path = xstrdup(path);
	f->context = xstrdup(context);
	f->loading = pthread_create(&f->loader, NULL, load, f) == 0;
	if (!f->loading)
		load(f);
	return f;
}

int
page_facts_usable(struct page_facts *f, struct buf *why)
{
	if (loaded(f))
		return 1;
	buf_adds(why, buf_str(&f->why));
	return 0;
}

void
page_facts_close(struct page_facts *f)
{
	if (f == NULL)
		return;
	loaded(f);
	if (f->conn)
		f->db->close(f->conn);
	for (size_t i = 0; i < f->nknown; i++)
		fact_free(&f->known[i]);
	for (size_t i = 0; i < f->nlearned; i++)
		fact_free(&f->learned[i]);
	free(f->known);
	free(f->learned);
	free(f->keys);
	free(f->context);
	free(f->context_found);
	free(f->path);
	buf_free(&f->why);
	free(f);
}

const struct page_fact *
page_facts_find(struct page_facts *f, uint64_t id, uint64_t state)
{
	size_t at;
	int same;

	if (!loaded(f) || !find_id(f->keys, f->nknown, id, &at))
		return NULL;
	same = (f->keys[at].state | USED) == state;
	f->keys[at].state |= USED;
	return same ? &f->known[at] : NULL;
}

void
page_facts_learn(struct page_facts *f, const struct page_fact *fact)
{
	struct page_fact copy = *fact;

	loaded(f);
	copy.why = dup_or_null(fact->why);
	copy.extensions = dup_or_null(fact->extensions);
	f->learned = xgrowarray(f->learned, f->nlearned, sizeof(*f->learned));
	f->learned[f->nlearned++] = copy;
}

int
page_facts_write(struct page_facts *f, int complete, struct buf *why)
{
	int stale = f->context_found == NULL ||
	    strcmp(f->context_found, f->context) != 0;
	struct store_value v = { f->context, 0, 0 };
	size_t gone = 0;
	int rc = 0;

	if (!loaded(f)) {
		buf_adds(why, buf_str(&f->why));
		return -1;
	}
	for (size_t i = 0; complete && i < f->nknown; i++)
		gone += !(f->keys[i].state & USED);
	if (f->nlearned == 0 && gone == 0 && !stale)
		return 0;
	if (f->db->run(f->conn, f->db->begin_sql, NULL, 0, NULL, NULL,
	    why) == -1)
		rc = -1;
	if (rc == 0 && stale && (f->db->run(f->conn, drop_sql, NULL, 0, NULL,
	    NULL, why) == -1 || f->db->run(f->conn, create_sql, NULL, 0, NULL,
	    NULL, why) == -1 || f->db->run(f->conn, clear_context_sql, NULL, 0,
	    NULL, NULL, why) == -1 || f->db->run(f->conn, set_context_sql, &v,
	    1, NULL, NULL, why) == -1))
		rc = -1;
	for (size_t i = 0; rc == 0 && i < f->nlearned; i++)
		rc = put(f, &f->learned[i], why);
	for (size_t i = 0; rc == 0 && complete && !stale && i < f->nknown;
	    i++) {
		struct store_value id = { NULL, ROW_KEY(f->known[i].id), 0 };

		if (!(f->keys[i].state & USED))
			rc = f->db->run(f->conn, forget_sql, &id, 1, NULL, NULL,
			    why);
	}
	if (f->db->run(f->conn, rc == 0 ? "COMMIT" : "ROLLBACK", NULL, 0,
	    NULL, NULL, rc == 0 ? why : NULL) == -1)
		rc = -1;
	for (size_t i = 0; i < f->nlearned; i++)
		fact_free(&f->learned[i]);
	f->nlearned = 0;
	return rc;
}

long
page_facts_count(const char *path, struct buf *why)
{
	const struct store_db *db = &store_sqlite;
	int64_t n = -1;
	void *conn;

	if ((conn = db->open(path, schema_sql, why)) == NULL)
		return -1;
	if (db->run(conn, count_sql, NULL, 0, one_number, &n, why) == -1)
		n = -1;
	db->close(conn);
	return (long)n;
}

/* The loader: the facts of the context, else none; failed, why. */
static void *
load(void *arg)
{
	struct page_facts *f = arg;

	if ((f->conn = f->db->open(f->path, schema_sql, &f->why)) == NULL ||
	    f->db->run(f->conn, context_sql, NULL, 0, context_row, f,
	    &f->why) == -1 ||
	    (f->context_found && strcmp(f->context_found, f->context) == 0 &&
	    f->db->run(f->conn, all_sql, NULL, 0, fact_row, f, &f->why) ==
	    -1)) {
		f->failed = 1;
		for (size_t i = 0; i < f->nknown; i++)
			fact_free(&f->known[i]);
		f->nknown = 0;
		return NULL;
	}
	f->keys = xreallocarray(NULL, f->nknown + 1, sizeof(*f->keys));
	for (size_t i = 0; i < f->nknown; i++)
		f->keys[i] = (struct page_key){ f->known[i].id,
		    f->known[i].state & ~(uint64_t)USED };
	return NULL;
}

/* Waits for the loader, once: whether the facts can be used. */
static int
loaded(struct page_facts *f)
{
	if (f->loading) {
		pthread_join(f->loader, NULL);
		f->loading = 0;
	}
	return !f->failed;
}

static int
context_row(void *arg, const struct store_value *cols)
{
	struct page_facts *f = arg;

	free(f->context_found);
	f->context_found = xstrdup(cols[0].text ? cols[0].text : "");
	return 0;
}

static int
fact_row(void *arg, const struct store_value *cols)
{
	struct page_facts *f = arg;
	int64_t kind = cols[2].n;
	uint64_t id = ROW_ID(cols[0].n);

	/* In order, as the key makes them; any other row is not ours. */
	if (f->nknown > 0 && f->known[f->nknown - 1].id >= id)
		return 0;
	f->known = xgrowarray(f->known, f->nknown, sizeof(*f->known));
	f->known[f->nknown++] = (struct page_fact){
		.id = id,
		.state = (uint64_t)cols[1].n,
		.why = cols[3].null ? NULL : xstrdup(cols[3].text),
		.extensions = cols[4].null ? NULL : xstrdup(cols[4].text),
		.modified = (time_t)cols[5].n,
		.content = (uint64_t)cols[6].n,
		.first = (time_t)cols[7].n,
		.dated = (kind & KIND_DATED) != 0,
		.floor = (kind & KIND_FLOOR) != 0,
		.from = (uint8_t)(kind & 0x0f),
		.content_from = (uint8_t)(kind >> KIND_CONTENT_SHIFT & 0x0f),
		.broken = (kind & KIND_BROKEN) != 0,
	};
	return 0;
}

static int
put(struct page_facts *f, const struct page_fact *fact, struct buf *why)
{
	struct store_value v[8] = {
		{ NULL, ROW_KEY(fact->id), 0 },
		{ NULL, (int64_t)fact->state, 0 },
		{ NULL, fact->from | (fact->broken ? KIND_BROKEN : 0) |
		    (fact->dated ? KIND_DATED : 0) |
		    (fact->floor ? KIND_FLOOR : 0) |
		    fact->content_from << KIND_CONTENT_SHIFT, 0 },
		{ fact->why, 0, fact->why == NULL },
		{ fact->extensions, 0, fact->extensions == NULL },
		{ NULL, (int64_t)fact->modified, 0 },
		{ NULL, (int64_t)fact->content, 0 },
		{ NULL, (int64_t)fact->first, 0 },
	};

	return f->db->run(f->conn, put_sql, v, 8, NULL, NULL, why);
}

/*
 * Where id is in keys, sorted: ids are hashes, spread evenly, so a guess
 * from its value lands a few places away, where a binary search of a
 * million would miss the cache twenty times.
 */
static int
find_id(const struct page_key *keys, size_t n, uint64_t id, size_t *at)
{
	size_t lo = 0, hi = n;	/* id, if anywhere, is in [lo, hi) */
	int guesses = 0;

	while (lo < hi) {
		size_t guess;

		/* A few guesses, then halves: no input makes it slow. */
		if (guesses++ < 4 && hi - lo > 8 && keys[hi - 1].id >
		    keys[lo].id && id >= keys[lo].id && id <= keys[hi - 1].id)
			guess = lo + (size_t)((double)(id - keys[lo].id) /
			    (double)(keys[hi - 1].id - keys[lo].id) *
			    (double)(hi - 1 - lo));
		else
			guess = lo + (hi - lo) / 2;
		if (guess >= hi)
			guess = hi - 1;
		if (keys[guess].id == id) {
			*at = guess;
			return 1;
		}
		if (keys[guess].id < id)
			lo = guess + 1;
		else
			hi = guess;
	}
	return 0;
}

static int
one_number(void *arg, const struct store_value *cols)
{
	*(int64_t *)arg = cols[0].n;
	return 1;
}

static void
fact_free(struct page_fact *fact)
{
	free(fact->why);
	free(fact->extensions);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}
