#!/bin/sh
# Every case of tests/hostile-headers.txt, sent to sitemapd as a CGI and
# through lighttpd: each gets 400 or a response whose URLs are sound, and
# never an injected header, line or tag.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

need nc netcat-openbsd

ini "$TMP/sitemapd.ini" "$SRCDIR/contrib/example-site"
start_lighttpd "$TMP/sitemapd.ini"

url_re='https?://([a-z0-9-]+\.)*[a-z0-9-]+(:[1-9][0-9]{0,4})?'
url6_re='https?://\[[0-9a-f:.]+\](:[1-9][0-9]{0,4})?'
# Header names a response may carry, from sitemapd or the web server.
header_re='^(Status|Content-Type|X-Content-Type-Options|X-Robots-Tag|Retry-After|Allow|Date|Server|Content-Length|Connection|Transfer-Encoding|Accept-Ranges|Vary|ETag|Last-Modified): '

# verdict CASE-NAME EXPECTED PATH: judges STATUS, HEADERS and $TMP/body.
verdict() {
	if [ "$2" = 400 ] || { [ "$2" = safe ] && [ "$STATUS" = 400 ]; }; then
		check_eq "$1: 400" 400 "$STATUS"
		return
	fi
	check_eq "$1: 200" 200 "$STATUS"
	check_eq "$1: only known headers" "" \
	    "$(printf '%s\n' "$HEADERS" | grep -Ev "$header_re|^HTTP/|^\$")"
	if [ "$3" = /robots.txt ]; then
		check_eq "$1: only robots.txt lines" "" "$(grep -Ev \
		    "^(User-agent: \*|Disallow: /[!-~]*|Allow: /[!-~]*|Sitemap: ($url_re|$url6_re)/sitemap\.xml|)\$" \
		    "$TMP/body")"
		[ "$2" = safe ] || check_eq "$1: base URL" \
		    "Sitemap: $2/sitemap.xml" "$(grep '^Sitemap' "$TMP/body")"
	else
		check_valid "$1: valid sitemap" "$TMP/body" sitemap.xsd
		BODY=$(cat "$TMP/body")
		check_eq "$1: every URL sound" "" \
		    "$(locs | grep -Ev "^($url_re|$url6_re)/")"
		[ "$2" = safe ] || check_contains "$1: base URL" \
		    "<loc>$2/about/team</loc>" "$BODY"
	fi
}

# raw_request HEADER VALUE PATH: the request bytes, VALUE read with %b.
raw_request() {
	printf 'GET %s HTTP/1.0\r\n' "$3"
	[ "$1" = Host ] || printf 'Host: example.com\r\n'
	printf '%s: ' "$1"
	printf '%b' "$2"
	printf '\r\n\r\n'
}

# A web server may refuse a value, or normalize it, before sitemapd sees
# it: through one, what must be 400 from sitemapd may also be a sound 200.
cases=0
while IFS= read -r line; do
	case $line in ''|'#'*) continue ;; esac
	cases=$((cases + 1))
	name=$(printf '%s\n' "$line" | cut -f 1)
	value=$(printf '%s\n' "$line" | cut -f 2)
	expect=$(printf '%s\n' "$line" | cut -f 3)
	through_server=$expect
	[ "$expect" = 400 ] && through_server=safe
	var=HTTP_$(printf '%s' "$name" | tr 'a-z-' 'A-Z_')
	for path in /robots.txt /sitemap.xml; do
		if [ "$name" = Host ]; then
			cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=$path \
			    REMOTE_ADDR=127.0.0.1 HTTP_HOST="$(printf '%b' "$value")"
		else
			cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=$path \
			    REMOTE_ADDR=127.0.0.1 HTTP_HOST=example.com \
			    "$var=$(printf '%b' "$value")"
		fi
		verdict "case $cases, CGI $path $name: $value" "$expect" "$path"

		raw_request "$name" "$value" "$path" |
		    nc -w 10 127.0.0.1 "$PORT" >"$TMP/raw" 2>/dev/null
		STATUS=$(head -n 1 "$TMP/raw" | cut -d ' ' -f 2)
		HEADERS=$(sed -n '1,/^\r$/p' "$TMP/raw" | tr -d '\r')
		sed '1,/^\r$/d' "$TMP/raw" >"$TMP/body"
		verdict "case $cases, lighttpd $path $name: $value" \
		    "$through_server" "$path"
	done
done <"$SRCDIR/tests/hostile-headers.txt"

check_eq "the corpus holds at least 100 cases" yes \
    "$([ "$cases" -ge 100 ] && echo yes || echo no)"
check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"
finish
