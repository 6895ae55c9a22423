#!/bin/sh
# The lastmod store when it fails under a running FastCGI process (issue
# 30): a SQLite file removed while serving is made again with every date,
# one locked by another process is used again once free; a PostgreSQL
# server stopped and started again is used again, and one frozen with
# its connection open holds no request: robots.txt and the sitemap are
# answered, the sitemap with the files' dates. PostgreSQL is one this
# test starts; without it that part is skipped (77).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/pg.sh"
need cgi-fcgi libfcgi-bin
need sqlite3 sqlite3

OLD=2020-01-02
TODAY=$(date -u +%Y-%m-%d)
S="$TMP/site"
mkdir -p "$S"
for p in a b c; do printf '<title>%s</title><p>%s</p>\n' "$p" "$p" >"$S/$p.html"; done
touch -d "$OLD" "$S"/*.html
SOCK="$TMP/fcgi.sock"
serve() {	# serve STORE: a FastCGI process on $SOCK
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n' \
	    "$S" "$1" >"$TMP/store.ini"
	rm -f "$SOCK"
	"$SITEMAPD" -c "$TMP/store.ini" -s "unix:$SOCK" 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK"
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
ask() {	# ask PATH: sets BODY, or "no answer"
	BODY=$(env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI="$1" \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null | tr -d '\r')
	[ -n "$BODY" ] || BODY="no answer"
}
edit() {	# edit PAGE: new content, so a new date to remember
	printf '<title>%s</title><p>%s</p>\n' "$1" "$(date +%s%N)" >"$S/$1.html"
}
lastmod_of() {	# lastmod_of PAGE: its date in BODY
	printf '%s\n' "$BODY" | sed -n "/\/$1.html</{n;s:.*<lastmod>\(.*\)</lastmod>.*:\1:p}"
}
# retried COMMAND...: edits a.html and asks until COMMAND holds, as a site
# that keeps changing would: a store is tried again at a change.
retried() {
	for _i in $(seq 40); do
		edit a
		ask /sitemap.xml
		"$@" && return 0
		sleep 1
	done
	return 1
}

# --- SQLite ------------------------------------------------------------------
DB="$TMP/lastmod.db"
serve "$DB"
ask /sitemap.xml
check_eq "SQLite: the files' dates at first" "$OLD" "$(lastmod_of b)"
check_eq "... remembered" 3 "$(sqlite3 "$DB" 'SELECT count(*) FROM pages')"

rm -f "$DB" "$DB-wal" "$DB-shm"
edit c
ask /sitemap.xml
check_eq "the store removed while serving: 200, the page changed dated anew" \
    "$TODAY" "$(lastmod_of c)"
check_contains "... and a log line that says so" \
    "the file was removed: made again from what this process had" \
    "$(cat "$TMP/server.log")"
check_eq "... made again, with every page it remembered" 3 \
    "$(sqlite3 "$DB" 'SELECT count(*) FROM pages' 2>&1)"
has_row() { [ "$(sqlite3 "$DB" "SELECT count(*) FROM pages WHERE url = 'a.html' AND since > 1700000000" 2>/dev/null)" = 1 ]; }
retried grep -q "in use again" "$TMP/server.log"
check_contains "... and used again" "in use again" "$(cat "$TMP/server.log")"
retried has_row && ok "... a change after it is remembered there" ||
    not_ok "... a change after it is remembered there"

: >"$TMP/server.log"
# Another process holds the store's lock for a while.
{ echo 'BEGIN EXCLUSIVE;'; sleep 8; echo 'COMMIT;'; } | sqlite3 "$DB" &
LOCKER=$!
sleep 1
edit b
ask /sitemap.xml
check_eq "the store locked by another process: 200, the file's date" \
    "$TODAY" "$(lastmod_of b)"
check_contains "... and a log line" "lastmod_store $DB" "$(cat "$TMP/server.log")"
wait "$LOCKER"
retried grep -q "in use again" "$TMP/server.log"
check_contains "... once free, used again" "in use again" "$(cat "$TMP/server.log")"
stop
check_no_sanitizer_report "$(cat "$TMP/server.log")"

# --- PostgreSQL --------------------------------------------------------------
start_pg
: >"$TMP/server.log"
serve "postgresql://sitemapd@/postgres?host=$PG"
ask /sitemap.xml
check_eq "PostgreSQL: remembered" 3 "$(psql_store 'SELECT count(*) FROM pages')"

$as_pg "$PG_BIN/pg_ctl" -D "$PG/data" -m fast stop >/dev/null
edit c
ask /sitemap.xml
check_eq "the server stopped: 200, the page changed dated by its file" \
    "$TODAY" "$(lastmod_of c)"
start_pg_again
retried grep -q "in use again" "$TMP/server.log"
check_contains "... started again: used again, by itself" "in use again" \
    "$(cat "$TMP/server.log")"

# Frozen with the connection open: no answer, and no error either. A
# process of its own, its store just read.
stop
serve "postgresql://sitemapd@/postgres?host=$PG"
ask /sitemap.xml
freeze_pg
: >"$TMP/server.log"
edit b
ask /sitemap.xml &
ASKER=$!
sleep 1
ask /robots.txt
check_contains "the server frozen: robots.txt answered" "User-agent: *" "$BODY"
wait "$ASKER"
ask /sitemap.xml
check_eq "... and the sitemap, the page changed dated by its file" "$TODAY" \
    "$(lastmod_of b)"
check_contains "... and a log line that says why" "no answer within 5 s" \
    "$(cat "$TMP/server.log")"
ask /robots.txt
check_contains "... robots.txt answered again while it stays frozen" \
    "User-agent: *" "$BODY"
thaw_pg
retried grep -q "in use again" "$TMP/server.log"
check_contains "... thawed: used again" "in use again" "$(cat "$TMP/server.log")"
stop
check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
