#!/bin/sh
# sitemapd on its own socket (-s), asked by cgi-fcgi, libfcgi's FastCGI
# client, the way nginx or Apache's mod_proxy_fcgi would ask it.
. "$SRCDIR/tests/lib.sh"

command -v cgi-fcgi >/dev/null || { echo "cgi-fcgi (libfcgi-bin) is not installed"; exit 1; }

ini "$TMP/sitemapd.ini" "$SRCDIR/contrib/example-site"

# fcgi ADDRESS [VAR=VALUE...]: one request; sets STATUS, HEADERS, BODY.
fcgi() {
	_addr=$1; shift
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com "$@" \
	    cgi-fcgi -bind -connect "$_addr" >"$TMP/fcgi.out" 2>&1
	HEADERS=$(sed -n '1,/^\r$/p' "$TMP/fcgi.out" | tr -d '\r')
	BODY=$(sed '1,/^\r$/d' "$TMP/fcgi.out")
	STATUS=$(printf '%s\n' "$HEADERS" | sed -n 's/^Status: \([0-9]*\).*/\1/p')
}

# serve SPEC: starts sitemapd -s SPEC in the background as SERVER_PID.
serve() {
	"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "$1" 2>>"$TMP/server.log" &
	SERVER_PID=$!
}
stop() { kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; }
on_exit stop

# wait_for COMMAND...: polls until COMMAND succeeds, at most five seconds.
wait_for() {
	for _i in $(seq 50); do "$@" && return 0; sleep 0.1; done
	return 1
}
listening() { grep -q " 0100007F:$hexport 00000000:0000 0A " /proc/net/tcp; }

# --- unix socket -----------------------------------------------------------
SOCK="$TMP/sitemapd.sock"
serve "unix:$SOCK"
wait_for test -S "$SOCK" || not_ok "unix socket appears"
fcgi "$SOCK" REQUEST_URI=/robots.txt
check_eq "unix: robots.txt 200" 200 "$STATUS"
check_contains "unix: robots.txt body" "Sitemap: http://example.com/sitemap.xml" "$BODY"
fcgi "$SOCK" REQUEST_URI=/sitemap.xml HTTPS=on
check_eq "unix: sitemap.xml 200" 200 "$STATUS"
check_contains "unix: https URLs" "<loc>https://example.com/news</loc>" "$BODY"
fcgi "$SOCK" REQUEST_URI=/sitemap.xml REQUEST_METHOD=HEAD
check_eq "unix: HEAD 200" 200 "$STATUS"
check_eq "unix: HEAD has no body" "" "$BODY"
fcgi "$SOCK" REQUEST_URI=/nope
check_eq "unix: 404" 404 "$STATUS"
served=0
for i in $(seq 25); do
	fcgi "$SOCK" REQUEST_URI=/robots.txt
	[ "$STATUS" = 200 ] && served=$((served + 1))
done
check_eq "unix: one process answers request after request" 25 "$served"
stop

# A file that is not a socket is never removed to make room.
echo precious >"$TMP/not-a-socket"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$TMP/not-a-socket" 2>"$TMP/err"
check_eq "unix: refuses a path holding a file" 2 "$?"
check_eq "unix: the file is untouched" precious "$(cat "$TMP/not-a-socket")"

# --- TCP, bound to the address given and no other ---------------------------
for _try in 1 2 3 4 5; do
	PORT=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
	serve "tcp:127.0.0.1:$PORT"
	hexport=$(printf '%04X' "$PORT")
	wait_for listening && break
	stop
done
fcgi "127.0.0.1:$PORT" REQUEST_URI=/robots.txt
check_eq "tcp: robots.txt 200" 200 "$STATUS"
check_eq "tcp: listens on 127.0.0.1 only" 1 \
    "$(grep -c ":$hexport 00000000:0000 0A " /proc/net/tcp)"
stop

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
