#!/bin/sh
# The README's deployment recipes, run as they are written there (only the
# paths moved into this test's directory), with the users they name: the
# web server as www-data, sitemapd as the user sitemapd where it runs on
# its own. A socket of the wrong group answers 503 through Apache, and a
# crawler reads a 5xx robots.txt as "disallow everything".
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

[ "$(id -u)" -eq 0 ] || skip "running as www-data and sitemapd needs root"
id www-data >/dev/null 2>&1 || skip "no user www-data"
id -nG sitemapd 2>/dev/null | grep -qw www-data ||
    skip "no user sitemapd in the group www-data (contrib/install-deps test makes it, as the README's recipe does)"

# readme_command PREFIX: the README's command that starts with PREFIX, its
# continued lines joined, with the installed paths moved here.
readme_command() {
	awk -v p="$1" '
	index($0, "    " p) == 1 { on = 1 }
	on {
		line = line $0
		if (sub(/\\$/, "", line) == 0) { print line; exit }
	}' "$SRCDIR/README" | sed -e 's/^ *//' -e 's/  */ /g' \
	    -e "s|/usr/bin/sitemapd|$TMP/bin/sitemapd|" \
	    -e "s|/etc/sitemapd.ini|$TMP/sitemapd.ini|" \
	    -e "s|/run/sitemapd|$TMP/run|g"
}
# user_of PATTERN: the user of the process whose command line matches.
user_of() { ps -o user= -p "$(pgrep -f -n -- "$1")" 2>/dev/null; }
# start_on_own NAME PREFIX WANTED: runs the README's command that starts
# with PREFIX, which must hold WANTED, as sitemapd on its own socket.
start_on_own() {
	rm -f "$TMP/run/sitemapd.sock"
	cmd=$(readme_command "$2")
	check_contains "$1: the README's command" "$3" "$cmd"
	eval "$cmd" >"$TMP/$1.out" 2>&1 &
	wait_for test -S "$TMP/run/sitemapd.sock"
	# Bound first, then given its group and mode (spawn-fcgi binds it
	# with the user's group and the umask's mode): its state once set.
	wait_for sh -c "[ \"\$(stat -c '%G %a' '$TMP/run/sitemapd.sock')\" = \
	    'www-data 660' ]"
	check_eq "$1: the socket is www-data's, mode 0660" "www-data 660" \
	    "$(stat -c '%G %a' "$TMP/run/sitemapd.sock")"
	check_eq "$1: sitemapd runs as sitemapd" sitemapd \
	    "$(user_of "$TMP/bin/sitemapd -c")"
	PORT=$(free_port)
	URL="http://127.0.0.1:$PORT"
}
stop_on_own() { pkill -f -- "$TMP/bin/sitemapd -c" 2>/dev/null; }
on_exit stop_on_own

chmod 755 "$TMP"
mkdir -p "$TMP/bin" "$TMP/htdocs"
cp "$SITEMAPD" "$TMP/bin/sitemapd"
cp -R "$SRCDIR/contrib/example-site" "$TMP/root"
chmod -R go+rX "$TMP/root" "$TMP/bin" "$TMP/htdocs"
ini "$TMP/sitemapd.ini" "$TMP/root"
chmod 644 "$TMP/sitemapd.ini"
echo static >"$TMP/htdocs/static.txt"

# --- the socket's directory, as the README makes it ------------------------
cmd=$(readme_command "install -d -o sitemapd")
check_contains "the README makes the socket's directory" "install -d" "$cmd"
eval "$cmd"
check_eq "... owned by sitemapd, group www-data, 0750" "sitemapd www-data 750" \
    "$(stat -c '%U %G %a' "$TMP/run")"

# --- Apache with mod_proxy_fcgi, sitemapd on its own as sitemapd -----------
if [ -f /usr/lib/apache2/modules/mod_proxy_fcgi.so ]; then
	start_on_own mod_proxy_fcgi "runuser -u sitemapd" "-g www-data"
	modules=/usr/lib/apache2/modules
	apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_event_module $modules/mod_mpm_event.so
LoadModule authz_core_module $modules/mod_authz_core.so
LoadModule proxy_module $modules/mod_proxy.so
LoadModule proxy_fcgi_module $modules/mod_proxy_fcgi.so
Listen 127.0.0.1:$PORT
DocumentRoot "$TMP/htdocs"
<Directory "$TMP/htdocs">
	Require all granted
