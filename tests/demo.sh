#!/bin/sh
# The README's first command, contrib/demo.sh, with this build: it says
# which example pages are left out on purpose, dates them the same on
# every machine, and serves an index page a browser shows.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need lighttpd

PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
SITEMAPD="$SITEMAPD" PORT=$PORT setsid sh "$SRCDIR/contrib/demo.sh" \
    >"$TMP/demo.out" 2>&1 &
DEMO_PID=$!
stop_demo() { kill -TERM -"$DEMO_PID" 2>/dev/null; wait "$DEMO_PID" 2>/dev/null; }
on_exit stop_demo
wait_http "$URL/robots.txt" "$DEMO_PID" ||
    { not_ok "the demo serves"; cat "$TMP/demo.out"; finish; exit 1; }

out=$(cat "$TMP/demo.out")
check_contains "the demo says the warnings are expected" \
    "sitemapd's warnings about them below are expected" "$out"
check_contains "... and why each page is left out" \
    "page 0000000000000505: broken sidecar" "$out"
check_contains "... a reserved one too" "page 0000000000000707: reserved path" "$out"
get /
check_eq "/ is a page a browser shows" "200 text/html; charset=utf-8" \
    "$STATUS $(hdr Content-Type)"
check_contains "... linking robots.txt" 'href="/robots.txt"' "$BODY"
check_contains "... and the sitemap" 'href="/sitemap.xml"' "$BODY"
get /sitemap.xml
check_eq "every lastmod is the demo's fixed date" "2026-03-01" \
    "$(printf '%s\n' "$BODY" | sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | sort -u)"
finish
