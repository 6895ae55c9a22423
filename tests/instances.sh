#!/bin/sh
# Many sites on one machine (README, Many sites): sitemapd@NAME, one
# instance a site, each with its INI (sitemapd/NAME.ini) and socket
# (NAME.sock), behind one nginx configured as the README says. The test
# machines run no systemd as PID 1, so spawn-fcgi -n stands in for it: each
# instance is its template's ExecStart with the instance's name, its
# socket on standard input as StandardInput=socket hands it, stopped with
# SIGTERM as systemctl stop sends it. Stopping one leaves the others
# serving. Then the same three sites behind one Apache, each virtual
# host naming its instance's socket for contrib/apache-proxy-fcgi.conf,
# and one lighttpd, each host's block for contrib/lighttpd-socket.conf.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need nginx spawn-fcgi

TUNIT="$(dirname "$(dirname "$SITEMAPD")")/contrib/sitemapd@.service"
# "-c DIR/sitemapd/%i.ini": where the template reads an instance's INI.
args=$(sed -n 's/^ExecStart=[^ ]*sitemapd -c .*\/\(sitemapd\/%i\.ini\)$/-c \1/p' \
    "$TUNIT")
check_eq "the template reads sitemapd/NAME.ini" "-c sitemapd/%i.ini" "$args"

mkdir -p "$TMP/etc/sitemapd" "$TMP/run"
chmod 755 "$TMP"	# Apache's children run as www-data
PORT=$(free_port)
servers=""
upstreams=""
# start_instance NAME: as systemctl start sitemapd@NAME (mode 0660 with
# group www-data there; here any user, as the test may not be root).
start_instance() {
	(cd "$TMP/etc" && exec spawn-fcgi -n -M 0666 -s "$TMP/run/$1.sock" -- \
	    "$SITEMAPD" $(echo "$args" | sed "s/%i/$1/")) 2>>"$TMP/$1.log" &
	eval "PID_$1=$!"
}
for name in alpha beta gamma; do
	cp -R "$SRCDIR/contrib/example-docroot" "$TMP/$name"
	echo "<title>$name</title>" >"$TMP/$name/only-$name.html"
	printf '[site]\nsource = docroot\nroot = %s\n' "$TMP/$name" \
	    >"$TMP/etc/sitemapd/$name.ini"
	start_instance $name
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
# The three servers, by name, beside start_nginx's default one.
NGINX_PORT=$PORT NGINX_HTTP="$upstreams
$servers" start_nginx "$TMP/alpha"
nginx -t -p "$TMP" -c "$TMP/nginx.conf" >"$TMP/nginx-t" 2>&1
check_eq "nginx -t with a server and an upstream a site" 0 "$?"
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
stop_nginx

start_instance beta
# lighttpd-socket.conf routes the paths lighttpd.conf does.
routes() { sed -n 's/^\$HTTP\["url"\] =~ \(.*\) {$/\1/p' "$1"; }
check_eq "lighttpd-socket.conf routes what lighttpd.conf routes" \
    "$(routes "$SRCDIR/contrib/lighttpd.conf")" \
    "$(routes "$SRCDIR/contrib/lighttpd-socket.conf")"
if command -v lighttpd >/dev/null; then
	P=$(free_port)
	{
		printf 'server.document-root = "%s"\n' "$TMP/alpha"
		printf 'server.bind = "127.0.0.1"\nserver.port = %s\n' "$P"
		printf 'server.errorlog = "%s"\n' "$TMP/lighttpd.log"
		printf 'index-file.names = ( "index.html" )\n'
		printf 'server.modules += ( "mod_fastcgi" )\n'
		for name in alpha beta gamma; do
			printf '$HTTP["host"] == "%s.test" {\n' "$name"
			printf '\tserver.document-root = "%s"\n' "$TMP/$name"
			printf '\tvar.sitemapd_socket = "%s"\n' "$TMP/run/$name.sock"
			printf '\tinclude "%s"\n}\n' "$SRCDIR/contrib/lighttpd-socket.conf"
		done
	} >"$TMP/lighttpd.conf"
	lighttpd -tt -f "$TMP/lighttpd.conf" >"$TMP/lighttpd-t" 2>&1
	check_eq "lighttpd -tt with a host block a site" 0 "$?"
	lighttpd -D -f "$TMP/lighttpd.conf" >"$TMP/lighttpd.out" 2>&1 &
	LIGHTTPD_PID=$!
	on_exit stop_lighttpd
	URL="http://127.0.0.1:$P"
	for name in alpha beta gamma; do
		wait_for up $name
		check_eq "lighttpd, $name: its sitemap answers 200" 200 "$STATUS"
		check_contains "... and lists its own page" \
		    "<loc>http://$name.test/only-$name.html</loc>" "$BODY"
		check_eq "... only its own" 1 \
		    "$(printf '%s' "$BODY" | grep -c 'only-')"
	done
	stop_process "$LIGHTTPD_PID"
else
	echo "lighttpd is not installed: that recipe untried"
fi

MODULES=/usr/lib/apache2/modules
if ! command -v apache2 >/dev/null || [ ! -f "$MODULES/mod_proxy_fcgi.so" ]; then
	echo "apache2 or mod_proxy_fcgi is not installed: that recipe untried"
	finish
	exit 0
fi
P=$(free_port)
vhosts=""
for name in alpha beta gamma; do
	vhosts="$vhosts
<VirtualHost 127.0.0.1:$P>
	ServerName $name.test
	DocumentRoot \"$TMP/$name\"
	Define SITEMAPD_SOCKET $TMP/run/$name.sock
	Include $SRCDIR/contrib/apache-proxy-fcgi.conf
</VirtualHost>"
done
apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
TypesConfig /etc/mime.types
LoadModule proxy_module $MODULES/mod_proxy.so
LoadModule proxy_fcgi_module $MODULES/mod_proxy_fcgi.so
StartServers 2
Listen 127.0.0.1:$P
<Directory />
	Require all granted
</Directory>
$vhosts
CONF
apache2 -t -f "$TMP/apache.conf" >"$TMP/apache-t" 2>&1
check_eq "apache2 -t with a virtual host a site" 0 "$?"
start_apache "$TMP/apache.conf" "http://127.0.0.1:$P/index.html" || exit 1
URL="http://127.0.0.1:$P"
for name in alpha beta gamma; do
	wait_for up $name
	check_eq "apache, $name: its sitemap answers 200" 200 "$STATUS"
	check_contains "... and lists its own page, no other" \
	    "<loc>http://$name.test/only-$name.html</loc>" "$BODY"
	check_eq "... only its own" 1 "$(printf '%s' "$BODY" | grep -c 'only-')"
done
stop_process "$PID_gamma"
get /sitemap.xml -H "Host: alpha.test"
check_contains "apache, gamma stopped: alpha still lists its page" \
    "only-alpha.html" "$BODY"
get /sitemap.xml -H "Host: gamma.test"
check_eq "... gamma's site gets 503 from Apache" 503 "$STATUS"
finish
