/* The lastmod store: one SQLite table of pages, their hash and date. */
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "lastmod_store.h"

/* Another process writing: wait this long for it, then give up. */
#define BUSY_MS		5000

struct lastmod_store {
	char		*path;
	sqlite3		*db;
	sqlite3_stmt	*find, *keep;
};

static int	failed(struct lastmod_store *, const char *, struct buf *);

struct lastmod_store *
lastmod_store_open(const char *path, struct buf *why)
{
	struct lastmod_store *s = xcalloc(1, sizeof(*s));

	s->path = xstrdup(path);
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(s->db, BUSY_MS) != SQLITE_OK ||
	    sqlite3_exec(s->db, "PRAGMA journal_mode = WAL; "
	    "CREATE TABLE IF NOT EXISTS pages (url TEXT PRIMARY KEY, "
	    "hash INTEGER NOT NULL, since INTEGER NOT NULL)", NULL, NULL,
	    NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, "SELECT hash, since FROM pages WHERE "
	    "url = ?", -1, &s->find, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO pages (url, "
	    "hash, since) VALUES (?, ?, ?)", -1, &s->keep, NULL) !=
	    SQLITE_OK) {
		failed(s, "opening", why);
		lastmod_store_close(s);
		return NULL;
	}
	return s;
}

void
lastmod_store_close(struct lastmod_store *s)
{
	if (s == NULL)
		return;
	sqlite3_finalize(s->find);
	sqlite3_finalize(s->keep);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

int
lastmod_store_date(struct lastmod_store *s, const char *url, uint64_t hash,
    time_t *date, struct buf *why)
{
	int rc;

	sqlite3_reset(s->find);
	sqlite3_bind_text(s->find, 1, url, -1, SQLITE_STATIC);
	rc = sqlite3_step(s->find);
	if (rc == SQLITE_ROW &&
	    (uint64_t)sqlite3_column_int64(s->find, 0) == hash) {
		*date = (time_t)sqlite3_column_int64(s->find, 1);
		sqlite3_reset(s->find);
		return 1;
	}
	sqlite3_reset(s->find);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return failed(s, "reading", why);
	/* New content: from now on, its date is this one. */
	sqlite3_reset(s->keep);
	sqlite3_bind_text(s->keep, 1, url, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s->keep, 2, (sqlite3_int64)hash);
	sqlite3_bind_int64(s->keep, 3, (sqlite3_int64)*date);
	rc = sqlite3_step(s->keep);
	sqlite3_reset(s->keep);
	return rc == SQLITE_DONE ? 0 : failed(s, "writing", why);
}

int
lastmod_store_begin(struct lastmod_store *s, struct buf *why)
{
	return sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) ==
	    SQLITE_OK ? 0 : failed(s, "beginning a write", why);
}

int
lastmod_store_commit(struct lastmod_store *s, struct buf *why)
{
	return sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ?
	    0 : failed(s, "committing", why);
}

long
lastmod_store_count(struct lastmod_store *s, struct buf *why)
{
	sqlite3_stmt *count;
	long n = -1;

	if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM pages", -1,
	    &count, NULL) == SQLITE_OK && sqlite3_step(count) == SQLITE_ROW)
		n = (long)sqlite3_column_int64(count, 0);
	else
		failed(s, "reading", why);
	sqlite3_finalize(count);
	return n;
}

static int
failed(struct lastmod_store *s, const char *doing, struct buf *why)
{
	buf_printf(why, "%s: %s: %s", s->path, doing, s->db ?
	    sqlite3_errmsg(s->db) : "out of memory");
	return -1;
}
