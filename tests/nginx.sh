#!/bin/sh
# nginx passes the sitemap paths to sitemapd over unix sockets, through
# contrib/nginx.conf and nginx-upstream.conf (kept connections); spawn-fcgi
# starts one sitemapd with the socket on fd 0, sitemapd -s a second.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

for tool in nginx spawn-fcgi; do
	need "$tool"
done

cp -R "$SRCDIR/contrib/example-site" "$TMP/root"
ini "$TMP/sitemapd.ini" "$TMP/root"
mkdir -p "$TMP/htdocs" "$TMP/nginx-tmp"
echo static >"$TMP/htdocs/static.txt"

SOCK="$TMP/sitemapd.sock"
spawn-fcgi -n -s "$SOCK" -M 0600 -- "$SITEMAPD" -c "$TMP/sitemapd.ini" \
    >"$TMP/spawn.out" 2>"$TMP/sitemapd.log" &
SITEMAPD_PID=$!
stop_sitemapd() { stop_process "$SITEMAPD_PID"; }
on_exit stop_sitemapd
# The second under runit, as contrib/runit/sitemapd ships it.
SOCK2="$TMP/run/sitemapd.sock"
supervise runit "$TMP/sitemapd.ini" "$SOCK2"

# The snippets as shipped, the upstream pointed at this test's processes.
# max_fails=0: nginx must try a restarted process at once, not in 10 s.
cp "$SRCDIR/contrib/nginx.conf" "$TMP/sitemapd-nginx.conf"
sed "s|server unix:/run/sitemapd/sitemapd.sock;|server unix:$SOCK max_fails=0; server unix:$SOCK2 max_fails=0;|" \
    "$SRCDIR/contrib/nginx-upstream.conf" >"$TMP/sitemapd-upstream.conf"
check_contains "the shipped upstream is the one pointed here" "unix:$SOCK2" \
    "$(cat "$TMP/sitemapd-upstream.conf")"
PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
# As root, workers would otherwise be nobody, who cannot reach the socket.
user=""
[ "$(id -u)" -eq 0 ] && user="user root;"
cat >"$TMP/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log warn;
$user
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path $TMP/nginx-tmp/body;
	fastcgi_temp_path $TMP/nginx-tmp/fastcgi;
	proxy_temp_path $TMP/nginx-tmp/proxy;
	scgi_temp_path $TMP/nginx-tmp/scgi;
	uwsgi_temp_path $TMP/nginx-tmp/uwsgi;
	include $TMP/sitemapd-upstream.conf;
	server {
		listen 127.0.0.1:$PORT;
		root $TMP/htdocs;
		include $TMP/sitemapd-nginx.conf;
	}
}
CONF
nginx -p "$TMP" -e "$TMP/nginx-error.log" -c "$TMP/nginx.conf" \
    >"$TMP/nginx.out" 2>&1 &
NGINX_PID=$!
stop_nginx() { stop_process "$NGINX_PID" QUIT; }
on_exit stop_nginx
wait_http "$URL/static.txt" "$NGINX_PID" || {
	echo "nginx did not start:"; cat "$TMP/nginx.out" "$TMP/nginx-error.log"
	exit 1
}

check_deployment nginx "$TMP/sitemapd.ini"
get /static.txt
check_eq "nginx keeps serving its own files" static "$BODY"

# nginx now holds idle kept connections to both processes; a burst over
# many of them, then one plain request, which must not wait behind them
# (held behind an idle connection, it would never be answered).
seq 300 | xargs -P 8 -I{} curl -s -o /dev/null "$URL/sitemap.xml?{}"
get /robots.txt --max-time 60
check_eq "kept connections: a request after a burst is answered" 200 "$STATUS"
check_lacks "kept connections: nginx logged no upstream error" "upstream" \
    "$(cat "$TMP/nginx-error.log")"

stop_process "$SITEMAPD_PID"
check_eq "spawn-fcgi: SIGTERM stops sitemapd cleanly" 0 "$?"
check_restarted "nginx, runit"
# Stopped, as runit says, before nginx is asked: on a loaded machine the
# restarted service may not yet take the command.
stopped() {
	sv force-stop "$SV_DIR" >/dev/null 2>&1
	sv status "$SV_DIR" 2>/dev/null | grep -q '^down:'
}
wait_for stopped || not_ok "runit stops sitemapd"
get /robots.txt
check_eq "sitemapd stopped on purpose: nginx answers 502" 502 "$STATUS"

check_no_sanitizer_report "$(cat "$TMP/sitemapd.log" "$TMP/runit.log")"
finish
