#!/bin/sh
# A real lighttpd on a loopback port spawns sitemapd as FastCGI through
# contrib/lighttpd.conf; curl asks it what a crawler would.
. "$SRCDIR/tests/lib.sh"

command -v lighttpd >/dev/null || { echo "lighttpd is not installed"; exit 1; }
command -v curl >/dev/null || { echo "curl is not installed"; exit 1; }

R="$TMP/root"
cp -R "$SRCDIR/contrib/example-site" "$R"
mkdir -p "$TMP/htdocs"
echo static >"$TMP/htdocs/static.txt"
ini "$TMP/sitemapd.ini" "$R" "admin_path = /private-admin"

# start_lighttpd: tries random loopback ports until one is free.
start_lighttpd() {
	for _try in 1 2 3 4 5 6 7 8 9 10; do
		PORT=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
		cat >"$TMP/lighttpd.conf" <<CONF
server.document-root = "$TMP/htdocs"
server.bind = "127.0.0.1"
server.port = $PORT
server.pid-file = "$TMP/lighttpd.pid"
server.errorlog = "$TMP/lighttpd.log"
var.sitemapd_bin = "$SITEMAPD"
var.sitemapd_config = "$TMP/sitemapd.ini"
var.sitemapd_socket = "$TMP/sitemapd.sock"
include "$SRCDIR/contrib/lighttpd.conf"
CONF
		lighttpd -D -f "$TMP/lighttpd.conf" >>"$TMP/lighttpd.out" 2>&1 &
		LIGHTTPD_PID=$!
		for _wait in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			if curl -s -o /dev/null "http://127.0.0.1:$PORT/static.txt"; then
				return 0
			fi
			kill -0 "$LIGHTTPD_PID" 2>/dev/null || break
			sleep 0.25
		done
		kill "$LIGHTTPD_PID" 2>/dev/null
		wait "$LIGHTTPD_PID" 2>/dev/null
	done
	echo "lighttpd did not start:"; cat "$TMP/lighttpd.out" "$TMP/lighttpd.log"
	exit 1
}
stop_lighttpd() { kill "$LIGHTTPD_PID" 2>/dev/null; wait "$LIGHTTPD_PID" 2>/dev/null; }
start_lighttpd
on_exit stop_lighttpd
URL="http://127.0.0.1:$PORT"

# get [CURL ARGS...] PATH: sets STATUS, HEADERS and BODY.
get() {
	_path=$1; shift
	STATUS=$(curl -s -o "$TMP/body" -D "$TMP/headers" -w '%{http_code}' \
	    "$@" "$URL$_path")
	HEADERS=$(tr -d '\r' <"$TMP/headers")
	BODY=$(cat "$TMP/body")
}
hdr() { printf '%s\n' "$HEADERS" | sed -n "s/^$1: //Ip"; }

get /robots.txt
check_eq "robots.txt via lighttpd: 200" 200 "$STATUS"
check_eq "robots.txt via lighttpd: type" "text/plain; charset=utf-8" "$(hdr Content-Type)"
check_eq "robots.txt via lighttpd: body" "User-agent: *
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Allow: /

Sitemap: http://127.0.0.1:$PORT/sitemap.xml" "$BODY"

get /sitemap.xml
check_eq "sitemap.xml via lighttpd: 200" 200 "$STATUS"
check_eq "sitemap.xml via lighttpd: type" "application/xml; charset=utf-8" "$(hdr Content-Type)"
check_eq "sitemap.xml via lighttpd: noindex" noindex "$(hdr X-Robots-Tag)"
check_valid "sitemap.xml via lighttpd: valid" "$TMP/body" sitemap.xsd
check_eq "sitemap.xml via lighttpd: entries" \
"http://127.0.0.1:$PORT/
http://127.0.0.1:$PORT/about/team
http://127.0.0.1:$PORT/guides/getting-started
http://127.0.0.1:$PORT/id/00000000000001bf
http://127.0.0.1:$PORT/news" "$(locs)"

get /sitemap.xml -H 'Host: www.Example.com'
check_contains "Host header reaches the URLs" "<loc>http://www.example.com/news</loc>" "$BODY"
get /sitemap.xml -H 'Host: bad_host'
check_eq "hostile Host through lighttpd: 400" 400 "$STATUS"

get /sitemap.xml -I
check_eq "HEAD: 200" 200 "$STATUS"
check_eq "HEAD: type" "application/xml; charset=utf-8" "$(hdr Content-Type)"

get /robots.txt -X POST -d x=1
check_eq "POST: 405" 405 "$STATUS"
check_eq "POST: Allow" "GET, HEAD" "$(hdr Allow)"
get /sitemap_index.xml
check_eq "unknown path reaching sitemapd: 404" 404 "$STATUS"
get /robots.txt/x
check_eq "/robots.txt/x: 404" 404 "$STATUS"
get /sitemap.xmlx
check_eq "/sitemap.xmlx: 404" 404 "$STATUS"
get '/sitemap.xml?x=1'
check_eq "query string: 200" 200 "$STATUS"

# The same long-running process sees every change at the next request.
page "$R" 0000000000000808 1 "$(md fresh/page)"
get /sitemap.xml
check_contains "new page visible at once" "<loc>http://127.0.0.1:$PORT/fresh/page</loc>" "$BODY"
tmp="$R/content/08/.nop-upload-x"
md renamed/page >"$tmp" && mv "$tmp" "$R/content/08/0000000000000808.1.ron"
get /sitemap.xml
check_contains "sidecar replaced by rename: new alias" "/renamed/page</loc>" "$BODY"
check_lacks "sidecar replaced by rename: old alias gone" "/fresh/page<" "$BODY"
rm "$R/content/08/0000000000000808.1.ron"
get /sitemap.xml
check_lacks "deleted page gone at once" "/renamed/page<" "$BODY"

printf '[reserved]\nrobots = search/\n' >>"$TMP/sitemapd.ini"
get /robots.txt
check_contains "INI change visible at once" "Disallow: /search/" "$BODY"
printf 'bogus = 1\n' >>"$TMP/sitemapd.ini"
get /robots.txt
check_eq "INI broken while running: still served" 200 "$STATUS"
check_contains "INI broken while running: last valid config kept" \
    "Disallow: /search/" "$BODY"

mv "$R/content" "$R/content.away"
get /sitemap.xml
check_eq "content root gone: 503" 503 "$STATUS"
check_eq "content root gone: Retry-After" 60 "$(hdr Retry-After)"
get /robots.txt
check_eq "content root gone: robots.txt 200" 200 "$STATUS"
mv "$R/content.away" "$R/content"

check_no_sanitizer_report "$(cat "$TMP/lighttpd.log")"
finish
