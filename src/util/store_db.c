/* Which database a store's "where" names. */
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
