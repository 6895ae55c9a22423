#!/bin/sh
# Each "sitemapd recipe" loaded into a copy of its server's stock Debian
# configuration, as the recipe's own header comment says: pasted into
# /etc/nginx/sites-available/default's server { } with the stock root,
# index and location / lines deleted; included at the end of
# /etc/lighttpd/lighttpd.conf, whose document-root and index-file.names
# its ":=" replace; pasted into sites-available/000-default.conf's
# <VirtualHost> with the stock DocumentRoot deleted; and the .htaccess
# under exactly the AllowOverride its header names. Each loads (nginx -t,
# lighttpd -tt, apache2 -t), serves every listed URL with its file, and
# refuses the INI, the files sitemapd keeps and dotfiles.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need nginx
need lighttpd
need apache2
for f in /etc/nginx/sites-available/default /etc/lighttpd/lighttpd.conf \
    /etc/apache2/sites-available/000-default.conf; do
	[ -f "$f" ] || skip "$f is not there"
done
. "$SRCDIR/tests/serve-all.sh"

R="$TMP/site"
mkdir -p "$R/docs" "$R/state"
for p in index.html about.html docs/index.html docs/guide.html; do
	printf '<!doctype html><html><head><title>%s</title></head><body><main>%s</main></body></html>\n' \
	    "$p" "$p" >"$R/$p"
done
INI="$TMP/sitemapd.ini"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\npage_facts = %s\n' \
    "$R" "$R/state/dates.db" "$R/state/facts.db" >"$INI"
"$SITEMAPD" -c "$INI" list --host example.org | awk -F '\t' '
    $2 == "listed" { sub("^http://example.org", "", $3); print $3 "\t" $6 }' \
    >"$TMP/listed"
check_eq "the site lists its four pages" 4 "$(wc -l <"$TMP/listed")"
plant_secrets "$INI"
SOCK="$TMP/sitemapd.sock"
"$SITEMAPD" -c "$INI" -s "unix:$SOCK" 2>"$TMP/sitemapd.log" &
SITEMAPD_PID=$!
stop_sitemapd() { stop_process "$SITEMAPD_PID"; }
on_exit stop_sitemapd
wait_for test -S "$SOCK"
chmod 777 "$SOCK"
for s in nginx lighttpd apache htaccess; do
	"$SITEMAPD" -c "$INI" recipe $s >"$TMP/recipe.$s" ||
	    not_ok "sitemapd recipe $s"
done

# robots NAME BASE: sitemapd answers robots.txt through the server.
robots() {
	check_eq "$1: robots.txt, from sitemapd" 200 \
	    "$(curl -s -o /dev/null -w '%{http_code}' "$2/robots.txt")"
}

# --- nginx: the server { } of sites-available/default ---------------------
check_contains "nginx: the recipe says which stock lines to delete" \
    "delete the stock server's root, index" "$(cat "$TMP/recipe.nginx")"
PORT=$(free_port)
sed -e '/^[[:space:]]*root /d' -e '/^[[:space:]]*index /d' \
    -e '/^[[:space:]]*location \/ {/,/^[[:space:]]*}/d' \
    -e "s/listen 80 default_server;/listen 127.0.0.1:$PORT default_server;/" \
    -e '/listen \[::\]:80/d' -e "/server_name _;/r $TMP/recipe.nginx" \
    /etc/nginx/sites-available/default >"$TMP/default"
NGINX_PORT=$PORT NGINX_SERVER="include $TMP/default;" \
    NGINX_HTTP="include /etc/nginx/mime.types;
	upstream sitemapd { server unix:$SOCK; }" start_nginx
nginx -t -p "$TMP" -e "$TMP/nginx-error.log" -c "$TMP/nginx.conf" \
    >"$TMP/nginx-t" 2>&1
check_eq "nginx -t: the recipe loads into the stock server" 0 "$?"
fetch_all "nginx, stock server" "$NGINX"
deny_all "nginx, stock server" "$NGINX"
robots "nginx, stock server" "$NGINX"
stop_nginx

# --- lighttpd: included at the end of lighttpd.conf -----------------------
check_contains "lighttpd: the recipe replaces the stock settings" \
    "server.document-root :=" "$(cat "$TMP/recipe.lighttpd")"
PORT=$(free_port)
sed -e "s|^server.port .*|server.port = $PORT|" \
    -e "s|^server.pid-file .*|server.pid-file = \"$TMP/lighttpd.pid\"|" \
    -e "s|^server.errorlog .*|server.errorlog = \"$TMP/lighttpd.log\"|" \
    -e "s|^server.upload-dirs .*|server.upload-dirs = ( \"$TMP\" )|" \
    -e '/^server.username/d' -e '/^server.groupname/d' -e '/use-ipv6.pl/d' \
    /etc/lighttpd/lighttpd.conf >"$TMP/lighttpd.conf"
