#!/bin/sh
# sitemapd on its own socket (-s), asked by cgi-fcgi, libfcgi's FastCGI
# client, the way nginx or Apache's mod_proxy_fcgi would ask it.
. "$SRCDIR/tests/lib.sh"

need cgi-fcgi libfcgi-bin
need nc netcat-openbsd

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

# serve SPEC [OPTION...]: starts sitemapd -s SPEC in the background.
serve() {
	_spec=$1; shift
	"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "$_spec" "$@" 2>>"$TMP/server.log" &
	SERVER_PID=$!
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop

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
EXAMPLE=$(cd "$SRCDIR/contrib/example-site" && pwd)	# as messages resolve it
check_contains "it says where it listens, once" \
    "sitemapd: listening on unix:$SOCK, serving $EXAMPLE" \
    "$(cat "$TMP/server.log")"
check_lacks "outside systemd, lines carry no priority" "<4>" "$(cat "$TMP/server.log")"

# Under systemd the journal files each line by its priority (sd-daemon(3)).
JOURNAL_STREAM=8:1234 "$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" \
    2>"$TMP/journal.log" &
SERVER_PID=$!
wait_for test -S "$SOCK"
fcgi "$SOCK" REQUEST_URI=/sitemap.xml
stop
check_contains "systemd: where it listens is <6>, information" \
    "<6>sitemapd: listening on unix:$SOCK" "$(cat "$TMP/journal.log")"
check_contains "systemd: a skipped sidecar is <4>, a warning" \
    "<4>sitemapd: $EXAMPLE/content/05/" "$(cat "$TMP/journal.log")"

# --- by hand-built FastCGI records, to control when each byte arrives ------
octal() { printf '\\%03o' "$1"; }
# record TYPE FILE: one FastCGI record of request 1 holding FILE.
record() {
	_n=$(wc -c <"$2")
	printf "$(octal 1)$(octal "$1")$(octal 0)$(octal 1)$(octal $((_n / 256)))$(octal $((_n % 256)))$(octal 0)$(octal 0)"
	cat "$2"
}
# param NAME VALUE: one name-value pair, both shorter than 128 bytes.
param() { printf "$(octal ${#1})$(octal ${#2})%s%s" "$1" "$2"; }
printf "$(octal 0)$(octal 1)$(octal 0)$(octal 0)$(octal 0)$(octal 0)$(octal 0)$(octal 0)" >"$TMP/begin"
{ param REQUEST_METHOD GET; param REQUEST_URI /sitemap.xml
  param HTTP_HOST example.com; } >"$TMP/params"
: >"$TMP/empty"

serve "unix:$SOCK" -m 0660
wait_for test -S "$SOCK" || not_ok "unix socket with -m appears"
check_eq "-m 0660 sets the socket's mode" 660 "$(stat -c %a "$SOCK")"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" 2>"$TMP/err"
check_eq "a socket in use is not taken over" 2 "$?"
check_contains "a socket in use: says so" "in use by a running server" "$(cat "$TMP/err")"

# A client that hangs up before the answer must not end the process.
for i in $(seq 20); do
	{ record 1 "$TMP/begin"; record 4 "$TMP/params"; record 4 "$TMP/empty"
	  record 5 "$TMP/empty"; } | nc -U -q 0 "$SOCK" >/dev/null 2>&1
done
fcgi "$SOCK" REQUEST_URI=/robots.txt
check_eq "alive after 20 clients hung up (SIGPIPE)" 200 "$STATUS"

# SIGTERM while a request is half received: it is answered in full, then
# the process exits 0 and removes its socket.
{ record 1 "$TMP/begin"; record 4 "$TMP/params"; sleep 1
  record 4 "$TMP/empty"; record 5 "$TMP/empty"; } |
    nc -U "$SOCK" >"$TMP/slow.out" 2>&1 &
client=$!
sleep 0.4
stop_process "$SERVER_PID"
check_eq "SIGTERM: exit status 0" 0 "$?"
stop_process "$client"
check_contains "SIGTERM mid-request: request answered" "Status: 200" \
    "$(tr -d '\000' <"$TMP/slow.out")"
check_contains "SIGTERM mid-request: answer complete" "</urlset>" \
    "$(tr -d '\000' <"$TMP/slow.out")"
check_eq "SIGTERM: socket removed" no "$(test -e "$SOCK" && echo yes || echo no)"

# A socket directory that is missing: say what to do about it.
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$TMP/no-such-dir/s.sock" 2>"$TMP/err"
check_eq "unix: a missing directory: exit 2" 2 "$?"
check_contains "unix: a missing directory: says to create it" \
    "its directory does not exist; create it first" "$(cat "$TMP/err")"

# -g GROUP: the socket has that group; a user outside it is told why not.
G=$(id -gn)
serve "unix:$TMP/g.sock" -m 0660 -g "$G"
wait_for test -S "$TMP/g.sock"
check_eq "unix -g: the socket's group and mode" "$G 660" \
    "$(stat -c '%G %a' "$TMP/g.sock")"
stop
if [ "$(id -u)" -eq 0 ] && getent group www-data >/dev/null; then
	mkdir -m 1777 "$TMP/shared"
	chmod 711 "$TMP"
	cp "$TMP/sitemapd.ini" "$TMP/shared/sitemapd.ini"
	chmod 644 "$TMP/shared/sitemapd.ini"
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$SITEMAPD" \
	    -c "$TMP/shared/sitemapd.ini" -s "unix:$TMP/shared/s.sock" \
	    -g www-data 2>"$TMP/err"
	check_eq "unix -g: a group the user is not in: exit 2" 2 "$?"
	check_contains "... and what to do" "must be in that group (adduser" \
	    "$(cat "$TMP/err")"
	check_eq "... no socket left" no "$(test -e "$TMP/shared/s.sock" &&
	    echo yes || echo no)"
fi

# A file that is not a socket is never removed to make room.
echo precious >"$TMP/not-a-socket"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$TMP/not-a-socket" 2>"$TMP/err"
check_eq "unix: refuses a path holding a file" 2 "$?"
check_eq "unix: the file is untouched" precious "$(cat "$TMP/not-a-socket")"

# --- TCP, bound to the address given and no other ---------------------------
for _try in 1 2 3 4 5; do
	PORT=$(free_port)
	serve "tcp:127.0.0.1:$PORT"
	hexport=$(printf '%04X' "$PORT")
	wait_for listening && break
	stop
done
fcgi "127.0.0.1:$PORT" REQUEST_URI=/robots.txt
check_eq "tcp: robots.txt 200" 200 "$STATUS"
check_eq "tcp: listens on 127.0.0.1 only" 1 \
    "$(grep -c ":$hexport 00000000:0000 0A " /proc/net/tcp)"
stop_process "$SERVER_PID"
check_eq "tcp: SIGTERM when idle: exit status 0" 0 "$?"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "tcp:127.0.0.1:$PORT" -m 0660 2>"$TMP/err"
check_eq "tcp: -m refused" 2 "$?"

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
