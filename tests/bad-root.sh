#!/bin/sh
# robots.txt never serves another source's rules, and a root that cannot
# be read is said one way by every command and the server. A document
# root's INI broken by one wrong line: its root's own robots.txt, as it
# stands, where it can be read, else 503; NoPressure's built-in rules
# only for a NoPressure root. A valid INI whose root is missing, a file or
# unreadable: robots.txt and the sitemaps 503 with Retry-After, check,
# list and render saying the INI's file and line, the path and what is
# wrong, exit 1; a FastCGI process says it at start, answers 503, and
# serves the root's rules once the root is there; one started on a
# broken INI answers as a CGI does until the INI is mended. Through CGI
# and FastCGI, as a web server would ask.
. "$SRCDIR/tests/lib.sh"

R="$TMP/site"
mkdir -p "$R"
printf 'User-agent: *\nDisallow: /private/\n' >"$R/robots.txt"
printf '<!doctype html><title>a</title><p>A page.\n' >"$R/a.html"

# --- an INI that cannot be used ---------------------------------------------
# broken NAME LINES: an INI of a document root with one wrong line.
broken() {
	printf '[site]\n%s\ngzip = yess\n' "$2" >"$TMP/$1.ini"
}
broken own "source = docroot
root = $R"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "a broken INI of a document root: robots.txt 200" 200 "$STATUS"
check_eq "... the root's own robots.txt, as it stands" \
    "$(cat "$R/robots.txt")" "$BODY"
check_lacks "... never NoPressure's built-in rules" "/login/" "$BODY"
check_contains "... the log says the line and what is served" \
    "own.ini:4:" "$LOG"
check_contains "... and what is served" \
    "serving the document root's own robots.txt as it stands" "$LOG"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "... the sitemap a 503" 503 "$STATUS"
check_contains "... asked again later" "Retry-After:" "$HEADERS"
# The root relative to the INI, as the INI reads it.
broken relative "source = docroot
root = site"
cgi SITEMAPD_CONFIG="$TMP/relative.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "... a root named relative to the INI: the same" \
    "$(cat "$R/robots.txt")" "$BODY"
mkdir -p "$TMP/bare"
broken bare "source = docroot
root = $TMP/bare"
cgi SITEMAPD_CONFIG="$TMP/bare.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "a broken INI of a root with no robots.txt: 503, its rules unknown" \
    503 "$STATUS"
check_contains "... Retry-After" "Retry-After:" "$HEADERS"
for case in "a root that is a file:source = docroot
root = $R/a.html" "a missing root:source = docroot
root = $TMP/nowhere" "a source sitemapd knows not:source = hugo
root = $R" "no root:source = docroot"; do
	broken case "${case#*:}"
	cgi SITEMAPD_CONFIG="$TMP/case.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
	check_eq "a broken INI, ${case%%:*}: robots.txt 503" 503 "$STATUS"
	check_lacks "... never NoPressure's built-in rules" "/login/" "$BODY"
done
broken nop "root = $R"
cgi SITEMAPD_CONFIG="$TMP/nop.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_contains "a broken INI of a NoPressure root (the default source): its built-in rules" \
    "Disallow: /login/" "$BODY"
broken nop2 "source = nopressure
root = $R"
cgi SITEMAPD_CONFIG="$TMP/nop2.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_contains "... and said so" "Disallow: /builtin/" "$BODY"

