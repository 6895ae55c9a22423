#!/bin/sh
# What sitemapd reads from disk cannot stop or fool it: a FIFO, a device,
# a huge file or an alias bomb at tags.yaml; YAML merge keys; an INI that
# would publish the admin path; a shard swapped for a symlink; running out
# of file descriptors; thousands of broken versions of one page.
. "$SRCDIR/tests/lib.sh"

CLIENT=${FCGI_CLIENT:-$(dirname "$SITEMAPD")/../tests/fcgi-client}
[ -x "$CLIENT" ] || { echo "tests/fcgi-client not built"; exit 1; }

ROOT="$TMP/root"
mkdir -p "$ROOT/state/sys"
page "$ROOT" 0000000000000101 1 "$(md about)"
page "$ROOT" 0000000000000202 1 "$(md staff/handbook '"staff"')"
ini "$TMP/sitemapd.ini" "$ROOT"
TAGS="$ROOT/state/sys/tags.yaml"
# Nothing here may take long: a hang fails the check instead of the run.
CGI_PREFIX="timeout 20"

# sitemap_fails DESCRIPTION LOG-NEEDLE: the CGI answers the sitemap 503
# with that reason logged, and robots.txt 200.
sitemap_fails() {
	cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com
	check_eq "$1: sitemap 503" 503 "$STATUS"
	check_contains "$1: logged" "$2" "$LOG"
	cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/robots.txt \
	    HTTP_HOST=example.com
	check_eq "$1: robots.txt 200" 200 "$STATUS"
}

# --- tags.yaml --------------------------------------------------------------
mkfifo "$TAGS"
sitemap_fails "tags.yaml a FIFO" "tags.yaml: not a regular file"

# The same under FastCGI: nothing waits on the FIFO, SIGTERM works.
SOCK="$TMP/s.sock"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
server=$!
wait_for test -S "$SOCK"
out=$("$CLIENT" "$SOCK" get /sitemap.xml 10000)
check_contains "FastCGI, tags.yaml a FIFO: sitemap 503 at once" "status 503" "$out"
out=$("$CLIENT" "$SOCK" get /robots.txt 5000)
check_contains "FastCGI, tags.yaml a FIFO: robots.txt 200 at once" "status 200" "$out"
stop_process "$server"
check_eq "FastCGI, tags.yaml a FIFO: SIGTERM stops it" 0 "$?"
check_no_sanitizer_report "$(cat "$TMP/server.log")"
rm "$TAGS"

ln -s /dev/zero "$TAGS"
sitemap_fails "tags.yaml a symlink to /dev/zero" "tags.yaml: not a regular file"
rm "$TAGS"

head -c 5000000 /dev/zero | tr '\0' '#' >"$TAGS"
sitemap_fails "tags.yaml over 4 MiB" "tags.yaml: over the 4 MiB limit"

# 170 KB that would expand to 100 million roles.
awk 'BEGIN {
	printf "base:\n  name: base\n  roles: &r ["
	for (i = 1; i <= 10000; i++) printf "%sr%d", (i > 1 ? ", " : ""), i
	print "]"
	for (i = 1; i <= 10000; i++) printf "t%d:\n  name: t\n  roles: *r\n", i
}' >"$TAGS"
sitemap_fails "tags.yaml alias bomb" "over 200000 roles in all"

# A merge key would bring in roles that a reader ignoring it never sees.
cat >"$TAGS" <<'YAML'
base: &base
  name: Base
  roles: [staff]
staff:
  <<: *base
YAML
sitemap_fails "tags.yaml merge key in a tag" "merge keys (<<) are not supported"
printf 'defaults: &d\n  name: D\n<<: *d\n' >"$TAGS"
sitemap_fails "tags.yaml merge key at the top" "merge keys (<<) are not supported"
printf 'staff:\n  name: Staff\n  roles: [staff]\n' >"$TAGS"
cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "tags.yaml without merge: the restricted page stays out" \
    "http://example.com/about" "$(locs)"

