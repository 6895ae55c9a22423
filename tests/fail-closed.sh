#!/bin/sh
# A document root tried as an attacker would (issue 30): what sitemapd
# cannot read as a browser would, it leaves out and says why; every URL
# it lists names exactly its file, through nginx and Apache; no date it
# writes is impossible; nothing a page says forges a line of list, check
# or the log.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/heads.sh"

R="$TMP/site"
mkdir -p "$R"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nexclude = private/**\n' \
    "$R" >"$TMP/site.ini"
ask() {	# ask PATH: one CGI request
	cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI="$1" HTTP_HOST=example.com
}
listed() { "$SITEMAPD" -c "$TMP/site.ini" list --host example.com; }
# why URL-PATH: what list says of the page at that URL
why() { listed | awk -F '\t' -v u="http://example.com$1" '$3 == u { print $2 ": " $4 }'; }
# page REL [HEAD]: a page whose body is its own name
page() {
	mkdir -p "$(dirname "$R/$1")"
	printf '<!doctype html><html><head><title>t</title>%s</head><body>%s</body></html>\n' \
	    "${2:-}" "$1" >"$R/$1"
}
NOINDEX='<meta name="robots" content="noindex">'

# --- every listed URL names exactly its file (item 4) -------------------------
page index.html
page 'a%20b.html'
page 'a b.html'
page 'private%2Fsecret.html'
page private/secret.html
page '100%.html'
page 'caf%C3%A9.html'
ask /sitemap.xml
check_eq "names with %: 200" 200 "$STATUS"
check_contains "a%20b.html is /a%2520b.html, not the URL of a b.html" \
    "<loc>http://example.com/a%2520b.html</loc>" "$BODY"
check_contains "... and a b.html is /a%20b.html" \
    "<loc>http://example.com/a%20b.html</loc>" "$BODY"
check_contains "private%2Fsecret.html is /private%252Fsecret.html" \
    "<loc>http://example.com/private%252Fsecret.html</loc>" "$BODY"
check_lacks "... and no URL serves private/secret.html" "private%2F" \
    "$(locs | grep -v '%252F')"
check_lacks "... which exclude keeps out" "private/secret" "$BODY"
check_contains "100%.html is /100%25.html" \
    "<loc>http://example.com/100%25.html</loc>" "$BODY"

# Each URL fetched from real servers of the same folder: the file it
# was listed for, found by its body, which is the file's name.
decode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.unquote(sys.argv[1]))' "$1"; }
fetch_all() {	# fetch_all NAME BASE: each listed URL against its file
	_bad=""
	for _loc in $(locs); do
		_path=${_loc#http://example.com/}
		_want=$(decode "$_path")
		[ -n "$_want" ] && [ "${_want%/}" = "$_want" ] || _want=${_want}index.html
		_got=$(curl -s "$2/$_path" | sed -n 's:.*<body>\(.*\)</body>.*:\1:p')
		[ "$_got" = "$_want" ] || _bad="$_bad /$_path:$_got"
	done
	check_eq "$1: every listed URL serves exactly the file it was listed for" "" "$_bad"
}
if command -v python3 >/dev/null && command -v curl >/dev/null; then
	. "$SRCDIR/tests/http.sh"
	chmod 755 "$TMP"; chmod -R go+rX "$R"
	if command -v nginx >/dev/null; then
		start_nginx "$R"
		fetch_all nginx "$NGINX"
		stop_nginx
	fi
	MODULES=/usr/lib/apache2/modules
	if command -v apache2 >/dev/null; then
		APORT=$(free_port)
		apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
TypesConfig /etc/mime.types
LoadModule dir_module $MODULES/mod_dir.so
StartServers 1
Listen 127.0.0.1:$APORT
DocumentRoot "$R"
<Directory "$R">
	Require all granted
</Directory>
CONF
		if start_apache "$TMP/apache.conf" "http://127.0.0.1:$APORT/"
		then
			fetch_all apache "http://127.0.0.1:$APORT"
		else
			not_ok "apache starts"
		fi
	fi
fi
rm -rf "$R"/*

# --- only real dates (item 6) ------------------------------------------------
page index.html
page old.html '<meta property="article:modified_time" content="0001-01-01">'
page older.html '<meta property="article:modified_time" content="0999-12-31T00:00:00Z">'
page epoch.html '<meta property="article:modified_time" content="1969-12-31">'
page fine.html '<meta property="article:modified_time" content="2024-03-05">'
touch -d 2025-01-02 "$R"/*.html
ask /sitemap.xml
dates=$(printf '%s\n' "$BODY" | sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p')
check_eq "every lastmod a W3C date of four-digit year" "" \
    "$(printf '%s\n' "$dates" | grep -vx '[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]')"
check_lacks "a stated year 1 is not written" "<lastmod>1-01-01" "$BODY"
check_contains "a stated date before 1970: the file's date instead" \
    "<loc>http://example.com/old.html</loc>
    <lastmod>2025-01-02</lastmod>" "$BODY"
check_contains "... the year 999 too" "<loc>http://example.com/older.html</loc>
    <lastmod>2025-01-02</lastmod>" "$BODY"
check_contains "... and 1969" "<loc>http://example.com/epoch.html</loc>
    <lastmod>2025-01-02</lastmod>" "$BODY"
check_contains "a real stated date stays" "<loc>http://example.com/fine.html</loc>
    <lastmod>2024-03-05</lastmod>" "$BODY"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_contains "check: a note that says why" \
    "old.html: its date 0001-01-01 is before 1970: its file's time is used" "$out"
rm -rf "$R"/*

# --- no control character leaves unescaped (item 7) ---------------------------
page index.html
page forge.html "<link rel=\"canonical\" href=\"/x
ffffffffffffffff	listed	http://localhost/forged.html\">"
page 'tab	name.html'
out=$(listed)
check_eq "list: one line per file, none forged" 3 "$(printf '%s\n' "$out" | wc -l)"
check_lacks "list: no line starts with the forged id" "
ffffffffffffffff" "
$out"
check_contains "list: the newline shown escaped" '/x\x0Affffffffffffffff\x09listed' "$out"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_lacks "check: no forged line" "
ffffffffffffffff" "
$out"
check_contains "check: a name's tab shown escaped" 'tab\x09name.html' "$out"
ask /sitemap.xml
check_lacks "CGI: no forged line in the log" "
ffffffffffffffff" "
$LOG"
rm -rf "$R"/*

# --- decoded and read as a browser reads it (items 2 and 3) ----------------
hostile_heads "$R"
out=$(listed 2>"$TMP/list.err")
for f in $(cd "$R" && ls); do
	case " $(echo $HEADS_INDEXED) " in *" $f "*) continue ;; esac
	check_lacks "a head that says noindex: $f not listed" \
	    "listed	http://example.com/$f" "$out"
done
for f in plain.html commented-out.html in-body.html; do
	check_contains "... but $f, which does not, is" \
	    "listed	http://example.com/$f" "$out"
done
check_eq "libxml2 writes nothing of its own to stderr" "" "$(cat "$TMP/list.err")"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "check: a problem, so exit 1" 1 "$?"
check_contains "check: a head still open at 1 MiB, left out and why" \
    "head-past-bound.html: left out: what it says is unknown: its head is still open after 1 MiB" "$out"
check_contains "check: a page UTF-16 without a BOM, and why" \
    "utf16le-nobom.html: left out: what it says is unknown: it holds NUL bytes" "$out"
check_contains "check: a charset a browser reads late, and why" \
    "late-charset-sjis.html: left out: what it says is unknown: its <meta> charset Shift_JIS" "$out"
ask /sitemap.xml
check_eq "CGI: 200" 200 "$STATUS"
check_eq "CGI: only the pages a browser indexes" \
"http://example.com/commented-out.html
http://example.com/in-body.html
http://example.com/plain.html
http://example.com/unquoted-slash.html" "$(locs)"
rm -rf "$R"/*

# --- a site's robots.txt carried over as Google reads it (item 8) -----------
page index.html
long=$(head -c 20000 /dev/zero | tr '\0' x)
mid=$(head -c 3000 /dev/zero | tr '\0' y)
# Past the line once escaped: each byte of the UTF-8 of é is %XX.
accents=$(head -c 6000 /dev/zero | tr '\0' a | sed 's/a/\xc3\xa9/g')
escaped=$(printf '%s' "$accents" | sed 's/\xc3\xa9/%C3%A9/g')
printf 'User-agent: *\nDisallow: /long%s\nDisallow: /mid%s\nAllow: /mid%s/open\nDisallow: /%s\n' \
    "$long" "$mid" "$mid" "$accents" >"$R/robots.txt"
ask /robots.txt
check_eq "a site robots.txt with lines past 2048 bytes: robots.txt 200" 200 "$STATUS"
cp "$TMP/body" "$TMP/served.txt"
verdicts() {	# verdicts PATH: the site's file's, then the served one's
	for _f in "$R/robots.txt" "$TMP/served.txt"; do
		"$SITEMAPD" robots-check "$_f" Googlebot "http://example.com$1" |
		    cut -f1
	done | paste -sd ' '
}
# Within Google's line, each rule as it is; past it, stricter.
for path in "/long$long" "/long$(printf '%s' "$long" | cut -c1-16700)" \
    "/mid$mid" "/mid$mid/x" "/mid$mid/open"; do
	v=$(verdicts "$path")
	check_eq "a path of $(printf '%s' "$path" | wc -c) bytes: the served file's verdict is the site's" \
	    "${v% *}" "${v#* }"
done
for path in "/$escaped" "/$(printf '%s' "$escaped" | cut -c1-17000)"; do
	check_lacks "a path of $(printf '%s' "$path" | wc -c) bytes: never allowed where the site disallows it" \
	    "disallowed allowed" "$(verdicts "$path")"
done
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_contains "check: a line too long once escaped is cut, stricter" \
    "robots.txt:5: Disallow: /%C3%A9%C3%A9" "$out"
check_contains "... and says so" "bytes disallowed, which is stricter" "$out"
rm -rf "$R"/*

# --- a FastCGI process: in-place edits under watch = stat (item 1), and a
# symlink to the root made while it serves (item 5) -------------------------
CLIENT=$(dirname "$SITEMAPD")/../tests/fcgi-client
SOCK="$TMP/fcgi.sock"
serve() {	# serve INI: a FastCGI process on $SOCK
	rm -f "$SOCK"
	"$SITEMAPD" -c "$1" -s "unix:$SOCK" 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK"
}
stop() { stop_process "$SERVER_PID"; }
sitemap() {
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com REQUEST_URI=/sitemap.xml \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null >"$TMP/fcgi.out"
	BODY=$(sed '1,/^\r$/d' "$TMP/fcgi.out")
}
if command -v cgi-fcgi >/dev/null; then
	page index.html
	i=0
	while [ $i -lt 100 ]; do page "p$i.html"; i=$((i + 1)); done
	page noindex.html "$NOINDEX"
	# Nothing lately changed: no folder is read again for its own sake.
	touch -d 2020-01-01 "$R"/*.html "$R"
	printf '[site]\nsource = docroot\nroot = %s\nwatch = stat\n' "$R" \
	    >"$TMP/stat.ini"
	serve "$TMP/stat.ini"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
	    cgi-fcgi -bind -connect '$SOCK' 2>/dev/null | grep -q p99.html"
	sitemap
	check_eq "watch = stat: every page listed" 101 "$(locs | wc -l)"
	inode=$(stat -c %i "$R/p0.html")
	i=0
	while [ $i -lt 100 ]; do cp "$R/noindex.html" "$R/p$i.html"; i=$((i + 1)); done
	check_eq "... the pages rewritten in place: the same files" "$inode" \
	    "$(stat -c %i "$R/p0.html")"
	sitemap
	check_eq "... 100 flips to noindex in place: none listed" \
	    "http://example.com/" "$(locs)"
	i=0
	while [ $i -lt 100 ]; do page "p$i.html"; i=$((i + 1)); done
	sitemap
	check_eq "... and back: every one listed again" 101 "$(locs | wc -l)"
	check_contains "... an edit in place dates the page anew" \
	    "<loc>http://example.com/p5.html</loc>
    <lastmod>$(date -u +%Y-%m-%d)</lastmod>" "$BODY"
	stop

	printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/watch.ini"
	for ini in watch stat; do
		serve "$TMP/$ini.ini"
		wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
		    cgi-fcgi -bind -connect '$SOCK' 2>/dev/null | grep -q p99.html"
		mkdir "$R/d"
		ln -s "$R" "$R/d/self"
		page d/new.html
		sitemap
		check_contains "$ini: a folder made while serving is read" \
		    "<loc>http://example.com/d/new.html</loc>" "$BODY"
		check_lacks "$ini: a symlink to the root made while serving: not listed again" \
		    "/d/self/" "$BODY"
		check_eq "$ini: ... each page once" 102 "$(locs | wc -l)"
		stop
		rm -rf "$R/d"
	done
	check_no_sanitizer_report "$(cat "$TMP/server.log")"
	rm -rf "$R"/*
fi

finish
