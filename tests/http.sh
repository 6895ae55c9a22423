# Helpers for the tests that put sitemapd behind a real web server:
# loopback ports, curl requests, and the checks every deployment passes.
# Sourced after lib.sh.

need curl

# wait_http URL PID: polls until URL answers while PID still runs.
wait_http() {
	for _i in $(seq 100); do
		curl -s -o /dev/null "$1" && return 0
		kill -0 "$2" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# start_lighttpd INI [DOCROOT]: lighttpd on a free loopback port, serving
# DOCROOT (default $TMP/htdocs) and spawning sitemapd with INI through
# contrib/lighttpd.conf, under LIGHTTPD_PREFIX when set, with the lines
# of LIGHTTPD_EXTRA; sets PORT and URL.
start_lighttpd() {
	need lighttpd
	mkdir -p "$TMP/htdocs"
	echo static >"$TMP/htdocs/static.txt"
	PORT=$(free_port)
	URL="http://127.0.0.1:$PORT"
	cat >"$TMP/lighttpd.conf" <<CONF
server.document-root = "${2:-$TMP/htdocs}"
index-file.names = ( "index.html" )
server.bind = "127.0.0.1"
server.port = $PORT
server.pid-file = "$TMP/lighttpd.pid"
server.errorlog = "$TMP/lighttpd.log"
var.sitemapd_bin = "$SITEMAPD"
var.sitemapd_config = "$1"
var.sitemapd_socket = "$TMP/sitemapd.sock"
include "$SRCDIR/contrib/lighttpd.conf"
${LIGHTTPD_EXTRA:-}
CONF
	${LIGHTTPD_PREFIX:-} lighttpd -D -f "$TMP/lighttpd.conf" \
	    >"$TMP/lighttpd.out" 2>&1 &
	LIGHTTPD_PID=$!
	on_exit stop_lighttpd
	wait_http "$URL/static.txt" "$LIGHTTPD_PID" || {
		echo "lighttpd did not start:"
		cat "$TMP/lighttpd.out" "$TMP/lighttpd.log"
		exit 1
	}
}
stop_lighttpd() { stop_spawner "$LIGHTTPD_PID"; }

# stop_spawner PID: stops a server, then kills the FastCGI processes it
# spawned, which a server killed for taking too long leaves behind.
stop_spawner() {
	_kids=$(pgrep -P "$1")
	stop_process "$1"
	[ -z "$_kids" ] || kill -KILL $_kids 2>/dev/null
	return 0
}

# start_nginx ROOT [LINES]: nginx serving the files of ROOT (none: LINES
# name it), with LINES
# in its server block and NGINX_HTTP in its http block, on a free
# loopback port (NGINX_PORT, when the http block's servers need it too),
# or NGINX_SERVER in the server block's place; sets NGINX, its URL.
start_nginx() {
	need nginx
	_port=${NGINX_PORT:-$(free_port)}
	NGINX="http://127.0.0.1:$_port"
	mkdir -p "$TMP/nginx-tmp"
	_user=""
	[ "$(id -u)" -eq 0 ] && _user="user root;"
	_server="server {
		listen 127.0.0.1:$_port;
		${1:+root $1;}
		${2:-}
	}"
	[ -n "${NGINX_SERVER:-}" ] && _server=$NGINX_SERVER
	cat >"$TMP/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log warn;
$_user
events { worker_connections ${NGINX_CONNECTIONS:-16}; }
http {
	access_log off;
	client_body_temp_path $TMP/nginx-tmp/body;
	fastcgi_temp_path $TMP/nginx-tmp/fastcgi;
	proxy_temp_path $TMP/nginx-tmp/proxy;
	scgi_temp_path $TMP/nginx-tmp/scgi;
	uwsgi_temp_path $TMP/nginx-tmp/uwsgi;
	${NGINX_HTTP:-}
	$_server
}
CONF
	nginx -p "$TMP" -e "$TMP/nginx-error.log" -c "$TMP/nginx.conf" \
	    >"$TMP/nginx.out" 2>&1 &
	NGINX_PID=$!
	on_exit stop_nginx
	wait_http "$NGINX/" "$NGINX_PID" || {
		echo "nginx did not start:"; cat "$TMP/nginx.out"; exit 1
	}
}
stop_nginx() { stop_process "$NGINX_PID" QUIT; }

