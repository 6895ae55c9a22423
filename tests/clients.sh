#!/bin/sh
# No client holds up another: raw FastCGI clients that stall halfway, never
# read, keep their connection or pipeline requests, each while a second
# client must be answered at once; bytes that claim 2 GB; signals in the
# middle of an answer; SIGTERM with clients that never finish.
. "$SRCDIR/tests/lib.sh"

CLIENT=${FCGI_CLIENT:-$(dirname "$SITEMAPD")/../tests/fcgi-client}
GENPAGES=${GENPAGES:-$(dirname "$SITEMAPD")/../bench/genpages}
[ -x "$CLIENT" ] && [ -x "$GENPAGES" ] ||
    { echo "tests/fcgi-client or bench/genpages not built"; exit 1; }

# An answer much larger than any socket buffer, so a client that does not
# read it leaves most of it with the server.
"$GENPAGES" "$TMP/root" 20000 || exit 1
ini "$TMP/sitemapd.ini" "$TMP/root" "[sitemap]
max_urls = 50000"

serve() {
	"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "$1" 2>>"$TMP/server.log" &
	SERVER_PID=$!
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
# prompt DESCRIPTION: a second client gets robots.txt while the first holds
# its connection: within 5 s, where being held costs 10 s or more.
prompt() {
	if out=$("$CLIENT" "$ADDR" get /robots.txt 5000); then ok "$1 ($out)"
	else not_ok "$1"; echo "  $out"; fi
}
# running PID: true while the process exists and is not a zombie.
running() { ! grep -qs '^State:.*[ZX]' "/proc/$1/status" && kill -0 "$1" 2>/dev/null; }
# seconds_to_exit PID: how long the process takes to end, at most 20 s.
seconds_to_exit() {
	_t0=$(date +%s)
	while running "$1" && [ $(($(date +%s) - _t0)) -lt 20 ]; do
		sleep 0.2
	done
	kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	echo $(($(date +%s) - _t0))
}

SOCK="$TMP/sitemapd.sock"
ADDR=$SOCK
serve "unix:$SOCK"
wait_for test -S "$SOCK" || not_ok "unix socket appears"
prompt "a first client is answered"
"$CLIENT" "$ADDR" get /sitemap.xml >"$TMP/big.out"
check_contains "the answer is large" "status 200" "$(cat "$TMP/big.out")"
size=$(sed -n 's/.*, \([0-9]*\) body bytes.*/\1/p' "$TMP/big.out")
[ "${size:-0}" -gt 1000000 ] && ok "the answer is over 1 MB ($size)" ||
    not_ok "the answer is over 1 MB ($size)"

# --- each of these holds its connection while another client asks ---------
"$CLIENT" "$ADDR" partial 9 >"$TMP/partial.out" &
partial=$!
sleep 0.3
prompt "one byte then nothing: another client is answered at once"

"$CLIENT" "$ADDR" idle 9 >"$TMP/idle.out" &
idle=$!
sleep 0.3
prompt "a connection that sends nothing: another client is answered at once"

"$CLIENT" "$ADDR" noread /sitemap.xml 12 >"$TMP/noread.out" &
noread=$!
sleep 0.5
prompt "a client that never reads its large answer: another is answered at once"
if out=$("$CLIENT" "$ADDR" get /sitemap.xml 10000); then
	ok "... and so is another large answer ($out)"
else not_ok "... and so is another large answer"; echo "  $out"; fi

"$CLIENT" "$ADDR" keep /robots.txt 4 >"$TMP/keep.out" &
keep=$!
sleep 0.3
check_contains "a kept connection is answered" "status 200, ended" \
    "$(cat "$TMP/keep.out")"
prompt "a kept connection left open: another client is answered at once"

out=$("$CLIENT" "$ADDR" pipeline /robots.txt /sitemap_index.xml)
check_eq "two requests pipelined on a kept connection: both answered" \
    "first 200 ended, second 200 ended" "$out"

wait "$partial" "$idle"
check_contains "one byte then nothing: dropped after 5 s" "hung up" \
    "$(cat "$TMP/partial.out")"
check_contains "a connection that sends nothing: dropped after 5 s" "hung up" \
    "$(cat "$TMP/idle.out")"
wait "$noread"
check_contains "a client that never reads: cut off after 10 s" "cut off" \
    "$(cat "$TMP/noread.out")"
check_contains "dropping a stalled request is logged" \
    "dropped: no whole request within 5 s" "$(cat "$TMP/server.log")"
check_contains "dropping a client that does not read is logged" \
    "dropped: the peer read nothing for 10 s" "$(cat "$TMP/server.log")"
wait "$keep"

# --- any bytes on the socket --------------------------------------------------
out=$("$CLIENT" "$ADDR" huge-params)
check_eq "PARAMS lengths of 2 GB: the connection is dropped" "hung up" "$out"
check_contains "... with a log line" "a parameter's length runs past its data" \
    "$(cat "$TMP/server.log")"
prompt "... and the process keeps serving"
printf 'GET / HTTP/1.1\r\nHost: x\r\n\r\n' |
    nc -U -q 1 "$SOCK" >/dev/null 2>&1
prompt "HTTP on the FastCGI socket: dropped, the process keeps serving"

# --- signals ------------------------------------------------------------------
for sig in HUP USR2 ALRM; do
	"$CLIENT" "$ADDR" slow /sitemap.xml 1500 >"$TMP/slow.out" &
	slow=$!
	wait_for grep -q begun "$TMP/slow.out"
	kill -"$sig" "$SERVER_PID"
	wait "$slow"
	check_eq "SIG$sig in the middle of an answer: it ends whole" \
	    "ended </urlset>" "$(sed -n 's/^\(ended\), ends with .*\(<\/urlset>\) $/\1 \2/p' \
	    "$TMP/slow.out")"
	prompt "SIG$sig: the process keeps serving"
done
check_contains "SIGHUP re-reads the configuration and the root" \
    "SIGHUP: reading the configuration" "$(cat "$TMP/server.log")"

# --- SIGTERM ends the process in bounded time whatever clients do -----------
"$CLIENT" "$ADDR" partial 15 >/dev/null &
holder1=$!
"$CLIENT" "$ADDR" noread /sitemap.xml 15 >/dev/null &
holder2=$!
sleep 0.5
kill -TERM "$SERVER_PID"
took=$(seconds_to_exit "$SERVER_PID")
[ "$took" -le 15 ] && ok "SIGTERM with clients that never finish: gone in ${took}s" ||
    not_ok "SIGTERM with clients that never finish: gone in ${took}s (over 15)"
kill "$holder1" "$holder2" 2>/dev/null
wait "$holder1" "$holder2" 2>/dev/null

# --- TCP: an idle connection holds nobody ------------------------------------
PORT=$(free_port)
ADDR="tcp:127.0.0.1:$PORT"
serve "tcp:127.0.0.1:$PORT"
wait_for "$CLIENT" "$ADDR" get /robots.txt 5000 >/dev/null ||
    not_ok "tcp: sitemapd answers"
"$CLIENT" "$ADDR" idle 9 >"$TMP/idle.out" &
idle=$!
sleep 0.3
prompt "tcp: an idle connection: another client is answered at once"
wait "$idle"
stop

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
