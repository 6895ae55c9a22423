/* Which database a store's "where" names; the columns older stores lack. */
#include <string.h>

#include "store_db.h"

int
store_db_remote(const char *where)
{
	return strncmp(where, "postgresql://", 13) == 0 ||
	    strncmp(where, "postgres://", 11) == 0;
}

const struct store_db *
store_db_of(const char *where)
{
	return store_db_remote(where) ? &store_pg : &store_sqlite;
}

int
store_db_add_column(const struct store_db *db, void *conn, const char *table,
    const char *column, struct buf *why)
{
	struct buf probe = BUF_INIT, alter = BUF_INIT, ignored = BUF_INIT;
	size_t name = strcspn(column, " ");
	int rc = 0;

	buf_printf(&probe, "SELECT %.*s FROM %s LIMIT 1", (int)name, column,
	    table);
	buf_printf(&alter, "ALTER TABLE %s ADD COLUMN %s", table, column);
	if (db->run(conn, buf_str(&probe), NULL, 0, NULL, NULL,
	    &ignored) == -1 && db->run(conn, buf_str(&alter), NULL, 0, NULL,
	    NULL, &ignored) == -1)
		rc = db->run(conn, buf_str(&probe), NULL, 0, NULL, NULL, why);
	buf_free(&probe);
	buf_free(&alter);
	buf_free(&ignored);
	return rc;
}
