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
# k: kept as it is, but for rewrites that change nothing.
for p in a b c k; do printf '<title>%s</title><p>%s</p>\n' "$p" "$p" >"$S/$p.html"; done
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

same() {	# same PAGE: rewritten with its content as it was, dated now
	cp "$S/$1.html" "$S/.same" && mv "$S/.same" "$S/$1.html"
}
# store_rows DB: "PAGE DATE" for each page the store holds, as the sitemap
# would date it; sitemap_rows: the same from the last answer.
store_rows() {
	case $1 in
	postgresql:*) psql_store 'SELECT url, since FROM pages ORDER BY url' |
	    tr '|' ' ' ;;
	*) ${IN_NS:-} sqlite3 -separator ' ' "$1" \
	    'SELECT url, since FROM pages ORDER BY url' ;;
	esac | while read -r _url _since; do
		echo "$_url $(date -u -d "@$_since" +%Y-%m-%d)"
	done
}
sitemap_rows() {
	printf '%s\n' "$BODY" | sed -n 's:.*<loc>http\://x/\(.*\)</loc>.*:\1:p;
	    s:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | paste -d ' ' - - | sort
}
# agreed STORE: the sitemap dates every page as the store does, and the
# store holds every page; asked until so, with nothing else changing.
agreed() {
	for _i in $(seq 180); do
		ask /sitemap.xml
		[ "$(sitemap_rows)" = "$(store_rows "$1")" ] &&
		    [ "$(store_rows "$1" | wc -l)" = "$(ls "$S" | wc -l)" ] &&
		    return 0
		sleep 0.5
	done
	printf '  sitemap: %s\n  store:   %s\n' "$(sitemap_rows | tr '\n' ,)" \
	    "$(store_rows "$1" | tr '\n' ,)"
	return 1
}

# --- SQLite ------------------------------------------------------------------
DB="$TMP/lastmod.db"
serve "$DB"
ask /sitemap.xml
check_eq "SQLite: the files' dates at first" "$OLD" "$(lastmod_of b)"
check_eq "... remembered" 4 "$(sqlite3 "$DB" 'SELECT count(*) FROM pages')"

rm -f "$DB" "$DB-wal" "$DB-shm"
edit c
ask /sitemap.xml
check_eq "the store removed while serving: 200, the page changed dated anew" \
    "$TODAY" "$(lastmod_of c)"
check_contains "... and a log line that says so" \
    "the file was removed: made again from what this process had" \
    "$(cat "$TMP/server.log")"
check_eq "... made again, with every page it remembered" 4 \
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
wait_for grep -q "lastmod_store $DB" "$TMP/server.log"
check_contains "... and a log line" "lastmod_store $DB" "$(cat "$TMP/server.log")"
wait "$LOCKER"
retried grep -q "in use again" "$TMP/server.log"
check_contains "... once free, used again" "in use again" "$(cat "$TMP/server.log")"

# Locked again, for longer than a statement may wait (5 s): the requests
# go on without it, and what they read meanwhile is dated from it and
# recorded once it is free, with no change after to prompt it.
: >"$TMP/server.log"
agreed "$DB" >/dev/null
{ echo 'BEGIN EXCLUSIVE;'; sleep 7; echo 'COMMIT;'; } | sqlite3 "$DB" &
LOCKER=$!
sleep 1
same k
edit c
printf '<title>d</title><p>new</p>\n' >"$S/d.html"
ask /sitemap.xml
check_lacks "locked: the sitemap did not wait for the store to give up" \
    "lastmod_store" "$(cat "$TMP/server.log")"
check_eq "... it answered with the file's dates meanwhile" "$TODAY" \
    "$(lastmod_of k)"
ask /robots.txt
check_contains "... robots.txt too" "User-agent: *" "$BODY"
wait "$LOCKER"
agreed "$DB"
check_eq "once free: every page dated as the store has it, and recorded" 0 "$?"
check_eq "... a page rewritten unchanged meanwhile keeps its first date" \
    "$OLD" "$(lastmod_of k)"

# Removed while serving: made again, and what came meanwhile recorded.
rm -f "$DB" "$DB-wal" "$DB-shm"
same k
printf '<title>e</title><p>new</p>\n' >"$S/e.html"
agreed "$DB"
check_eq "removed: made again, every page dated as it has it" 0 "$?"
check_eq "... the pages it had keep their dates" "$OLD" "$(lastmod_of k)"
stop
check_no_sanitizer_report "$(cat "$TMP/server.log")"