# start_caddy SITE: Debian's stock /etc/caddy/Caddyfile with its ":80"
# block replaced by SITE, as "sitemapd recipe caddy" says to, on a free
# port; its admin endpoint off, as tests run side by side. As the caddy
# user, in group www-data, where the test is root. Sets CADDY.
start_caddy() {
	need caddy
	[ -f /etc/caddy/Caddyfile ] ||
	    skip "no /etc/caddy/Caddyfile: Debian's caddy package is not installed"
	_port=$(free_port)
	CADDY="http://127.0.0.1:$_port"
	mkdir -p "$TMP/caddy"
	printf '%s\n' "$1" | sed "s/^:80 {$/:$_port {/" >"$TMP/caddy/site"
	{
		printf '{\n\tadmin off\n}\n'
		awk -v site="$TMP/caddy/site" '
		    $0 == ":80 {" { skip = 1
			while ((getline l < site) > 0) print l; next }
		    skip && $0 == "}" { skip = 0; next }
		    !skip' /etc/caddy/Caddyfile
	} >"$TMP/caddy/Caddyfile"
	_as=""
	if [ "$(id -u)" -eq 0 ] && id caddy >/dev/null 2>&1; then
		chown -R caddy "$TMP/caddy"
		_as="setpriv --reuid=caddy --regid=caddy --init-groups"
	fi
	$_as env HOME="$TMP/caddy" caddy validate --adapter caddyfile \
	    --config "$TMP/caddy/Caddyfile" >"$TMP/caddy/validate.out" 2>&1
	CADDY_VALID=$?
	$_as env HOME="$TMP/caddy" caddy run --adapter caddyfile \
	    --config "$TMP/caddy/Caddyfile" >"$TMP/caddy/run.out" 2>&1 &
	CADDY_PID=$!
	on_exit stop_caddy
	wait_http "$CADDY/" "$CADDY_PID" || {
		echo "caddy did not start:"; cat "$TMP/caddy/run.out"; exit 1
	}
}
stop_caddy() { stop_process "$CADDY_PID"; }

# apache_conf FILE <<CONF: an Apache 2.4 of the test's own, its files in
# $TMP/apache, running as www-data when the test is root, then the lines
# of standard input.
apache_conf() {
	mkdir -p "$TMP/apache"
	_user=""
	[ "$(id -u)" -eq 0 ] && _user="User www-data
Group www-data"
	cat >"$1" <<CONF
ServerRoot "$TMP/apache"
ServerName 127.0.0.1
PidFile "$TMP/apache/apache.pid"
DefaultRuntimeDir "$TMP/apache"
Mutex file:$TMP/apache default
ErrorLog "$TMP/apache/error.log"
LogLevel warn
$_user
CONF
	cat >>"$1"
}

# start_apache CONF URL...: Apache in a session of its own, as prefork's
# shutdown signals its whole process group, which would otherwise be
# make's; stopped at exit. 1, its logs printed, unless each URL answers.
start_apache() {
	_conf=$1; shift
	setsid apache2 -f "$_conf" -DFOREGROUND >"$TMP/apache.out" 2>&1 &
	APACHE_PID=$!
	on_exit stop_apache
	for _url; do
		wait_http "$_url" "$APACHE_PID" && continue
		echo "apache did not start:"
		cat "$TMP/apache.out" "$TMP/apache/error.log" 2>/dev/null
		return 1
	done
}
stop_apache() { stop_process "$APACHE_PID"; }

# get PATH [CURL ARGS...]: asks $URL; sets STATUS, HEADERS and BODY.
get() {
	_path=$1; shift
	: >"$TMP/body"
	STATUS=$(curl -s -o "$TMP/body" -D "$TMP/headers" -w '%{http_code}' \
	    "$@" "$URL$_path")
	HEADERS=$(tr -d '\r' <"$TMP/headers")
	BODY=$(cat "$TMP/body")
}
hdr() { printf '%s\n' "$HEADERS" | sed -n "s/^$1: //Ip"; }

