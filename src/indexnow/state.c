/*
 * IndexNow's state, in SQL SQLite and PostgreSQL both run (store_db.h):
 * a row per URL last submitted, or seen when the site was first seen,
 * with what it showed; and a row named by the site's base URL, which
 * says the site was seen, and which a process changes first in its
 * transaction, so that another waits for it and then finds it all done.
 * A row says which kind of content hash it holds (page.h): a page that
 * hashes, by a row of before's kind, to what the row holds is no change.
 */
#include <stdlib.h>
#include <string.h>

#include "state.h"
#include "store_db.h"

static const char schema_sql[] = "CREATE TABLE IF NOT EXISTS indexnow ("
    "url TEXT PRIMARY KEY, seen BIGINT NOT NULL, "
    "kind BIGINT NOT NULL DEFAULT 0)";
static const char lock_sql[] = "UPDATE indexnow SET seen = seen "
    "WHERE url = $1 RETURNING seen";
/* substr, not a range: PostgreSQL compares text in the locale's order. */
static const char all_sql[] = "SELECT url, seen, kind FROM indexnow "
    "WHERE substr(url, 1, $2) = $1";
static const char record_sql[] = "INSERT INTO indexnow (url, seen, kind) "
    "VALUES ($1, $2, $3) ON CONFLICT (url) DO UPDATE SET "
    "seen = excluded.seen, kind = excluded.kind";
static const char forget_sql[] = "DELETE FROM indexnow WHERE url = $1";

struct indexnow_state {
	const struct store_db *db;
	void		*conn;
	char		*name;
	int		 in_transaction;
};

static int	lock_row(void *, const struct store_value *);
static int	keep_row(void *, const struct store_value *);
static int	record(struct indexnow_state *, const char *, uint64_t,
		    struct buf *);
static void	todo_add(struct indexnow_todo *, const char *, uint64_t);

struct indexnow_state *
indexnow_state_open(const char *where, struct buf *why)
{
	struct indexnow_state *s = xcalloc(1, sizeof(*s));

	s->db = store_db_of(where);
	s->name = s->db->name(where);
	if ((s->conn = s->db->open(where, schema_sql, why)) == NULL ||
	    /* A state made before rows said their kind: of the whole each. */
	    store_db_add_column(s->db, s->conn, "indexnow",
	    "kind BIGINT NOT NULL DEFAULT 0", why) == -1) {
		indexnow_state_close(s);
		return NULL;
	}
	return s;
}

void
indexnow_state_close(struct indexnow_state *s)
{
	if (s == NULL)
		return;
	if (s->conn)
		s->db->close(s->conn);
	free(s->name);
	free(s);
}

const char *
indexnow_state_name(const struct indexnow_state *s)
{
	return s->name;
}

int
indexnow_state_begin(struct indexnow_state *s, const char *base,
    const struct indexnow_set *listed, struct indexnow_todo *todo,
    struct buf *why)
{
	struct buf prefix = BUF_INIT;
	struct indexnow_set had = { NULL, 0, NULL };
	struct store_value params[2] = { { base, 0, 0 }, { NULL, 0, 0 } };
	int seen = 0, rc = -1;
	size_t i = 0, j = 0;

