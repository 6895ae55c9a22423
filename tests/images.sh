#!/bin/sh
# [sitemap] images = yes: each listed page of a document root shows the
# images of its main content, as a CGI, through lighttpd (each site image
# answering 200), as a FastCGI process that sees a page gain one, and
# from page facts a warm CGI did not read again; images = no, the
# default, shows none and declares no image namespace.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need xmllint libxml2-utils

R="$TMP/site"
mkdir -p "$R/img" "$R/private" "$R/docs" "$R/.git"
for f in logo.png "img/a b.png" img/c.png private/p.png docs/d.png .git/x.png; do
	printf 'PNG' >"$R/$f"
done
cat >"$R/index.html" <<'HTML'
<!doctype html><html><head><meta charset="utf-8"><title>Home</title></head>
<body><header><img src="/logo.png" alt="logo"></header>
<main><h1>Home</h1>
<img src="img/a b.png"><img src="https://cdn.example/x.jpg?w=1&amp;h=2">
<img src="/private/p.png"><img src="data:image/png;base64,AAAA">
<picture><source srcset="img/c.webp"><img src="img/c.png"></picture>
<img src="img/c.png"><img src="//cdn.example/y.png"><img src="/.git/x.png">
<img src="img/missing.png"><img src="img/c.png?w=2">
</main><footer><img src="/logo.png"></footer></body></html>
HTML
cat >"$R/about.html" <<'HTML'
<!doctype html><html><head><title>About</title></head>
<body><header><img src="/logo.png"></header><main><p>No picture.</p>
</main></body></html>
HTML
cat >"$R/docs/index.html" <<'HTML'
<!doctype html><html><head><title>Docs</title><base href="/docs/"></head>
<body><nav><img src="/logo.png"></nav><p>Text <img src="d.png"></p>
</body></html>
HTML
ini() {	# ini FILE [LINES]
	printf '[site]\nsource = docroot\nroot = %s\n[robots]\ndisallow = /private/\n%s\n' \
	    "$R" "${2:-}" >"$1"
}
ask() {	# ask INI [VAR=VALUE...]: the sitemap as a CGI answers it
	_ini=$1; shift
	cgi SITEMAPD_CONFIG="$_ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com "$@"
}
images() {	# the <image:loc> values of BODY, one per line
	printf '%s\n' "$BODY" | sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p'
}
HOME_IMAGES="http://example.com/img/a%20b.png
https://cdn.example/x.jpg?w=1&amp;h=2
http://example.com/img/c.png
http://cdn.example/y.png
http://example.com/img/c.png?w=2"

# --- off, the default -----------------------------------------------------
ini "$TMP/off.ini"
ask "$TMP/off.ini"
check_eq "images off: 200" 200 "$STATUS"
check_lacks "... no image namespace" "sitemap-image" "$BODY"
check_eq "... no image" "" "$(images)"
check_valid "... valid against the schemas" "$TMP/body" sitemap.xsd

# --- on, as a CGI ---------------------------------------------------------
ini "$TMP/on.ini" "[sitemap]
images = yes"
ask "$TMP/on.ini"
check_eq "images on: 200" 200 "$STATUS"
check_contains "... the image namespace on the urlset" \
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">' \
    "$BODY"
check_contains "... the home page's own images, in order, escaped, once each" \
    "<loc>http://example.com/</loc>
    <lastmod>" "$BODY"
