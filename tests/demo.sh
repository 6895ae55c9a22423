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
check_contains "the demo prints the URLs of both examples, as the README says" \
    "http://127.0.0.1:$PORT/sitemap.xml" "$out"
check_contains "... the HTML pages on the next port" \
    "http://127.0.0.1:$((PORT + 1))/sitemap.xml" "$out"
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
# Both of lighttpd's sitemapd processes have scanned by now.
get /sitemap_index.xml
get /sitemaps/sitemap-0001.xml
check_eq "each warning is shown once, though two processes log it" 1 \
    "$(grep -c "0000000000000606.3.ron: skipped: markdown needs a title" \
    "$TMP/demo.out")"

# The README's "Checking a deployed site": the NoPressure example's pages
# are not served here (its sitemap and robots.txt are), the document
# root's are.
if command -v python3 >/dev/null; then
	check_audit "the demo's NoPressure site" "$URL/" --no-urls
	check_audit "the demo's document root" \
	    "http://127.0.0.1:$((PORT + 1))/"
	check_eq "... every page of it fetched" yes "$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("yes" if s["fetched"] == s["listed"] > 0 else s)' "$TMP/audit.json")"
fi

# Ctrl-C: the whole foreground group gets SIGINT.
dir=$(sed -n 's/^Press Ctrl-C to stop; it removes \(.*\)\.$/\1/p' "$TMP/demo.out")
check_eq "the demo says where its files are" yes "$(test -d "$dir" && echo yes)"
kill -INT -"$DEMO_PID"
wait "$DEMO_PID" 2>/dev/null
check_eq "Ctrl-C removes the demo's temporary directory" gone \
    "$(test -e "$dir" && echo "still there" || echo gone)"
finish