# sitemap_line: the Sitemap line of the robots.txt in BODY.
sitemap_line() { printf '%s\n' "$BODY" | sed -n 's/^Sitemap: //p'; }

# check_deployment NAME INI: what every server setup must get right.
# URL is the server's base URL; INI is the file the sitemapd behind it
# reads, rewritten here to change whom it trusts.
check_deployment() {
	_name=$1 _ini=$2
	_self=$(printf '%s' "$URL" | sed 's|^http://||')

	get /robots.txt
	check_eq "$_name: robots.txt 200" 200 "$STATUS"
	check_eq "$_name: robots.txt type" "text/plain; charset=utf-8" \
	    "$(hdr Content-Type)"
	check_eq "$_name: Sitemap line is the URL the client used" \
	    "$URL/sitemap.xml" "$(sitemap_line)"
	check_contains "$_name: robots.txt rules" "Disallow: /api/" "$BODY"
	# Its pages are NoPressure's to serve, not this server's.
	command -v python3 >/dev/null && check_audit "$_name" "$URL/" --no-urls

	get /sitemap.xml
	check_eq "$_name: sitemap.xml 200" 200 "$STATUS"
	check_eq "$_name: sitemap.xml type" "application/xml; charset=utf-8" \
	    "$(hdr Content-Type)"
	check_valid "$_name: sitemap.xml valid" "$TMP/body" sitemap.xsd
	check_contains "$_name: sitemap.xml entries" \
	    "<loc>$URL/about/team</loc>" "$BODY"
	check_eq "$_name: every entry on the client's host" 0 \
	    "$(locs | grep -vc "^$URL/")"

	_plain=$BODY _etag=$(hdr ETag)
	get /sitemap.xml -I
	check_eq "$_name: HEAD 200" 200 "$STATUS"
	check_eq "$_name: HEAD type" "application/xml; charset=utf-8" \
	    "$(hdr Content-Type)"
	check_eq "$_name: HEAD has the ETag of GET" "$_etag" "$(hdr ETag)"
	get /sitemap.xml -H "If-None-Match: $_etag"
	check_eq "$_name: If-None-Match 304" 304 "$STATUS"
	get /sitemap.xml --compressed
	check_eq "$_name: gzip" "gzip $_plain" "$(hdr Content-Encoding) $BODY"
	get /sitemap.xmlx
	check_eq "$_name: /sitemap.xmlx 404" 404 "$STATUS"
	get /robots.txt/x
	check_eq "$_name: /robots.txt/x 404" 404 "$STATUS"

	get /robots.txt -H 'Host: WWW.Example.com'
	check_eq "$_name: Host header used" \
	    "http://www.example.com/sitemap.xml" "$(sitemap_line)"
	get /sitemap.xml -H 'Host: bad_host'
	check_eq "$_name: hostile Host 400" 400 "$STATUS"

	# The client is on loopback, which sitemapd trusts by default.
	get /robots.txt -H 'X-Forwarded-Proto: https' \
	    -H 'X-Forwarded-Host: public.example'
	check_eq "$_name: trusted X-Forwarded-*" \
	    "https://public.example/sitemap.xml" "$(sitemap_line)"
	get /sitemap.xml -H 'Forwarded: for=192.0.2.7;proto=https;host="pub.example:8443"'
	check_contains "$_name: trusted Forwarded" \
	    "<loc>https://pub.example:8443/about/team</loc>" "$BODY"
	get /robots.txt -H 'X-Forwarded-Proto: https'
	check_eq "$_name: trusted proto alone keeps the host" \
	    "https://$_self/sitemap.xml" "$(sitemap_line)"
	get /robots.txt -H 'X-Forwarded-Host: a.example, b.example'
	check_eq "$_name: forwarded list 400" 400 "$STATUS"

	# The same headers from a client that is not a trusted proxy.
	cp "$_ini" "$TMP/ini.saved"
	printf '[http]\ntrusted_proxies = 192.0.2.0/24\n' >>"$_ini"
	get /robots.txt -H 'X-Forwarded-Proto: https' \
	    -H 'X-Forwarded-Host: public.example'
	check_eq "$_name: untrusted X-Forwarded-* ignored" \
	    "$URL/sitemap.xml" "$(sitemap_line)"
	get /sitemap.xml -H 'Forwarded: proto=https;host=pub.example'
	check_contains "$_name: untrusted Forwarded ignored" \
	    "<loc>$URL/about/team</loc>" "$BODY"
	get /robots.txt -H 'X-Forwarded-Host: a.example, b.example'
	check_eq "$_name: untrusted forwarded list ignored" 200 "$STATUS"
	cp "$TMP/ini.saved" "$_ini"
}

