#!/bin/sh
# The IndexNow process ends with its server, whoever started the server:
# lighttpd (contrib/lighttpd.conf), spawn-fcgi, systemd's socket unit,
# runit (contrib/runit/sitemapd) and sitemapd -s. Each launcher is stopped
# as its documentation says, and no process of this test's sitemapd may be
# left. (An orphan used to catch the SIGTERM with libfcgi's handler and go
# on submitting.) Its supervision, a killed process started again, is in
# tests/indexnow.sh.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

cp -R "$SRCDIR/contrib/example-docroot" "$TMP/site"
# Its endpoint answers nothing: what matters is the process, not a POST.
printf '[site]\nsource = docroot\nroot = %s\n[indexnow]\nkey = 9f2c4e6a8b0d1f3e\nhost = www.example.org\nendpoint = http://127.0.0.1:9/indexnow\ndelay = 0\nstate = %s\n' \
    "$TMP/site" "$TMP/indexnow.db" >"$TMP/site.ini"

# ours [COMM]: the live processes started for this test's INI (on their
# command line, or in SITEMAPD_CONFIG as lighttpd passes it); with COMM,
# only those of that name.
ours() {
	for _pid in $(pgrep sitemapd); do
		_d=/proc/$_pid
		[ "$(cut -d ' ' -f 3 "$_d/stat" 2>/dev/null)" != Z ] || continue
		[ -z "${1:-}" ] || [ "$(cat "$_d/comm" 2>/dev/null)" = "$1" ] ||
		    continue
		if { tr '\0' '\n' <"$_d/cmdline" |
		    grep -qxF "$TMP/site.ini" ||
		    tr '\0' '\n' <"$_d/environ" |
		    grep -qxF "SITEMAPD_CONFIG=$TMP/site.ini"; } 2>/dev/null; then
			echo "$_pid"
		fi
	done
}
some_indexnow() { [ -n "$(ours sitemapd-idxnow)" ]; }
none_left() { [ -z "$(ours)" ]; }
# launched NAME STOP...: an IndexNow process runs; after STOP, nothing.
launched() {
	_name=$1; shift
	wait_for some_indexnow
	check_eq "$_name: its IndexNow process runs, named for ps" 0 "$?"
	"$@"
	wait_for none_left
	check_eq "$_name: stopped, no sitemapd process is left" "" \
	    "$(ours | tr '\n' ' ')"
	# What a failure left must not outlive the test.
	[ -z "$(ours)" ] || kill -KILL $(ours) 2>/dev/null
}

if command -v lighttpd >/dev/null; then
	start_lighttpd "$TMP/site.ini"
	launched "lighttpd" stop_process "$LIGHTTPD_PID"
else
	echo "lighttpd is not installed: that launcher skipped"
fi

if command -v spawn-fcgi >/dev/null; then
	spawn-fcgi -s "$TMP/spawned.sock" -P "$TMP/spawned.pid" -- \
	    "$SITEMAPD" -c "$TMP/site.ini" >/dev/null 2>"$TMP/spawned.log"
	launched "spawn-fcgi" kill -TERM "$(cat "$TMP/spawned.pid")"

	# systemd's socket unit: the socket on standard input, then at stop
	# SIGTERM to every process of the unit at once (KillMode=control-group).
	spawn-fcgi -n -s "$TMP/unit.sock" -- "$SITEMAPD" -c "$TMP/site.ini" \
	    2>"$TMP/unit.log" &
	stop_unit() { kill -TERM $(ours); }
	launched "systemd's socket unit" stop_unit
else
	echo "spawn-fcgi is not installed: those launchers skipped"
fi

if command -v runsv >/dev/null; then
	supervise runit "$TMP/site.ini" "$TMP/runit/sitemapd.sock"
	launched "runit" unsupervise_runit
else
	echo "runit is not installed: that launcher skipped"
fi

"$SITEMAPD" -c "$TMP/site.ini" -s "unix:$TMP/own.sock" 2>"$TMP/own.log" &
OWN_PID=$!
launched "sitemapd -s" stop_process "$OWN_PID"
check_no_sanitizer_report "$(cat "$TMP"/*.log)"

finish
