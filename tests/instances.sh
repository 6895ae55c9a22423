#!/bin/sh
# Many sites on one machine (README, Many sites): sitemapd@NAME, one
# instance a site, each with its INI (sitemapd/NAME.ini) and socket
# (NAME.sock), behind one nginx configured as the README says. The test
# machines run no systemd as PID 1, so spawn-fcgi -n stands in for it: each
# instance is its template's ExecStart with the instance's name, its
# socket on standard input as StandardInput=socket hands it, stopped with
# SIGTERM as systemctl stop sends it. Stopping one leaves the others
# serving.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need nginx spawn-fcgi

TUNIT="$(dirname "$(dirname "$SITEMAPD")")/contrib/sitemapd@.service"
# "-c DIR/sitemapd/%i.ini": where the template reads an instance's INI.
args=$(sed -n 's/^ExecStart=[^ ]*sitemapd -c .*\/\(sitemapd\/%i\.ini\)$/-c \1/p' \
    "$TUNIT")
check_eq "the template reads sitemapd/NAME.ini" "-c sitemapd/%i.ini" "$args"

mkdir -p "$TMP/etc/sitemapd" "$TMP/run" "$TMP/nginx-tmp"
PORT=$(free_port)
servers=""
upstreams=""
for name in alpha beta gamma; do
	cp -R "$SRCDIR/contrib/example-docroot" "$TMP/$name"
	echo "<title>$name</title>" >"$TMP/$name/only-$name.html"
	printf '[site]\nsource = docroot\nroot = %s\n' "$TMP/$name" \
	    >"$TMP/etc/sitemapd/$name.ini"
	(cd "$TMP/etc" && exec spawn-fcgi -n -s "$TMP/run/$name.sock" -- \
	    "$SITEMAPD" $(echo "$args" | sed "s/%i/$name/")) \
	    2>"$TMP/$name.log" &
	eval "PID_$name=$!"
	# The README's recipe: an upstream a site, the snippet pointed at it.
	upstreams="$upstreams
	upstream sitemapd_$name { server unix:$TMP/run/$name.sock; }"
	sed "s/fastcgi_pass sitemapd;/fastcgi_pass sitemapd_$name;/" \
	    "$SRCDIR/contrib/nginx.conf" >"$TMP/sitemapd-$name.conf"
	servers="$servers
	server {
		listen 127.0.0.1:$PORT;
		server_name $name.test;
		root $TMP/$name;
		include $TMP/sitemapd-$name.conf;
	}"
done
stop_instances() {
	for name in alpha beta gamma; do
		eval "kill -TERM \$PID_$name" 2>/dev/null
	done
}
on_exit stop_instances
[ "$(id -u)" -eq 0 ] && user="user root;"
cat >"$TMP/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log warn;
${user:-}
events { worker_connections 16; }
http {
	access_log off;
	client_body_temp_path $TMP/nginx-tmp/body;
	fastcgi_temp_path $TMP/nginx-tmp/fastcgi;
	proxy_temp_path $TMP/nginx-tmp/proxy;
	scgi_temp_path $TMP/nginx-tmp/scgi;
	uwsgi_temp_path $TMP/nginx-tmp/uwsgi;
	$upstreams
	$servers
}
CONF
nginx -t -p "$TMP" -c "$TMP/nginx.conf" >"$TMP/nginx-t" 2>&1
check_eq "nginx -t with a server and an upstream a site" 0 "$?"
nginx -p "$TMP" -c "$TMP/nginx.conf" >"$TMP/nginx.out" 2>&1 &
NGINX_PID=$!
on_exit stop_nginx
URL="http://127.0.0.1:$PORT"
up() { get /sitemap.xml -H "Host: $1.test" && [ "$STATUS" = 200 ]; }
for name in alpha beta gamma; do
	wait_for up $name
	check_eq "$name: its sitemap answers 200" 200 "$STATUS"
	check_contains "... and lists its own page" \
	    "<loc>http://$name.test/only-$name.html</loc>" "$BODY"
	for other in alpha beta gamma; do
		[ "$other" = "$name" ] && continue
		check_lacks "... not $other's" "only-$other.html" "$BODY"
	done
done

# systemctl stop sitemapd@beta: its process gets SIGTERM; the others
# answer as before, and beta's site answers 502 until it is started again.
stop_process "$PID_beta"
for name in alpha gamma; do
	get /sitemap.xml -H "Host: $name.test"
	check_eq "beta stopped: $name still answers 200" 200 "$STATUS"
	check_contains "... with its own page" "only-$name.html" "$BODY"
	check_eq "... its instance still runs" 0 \
	    "$(eval "kill -0 \$PID_$name" 2>/dev/null; echo $?)"
done
get /sitemap.xml -H "Host: beta.test"
check_eq "beta stopped: its site gets 502 from nginx" 502 "$STATUS"
get /robots.txt -H "Host: alpha.test"
check_contains "alpha's robots.txt names alpha's sitemap" \
    "Sitemap: http://alpha.test/sitemap.xml" "$BODY"
finish
