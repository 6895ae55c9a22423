#!/bin/sh
# No reader holds it: while one, four or thirty clients stall on a 10 MB
# sitemap, or one trickles it out for a minute, others get robots.txt and
# the sitemap; a flood of connections that send a byte and stop leaves
# normal requests answered; an FCGI_GET_VALUES of 64 KiB keeps the
# framing; a thousand stalled readers of one answer cost that answer once,
# and 64 slow readers of a 50,000-URL part, plain or gzip, add to the
# process no more than the memory it keeps for its next answer.
# Margins are seconds where the faults cost tens of seconds, so a loaded
# machine passes.
. "$SRCDIR/tests/lib.sh"

CLIENT=${FCGI_CLIENT:-$(dirname "$SITEMAPD")/../tests/fcgi-client}
GENPAGES=${GENPAGES:-$(dirname "$SITEMAPD")/../bench/genpages}
[ -x "$CLIENT" ] && [ -x "$GENPAGES" ] ||
    { echo "tests/fcgi-client or bench/genpages not built"; exit 1; }

# 6,000 pages with aliases of 1,700 characters: a 10 MB identity sitemap.
"$GENPAGES" "$TMP/root" 6000 1 1700 || exit 1
ini "$TMP/sitemapd.ini" "$TMP/root"

