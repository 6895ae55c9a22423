/*
 * The lastmod store in a SQLite file, for one machine: its processes share
 * it through WAL, and wait a while for one another's writes. Not for a
 * farm: SQLite's locks do not hold over NFS (store_pg.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "store_db.h"

#define STATEMENTS	8

struct sqlite_store {
	sqlite3		*db;
	char		*path;
	struct stat	 st;		/* of the file it opened */
	struct {
		char		*sql;
		sqlite3_stmt	*st;
	}		 prepared[STATEMENTS];
};

static sqlite3_stmt *prepared(struct sqlite_store *, const char *);
static int	failed(struct sqlite_store *, struct buf *);
static void	sqlite_close(void *);
static void	make_folder_of(const char *);

static void *
sqlite_open(const char *where, const char *schema, struct buf *why)
{
	struct sqlite_store *s = xcalloc(1, sizeof(*s));

	s->path = xstrdup(where);
	/*
	 * A file made if need be, and the folder it is in: a CI build starts
	 * from a checkout where the folder of its cache is not yet there.
	 */
	make_folder_of(where);
	/* Another process writing: wait for it, STORE_WAIT_S at most. */
	if (sqlite3_open_v2(where, &s->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(s->db, STORE_WAIT_S * 1000) != SQLITE_OK ||
	    sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL,
	    NULL) != SQLITE_OK ||
	    sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK) {
		failed(s, why);
		sqlite_close(s);
		return NULL;
	}
	if (stat(where, &s->st) == -1) {
		buf_adds(why, "it went as it was made");
		sqlite_close(s);
		return NULL;
	}
	return s;
}

static int
sqlite_run(void *store, const char *sql, const struct store_value *params,
    int nparams, store_row_fn each, void *arg, struct buf *why)
{
	struct sqlite_store *s = store;
	struct store_value cols[8];
	sqlite3_stmt *st, *once = NULL;
	struct stat now;
	int rc, ncols;

	/*
	 * Writes to a file removed would go nowhere, and at the next start
	 * every date would be gone: it is made again from what this
	 * connection still reads. One replaced is another's to use.
	 */
	if (stat(s->path, &now) == -1) {
		char *copy = sqlite3_mprintf("VACUUM INTO %Q", s->path);

		if (errno != ENOENT)
			buf_adds(why, strerror(errno));
		else if (sqlite3_exec(s->db, copy, NULL, NULL, NULL) ==
		    SQLITE_OK)
			buf_adds(why, "the file was removed: made again from "
			    "what this process had");
		else
			buf_adds(why, "the file was removed");
		sqlite3_free(copy);
		return -1;
	}
	if (now.st_dev != s->st.st_dev || now.st_ino != s->st.st_ino) {
		buf_adds(why, "the file was replaced: the new one is used");
		return -1;
	}
	if ((st = prepared(s, sql)) == NULL &&
	    sqlite3_prepare_v2(s->db, sql, -1, &once, NULL) != SQLITE_OK)
		return failed(s, why);
	if (once)
		st = once;
	/* $N is a name to SQLite, numbered as it first appears. */
	for (int i = 0; i < nparams; i++) {
		char name[16];
		int at;

		snprintf(name, sizeof(name), "$%d", i + 1);
		if ((at = sqlite3_bind_parameter_index(st, name)) == 0)
			continue;
		if (params[i].null)
			sqlite3_bind_null(st, at);
		else if (params[i].text)
			sqlite3_bind_text(st, at, params[i].text, -1,
			    SQLITE_STATIC);
		else
			sqlite3_bind_int64(st, at, params[i].n);
	}
	ncols = sqlite3_column_count(st);
	if (ncols > (int)(sizeof(cols) / sizeof(*cols)))
		ncols = (int)(sizeof(cols) / sizeof(*cols));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int i = 0; i < ncols; i++) {
			int type = sqlite3_column_type(st, i);

			/* An integer made text would only be thrown away. */
			cols[i] = (struct store_value){ type == SQLITE_TEXT ||
			    type == SQLITE_BLOB ? (const char *)
			    sqlite3_column_text(st, i) : NULL,
			    sqlite3_column_int64(st, i), type == SQLITE_NULL };
		}
		if (each && each(arg, cols))
			break;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		failed(s, why);
	sqlite3_finalize(once);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static void
sqlite_close(void *store)
{
	struct sqlite_store *s = store;

	for (int i = 0; i < STATEMENTS; i++) {
		sqlite3_finalize(s->prepared[i].st);
		free(s->prepared[i].sql);
	}
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

static char *
sqlite_name(const char *where)
{
	return xstrdup(where);
}

const struct store_db store_sqlite = {
	"BEGIN IMMEDIATE", sqlite_name, sqlite_open, sqlite_run, sqlite_close
};

/*
 * The statement for sql, prepared the first time it runs: the first
 * STATEMENTS stay prepared; NULL for any other, to be prepared each time.
 */
static sqlite3_stmt *
prepared(struct sqlite_store *s, const char *sql)
{
	int i;

	for (i = 0; i < STATEMENTS && s->prepared[i].sql; i++)
		if (strcmp(s->prepared[i].sql, sql) == 0)
			return s->prepared[i].st;
	if (i == STATEMENTS || sqlite3_prepare_v2(s->db, sql, -1,
	    &s->prepared[i].st, NULL) != SQLITE_OK)
		return NULL;
	s->prepared[i].sql = xstrdup(sql);
	return s->prepared[i].st;
}

static int
failed(struct sqlite_store *s, struct buf *why)
{
	buf_adds(why, s->db ? sqlite3_errmsg(s->db) : "out of memory");
	return -1;
}

/* The folder path is in, made when it is not there (its own only). */
static void
make_folder_of(const char *path)
{
	char *folder = xstrdup(path), *slash = strrchr(folder, '/');

	if (slash != NULL && slash != folder) {
		*slash = '\0';
		(void)mkdir(folder, 0777);	/* failing, open says why */
	}
	free(folder);
}
