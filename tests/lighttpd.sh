#!/bin/sh
# A real lighttpd on a loopback port spawns sitemapd as FastCGI through
# contrib/lighttpd.conf; curl asks it what a crawler would.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

R="$TMP/root"
cp -R "$SRCDIR/contrib/example-site" "$R"
ini "$TMP/sitemapd.ini" "$R" "admin_path = /private-admin"

start_lighttpd "$TMP/sitemapd.ini"

check_deployment lighttpd "$TMP/sitemapd.ini"
get /robots.txt
check_eq "robots.txt via lighttpd: body" "User-agent: *
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Allow: /

Sitemap: http://127.0.0.1:$PORT/sitemap.xml" "$BODY"
get /sitemap.xml
check_eq "sitemap.xml via lighttpd: noindex" noindex "$(hdr X-Robots-Tag)"
check_eq "sitemap.xml via lighttpd: entries" \
"http://127.0.0.1:$PORT/
http://127.0.0.1:$PORT/about/team
http://127.0.0.1:$PORT/guides/getting-started
http://127.0.0.1:$PORT/id/00000000000001bf
http://127.0.0.1:$PORT/news" "$(locs)"
get /robots.txt -X POST -d x=1
check_eq "POST: 405" 405 "$STATUS"
check_eq "POST: Allow" "GET, HEAD" "$(hdr Allow)"
get /sitemaps/sitemap-0002.xml
check_eq "a part past the end: 404" 404 "$STATUS"
get /sitemap_index.xml
check_eq "sitemap_index.xml via lighttpd" 200 "$STATUS"
check_valid "sitemap_index.xml via lighttpd: valid" "$TMP/body" siteindex.xsd
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

# A sitemap of several 64 KiB FastCGI records arrives whole and unchanged.
sed -i '/^bogus/d' "$TMP/sitemapd.ini"
i=0
while [ $i -lt 1500 ]; do
	page "$R" "$(printf '%016x' $((0x100000 + i)))" 1 "$(md "bulk/page-$i")"
	i=$((i + 1))
done
get /sitemap.xml
check_eq "large sitemap: every page" 1500 "$(locs | grep -c /bulk/page-)"
check_valid "large sitemap: valid" "$TMP/body" sitemap.xsd
"$SITEMAPD" -c "$TMP/sitemapd.ini" render /sitemap.xml \
    --host "127.0.0.1:$PORT" >"$TMP/rendered" 2>/dev/null
check_eq "large sitemap: the bytes render gives" "" \
    "$(cmp "$TMP/body" "$TMP/rendered" 2>&1)"
check_eq "large sitemap: over 150 KiB" yes \
    "$(test "$(wc -c <"$TMP/body")" -gt 153600 && echo yes)"

# lighttpd starts the FastCGI processes it spawned again when they die.
check_restarted lighttpd $(pgrep -P "$LIGHTTPD_PID" -x sitemapd)

check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"
finish