cat >>"$TMP/lighttpd.conf" <<CONF
server.bind = "127.0.0.1"
var.sitemapd_bin = "$TMP/bin/sitemapd"
var.sitemapd_config = "$INI"
var.sitemapd_socket = "$TMP/lighttpd-sitemapd.sock"
include "$TMP/recipe.lighttpd"
CONF
lighttpd -tt -f "$TMP/lighttpd.conf" >"$TMP/lighttpd-t" 2>&1
check_eq "lighttpd -tt: the recipe loads into the stock configuration" 0 \
    "$?"
[ -s "$TMP/lighttpd-t" ] && cat "$TMP/lighttpd-t"
lighttpd -D -f "$TMP/lighttpd.conf" >"$TMP/lighttpd.out" 2>&1 &
LIGHTTPD_PID=$!
if wait_http "http://127.0.0.1:$PORT/about.html" "$LIGHTTPD_PID"; then
	fetch_all "lighttpd, stock configuration" "http://127.0.0.1:$PORT"
	deny_all "lighttpd, stock configuration" "http://127.0.0.1:$PORT"
	robots "lighttpd, stock configuration" "http://127.0.0.1:$PORT"
else
	not_ok "lighttpd starts"; cat "$TMP/lighttpd.out" "$TMP/lighttpd.log"
fi
stop_spawner "$LIGHTTPD_PID"

# --- Apache: 000-default.conf's <VirtualHost>, and the .htaccess ----------
check_contains "apache: the recipe says which stock line to delete" \
    "delete the stock DocumentRoot line" "$(cat "$TMP/recipe.apache")"
overrides=$(sed -n 's/^# It needs AllowOverride \(.*\)$/\1/p' \
    "$TMP/recipe.htaccess")
check_contains "htaccess: the recipe names the overrides it needs" \
    FileInfo "$overrides"
P1=$(free_port) P2=$(free_port)
awk -v recipe="$TMP/recipe.apache" -v port="$P1" '
    /<VirtualHost \*:80>/ { sub(/\*:80/, "127.0.0.1:" port) }
    /^[[:space:]]*DocumentRoot / { next }
    /^<\/VirtualHost>/ { while ((getline line < recipe) > 0) print line }
    { print }' /etc/apache2/sites-available/000-default.conf >"$TMP/vhost.conf"
rm -rf "$TMP/apache"
cp "$SITEMAPD" "$R/sitemapd.cgi"
sed "s|^root = .*|root = .|" "$INI" >"$R/sitemapd.ini"
cp "$TMP/recipe.htaccess" "$R/.htaccess"
chmod -R go+rX "$R"
apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
LoadModule dir_module $MODULES/mod_dir.so
LoadModule negotiation_module $MODULES/mod_negotiation.so
TypesConfig /etc/mime.types
LoadModule rewrite_module $MODULES/mod_rewrite.so
LoadModule cgi_module $MODULES/mod_cgi.so
LoadModule proxy_module $MODULES/mod_proxy.so
LoadModule proxy_fcgi_module $MODULES/mod_proxy_fcgi.so
Define APACHE_LOG_DIR "$TMP/apache"
Define SITEMAPD_SOCKET "$SOCK"
Listen 127.0.0.1:$P1
Listen 127.0.0.1:$P2
<Directory />
	AllowOverride None
	Require all denied
	Options +MultiViews
</Directory>
Include "$TMP/vhost.conf"
<VirtualHost 127.0.0.1:$P2>
	DocumentRoot "$R"
	<Directory "$R">
		AllowOverride $overrides
		Require all granted
	</Directory>
</VirtualHost>
CONF
apache2 -t -f "$TMP/apache.conf" >"$TMP/apache-t" 2>&1
check_eq "apache2 -t: the recipe loads into the stock virtual host" 0 "$?"
if start_apache "$TMP/apache.conf" "http://127.0.0.1:$P1/about.html" \
    "http://127.0.0.1:$P2/about.html"; then
	fetch_all "apache, stock virtual host" "http://127.0.0.1:$P1"
	deny_all "apache, stock virtual host" "http://127.0.0.1:$P1"
	robots "apache, stock virtual host" "http://127.0.0.1:$P1"
	fetch_all "apache .htaccess, AllowOverride $overrides" \
	    "http://127.0.0.1:$P2"
	deny_all "apache .htaccess, AllowOverride $overrides" \
	    "http://127.0.0.1:$P2"
	robots "apache .htaccess" "http://127.0.0.1:$P2"
	stop_apache
else
	not_ok "apache starts"
fi
check_no_sanitizer_report "$(cat "$TMP/sitemapd.log")"
finish
