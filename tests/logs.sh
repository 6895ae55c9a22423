#!/bin/sh
# Where log lines go (sitemapd -l): stderr, as web servers collect it;
# syslog, facility daemon, with priorities; a file, appended to and
# reopened on SIGHUP after logrotate moved it; and syslog by itself when
# stderr is /dev/null, as under spawn-fcgi, where lines were lost.
. "$SRCDIR/tests/lib.sh"

CLIENT=$(dirname "$SITEMAPD")/../tests/fcgi-client
[ -x "$CLIENT" ] || { echo "tests/fcgi-client not built"; exit 1; }
ini "$TMP/sitemapd.ini" "$SRCDIR/contrib/example-site"
SOCK="$TMP/s.sock"
# The example site holds broken pages: each scan logs why it skips them,
# naming the file below the root as the INI's root reads once cleaned.
site=$(cd "$SRCDIR/contrib/example-site" && pwd)
SKIPPED="$site/content/06/0000000000000606.3.ron: skipped: markdown needs a title"

serve() {	# serve [OPTIONS...]: a FastCGI process on SOCK
	rm -f "$SOCK"
	"$SITEMAPD" -c "$TMP/sitemapd.ini" "$@" -s "unix:$SOCK" \
	    2>>"$TMP/stderr.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK" || not_ok "the socket appears"
	"$CLIENT" "$SOCK" get /sitemap.xml 10000 >/dev/null
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop

# --- stderr ------------------------------------------------------------------
serve
stop
check_contains "stderr: a line" "sitemapd: $SKIPPED" \
    "$(cat "$TMP/stderr.log")"

# --- a file, moved away by logrotate, then SIGHUP ----------------------------
: >"$TMP/stderr.log"
serve -l "$TMP/sitemapd.log"
check_contains "file: a line, stamped with the time and the process" \
    "Z [$SERVER_PID] sitemapd: $SKIPPED" \
    "$(cat "$TMP/sitemapd.log")"
mv "$TMP/sitemapd.log" "$TMP/sitemapd.log.1"
kill -HUP "$SERVER_PID"
wait_for grep -q "SIGHUP" "$TMP/sitemapd.log" 2>/dev/null
check_contains "file: after logrotate and SIGHUP, lines go to a new file" \
    "SIGHUP: reading the configuration" "$(cat "$TMP/sitemapd.log" 2>&1)"
check_lacks "... and not on to the old one" "SIGHUP" "$(cat "$TMP/sitemapd.log.1")"
stop
check_eq "file: nothing on stderr" "" "$(cat "$TMP/stderr.log")"

"$SITEMAPD" -l sitemapd.log check >/dev/null 2>"$TMP/err"
check_eq "-l with a relative path: refused" 2 "$?"
check_contains "... saying what it takes" \
    "-l sitemapd.log: expected stderr, syslog or an absolute file path" \
    "$(cat "$TMP/err")"

# --- syslog ------------------------------------------------------------------
# A /dev/log of the test's own, in a mount namespace of its own: what
# syslog(3) sends there is read back as it would reach a syslog daemon.
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null ||
    ! nc -h 2>&1 | grep -q -- -U; then
	echo "syslog: needs root, unshare and netcat-openbsd: skipped"
else
	# A /dev of its own, the devices sitemapd opens kept, /dev/log ours.
	cat >"$TMP/syslog.sh" <<EOF
set -u
mount --make-rprivate / && mkdir -p "$TMP/dev" &&
    mount --rbind /dev "$TMP/dev" && mount -t tmpfs tmpfs /dev || exit 1
for n in null zero random urandom log; do touch /dev/\$n; done
for n in null zero random urandom; do mount --bind "$TMP/dev/\$n" /dev/\$n; done
mount --bind "$TMP/devlog" /dev/log || exit 1
"$SITEMAPD" -c "$TMP/sitemapd.ini" \$1 -s "unix:$SOCK" 2>"\$2" &
pid=\$!
for i in \$(seq 200); do [ -S "$SOCK" ] && break; sleep 0.1; done
"$CLIENT" "$SOCK" get /sitemap.xml 10000 >/dev/null
sleep 0.5
kill \$pid; wait \$pid
EOF
	for how in "-l syslog" "(stderr /dev/null)"; do
		rm -f "$SOCK" "$TMP/devlog" "$TMP/syslog.out"
		nc -lkuU "$TMP/devlog" >"$TMP/syslog.out" &
		reader=$!
		wait_for test -S "$TMP/devlog"
		# stderr /dev/null: what spawn-fcgi hands over.
		if [ "$how" = "-l syslog" ]; then
			unshare -m sh "$TMP/syslog.sh" "-l syslog" "$TMP/stderr.log"
		else
			unshare -m sh "$TMP/syslog.sh" "" /dev/null
		fi
		kill "$reader" 2>/dev/null
		wait "$reader" 2>/dev/null
		# One message a line; <28>: facility daemon (3) times 8,
		# priority warning (4); <30>: info.
		sed 's/<[0-9]*>/\n&/g' "$TMP/syslog.out" >"$TMP/messages"
		check_contains "syslog $how: a line, facility daemon, priority warning" \
		    "<28>" "$(grep "$SKIPPED" "$TMP/messages")"
		check_contains "syslog $how: named sitemapd with its process" \
		    "sitemapd[" "$(grep "$SKIPPED" "$TMP/messages")"
		check_contains "syslog $how: an info line at priority info" "<30>" \
		    "$(grep "listening on" "$TMP/messages")"
	done
	# No syslog socket: said once on stderr, and the lines go there.
	rm -f "$SOCK" "$TMP/devlog"
	: >"$TMP/devlog"	# a file, no socket
	unshare -m sh "$TMP/syslog.sh" "-l syslog" "$TMP/nosyslog.log"
	check_contains "-l syslog with no syslog socket: said on stderr" \
	    "sitemapd: -l syslog: no syslog socket (/dev/log: " \
	    "$(cat "$TMP/nosyslog.log")"
	check_eq "... once" 1 "$(grep -c 'no syslog socket' "$TMP/nosyslog.log")"
	check_contains "... and the lines go to stderr" "listening on" \
	    "$(cat "$TMP/nosyslog.log")"
fi

check_no_sanitizer_report "$(cat "$TMP/stderr.log")"
finish