# A full disk: the store on a tmpfs of its own, in the mount namespace
# the server runs in (IN_NS reaches it), filled and then freed.
unshare_m="unshare -m"
[ "$(id -u)" -eq 0 ] || unshare_m="unshare -U -r -m"
mkdir -p "$TMP/full"
FULL_DB="$TMP/full/dates.db"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n' \
    "$S" "$FULL_DB" >"$TMP/full.ini"
rm -f "$SOCK"
: >"$TMP/server.log"
touch -d "$OLD" "$S/k.html"
$unshare_m sh -c 'mount -t tmpfs -o size=256k tmpfs "$1" && exec "$2" -c "$3" -s "unix:$4"' \
    sh "$TMP/full" "$SITEMAPD" "$TMP/full.ini" "$SOCK" 2>>"$TMP/server.log" &
SERVER_PID=$!
if wait_for test -S "$SOCK"; then
	IN_NS="nsenter -t $SERVER_PID -m"
	agreed "$FULL_DB" >/dev/null
	$IN_NS dd if=/dev/zero of="$TMP/full/filler" bs=4k 2>/dev/null
	same k
	edit c
	printf '<title>h</title><p>%0900d</p>\n' 0 >"$S/h.html"
	ask /sitemap.xml
	check_eq "a full disk: the sitemap answered, the file's dates" "$TODAY" \
	    "$(lastmod_of h)"
	wait_for grep -q "lastmod_store $FULL_DB" "$TMP/server.log"
	check_contains "... and a log line" "lastmod_store $FULL_DB" \
	    "$(cat "$TMP/server.log")"
	$IN_NS rm -f "$TMP/full/filler"
	agreed "$FULL_DB"
	check_eq "... room again: every page dated as the store has it, and recorded" \
	    0 "$?"
	check_eq "... a page rewritten unchanged meanwhile keeps its date" \
	    "$OLD" "$(lastmod_of k)"
	IN_NS=""
else
	echo "no tmpfs of its own here ($(cat "$TMP/server.log")): a full disk not checked"
fi
stop
check_no_sanitizer_report "$(cat "$TMP/server.log")"

# --- PostgreSQL --------------------------------------------------------------
start_pg
: >"$TMP/server.log"
touch -d "$OLD" "$S/k.html"
serve "postgresql://sitemapd@/postgres?host=$PG"
ask /sitemap.xml
check_eq "PostgreSQL: remembered" "$(ls "$S" | wc -l)" \
    "$(psql_store 'SELECT count(*) FROM pages')"

$as_pg "$PG_BIN/pg_ctl" -D "$PG/data" -m fast stop >/dev/null
edit c
ask /sitemap.xml
check_eq "the server stopped: 200, the page changed dated by its file" \
    "$TODAY" "$(lastmod_of c)"
same k
printf '<title>f</title><p>new</p>\n' >"$S/f.html"
ask /sitemap.xml
start_pg_again
printf '<title>g</title><p>new</p>\n' >"$S/g.html"
ask /sitemap.xml
PGURI="postgresql://sitemapd@/postgres?host=$PG"
agreed "$PGURI"
check_eq "... started again: every page read meanwhile and after dated as it has it" \
    0 "$?"
check_contains "... used again, by itself" "in use again" \
    "$(cat "$TMP/server.log")"
check_eq "... a page rewritten unchanged while it was down keeps its date" \
    "$OLD" "$(lastmod_of k)"

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
check_lacks "... the sitemap did not wait for the store to give up" \
    "no answer within" "$(cat "$TMP/server.log")"
ask /sitemap.xml
check_eq "... and the sitemap, the page changed dated by its file" "$TODAY" \
    "$(lastmod_of b)"
wait_for grep -q "no answer within 5 s" "$TMP/server.log"
check_contains "... and a log line that says why" "no answer within 5 s" \
    "$(cat "$TMP/server.log")"
same k
ask /robots.txt
check_contains "... robots.txt answered again while it stays frozen" \
    "User-agent: *" "$BODY"
thaw_pg
agreed "$PGURI"
check_eq "... thawed: every page dated as it has it, and recorded" 0 "$?"
check_eq "... a page rewritten unchanged while it was frozen keeps its date" \
    "$OLD" "$(lastmod_of k)"
check_contains "... used again" "in use again" "$(cat "$TMP/server.log")"
stop
check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