# check_audit NAME URL [ARGS...]: sitemapd audit of a site the test serves
# with sitemapd passes: every step, and no listed URL at fault.
check_audit() {
	_audit=$1; shift
	# A site that asks not to be indexed: its origin is audited.
	[ "${INDEXABLE:-yes}" = no ] &&
	    set -- "$(printf '%s' "$1" | sed 's|^\([a-z]*://[^/]*\)/.*|\1/|')"
	"$SITEMAPD" audit --json --rate 1000 "$@" >"$TMP/audit.json" \
	    2>"$TMP/audit.err"
	_rc=$?
	if [ "${INDEXABLE:-yes}" = no ]; then
		check_eq "$_audit: sitemapd audit says the site asks not to be indexed" \
		    "0 not-indexable" "$_rc $(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["verdict"])' "$TMP/audit.json" 2>&1)"
		return
	fi
	check_eq "$_audit: sitemapd audit passes, nothing of error severity" \
	    "0 discover=pass fetch=pass parse=pass field-quality=pass scope=pass" \
	    "$_rc $(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
print(" ".join(s["id"] + "=" + s["status"] for s in j["steps"]) +
      "".join(" " + f["kind"] + " " + str(f["url"]) + ": " + f["detail"]
              for f in j["findings"] if f["severity"] == "error"))' \
	    "$TMP/audit.json" 2>&1)"
}

# supervise NAME INI SOCKET [USER:GROUP]: sitemapd -s under runsv, through
# contrib/runit/sitemapd/run pointed at this test; its log goes to
# $TMP/NAME.log. Sets SV_DIR.
supervise() {
	need runsv runit
	SV_DIR="$TMP/sv-$1"
	mkdir -p "$SV_DIR"
	sed -e "s|^BIN=.*|BIN=$SITEMAPD|" -e "s|^CONFIG=.*|CONFIG=$2|" \
	    -e "s|^SOCKET=.*|SOCKET=$3|" -e "s|^USER=.*|USER=${4:-root:root}|" \
	    "$SRCDIR/contrib/runit/sitemapd/run" >"$SV_DIR/run"
	chmod 755 "$SV_DIR/run"
	runsv "$SV_DIR" >>"$TMP/$1.log" 2>&1 &
	eval "RUNSV_$1=\$!"
	on_exit "unsupervise_$1"
	eval "unsupervise_$1() { sv force-stop '$SV_DIR' >/dev/null 2>&1; \
	    sv exit '$SV_DIR' >/dev/null 2>&1; wait \$RUNSV_$1 2>/dev/null; }"
	for _i in $(seq 50); do [ -S "$3" ] && return 0; sleep 0.1; done
	echo "runsv did not start sitemapd:"; cat "$TMP/$1.log"
	exit 1
}

# check_restarted NAME [PID...]: kills sitemapd outright (the supervised
# one, or PIDs); robots.txt must answer 200 again within five seconds.
check_restarted() {
	_name=$1; shift
	[ $# -gt 0 ] || set -- "$(cat "$SV_DIR/supervise/pid")"
	[ -n "$1" ] && kill -KILL "$@" ||
	    { not_ok "$_name: a sitemapd process to kill"; return; }
	for _i in $(seq 150); do
		sleep 0.1
		get /robots.txt
		[ "$STATUS" = 200 ] && break
	done
	check_eq "$_name: sitemapd killed, robots.txt 200 again" 200 "$STATUS"
}
