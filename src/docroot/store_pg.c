/*
 * The lastmod store in PostgreSQL, through libpq: one store that every
 * node of a farm reads and writes, so that each answers a crawler with
 * the same lastmods, and the same ETag.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "store_db.h"

/* A server that does not answer: give up after this long, in seconds. */
#define WAIT_S		"5"
#define STATEMENTS	8
#define NOT_KEPT	(-2)

struct pg_store {
	PGconn		*conn;
	char		*prepared[STATEMENTS];
};

static int	statement(struct pg_store *, const char *, int, struct buf *);
static const struct store_value *row(PGresult *, int, struct store_value *);
static int	failed(struct pg_store *, PGresult *, struct buf *);
static void	ignore_notice(void *, const char *);
static void	pg_close(void *);

static void *
pg_open(const char *where, const char *schema, struct buf *why)
{
	/* The URI's own connect_timeout, if any, comes later and wins. */
	const char *keys[] = { "connect_timeout", "dbname", NULL };
	const char *values[] = { WAIT_S, where, NULL };
	struct pg_store *s = xcalloc(1, sizeof(*s));
	PGresult *res;

	s->conn = PQconnectdbParams(keys, values, 1);
	if (s->conn == NULL || PQstatus(s->conn) != CONNECTION_OK) {
		failed(s, NULL, why);
		pg_close(s);
		return NULL;
	}
	/* "already exists, skipping" and the like, which libpq would print. */
	PQsetNoticeProcessor(s->conn, ignore_notice, NULL);
	res = PQexec(s->conn, "SET statement_timeout = " WAIT_S "000");
	if (PQresultStatus(res) == PGRES_COMMAND_OK) {
		PQclear(res);
		res = PQexec(s->conn, schema);
	}
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		failed(s, res, why);
		pg_close(s);
		return NULL;
	}
	PQclear(res);
	return s;
}

static int
pg_run(void *store, const char *sql, const struct store_value *params,
    int nparams, store_row_fn each, void *arg, struct buf *why)
{
	struct pg_store *s = store;
	char (*numbers)[24] = xreallocarray(NULL, nparams + 1,
	    sizeof(*numbers));
	const char **values = xreallocarray(NULL, nparams + 1,
	    sizeof(*values));
	struct store_value cols[8];
	PGresult *res;
	int rc = 0, sent = 0, at = 0, stopped = 0;

	for (int i = 0; i < nparams; i++) {
		values[i] = params[i].text;
		if (values[i] == NULL) {
			snprintf(numbers[i], sizeof(numbers[i]), "%" PRId64,
			    params[i].n);
			values[i] = numbers[i];
		}
	}
	/* BEGIN and COMMIT cannot be prepared; they take no parameters. */
	if (nparams == 0)
		sent = PQsendQuery(s->conn, sql);
	else if ((at = statement(s, sql, nparams, why)) >= 0) {
		char name[3] = { 's', (char)('0' + at), '\0' };

		sent = PQsendQueryPrepared(s->conn, name, nparams, values,
		    NULL, NULL, 0);
	} else if (at == NOT_KEPT)
		sent = PQsendQueryParams(s->conn, sql, nparams, NULL, values,
		    NULL, NULL, 0);
	free(numbers);
	free(values);
	if (nparams > 0 && at == -1)
		return -1;
	if (!sent)
		return failed(s, NULL, why);
	/* A row at a time: the whole store need not fit in one answer. */
	PQsetSingleRowMode(s->conn);
	while ((res = PQgetResult(s->conn)) != NULL) {
		ExecStatusType st = PQresultStatus(res);

		if (st != PGRES_SINGLE_TUPLE && st != PGRES_TUPLES_OK &&
		    st != PGRES_COMMAND_OK && rc == 0)
			rc = failed(s, res, why);
		else {
			for (int r = 0; r < PQntuples(res) && !stopped && each;
			    r++)
				stopped = each(arg, row(res, r, cols));
			PQclear(res);
		}
	}
	return rc;
}

static void
pg_close(void *store)
{
	struct pg_store *s = store;

	for (int i = 0; i < STATEMENTS; i++)
		free(s->prepared[i]);
	PQfinish(s->conn);
	free(s);
}

const struct store_db store_pg = {
	"BEGIN", pg_open, pg_run, pg_close
};

/*
 * The index of sql's prepared statement, prepared the first time: the
 * first STATEMENTS stay prepared; NOT_KEPT for any other, which is sent
 * with its parameters each time. -1 with why.
 */
static int
statement(struct pg_store *s, const char *sql, int nparams, struct buf *why)
{
	char name[3] = "s0";
	PGresult *res;
	int i;

	for (i = 0; i < STATEMENTS && s->prepared[i]; i++)
		if (strcmp(s->prepared[i], sql) == 0)
			return i;
	if (i == STATEMENTS)
		return NOT_KEPT;
	name[1] = (char)('0' + i);
	res = PQprepare(s->conn, name, sql, nparams, NULL);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		return failed(s, res, why);
	PQclear(res);
	s->prepared[i] = xstrdup(sql);
	return i;
}

/* Row r of res, into cols. */
static const struct store_value *
row(PGresult *res, int r, struct store_value *cols)
{
	for (int i = 0; i < PQnfields(res) && i < 8; i++) {
		const char *v = PQgetvalue(res, r, i);

		cols[i] = (struct store_value){ v, strtoll(v, NULL, 10),
		    PQgetisnull(res, r, i) };
	}
	return cols;
}

/* The server's word, on one line. */
static int
failed(struct pg_store *s, PGresult *res, struct buf *why)
{
	const char *msg = res ? PQresultErrorMessage(res) : s->conn ?
	    PQerrorMessage(s->conn) : "out of memory";

	buf_add(why, msg, strcspn(msg, "\n"));
	PQclear(res);
	return -1;
}

static void
ignore_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}
