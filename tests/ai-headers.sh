#!/bin/sh
# The aipref attachment draft's Content-Usage header field, from the INI:
# "sitemapd ai-headers SERVER" tried in nginx, Apache (a <VirtualHost>,
# and a shared host's .htaccess) and lighttpd. Each page gets the header
# of the longest content_usage path that matches it, and none where the
# INI says nothing; [robots] preferences_in decides whether robots.txt
# carries the lines too, and check says what Lighthouse makes of them.
# For a URL however spelled (".." in it, a byte %-escaped, a query), the
# header is that of the file served, and the one robots.txt's matching
# (robots-check) gives that URL: never on an error.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

R="$SRCDIR/contrib/example-site"
chmod 755 "$TMP"
mkdir -p "$TMP/htdocs/open-data/sets" "$TMP/htdocs/docs" "$TMP/htdocs/files"
for page in index.html open-data/index.html open-data/sets/a.html \
    docs/b.html files/r.pdf; do
	echo page >"$TMP/htdocs/$page"
done
# Paths robots.txt matches with its query too.
ini "$TMP/query.ini" "$R" "[robots]
preferences_in = header
content_usage = train-ai=n
content_usage = /open-data/ train-ai=y
content_usage = /files/*.pdf$ train-ai=n, search=n
content_usage = /docs/*.html$ search=n
content_usage = /*.pdf$ train-ai=n, search=y
content_usage = /open-data/*/*.csv train-ai=y, search=y"
# Pages outside any path get nothing: the INI names only paths.
ini "$TMP/paths.ini" "$R" "[robots]
preferences_in = header
content_usage = /open-data/ train-ai=y
content_usage = /open-data/sets/ train-ai=y, search=n"
# Every page gets the pathless one, but where a longer path says more.
ini "$TMP/all.ini" "$R" "[robots]
preferences_in = both
content_usage = train-ai=n
content_usage = /open-data/ train-ai=y"

for server in nginx apache lighttpd caddy; do
	for cfg in paths all query; do
		"$SITEMAPD" -c "$TMP/$cfg.ini" ai-headers $server \
		    >"$TMP/$cfg.$server"
		check_eq "ai-headers $server ($cfg): exit 0" 0 "$?"
	done
done
check_contains "the rule says what it is made from" \
    "# Made by sitemapd ai-headers nginx from $TMP/paths.ini" \
    "$(cat "$TMP/paths.nginx")"
ini "$TMP/none.ini" "$R" "[robots]
content_signal = ai-train=no"
"$SITEMAPD" -c "$TMP/none.ini" ai-headers nginx >"$TMP/out" 2>"$TMP/err"
check_eq "ai-headers with no content_usage: exit 1" 1 "$?"
check_contains "... says what to set" "[robots] content_usage" \
    "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/paths.ini" ai-headers tomcat >/dev/null 2>"$TMP/err"
check_eq "ai-headers for a server it does not know: exit 2, a usage error" 2 "$?"

# preferences_in: where the lines go.
"$SITEMAPD" -c "$TMP/paths.ini" render /robots.txt >"$TMP/robots.paths"
check_lacks "preferences_in = header: no Content-Usage in robots.txt" \
    "Content-Usage" "$(cat "$TMP/robots.paths")"
"$SITEMAPD" -c "$TMP/all.ini" render /robots.txt >"$TMP/robots.all"
check_contains "preferences_in = both: robots.txt has them too" \
    "Content-Usage: /open-data/ train-ai=y" "$(cat "$TMP/robots.all")"
out=$("$SITEMAPD" -c "$TMP/all.ini" check 2>&1)
check_contains "check: what Lighthouse makes of Content-Usage in robots.txt" \
    "[robots] content_usage: Lighthouse 12 and 13 report its Content-Usage: line in robots.txt as an unknown directive" \
    "$out"
check_contains "... and the header in its place" "preferences_in = header" "$out"
check_lacks "... not said when robots.txt has none" "Lighthouse" \
    "$("$SITEMAPD" -c "$TMP/paths.ini" check 2>&1)"
