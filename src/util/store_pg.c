/*
 * The lastmod store in PostgreSQL, through libpq: one store that every
 * node of a farm reads and writes, so that each answers a crawler with
 * the same lastmods, and the same ETag.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libpq-fe.h>

#include "store_db.h"

#define STATEMENTS	8
#define NOT_KEPT	(-2)
#define STR(n)		#n
#define SECONDS(n)	STR(n)

struct pg_store {
	PGconn		*conn;
	char		*prepared[STATEMENTS];
};

static int	command(struct pg_store *, const char *, struct buf *);
static int	answers(struct pg_store *, store_row_fn, void *, struct buf *);
static PGresult	*next_result(struct pg_store *, struct buf *);
static int	statement(struct pg_store *, const char *, int, struct buf *);
static const struct store_value *row(PGresult *, int, struct store_value *);
static int	failed(struct pg_store *, PGresult *, struct buf *);
static void	ignore_notice(void *, const char *);
static void	pg_close(void *);

/*
 * A server that does not answer is given up on: connect_timeout for the
 * connection, statement_timeout for a slow statement, TCP keepalives and
 * tcp_user_timeout for a peer gone, and, for a server that takes no step
 * at all (stopped, or a socket that never answers), a deadline of our
 * own on every answer (next_result).
 */
static void *
pg_open(const char *where, const char *schema, struct buf *why)
{
	/* The URI's own settings come later and win. */
	const char *keys[] = { "connect_timeout", "keepalives",
	    "keepalives_idle", "keepalives_interval", "keepalives_count",
	    "tcp_user_timeout", "dbname", NULL };
	const char *values[] = { SECONDS(STORE_WAIT_S), "1", "5", "2", "2",
	    SECONDS(STORE_WAIT_S) "000", where, NULL };
	struct pg_store *s = xcalloc(1, sizeof(*s));

	s->conn = PQconnectdbParams(keys, values, 1);
	if (s->conn == NULL || PQstatus(s->conn) != CONNECTION_OK) {
		failed(s, NULL, why);
		pg_close(s);
		return NULL;
	}
	/* "already exists, skipping" and the like, which libpq would print. */
	PQsetNoticeProcessor(s->conn, ignore_notice, NULL);
	if (PQsetnonblocking(s->conn, 1) == -1) {
		failed(s, NULL, why);
		pg_close(s);
		return NULL;
	}
	if (command(s, "SET statement_timeout = " SECONDS(STORE_WAIT_S) "000",
	    why) == -1 || command(s, schema, why) == -1) {
		pg_close(s);
		return NULL;
	}
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
	int sent = 0, at = 0;

	for (int i = 0; i < nparams; i++) {
		values[i] = params[i].text;
		if (values[i] == NULL && !params[i].null) {
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
	return answers(s, each, arg, why);
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

/*
 * What libpq makes of where, as a URI again, a password as ***: what
 * libpq parsed is left out, however the URI spells it.
 */
static char *
pg_name(const char *where)
{
	PQconninfoOption *opts = PQconninfoParse(where, NULL), *o;
	struct buf out = BUF_INIT, query = BUF_INIT;
	const char *user = NULL, *host = NULL, *port = NULL, *db = NULL;
	int secret = 0;

	if (opts == NULL)
		return xstrdup("postgresql://(a URI libpq cannot read)");
	for (o = opts; o->keyword; o++) {
		if (o->val == NULL)
			continue;
		if (strcmp(o->keyword, "user") == 0)
			user = o->val;
		else if (strcmp(o->keyword, "host") == 0 &&
		    strchr(o->val, '/') == NULL)
			host = o->val;		/* a socket's folder: below */
		else if (strcmp(o->keyword, "port") == 0)
			port = o->val;
		else if (strcmp(o->keyword, "dbname") == 0)
			db = o->val;
		else if (o->dispchar[0] == '*')
			secret = 1;		/* password, sslpassword */
		else
			buf_printf(&query, "%c%s=%s", query.len ? '&' : '?',
			    o->keyword, o->val);
	}
	buf_printf(&out, "postgresql://%s%s%s%s%s%s/%s%s", user ? user : "",
	    secret ? ":***" : "", user || secret ? "@" : "", host ? host : "",
	    port ? ":" : "", port ? port : "", db ? db : "", buf_str(&query));
	PQconninfoFree(opts);
	buf_free(&query);
	return out.data;
}

const struct store_db store_pg = {
	"BEGIN", pg_name, pg_open, pg_run, pg_close
};

/* A statement without parameters or rows, its answer waited for. */
static int
command(struct pg_store *s, const char *sql, struct buf *why)
{
	if (!PQsendQuery(s->conn, sql))
		return failed(s, NULL, why);
	return answers(s, NULL, NULL, why);
}

/* Every answer to what was sent, each row to each: -1 with why. */
static int
answers(struct pg_store *s, store_row_fn each, void *arg, struct buf *why)
{
	struct store_value cols[8];
	PGresult *res;
	int rc = 0, stopped = 0;

	while ((res = next_result(s, why)) != NULL) {
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
	/* A connection given up on: nothing more can be asked of it. */
	return rc == 0 && PQstatus(s->conn) == CONNECTION_OK ? 0 : -1;
}

/*
 * The next answer, waited for STORE_WAIT_S at most; NULL when all came,
 * or with why when none did in time, which closes the connection.
 */
static PGresult *
next_result(struct pg_store *s, struct buf *why)
{
	struct timespec deadline;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += STORE_WAIT_S;
	for (;;) {
		int unsent = PQflush(s->conn);
		struct pollfd p = { PQsocket(s->conn), POLLIN, 0 };
		struct timespec now;
		long ms;
		int ready = 0;

		if (unsent == -1) {
			failed(s, NULL, why);
			return NULL;
		}
		if (unsent == 0 && !PQisBusy(s->conn))
			return PQgetResult(s->conn);
		if (unsent)
			p.events |= POLLOUT;
		clock_gettime(CLOCK_MONOTONIC, &now);
		ms = (deadline.tv_sec - now.tv_sec) * 1000 +
		    (deadline.tv_nsec - now.tv_nsec) / 1000000;
		if (ms > 0 && (ready = poll(&p, 1, (int)ms)) == -1 &&
		    errno == EINTR)
			continue;
		if (ms <= 0 || ready == 0) {
			buf_printf(why, "no answer within %d s", STORE_WAIT_S);
			/* What it would answer now answers nothing asked. */
			PQfinish(s->conn);
			s->conn = NULL;
			return NULL;
		}
		if (!PQconsumeInput(s->conn)) {
			failed(s, NULL, why);
			return NULL;
		}
	}
}

/*
 * The index of sql's prepared statement, prepared the first time: the
 * first STATEMENTS stay prepared; NOT_KEPT for any other, which is sent
 * with its parameters each time. -1 with why.
 */
static int
statement(struct pg_store *s, const char *sql, int nparams, struct buf *why)
{
	char name[3] = "s0";
	int i;

	for (i = 0; i < STATEMENTS && s->prepared[i]; i++)
		if (strcmp(s->prepared[i], sql) == 0)
			return i;
	if (i == STATEMENTS)
		return NOT_KEPT;
	name[1] = (char)('0' + i);
	if (!PQsendPrepare(s->conn, name, sql, nparams, NULL))
		return failed(s, NULL, why);
	if (answers(s, NULL, NULL, why) == -1)
		return -1;
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