</Directory>
Define SITEMAPD_SOCKET $TMP/run/sitemapd.sock
Include $SRCDIR/contrib/apache-proxy-fcgi.conf
CONF
	start_apache "$TMP/apache.conf" "$URL/static.txt"
	get /robots.txt
	check_eq "Apache (www-data) to sitemapd (sitemapd): robots.txt 200" 200 \
	    "$STATUS"
	get /sitemap.xml
	check_eq "... and the sitemap 200" 200 "$STATUS"
	stop_apache
	stop_on_own
	wait 2>/dev/null
	check_no_sanitizer_report "$(cat "$TMP/mod_proxy_fcgi.out")"
else
	echo "mod_proxy_fcgi is not installed: that recipe skipped"
fi

# --- nginx, sitemapd started by spawn-fcgi as sitemapd ----------------------
if command -v nginx >/dev/null && command -v spawn-fcgi >/dev/null; then
	start_on_own spawn-fcgi "spawn-fcgi -s" "-u sitemapd"
	mkdir -p "$TMP/nginx"
	sed "s|/run/sitemapd|$TMP/run|" "$SRCDIR/contrib/nginx-upstream.conf" \
	    >"$TMP/nginx/upstream.conf"
	cat >"$TMP/nginx/nginx.conf" <<CONF
daemon off;
user www-data;
worker_processes 1;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log warn;
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path $TMP/nginx/body;
	fastcgi_temp_path $TMP/nginx/fastcgi;
	proxy_temp_path $TMP/nginx/proxy;
	scgi_temp_path $TMP/nginx/scgi;
	uwsgi_temp_path $TMP/nginx/uwsgi;
	include $TMP/nginx/upstream.conf;
	server {
		listen 127.0.0.1:$PORT;
		root $TMP/htdocs;
		include $SRCDIR/contrib/nginx.conf;
	}
}
CONF
	nginx -p "$TMP/nginx" -e "$TMP/nginx/error.log" \
	    -c "$TMP/nginx/nginx.conf" >"$TMP/nginx.out" 2>&1 &
	NGINX_PID=$!
	stop_nginx() { stop_process "$NGINX_PID"; }
	on_exit stop_nginx
	wait_http "$URL/static.txt" "$NGINX_PID"
	get /robots.txt
	check_eq "nginx (www-data) to sitemapd (sitemapd): robots.txt 200" 200 \
	    "$STATUS"
	get /sitemap.xml
	check_eq "... and the sitemap 200" 200 "$STATUS"
	stop_nginx
	stop_on_own
else
	echo "nginx or spawn-fcgi is not installed: that recipe skipped"
fi

# --- lighttpd, spawning sitemapd as its own user ---------------------------
if command -v lighttpd >/dev/null; then
	mkdir -p "$TMP/lighttpd-run"
	chown www-data "$TMP/lighttpd-run"
	PORT=$(free_port)
	URL="http://127.0.0.1:$PORT"
	cat >"$TMP/lighttpd.conf" <<CONF
server.document-root = "$TMP/htdocs"
server.bind = "127.0.0.1"
server.port = $PORT
server.username = "www-data"
server.groupname = "www-data"
server.errorlog = "$TMP/lighttpd-run/error.log"
$(readme_command 'var.sitemapd_bin')
$(readme_command 'var.sitemapd_config')
var.sitemapd_socket = "$TMP/lighttpd-run/sitemapd.sock"
include "$SRCDIR/contrib/lighttpd.conf"
CONF
	lighttpd -D -f "$TMP/lighttpd.conf" >"$TMP/lighttpd.out" 2>&1 &
	LIGHTTPD_PID=$!
	on_exit stop_lighttpd
	wait_http "$URL/static.txt" "$LIGHTTPD_PID"
	get /robots.txt
	check_eq "lighttpd (www-data) spawning sitemapd: robots.txt 200" 200 \
	    "$STATUS"
	check_eq "... sitemapd runs as www-data" www-data \
	    "$(user_of "$TMP/bin/sitemapd")"
	stop_lighttpd
else
	echo "lighttpd is not installed: that recipe skipped"
fi

finish
