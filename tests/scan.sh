#!/bin/sh
# A long-running process reads a large content root in the background:
# robots.txt, which needs no content, is answered while a cold scan of
# 100,000 pages runs, and a sitemap request waits for the scan rather
# than get a partial answer: it gets the whole index, or, on a machine so
# busy the scan outlasts its wait, 503 with Retry-After. An inotify
# overflow during a scan leaves nothing stale: the next answer lists
# every page written meanwhile. More parts than one index may list: 503.
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
out=$("$CLIENT" "$SOCK" get /robots.txt 5000)
check_contains "during a cold scan of 100,000 pages: robots.txt is answered" \
    "status 200" "$out"
check_eq "... while the sitemap request still waits for the scan" yes \
    "$(kill -0 "$waiting" 2>/dev/null && echo yes)"
wait "$waiting"
case $(cat "$TMP/index.out") in
"status 200, "*", ended, "*|"status 503, "*", ended, retry-after, "*)
	ok "the waiting sitemap request gets the whole index, or 503 with Retry-After ($(cat "$TMP/index.out"))" ;;
*)	not_ok "the waiting sitemap request gets the whole index, or 503 with Retry-After"
	cat "$TMP/index.out" ;;
esac
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

# --- more parts than one index may list ------------------------------------
ini "$TMP/parts.ini" "$TMP/root" "[sitemap]
max_urls = 1"
cgi SITEMAPD_CONFIG="$TMP/parts.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_eq "104,000 parts of one URL: /sitemap.xml is 503, not an index of them" \
    503 "$STATUS"
check_contains "... with Retry-After" "Retry-After: " "$HEADERS"
check_contains "... and a log line naming the fix" \
    "104000 sitemap parts, more than the 50000 one index may list; raise [sitemap] max_urls or max_bytes in $TMP/parts.ini" \
    "$LOG"
cgi SITEMAPD_CONFIG="$TMP/parts.ini" REQUEST_URI=/sitemaps/sitemap-0002.xml \
    HTTP_HOST=example.com
check_eq "... while each part is still served" 200 "$STATUS"

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