home=$(printf '%s\n' "$BODY" | sed -n '\:<loc>http\://example.com/</loc>:,\:</url>:p' |
    sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p')
check_lacks "... not a site image no file answers" "missing.png" "$BODY"
check_eq "... from its <main>: not the header's logo, data:, a robots.txt-disallowed or hidden path" \
    "$HOME_IMAGES" "$home"
docs=$(printf '%s\n' "$BODY" | sed -n '\:<loc>http\://example.com/docs/</loc>:,\:</url>:p' |
    sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p')
check_eq "... a page without landmarks: its body but the nav, through <base href>" \
    "http://example.com/docs/d.png" "$docs"
about=$(printf '%s\n' "$BODY" | sed -n '\:<loc>http\://example.com/about.html</loc>:,\:</url>:p')
check_lacks "... a page with none shows none" "image:" "$about"
check_valid "... valid against sitemap.xsd with image-loc.xsd" "$TMP/body" \
    sitemap-extensions.xsd
n_images=$(xmllint --xpath 'count(//*[local-name()="image"])' "$TMP/body")
n_locs=$(xmllint --xpath 'count(//*[local-name()="image"]/*[local-name()="loc"])' "$TMP/body")
check_eq "... every image:image holds one image:loc" "$n_images" "$n_locs"
ask "$TMP/on.ini" HTTPS=on SERVER_PORT=443
check_contains "... a URL without scheme takes the base URL's" \
    "<image:loc>https://cdn.example/y.png</image:loc>" "$BODY"
out=$("$SITEMAPD" -c "$TMP/on.ini" check 2>&1)
check_eq "check: no problem" 0 "$?"
check_contains "... and how many pages show images" \
    "note: [sitemap] images: 2 of the 3 listed pages show images" "$out"

# An image Google's image crawler may not fetch is not listed, by its own
# group or by googlebot's where it has none; the pages stay, as
# googlebot-image fetches none of them.
for group in Googlebot-Image Googlebot; do
	ini "$TMP/$group.ini" "[sitemap]
images = yes
[robots:$group]
disallow = /img/"
	ask "$TMP/$group.ini"
	home=$(printf '%s\n' "$BODY" | sed -n '\:<loc>http\://example.com/</loc>:,\:</url>:p' |
	    sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p')
	check_eq "[robots:$group] disallow = /img/: the home page's other images" \
	    "$(printf '%s\n' "$HOME_IMAGES" | grep -v '^http://example.com/img/')" "$home"
	check_contains "... the page itself listed" "<loc>http://example.com/</loc>" "$BODY"
done

# --- a warm CGI from page facts -------------------------------------------
ini "$TMP/facts.ini" "[sitemap]
images = yes
[docroot]
page_facts = $TMP/facts.db"
ask "$TMP/facts.ini"
cold=$BODY
ask "$TMP/facts.ini"
check_eq "page facts: a warm CGI shows the same images" "$cold" "$BODY"
check_eq "... which are the page's" "$HOME_IMAGES" \
    "$(printf '%s\n' "$BODY" | sed -n '\:<loc>http\://example.com/</loc>:,\:</url>:p' |
    sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p')"
ini "$TMP/facts.ini" "[docroot]
page_facts = $TMP/facts.db"
ask "$TMP/facts.ini"
check_eq "... and none once images = no: facts made with them are none" \
    "" "$(images)"

# --- through lighttpd, live -----------------------------------------------
start_lighttpd "$TMP/on.ini" "$R"
get /sitemap.xml
check_eq "lighttpd: 200" 200 "$STATUS"
bad=""
for u in $(images | grep "^http://example.com/" | sed "s|^http://example.com|$URL|"); do
	code=$(curl -s -o /dev/null -w '%{http_code}' "$u")
	[ "$code" = 200 ] || bad="$bad $u:$code"
done
check_eq "... each image on the site answers 200" "" "$bad"
sed -i 's|<p>No picture.</p>|<p>A picture: <img src="img/new.png"></p>|' "$R/about.html"
printf 'PNG' >"$R/img/new.png"
for _i in $(seq 100); do
	get /sitemap.xml
	case $BODY in *img/new.png*) break ;; esac
	sleep 0.2
done
about=$(printf '%s\n' "$BODY" | sed -n '\:about.html</loc>:,\:</url>:p')
check_contains "... a page that gains an image shows it at a later request" \
    "<image:loc>http://127.0.0.1:$PORT/img/new.png</image:loc>" "$about"
stop_lighttpd

# --- parts cut again when a page's images grow in place --------------------
ini "$TMP/small.ini" "[sitemap]
images = yes
max_bytes = 1024"
start_lighttpd "$TMP/small.ini" "$R"
get /sitemap.xml
before=$(locs | wc -l)
sed -i 's|<img src="img/new.png">|<img src="img/new.png"><img src="img/c.png"><img src="img/a b.png"><img src="/logo.png">|' \
    "$R/about.html"
for _i in $(seq 100); do
	get /sitemap.xml
	[ "$(locs | wc -l)" -gt "$before" ] && break
	sleep 0.2
done
big="" all=""
for u in $(locs | sed "s|^http://127.0.0.1:$PORT||"); do
	get "$u"
	[ "$(printf '%s\n' "$BODY" | wc -c)" -le 1024 ] || big="$big $u"
	all="$all$BODY"
done
check_eq "max_bytes = 1024: a page's images grown in place, each part still within it" \
    "" "$big"
check_contains "... and the page shows them" "/logo.png</image:loc>" "$all"
stop_lighttpd

finish