	memset(todo, 0, sizeof(*todo));
	if (s->db->run(s->conn, s->db->begin_sql, NULL, 0, NULL, NULL,
	    why) == -1)
		return -1;
	s->in_transaction = 1;
	if (s->db->run(s->conn, lock_sql, params, 1, lock_row, &seen,
	    why) == -1)
		goto out;
	if (!seen) {
		todo->first = 1;
		for (i = 0; i < listed->n; i++)
			if (record(s, listed->v[i].url, listed->v[i].seen,
			    why) == -1)
				goto out;
		rc = record(s, base, 1, why);
		goto out;
	}
	buf_printf(&prefix, "%s/", base);
	params[0].text = buf_str(&prefix);
	params[1].n = (int64_t)prefix.len;
	if (s->db->run(s->conn, all_sql, params, 2, keep_row, &had,
	    why) == -1)
		goto out;
	indexnow_set_sort(&had);
	/* Both sorted: one pass, as a merge. */
	for (i = 0, j = 0; i < listed->n || j < had.n;) {
		int c = i == listed->n ? 1 : j == had.n ? -1 :
		    strcmp(listed->v[i].url, had.v[j].url);

		if (c < 0) {
			todo_add(todo, listed->v[i].url, listed->v[i].seen);
			todo->added++;
			i++;
		} else if (c > 0) {
			todo_add(todo, had.v[j].url, 0);
			todo->removed++;
			j++;
		} else {
			int changed = listed->v[i].seen != had.v[j].seen;

			/* A row of before, the page the same by its kind:
			 * the new hash recorded, nothing submitted. */
			if (changed && had.v[j].kind != CONTENT_KIND_MAIN &&
			    indexnow_seen_before(listed, i, had.v[j].kind) ==
			    had.v[j].seen) {
				if (record(s, listed->v[i].url,
				    listed->v[i].seen, why) == -1)
					goto out;
			} else if (changed) {
				todo_add(todo, listed->v[i].url,
				    listed->v[i].seen);
				todo->changed++;
			}
			i++;
			j++;
		}
	}
	rc = 0;
out:
	if (rc == -1)
		(void)indexnow_state_end(s, 0, NULL);
	indexnow_set_free(&had);
	buf_free(&prefix);
	return rc;
}

int
indexnow_state_record(struct indexnow_state *s,
    const struct indexnow_todo *todo, size_t from, size_t to,
    struct buf *why)
{
	for (size_t i = from; i < to; i++) {
		struct store_value url = { todo->urls[i], 0, 0 };

		if (todo->seen[i] == 0 ? s->db->run(s->conn, forget_sql, &url,
		    1, NULL, NULL, why) == -1 : record(s, todo->urls[i],
		    todo->seen[i], why) == -1)
			return -1;
	}
	return 0;
}

int
indexnow_state_end(struct indexnow_state *s, int commit, struct buf *why)
{
	struct buf ignored = BUF_INIT;
	int rc;

	if (!s->in_transaction)
		return 0;
	s->in_transaction = 0;
	rc = s->db->run(s->conn, commit ? "COMMIT" : "ROLLBACK", NULL, 0,
	    NULL, NULL, why ? why : &ignored);
	buf_free(&ignored);
	return rc;
}

void
indexnow_todo_free(struct indexnow_todo *todo)
{
	for (size_t i = 0; i < todo->n; i++)
		free(todo->urls[i]);
	free(todo->urls);
	free(todo->seen);
	memset(todo, 0, sizeof(*todo));
}

static int
lock_row(void *arg, const struct store_value *cols)
{
	(void)cols;
	*(int *)arg = 1;
	return 0;
}

static int
keep_row(void *arg, const struct store_value *cols)
{
	struct indexnow_set *had = arg;

	had->v = xgrowarray(had->v, had->n, sizeof(*had->v));
	had->v[had->n] = (struct indexnow_url){ .url = xstrdup(cols[0].text ?
	    cols[0].text : ""), .seen = (uint64_t)cols[1].n,
	    .kind = cols[2].n >= 0 && cols[2].n < CONTENT_KIND_MAIN ?
	    (enum content_kind)cols[2].n : CONTENT_KIND_MAIN };
	had->n++;
	return 0;
}

static int
record(struct indexnow_state *s, const char *url, uint64_t seen,
    struct buf *why)
{
	struct store_value params[3] = { { url, 0, 0 },
	    { NULL, (int64_t)seen, 0 }, { NULL, CONTENT_KIND_MAIN, 0 } };

	return s->db->run(s->conn, record_sql, params, 3, NULL, NULL, why);
}

static void
todo_add(struct indexnow_todo *todo, const char *url, uint64_t seen)
{
	todo->urls = xgrowarray(todo->urls, todo->n, sizeof(*todo->urls));
	todo->seen = xreallocarray(todo->seen, todo->n + 1,
	    sizeof(*todo->seen));
	todo->urls[todo->n] = xstrdup(url);
	todo->seen[todo->n++] = seen;
}
