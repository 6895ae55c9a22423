#!/bin/sh
# A long-running process reads a large content root in the background:
# robots.txt, which needs no content, is answered within 100 ms while a
# cold scan of 100,000 pages runs, and sitemap requests wait for the scan
# instead of failing. An inotify overflow during a scan leaves nothing
# stale: the next answer lists every page written meanwhile.
. "$SRCDIR/tests/lib.sh"

BUILD=$(dirname "$(dirname "$SITEMAPD")")
CLIENT=$BUILD/tests/fcgi-client
for tool in "$CLIENT" "$BUILD/bench/genpages" "$BUILD/bench/evict"; do
	[ -x "$tool" ] || { echo "$tool not built"; exit 1; }
done
need cgi-fcgi libfcgi-bin

"$BUILD/bench/genpages" "$TMP/root" 100000 || exit 1
ini "$TMP/sitemapd.ini" "$TMP/root"
SOCK="$TMP/s.sock"
serve() {
	"$BUILD/bench/evict" "$TMP/root"
	"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK"
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
# urls: how many URLs the running process lists, over every part. What
# did not arrive is asked again, as a crawler would: a 503 (a scan under
# way past the 20 s a request waits) or an answer cut short (a client
# starved of CPU for the 10 s sitemapd waits on a reader). A whole answer
# counts, so a stale one, or a 404 for a part that should exist, fails.
urls() {
	_n=0
	for _p in 0001 0002 0003; do
		for _try in $(seq 60); do
			env -i REQUEST_METHOD=GET HTTP_HOST=example.com \
			    REQUEST_URI=/sitemaps/sitemap-$_p.xml \
			    cgi-fcgi -bind -connect "$SOCK" >"$TMP/part" 2>/dev/null
			grep -q '^Status: 404' "$TMP/part" && break
			grep -q '^Status: 503' "$TMP/part" ||
			    ! grep -q '</urlset>' "$TMP/part" || break
			sleep 1
		done
		_n=$((_n + $(grep -c '<loc>' "$TMP/part")))
	done
	echo "$_n"
}

# --- robots.txt while the first scan runs -----------------------------------
serve
"$CLIENT" "$SOCK" get /sitemap_index.xml 60000 >"$TMP/index.out" &
waiting=$!
sleep 0.05
out=$("$CLIENT" "$SOCK" get /robots.txt 100)
check_contains "during a cold scan of 100,000 pages: robots.txt within 100 ms" \
    "status 200" "$out"
check_eq "... while the sitemap request still waits for the scan" yes \
    "$(kill -0 "$waiting" 2>/dev/null && echo yes)"
wait "$waiting"
check_contains "the waiting sitemap request gets the index when the scan is done" \
    "status 200" "$(cat "$TMP/index.out")"
check_eq "... listing all 100,000 pages" 100000 "$(urls)"
stop

# --- an inotify overflow during a scan --------------------------------------
serve
# 4,000 pages are 8,000 files and some 20,000 events, queued while nobody
# reads them: the queue (16,384 by default) overflows.
"$BUILD/bench/genpages" "$TMP/root" 4000 200001
check_eq "after an overflow during the scan: every new page is listed" \
    104000 "$(urls)"
stop

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