SOCK="$TMP/sitemapd.sock"
# serve [ULIMIT]: a FastCGI process on SOCK, with that many descriptors.
serve() {
	rm -f "$SOCK"
	(ulimit -n "${1:-4096}" && exec "$SITEMAPD" -c "$TMP/sitemapd.ini" \
	    -s "unix:$SOCK") 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK" || not_ok "the socket appears"
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
# answered DESCRIPTION PATH: another client gets PATH whole within 5 s.
answered() {
	if out=$("$CLIENT" "$SOCK" get "$2" 5000); then ok "$1 ($out)"
	else not_ok "$1"; echo "  $out"; fi
}
# VmRSS is followed by a tab: awk, as sed's " *" matched nothing.
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

serve
out=$("$CLIENT" "$SOCK" get /sitemap.xml 60000)
size=$(echo "$out" | sed -n 's/.*, \([0-9]*\) body bytes.*/\1/p')
[ "${size:-0}" -gt 10000000 ] && ok "the sitemap is over 10 MB ($size)" ||
    not_ok "the sitemap is over 10 MB ($out)"

# --- one trickling reader for a minute, in the background -------------------
"$CLIENT" "$SOCK" trickle /sitemap.xml 65536 2000 90 >"$TMP/trickle.out" &
trickle=$!

# --- stalled readers --------------------------------------------------------
for n in 1 4 30; do
	"$CLIENT" "$SOCK" noread /sitemap.xml 12 "$n" >"$TMP/noread.out" &
	noread=$!
	sleep 1
	answered "$n stalled: robots.txt is answered" /robots.txt
	answered "$n stalled: the sitemap is answered" /sitemap.xml
	wait "$noread"
	check_eq "$n stalled: cut off for reading nothing" \
	    "$([ "$n" -eq 1 ] && echo "cut off" || echo "0 answered, $n cut off")" \
	    "$(cat "$TMP/noread.out")"
done
answered "while one trickles: robots.txt is answered" /robots.txt

# --- FCGI_GET_VALUES of 64 KiB ----------------------------------------------
out=$("$CLIENT" "$SOCK" get-values)
check_eq "GET_VALUES of 64 KiB: one whole reply, the request after it whole" \
    "1 reply record, then status 200, ended" "$out"

# --- a thousand stalled readers of one answer -------------------------------
before=$(rss_kb "$SERVER_PID")
"$CLIENT" "$SOCK" hold /sitemap.xml 1000 8 >"$TMP/hold.out" &
hold=$!
wait_for grep -q held "$TMP/hold.out" || sleep 15
check_eq "1000 stalled readers: each has its answer begun" held \
    "$(cat "$TMP/hold.out")"
held=$(rss_kb "$SERVER_PID")
growth=$(( (${held:-0} - ${before:-0}) * 1024 ))
[ -n "$held" ] && [ -n "$before" ] && [ "$growth" -lt $((2 * size)) ] &&
    ok "1000 stalled readers: memory grows by $((growth / 1048576)) MB, under twice the answer" ||
    not_ok "1000 stalled readers: memory grows by $((growth / 1048576)) MB, over twice the answer ($((size / 1048576)) MB)"
answered "1000 stalled readers: robots.txt is answered" /robots.txt
wait "$hold"

wait "$trickle"
check_contains "a reader that trickles is cut off after a minute" "cut off" \
    "$(cat "$TMP/trickle.out")"
secs=$(sed -n 's/.*, \([0-9]*\) s$/\1/p' "$TMP/trickle.out")
[ "${secs:-0}" -ge 55 ] && [ "${secs:-99}" -le 85 ] &&
    ok "... at about 60 s ($secs s)" || not_ok "... at about 60 s ($secs s)"
check_contains "... with a log line" "its answer was not taken whole within 60 s" \
    "$(cat "$TMP/server.log")"
stop

# --- a flood of connections that send one byte -------------------------------
# 400 descriptors: the flood fills every connection the process has.
serve 400
"$CLIENT" "$SOCK" flood 10 1000 >"$TMP/flood.out" 2>/dev/null &
flood=$!
sleep 1
out=$("$CLIENT" "$SOCK" repeat /robots.txt 200 5000)
n=$(echo "$out" | sed -n 's/answered \([0-9]*\) of .*/\1/p')
[ "${n:-0}" -ge 190 ] && ok "an accept flood: $out" ||
    not_ok "an accept flood: $out (fewer than 95%)"
wait "$flood"
check_contains "the flood fills every connection ($(cat "$TMP/flood.out"))" \
    "closed to make room: all" "$(cat "$TMP/server.log")"
answered "after the flood, robots.txt is answered" /robots.txt
stop

# --- 64 slow readers of a 50,000-URL part, plain and gzip --------------------
# The process keeps the memory of its biggest answer of each kind (one
# part and its compressed copy) for the next: readers of one part share
# one answer, written there, and add no more than that.
if grep -q __asan_init "$SITEMAPD"; then
	echo "# 64 slow readers: resident memory not measured under ASan"
else
	"$GENPAGES" "$TMP/big" 50000 || exit 1
	ini "$TMP/sitemapd.ini" "$TMP/big"
	serve
	part=$("$CLIENT" "$SOCK" get /sitemap.xml 60000 |
	    sed -n 's/.*, \([0-9]*\) body bytes.*/\1/p')
	FCGI_CLIENT_ACCEPT_ENCODING=gzip "$CLIENT" "$SOCK" get /sitemap.xml \
	    60000 >/dev/null
	# readers ENCODINGS...: 64 slow readers of the part in each;
	# growth is what the process's resident memory grew meanwhile.
	readers() {
		_before=$(rss_kb "$SERVER_PID")
		_holds=""
		for _enc; do
			FCGI_CLIENT_ACCEPT_ENCODING=$_enc "$CLIENT" "$SOCK" \
			    hold /sitemap.xml 64 6 >"$TMP/hold-$_enc.out" &
			_holds="$_holds $!"
		done
		for _enc; do
			wait_for grep -q held "$TMP/hold-$_enc.out" || sleep 5
		done
		_held=$(rss_kb "$SERVER_PID")
		growth=$(( (${_held:-0} - ${_before:-0}) * 1024 ))
		begun=$(for _enc; do cat "$TMP/hold-$_enc.out"; done |
		    grep -c held)
		wait $_holds
	}
	# fits WHAT BOUND: growth within BOUND bytes, each reader begun.
	fits() {
		[ "$begun" -eq "$HOLDS" ] && [ "$growth" -lt "$2" ] &&
		    ok "$1: memory grows by $((growth / 1024)) kB, part $((part / 1024)) kB" ||
		    not_ok "$1: memory grows by $((growth / 1024)) kB, part $((part / 1024)) kB ($begun of $HOLDS begun)"
	}
	[ "${part:-0}" -gt 4000000 ] && ok "a 50,000-URL part ($part bytes)" ||
	    not_ok "a 50,000-URL part ($part bytes)"
	# One kind: its answer is written in the memory kept for it.
	HOLDS=1
	readers identity
	fits "64 slow readers of the part, plain" $((part / 4))
	readers gzip
	fits "64 slow readers of the part, gzip" $((part / 4))
	# Both kinds: a gzip answer is written from a plain render, whose
	# memory the plain answer in flight holds; one more part at most.
	HOLDS=2
	readers identity gzip
	fits "64 slow readers of each kind at once" $((part + part / 4))
	stop
fi

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
