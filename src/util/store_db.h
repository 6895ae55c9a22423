/*
 * The databases state that outlives a process lives in (the lastmod
 * store, IndexNow's), behind one struct of function pointers: SQLite for
 * one machine, PostgreSQL for a farm. Both
 * run the same SQL, whose parameters are written $1, $2 ...; each backend
 * keeps the first few statements it runs prepared, keyed by their text.
 */
#ifndef SITEMAPD_STORE_DB_H
#define SITEMAPD_STORE_DB_H

#include <stdint.h>

#include "buf.h"

/* A parameter or a column: text, or else an integer; or SQL's NULL. */
struct store_value {
	const char	*text;
	int64_t		 n;
	int		 null;
};

/*
 * No statement, nor a connection, waits longer: then the store is as good
 * as gone, and the request that asked goes on without it.
 */
#define STORE_WAIT_S	5

/* Called with each row a statement returns; nonzero stops it. */
typedef int	(*store_row_fn)(void *arg, const struct store_value *cols);

struct store_db {
	const char	*begin_sql;	/* a transaction that will write */
	/* Where, fit for a log: no password, whatever where holds. */
	char		*(*name)(const char *where);
	/* Connects to where and runs schema: NULL with why. */
	void		*(*open)(const char *where, const char *schema,
			    struct buf *why);
	/* Runs sql with its parameters, each row to each: -1 with why. */
	int		 (*run)(void *, const char *sql,
			    const struct store_value *params, int nparams,
			    store_row_fn each, void *arg, struct buf *why);
	void		 (*close)(void *);
};

extern const struct store_db store_sqlite;
extern const struct store_db store_pg;

/* True for a postgresql:// URI; else where is a SQLite file. */
int	store_db_remote(const char *where);
/* The database where is in. */
const struct store_db *store_db_of(const char *where);
/*
 * Gives table, made by an older sitemapd, the column it lacked: column is
 * its name and type, with the default its older rows take. Another
 * process may add it at the same moment: only a column still missing is
 * an error, -1 with why.
 */
int	store_db_add_column(const struct store_db *, void *conn,
	    const char *table, const char *column, struct buf *why);

#endif
