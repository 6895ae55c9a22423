#!/bin/sh
# One Apache 2.4 on three loopback ports, one per way of running sitemapd:
# spawned by mod_fcgid, reached by mod_proxy_fcgi on a unix socket, and as
# a plain CGI behind a shared-hosting .htaccess. Each uses its contrib/ file.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

need apache2
MODULES=/usr/lib/apache2/modules
[ -f "$MODULES/mod_fcgid.so" ] ||
    skip "mod_fcgid (libapache2-mod-fcgid) is not installed"

# Apache's children run as www-data when it starts as root: everything
# they touch lives in a world-readable tree of the test's own.
chmod 755 "$TMP"
as_www=""
[ "$(id -u)" -ne 0 ] ||
    as_www="setpriv --reuid=www-data --regid=www-data --clear-groups"
mkdir -p "$TMP/bin" "$TMP/htdocs" "$TMP/cgi-root"
cp "$SITEMAPD" "$TMP/bin/sitemapd"
cp -R "$SRCDIR/contrib/example-site" "$TMP/root"
chmod -R go+rX "$TMP/root"
echo static >"$TMP/htdocs/static.txt"
ini "$TMP/fcgid.ini" "$TMP/root"
ini "$TMP/proxy.ini" "$TMP/root"

# Shared hosting: the binary and its INI beside the .htaccess.
cp "$SITEMAPD" "$TMP/cgi-root/sitemapd.cgi"
ini "$TMP/cgi-root/sitemapd.ini" "$TMP/root" "admin_path = /secret-admin"
cp "$SRCDIR/contrib/htaccess" "$TMP/cgi-root/.htaccess"
echo static >"$TMP/cgi-root/static.txt"

# mod_proxy_fcgi's backend: sitemapd on its own socket, in a directory
# of its own as a real deployment would have.
mkdir -p "$TMP/run"
[ -n "$as_www" ] && chown www-data "$TMP/run"
SOCK="$TMP/run/sitemapd.sock"
www=root:root
[ -n "$as_www" ] && www=www-data:www-data
supervise proxy_sitemapd "$TMP/proxy.ini" "$SOCK" "$www"

P1=$(free_port); P2=$(free_port); P3=$(free_port)
apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
TypesConfig /etc/mime.types
LoadModule rewrite_module $MODULES/mod_rewrite.so
LoadModule cgi_module $MODULES/mod_cgi.so
LoadModule fcgid_module $MODULES/mod_fcgid.so
LoadModule proxy_module $MODULES/mod_proxy.so
LoadModule proxy_fcgi_module $MODULES/mod_proxy_fcgi.so
StartServers 2
FcgidIPCDir "$TMP/apache/fcgid"
FcgidProcessTableFile "$TMP/apache/fcgid_shm"
Listen 127.0.0.1:$P1
Listen 127.0.0.1:$P2
Listen 127.0.0.1:$P3
<Directory />
	AllowOverride None
	Require all denied
</Directory>
<Directory "$TMP/htdocs">
	Require all granted
</Directory>
<Directory "$TMP/cgi-root">
	# Exactly what the README asks of a shared host, and no more.
	AllowOverride FileInfo Options=ExecCGI
	Require all granted
</Directory>

<VirtualHost 127.0.0.1:$P1>
	DocumentRoot "$TMP/htdocs"
	Define SITEMAPD_BIN "$TMP/bin/sitemapd"
	Define SITEMAPD_CONFIG "$TMP/fcgid.ini"
	Include "$SRCDIR/contrib/apache-fcgid.conf"
</VirtualHost>
<VirtualHost 127.0.0.1:$P2>
	DocumentRoot "$TMP/htdocs"
	Define SITEMAPD_SOCKET "$SOCK"
	Include "$SRCDIR/contrib/apache-proxy-fcgi.conf"
</VirtualHost>
<VirtualHost 127.0.0.1:$P3>
	DocumentRoot "$TMP/cgi-root"
</VirtualHost>
CONF
start_apache "$TMP/apache.conf" "http://127.0.0.1:$P1/static.txt" \
    "http://127.0.0.1:$P2/static.txt" "http://127.0.0.1:$P3/static.txt" ||
    exit 1

URL="http://127.0.0.1:$P1"
check_deployment "apache mod_fcgid" "$TMP/fcgid.ini"
# mod_fcgid starts another when the one it spawned dies.
check_restarted "apache mod_fcgid" $(pgrep -f "^$TMP/bin/sitemapd")

URL="http://127.0.0.1:$P2"
check_deployment "apache mod_proxy_fcgi" "$TMP/proxy.ini"
check_restarted "apache mod_proxy_fcgi, runit"

URL="http://127.0.0.1:$P3"
check_deployment "apache .htaccess CGI" "$TMP/cgi-root/sitemapd.ini"
get /sitemapd.ini
check_eq "apache .htaccess CGI: the INI is not served" 403 "$STATUS"
check_lacks "apache .htaccess CGI: the admin path stays secret" \
    secret-admin "$BODY"
for f in sitemapd-facts.db sitemapd-facts.db-wal sub/sitemapd.db; do
	mkdir -p "$TMP/cgi-root/sub"
	printf 'facts\n' >"$TMP/cgi-root/$f"
	get "/$f"
	check_eq "apache .htaccess CGI: page facts kept beside it are not served ($f)" \
	    403 "$STATUS"
done
get /static.txt
check_eq "apache .htaccess CGI: other files still served" static "$BODY"

check_no_sanitizer_report "$(cat "$TMP/apache/error.log" "$TMP/proxy_sitemapd.log")"
finish
