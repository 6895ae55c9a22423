#!/bin/sh
# "sitemapd recipe caddy" pasted into Debian's stock Caddyfile exactly as
# its header says (its ":80" block replaced), Caddy running as its own
# user, sitemapd on a socket of group www-data: caddy validate passes;
# robots.txt and the sitemap are sitemapd's, gzipped for a client that
# asks, HEAD with the Content-Length of GET, no FastCGI Status field
# leaked, a client's Forwarded header never believed; the pages are the
# files sitemapd lists them for (tests/served.sh: every listed URL, and
# nothing kept or dot-named, however spelled, through each recipe).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need caddy
need curl

chmod 755 "$TMP"
R="$TMP/site"
cp -R "$SRCDIR/contrib/example-docroot" "$R"
chmod -R go+rX "$R"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nclean_urls = yes\n' \
    "$R" >"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" recipe caddy >"$TMP/recipe"
check_eq "recipe caddy: exit 0" 0 "$?"
SOCK="$TMP/sitemapd.sock"
group=""
getent group www-data >/dev/null && [ "$(id -u)" -eq 0 ] && group="-g www-data"
"$SITEMAPD" -c "$TMP/site.ini" -s "unix:$SOCK" -m 0660 $group \
    2>"$TMP/sitemapd.log" &
SITEMAPD_PID=$!
stop_sitemapd() { stop_process "$SITEMAPD_PID"; }
on_exit stop_sitemapd
wait_for test -S "$SOCK"
start_caddy "$(sed "s|unix//run/sitemapd/sitemapd.sock|unix/$SOCK|" \
    "$TMP/recipe")"
check_eq "caddy validate: the stock Caddyfile with the recipe" 0 "$CADDY_VALID"
URL=$CADDY

get /robots.txt
check_eq "robots.txt: sitemapd's" "200 Sitemap: $URL/sitemap.xml" \
    "$STATUS $(printf '%s\n' "$BODY" | grep '^Sitemap:')"
check_eq "... no FastCGI Status field leaked" "" "$(hdr Status)"
get /sitemap.xml
check_eq "the sitemap: sitemapd's" "200 noindex" "$STATUS $(hdr X-Robots-Tag)"
check_contains "... listing the clean URLs" "<loc>$URL/about</loc>" "$BODY"
length=$(hdr Content-Length)
curl -s -I "$URL/sitemap.xml" | tr -d '\r' >"$TMP/head"
check_eq "HEAD: the Content-Length of GET" "Content-Length: $length" \
    "$(grep -i '^Content-Length:' "$TMP/head")"
curl -s -H 'Accept-Encoding: gzip' -D "$TMP/gz.head" -o "$TMP/gz" \
    "$URL/sitemap.xml"
check_eq "gzip, for a client that asks" "gzip" \
    "$(sed -n 's/^Content-Encoding: *\([a-z]*\).*/\1/Ip' "$TMP/gz.head")"
check_eq "... the same sitemap" "$BODY" "$(gzip -dc "$TMP/gz")"
curl -s -H 'Forwarded: proto=https;host="evil.example"' \
    -o "$TMP/fwd" "$URL/robots.txt"
check_eq "a client's Forwarded header: not believed" \
    "Sitemap: $URL/sitemap.xml" "$(grep '^Sitemap:' "$TMP/fwd")"
get /about
check_eq "a clean URL: its file" "200" "$STATUS"
check_eq "... the very file" "$(cat "$R/about.html")" "$BODY"
mkdir -p "$R/.git"
for f in site.ini .git/config sitemap-0.xml sitemap.xml.gz; do
	printf 'secret\n' >"$R/$f"
done
chmod -R go+rX "$R"
for p in /site.ini /.git/config /%2egit/config /docs/../site.ini \
    /sitemap-0.xml /sitemap.xml.gz; do
	check_eq "$p: 404" 404 \
	    "$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "$URL$p")"
done
check_no_sanitizer_report "$(cat "$TMP/sitemapd.log")"

# What a Caddyfile would read otherwise is refused, and said.
mkdir -p "$TMP/a{env.HOME}b"
printf '[site]\nsource = docroot\nroot = %s\n' "$TMP/a{env.HOME}b" \
    >"$TMP/brace.ini"
"$SITEMAPD" -c "$TMP/brace.ini" recipe caddy >/dev/null 2>"$TMP/err"
check_eq "a root holding a brace: refused" 1 "$?"
check_contains "... saying why" "a brace or a backtick, which a Caddyfile reads" \
    "$(cat "$TMP/err")"
printf '[docroot]\nurl_path = /docs/\n' >>"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" recipe caddy >/dev/null 2>"$TMP/err"
check_eq "url_path: not made for Caddy yet, and said" "1 url_path = /docs/" \
    "$? $(grep -o 'url_path = /docs/' "$TMP/err")"
finish
