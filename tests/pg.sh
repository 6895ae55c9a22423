# start_pg: a PostgreSQL server of the test's own, on a unix socket in
# $PG and no TCP, trusting the user sitemapd; sets PG and PG_BIN, and
# stop_pg, start_pg_again, freeze_pg, thaw_pg and psql_store. Skips (77)
# without PostgreSQL.
# Sourced after lib.sh by the tests of the PostgreSQL store.
start_pg() {
	PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	if [ ! -x "$PG_BIN/initdb" ]; then
		echo "PostgreSQL not installed (contrib/install-deps test installs it)"
		[ "$failed" -eq 0 ] || finish
		skip "the PostgreSQL store"
	fi
	# PostgreSQL will not run as root: its files belong to the postgres user.
	as_pg=""
	if [ "$(id -u)" -eq 0 ]; then
		as_pg="runuser -u postgres --"
		chmod 711 "$TMP"
	fi
	PG="$TMP/pg"
	mkdir -p "$PG"
	[ -z "$as_pg" ] || chown postgres "$PG"
	$as_pg "$PG_BIN/initdb" -D "$PG/data" -A trust -U sitemapd -E UTF8 \
	    --no-sync >"$TMP/initdb.log" 2>&1 ||
	    { cat "$TMP/initdb.log"; not_ok "initdb"; finish; }
	on_exit stop_pg
	start_pg_again || { cat "$PG/log"; not_ok "pg_ctl start"; finish; }
}
start_pg_again() {
	$as_pg "$PG_BIN/pg_ctl" -D "$PG/data" -l "$PG/log" -w -t 60 \
	    -o "-k $PG -c listen_addresses= -F" start >/dev/null
}
stop_pg() {
	thaw_pg
	$as_pg "$PG_BIN/pg_ctl" -D "$PG/data" -m immediate stop >/dev/null 2>&1
}
# freeze_pg, thaw_pg: the server and every backend stopped (SIGSTOP), its
# connections open, and let go on.
freeze_pg() { _pg_signal STOP; }
thaw_pg() { _pg_signal CONT; }
_pg_signal() {
	_pid=$(head -n 1 "$PG/data/postmaster.pid" 2>/dev/null) || return 0
	pkill "-$1" -P "$_pid"
	kill "-$1" "$_pid"
}
# psql_store SQL: what the store's database answers.
psql_store() { "$PG_BIN/psql" -qtA -h "$PG" -U sitemapd postgres -c "$1"; }