# --- the admin path is never published ---------------------------------------
# refused DESCRIPTION LINES...: check refuses the INI, naming the rule's line.
refused() {
	_what=$1; shift
	printf '[site]\nroot = %s\nadmin_path = /admin\n' "$ROOT" >"$TMP/admin.ini"
	printf '%s\n' "$@" >>"$TMP/admin.ini"
	"$SITEMAPD" -c "$TMP/admin.ini" check >/dev/null 2>"$TMP/err"
	check_eq "admin path in $_what: refused" 2 "$?"
	check_contains "admin path in $_what: file, line and reason" \
	    "admin.ini:$(($# + 3)): \"" "$(cat "$TMP/err")"
	check_contains "admin path in $_what: says why" \
	    "names the admin path (admin_path, line 3)" "$(cat "$TMP/err")"
}
refused "[robots] disallow" "[robots]" "disallow = /admin/"
refused "upper case" "[robots]" "disallow = /ADMIN"
refused "a [robots:NAME] group" "[robots:Googlebot]" "disallow = /admin*"
refused "[reserved] robots" "[reserved]" "robots = admin/"
refused "an allow rule, percent-encoded" "[robots]" "allow = /%61dmin/x"
printf '[site]\nroot = %s\nadmin_path = /admin\n[robots]\ndisallow = /administration/\n' \
    "$ROOT" >"$TMP/admin.ini"
"$SITEMAPD" -c "$TMP/admin.ini" check >/dev/null 2>&1
check_eq "a longer name that only starts alike is not refused" yes \
    "$([ $? -ne 2 ] && echo yes)"
# The rule may come before admin_path in the file.
printf '[robots]\ndisallow = /admin/\n[site]\nroot = %s\nadmin_path = admin\n' \
    "$ROOT" >"$TMP/admin.ini"
"$SITEMAPD" -c "$TMP/admin.ini" check >/dev/null 2>"$TMP/err"
check_contains "a rule before admin_path: refused at its line" \
    "admin.ini:2: \"/admin/\" names the admin path (admin_path, line 5)" \
    "$(cat "$TMP/err")"

# --- a shard swapped for a symlink, under FastCGI ------------------------------
rm -f "$TAGS"
page "$ROOT" 0000000000000305 1 "$(md moved)"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
server=$!
wait_for test -S "$SOCK"
"$CLIENT" "$SOCK" get /sitemap.xml >/dev/null
mv "$ROOT/content/05" "$TMP/elsewhere"
ln -s "$TMP/elsewhere" "$ROOT/content/05"
out=$("$CLIENT" "$SOCK" get /sitemap.xml)
check_contains "a shard swapped for a symlink: still 200" "status 200" "$out"
page "$ROOT" 0000000000000401 1 "$(md later)"
cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
cgi_locs=$(locs)
check_lacks "CGI skips the symlinked shard" "moved" "$cgi_locs"
stop_process "$server"
check_lacks "... and FastCGI keeps watching" "inotify:" "$(cat "$TMP/server.log")"
check_lacks "... with no 503" "503 for" "$(cat "$TMP/server.log")"
rm "$ROOT/content/05"

# --- out of file descriptors -----------------------------------------------------
saw=""
for n in 4 5 6 7 8; do
	CGI_PREFIX="prlimit --nofile=$n --"
	cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
	case $LOG in *"Bad file descriptor"*) saw="$saw bad@$n" ;; esac
	case $LOG in *"Too many open files"*) saw="$saw emfile@$n" ;; esac
done
CGI_PREFIX="timeout 20"
check_lacks "out of descriptors: never \"Bad file descriptor\"" "bad@" "$saw"
check_contains "out of descriptors: says so" "emfile@" "$saw"

# --- 10,000 broken versions of one page: one log line ---------------------------
shard="$ROOT/content/07"
mkdir -p "$shard"
i=1
while [ "$i" -le 10000 ]; do
	: >"$shard/0000000000000707.$i"
	echo broken >"$shard/0000000000000707.$i.ron"
	i=$((i + 1))
done
cgi SITEMAPD_CONFIG="$TMP/sitemapd.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "10,000 broken versions: still 200" 200 "$STATUS"
check_eq "10,000 broken versions: one log line" 1 \
    "$(printf '%s\n' "$LOG" | grep -c 0000000000000707)"
check_contains "... naming the newest and the count" \
    "0000000000000707.10000.ron: skipped: " "$LOG"
check_contains "... and how many more" "(and 9999 older versions of the page)" "$LOG"

finish
