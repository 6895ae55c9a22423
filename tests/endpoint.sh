# An IndexNow endpoint on 127.0.0.1 (tests/indexnow-endpoint.py), for the
# tests that look at what sitemapd submits. Sourced after tests/lib.sh:
# it starts the endpoint, sets ENDPOINT, and stops it at the test's end.
# $TMP/script scripts its answers; each POST is a line of $TMP/posts.
need python3
: >"$TMP/script"
python3 "$SRCDIR/tests/indexnow-endpoint.py" "$TMP/port" "$TMP/script" \
    "$TMP/posts" 2>"$TMP/endpoint.err" &
ENDPOINT_PID=$!
stop_endpoint() { stop_process "$ENDPOINT_PID"; }
on_exit stop_endpoint
wait_for test -s "$TMP/port" || { cat "$TMP/endpoint.err"; exit 1; }
ENDPOINT="http://127.0.0.1:$(cat "$TMP/port")/indexnow"
: >"$TMP/posts"

# posts: how many POSTs came; sent FROM: the URLs of the POSTs after the
# first FROM, sorted, one per line.
posts() { wc -l <"$TMP/posts"; }
sent() {
	tail -n +"$(($1 + 1))" "$TMP/posts" | python3 -c '
import json, sys
for line in sys.stdin:
    for url in json.loads(line)["body"]["urlList"]:
        print(url)' | sort
}