# With the header, a License and a Content-Signal still fail it.
cp "$TMP/paths.ini" "$TMP/license.ini"
printf 'license = https://example.org/license.xml\ncontent_signal = ai-train=no\n' \
    >>"$TMP/license.ini"
out=$("$SITEMAPD" -c "$TMP/license.ini" check 2>&1)
check_contains "preferences_in = header with a license: check says Lighthouse fails it" \
    "[robots] license: Lighthouse 12 and 13 report its License: line" "$out"
check_contains "... and a Content-Signal, under Lighthouse 12" \
    "[robots] content_signal: Lighthouse 12 reports its Content-Signal: line" \
    "$out"

# usage_of URL: the value robots.txt's matching gives the URL (its path
# as the file is found, and its query): that of the longest content_usage
# pattern of query.ini that robots-check says matches it.
usage_of() {
	_best="" _len=-1
	printf '|train-ai=n\n/open-data/|train-ai=y\n/files/*.pdf$|train-ai=n, search=n\n/docs/*.html$|search=n\n/*.pdf$|train-ai=n, search=y\n/open-data/*/*.csv|train-ai=y, search=y\n' \
	    >"$TMP/patterns"
	while IFS='|' read -r _pattern _value; do
		printf 'User-agent: *\nDisallow: %s\n' "${_pattern:-/}" \
		    >"$TMP/one.txt"
		case $("$SITEMAPD" robots-check "$TMP/one.txt" x "http://h$1") in
		disallowed*)
			[ "${#_pattern}" -gt "$_len" ] &&
			    _best=$_value _len=${#_pattern} ;;
		esac
	done <"$TMP/patterns"
	printf '%s' "$_best"
}
# agree NAME: each URL, as sent and as the file is found, gets the
# header robots.txt's matching gives; an error none.
agree() {
	for case in "/open-data/../docs/b.html /docs/b.html" \
	    "/open%2Ddata/index.html /open-data/index.html" \
	    "/files/r.pdf /files/r.pdf" "/files/r.pdf?x=1 /files/r.pdf?x=1" \
	    "/docs/b.html?q=1 /docs/b.html?q=1" "/docs/b.html /docs/b.html" \
	    "/open-data/sets/a.html?v=2 /open-data/sets/a.html?v=2" \
	    "/docs/b.html?f=.pdf /docs/b.html?f=.pdf" \
	    "/docs/b.html?f=.pdf&x=1 /docs/b.html?f=.pdf&x=1" \
	    "/open-data/sets/a.html?get=b.csv /open-data/sets/a.html?get=b.csv" \
	    "/open-data/index.html?get=sets/b.csv /open-data/index.html?get=sets/b.csv" \
	    "/docs/b.html?f=x.pdf /docs/b.html?f=x.pdf"; do
		sent=${case% *} found=${case#* }
		# Caddy matches the path as sent, ".." and all, and serves it
		# cleaned: recipe caddy refuses such a path (tests/caddy.sh).
		case "$1 $sent" in caddy*/../*) continue ;; esac
		get "$sent" --path-as-is
		check_eq "$1: $sent answers 200" 200 "$STATUS"
		check_eq "$1: $sent has the Content-Usage of $found" \
		    "$(usage_of "$found")" "$(hdr Content-Usage)"
	done
	case $1 in lighttpd*|caddy*) return ;; esac	# they cannot: the comment says
	get /no-such-page.html
	check_eq "$1: an error has none" "404 " "$STATUS $(hdr Content-Usage)"
}

# expect NAME CFG: the header each page gets.
expect() {
	[ "$2" = query ] && { agree "$1"; return; }
	if [ "$2" = paths ]; then
		set -- "$1" "/:" "/docs/b.html:" "/open-data/:train-ai=y" \
		    "/open-data/sets/a.html:train-ai=y, search=n"
	else
		set -- "$1" "/:train-ai=n" "/docs/b.html:train-ai=n" \
		    "/open-data/:train-ai=y" "/open-data/sets/a.html:train-ai=y"
	fi
	name=$1; shift
	for case in "$@"; do
		path=${case%%:*}; want=${case#*:}
		get "$path"
		check_eq "$name: $path answers 200" 200 "$STATUS"
		check_eq "$name: $path has Content-Usage \"$want\"" "$want" \
		    "$(hdr Content-Usage)"
	done
}

for cfg in paths all query; do
	if command -v nginx >/dev/null; then
		start_nginx "$TMP/htdocs" "$(cat "$TMP/$cfg.nginx")"
		nginx -t -p "$TMP" -c "$TMP/nginx.conf" >"$TMP/nginx-t" 2>&1
		check_eq "nginx -t with the rule ($cfg)" 0 "$?"
		URL=$NGINX
		expect "nginx ($cfg)" $cfg
		stop_nginx
	else
		echo "nginx is not installed: its rule untried"
	fi
	if command -v caddy >/dev/null && [ -f /etc/caddy/Caddyfile ]; then
		chmod -R go+rX "$TMP/htdocs"
		start_caddy ":80 {
	root * \"$TMP/htdocs\"
$(cat "$TMP/$cfg.caddy")
	file_server
}"
		check_eq "caddy validate with the rule ($cfg)" 0 "$CADDY_VALID"
		URL=$CADDY
		expect "caddy ($cfg)" $cfg
		stop_caddy
	else
		echo "caddy is not installed: its rule untried"
	fi
	if command -v lighttpd >/dev/null; then
		LIGHTTPD_EXTRA="server.modules += ( \"mod_setenv\" )
$(cat "$TMP/$cfg.lighttpd")" start_lighttpd "$TMP/$cfg.ini" "$TMP/htdocs"
		lighttpd -tt -f "$TMP/lighttpd.conf" >"$TMP/lighttpd-t" 2>&1
		check_eq "lighttpd -tt with the rule ($cfg)" 0 "$?"
		expect "lighttpd ($cfg)" $cfg
		stop_lighttpd
	else
		echo "lighttpd is not installed: its rule untried"
	fi
	MODULES=/usr/lib/apache2/modules
	if command -v apache2 >/dev/null && [ -f "$MODULES/mod_headers.so" ]; then
		rm -rf "$TMP/shared"
		cp -R "$TMP/htdocs" "$TMP/shared"
		cp "$TMP/$cfg.apache" "$TMP/shared/.htaccess"
		P1=$(free_port); P2=$(free_port)
		apache_conf "$TMP/apache.conf" <<CONF
DirectoryIndex index.html
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
TypesConfig /etc/mime.types
LoadModule dir_module $MODULES/mod_dir.so
LoadModule headers_module $MODULES/mod_headers.so
LoadModule setenvif_module $MODULES/mod_setenvif.so
StartServers 2
Listen 127.0.0.1:$P1
Listen 127.0.0.1:$P2
<Directory />
	AllowOverride None
	Require all granted
</Directory>
<Directory "$TMP/shared">
	AllowOverride FileInfo
</Directory>
<VirtualHost 127.0.0.1:$P1>
	DocumentRoot "$TMP/htdocs"
	Include "$TMP/$cfg.apache"
</VirtualHost>
<VirtualHost 127.0.0.1:$P2>
	DocumentRoot "$TMP/shared"
</VirtualHost>
CONF
		apache2 -t -f "$TMP/apache.conf" >"$TMP/apache-t" 2>&1
		check_eq "apache2 -t with the rule ($cfg)" 0 "$?"
		start_apache "$TMP/apache.conf" "http://127.0.0.1:$P1/" ||
		    exit 1
		URL="http://127.0.0.1:$P1"
		expect "apache <VirtualHost> ($cfg)" $cfg
		URL="http://127.0.0.1:$P2"
		expect "apache .htaccess ($cfg)" $cfg
		stop_apache
	else
		echo "apache2 or mod_headers is not installed: its rule untried"
	fi
done
finish
