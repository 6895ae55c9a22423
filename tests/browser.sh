#!/bin/sh
# The sitemap in a real browser: headless Chromium loads /sitemap.xml from
# lighttpd (contrib/lighttpd.conf, which routes /sitemap.css too). With the
# stylesheet it renders the document; without, it shows its "no style
# information" tree, which proves the check can tell the two apart.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

browser=$(command -v chromium || command -v chromium-browser) ||
    skip "chromium is not installed"
banner="does not appear to have any style information"

# dom PATH: the document Chromium builds for $URL/PATH.
dom() {
	HOME=$TMP timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$TMP/chromium" --dump-dom "$URL$1" 2>"$TMP/chromium.err"
}

cp -R "$SRCDIR/contrib/example-site" "$TMP/root"
ini "$TMP/sitemapd.ini" "$TMP/root"
start_lighttpd "$TMP/sitemapd.ini"

get /sitemap.css
check_eq "lighttpd routes /sitemap.css to sitemapd" "200 text/css; charset=utf-8" \
    "$STATUS $(hdr Content-Type)"
out=$(dom /sitemap.xml)
check_contains "Chromium renders the sitemap itself" "<urlset" "$out"
check_lacks "... styled: no \"no style information\" banner" "$banner" "$out"

printf '[sitemap]\nstylesheet = no\n' >>"$TMP/sitemapd.ini"
get /sitemap.xml
check_lacks "stylesheet = no reaches the running process" "xml-stylesheet" "$BODY"
out=$(dom /sitemap.xml)
check_contains "without the stylesheet Chromium shows its banner" "$banner" "$out"

check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"
finish