# --- a root that cannot be read, the INI valid ------------------------------
# root_ini NAME ROOT: a valid INI, root on its third line.
root_ini() {
	printf '[site]\nsource = docroot\nroot = %s\n' "$2" >"$TMP/$1.ini"
}
# said NAME WHAT: every command and a CGI on that INI, one message each.
said() {
	_want="$TMP/$1.ini:3: the content root $2"
	out=$("$SITEMAPD" -c "$TMP/$1.ini" check 2>&1)
	check_eq "$1: check exits 1" 1 "$?"
	check_contains "$1: check says the INI's line, the path and why" \
	    "$_want" "$out"
	out=$("$SITEMAPD" -c "$TMP/$1.ini" list 2>&1)
	check_eq "$1: list exits 1" 1 "$?"
	check_eq "$1: list says the same" "sitemapd: $_want" "$out"
	for path in /robots.txt /sitemap.xml; do
		out=$("$SITEMAPD" -c "$TMP/$1.ini" render "$path" --host x \
		    2>&1 >/dev/null)
		check_eq "$1: render $path exits 1" 1 "$?"
		check_contains "$1: render $path says the same" \
		    "503 for $path: $_want" "$out"
		cgi SITEMAPD_CONFIG="$TMP/$1.ini" REQUEST_URI="$path" \
		    HTTP_HOST=x
		check_eq "$1: $path a 503" 503 "$STATUS"
		check_contains "$1: ... asked again later" "Retry-After:" \
		    "$HEADERS"
		check_lacks "$1: ... never another source's rules" "/login/" \
		    "$BODY"
		check_contains "$1: ... the log says the same" "$_want" "$LOG"
	done
}
root_ini missing "$TMP/nowhere"
said missing "$TMP/nowhere cannot be read: no such folder"
root_ini file "$R/a.html"
said file "$R/a.html cannot be read: not a folder"
# Unreadable: root reads anything, so a user who cannot.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	mkdir -p "$TMP/locked"
	cp "$R/robots.txt" "$TMP/locked/"
	chmod 700 "$TMP/locked"
	chmod 755 "$TMP"
	root_ini locked "$TMP/locked"
	chmod 644 "$TMP/locked.ini"
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$SITEMAPD" -c "$TMP/locked.ini" list 2>&1)
	check_eq "an unreadable root: list says so" \
	    "sitemapd: $TMP/locked.ini:3: the content root $TMP/locked cannot be read: Permission denied" \
	    "$out"
	CGI_PREFIX="setpriv --reuid=65534 --regid=65534 --clear-groups"
	cgi SITEMAPD_CONFIG="$TMP/locked.ini" REQUEST_URI=/robots.txt \
	    HTTP_HOST=x
	CGI_PREFIX=
	check_eq "... robots.txt a 503, not rules without the root's own" 503 \
	    "$STATUS"
else
	echo "# not root, or no setpriv: an unreadable root not checked"
fi

# --- a FastCGI process on a root not there yet ------------------------------
if command -v cgi-fcgi >/dev/null; then
	SOCK="$TMP/s.sock"
	root_ini later "$TMP/later"
	"$SITEMAPD" -c "$TMP/later.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
	SERVER_PID=$!
	stop_server() { stop_process "$SERVER_PID"; }
	on_exit stop_server
	wait_for sh -c "[ -S '$SOCK' ]"
	robots() {
		env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/robots.txt \
		    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null |
		    tr -d '\r'
	}
	check_contains "FastCGI on a missing root: said at start" \
	    "later.ini:3: the content root $TMP/later cannot be read: no such folder" \
	    "$(cat "$TMP/server.log")"
	check_contains "... robots.txt a 503" "Status: 503" "$(robots)"
	mkdir -p "$TMP/later"
	cp "$R/robots.txt" "$TMP/later/"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/robots.txt cgi-fcgi -bind -connect '$SOCK' \
	    2>/dev/null | grep -q private"
	check_contains "... once the root is there, its rules" \
	    "Disallow: /private/" "$(robots)"
	stop_server
	check_no_sanitizer_report "$(cat "$TMP/server.log")"

	# Started on a broken INI: it runs on, as a CGI would answer, and
	# takes the INI once mended.
	sitemap() {
		env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
		    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null |
		    tr -d '\r'
	}
	broken mend "source = docroot
root = $R"
	rm -f "$SOCK"
	"$SITEMAPD" -c "$TMP/mend.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for sh -c "[ -S '$SOCK' ]"
	check_contains "FastCGI started on a broken INI: it runs, and robots.txt is the root's own" \
	    "Disallow: /private/" "$(robots)"
	check_lacks "... never NoPressure's built-in rules" "/login/" "$(robots)"
	check_contains "... the sitemap a 503" "Status: 503" "$(sitemap)"
	check_contains "... said at start, with the INI's line" \
	    "mend.ini:4: \"gzip\" belongs in [http], not [site]" \
	    "$(cat "$TMP/server.log")"
	printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/mend.ini"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml cgi-fcgi -bind -connect '$SOCK' \
	    2>/dev/null | grep -q '<loc>http://x/a.html'"
	check_contains "... the INI mended: its sitemap" \
	    "<loc>http://x/a.html</loc>" "$(sitemap)"
	stop_server
	check_no_sanitizer_report "$(cat "$TMP/server.log")"
	"$SITEMAPD" -c "$TMP/no-such.ini" -s "unix:$TMP/n.sock" 2>"$TMP/n.log"
	check_eq "FastCGI on an INI that is not there: exit 2, at once" 2 "$?"
else
	echo "# cgi-fcgi not installed: a FastCGI process not checked"
fi
finish
