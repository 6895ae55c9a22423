#!/bin/sh
# What a long-running sitemapd keeps resident for a document root, once
# it has answered the sitemap: a root's other files (images, styles) cost
# nothing, as it keeps only what may be a page; images = yes costs a
# page's image lines and a pair of ids for each, not a structure beside
# them. Memory is a count,
# not a time: a loaded machine passes as a quiet one.
. "$SRCDIR/tests/lib.sh"

CLIENT=${FCGI_CLIENT:-$(dirname "$SITEMAPD")/../tests/fcgi-client}
GENPAGES=${GENPAGES:-$(dirname "$SITEMAPD")/../bench/genpages}
[ -x "$CLIENT" ] && [ -x "$GENPAGES" ] ||
    { echo "tests/fcgi-client or bench/genpages not built"; exit 1; }
# A sanitizer's own memory beside every allocation says nothing of ours.
grep -q __asan_init "$SITEMAPD" && skip "resident memory under ASan"

N=20000
# The same pages twice: alone, and each with an image file beside it.
"$GENPAGES" --html "$TMP/pages" "$N" || exit 1
"$GENPAGES" --html-images "$TMP/imaged" "$N" || exit 1
mkdir -p "$TMP/empty"

SOCK="$TMP/sitemapd.sock"
# resident_kb ROOT [LINES]: VmRSS of a process on ROOT after the sitemap,
# less the sitemap.
resident_kb() {
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$1" "${2:-}" \
	    >"$TMP/run.ini"
	rm -f "$SOCK"
	# One malloc arena: what another thread's arena keeps at a given
	# moment of a loaded machine is no cost of a page.
	MALLOC_ARENA_MAX=1 "$SITEMAPD" -c "$TMP/run.ini" -s "unix:$SOCK" \
	    2>>"$TMP/server.log" &
	_pid=$!
	wait_for test -S "$SOCK" || not_ok "the socket appears ($1)"
	"$CLIENT" "$SOCK" get /sitemap.xml 120000 >"$TMP/got" ||
	    not_ok "the sitemap is answered ($1): $(cat "$TMP/got")"
	# Less the answer's memory, kept for the next (http/body.c): what
	# the pages cost, not how long their sitemap is.
	_answer=$(sed -n 's/.*, \([0-9]*\) body bytes.*/\1/p' "$TMP/got")
	awk -v kept="$((${_answer:-0} / 1024))" \
	    '/^VmRSS:/ { print $2 - kept }' "/proc/$_pid/status"
	stop_process "$_pid"
}
# per_page KB_MORE KB_LESS: bytes a page of the difference.
per_page() { echo $((($1 - $2) * 1024 / N)); }

# Each figure the smallest of two runs: what a process needs, not what
# a stray arena kept.
least() { [ "$1" -lt "$2" ] && echo "$1" || echo "$2"; }
pages=$(least "$(resident_kb "$TMP/pages")" "$(resident_kb "$TMP/pages")")
imaged=$(least "$(resident_kb "$TMP/imaged")" "$(resident_kb "$TMP/imaged")")
with=$(least "$(resident_kb "$TMP/imaged" "[sitemap]
images = yes")" "$(resident_kb "$TMP/imaged" "[sitemap]
images = yes")")
empty=$(resident_kb "$TMP/empty")
echo "# resident kB: empty $empty, pages $pages, pages beside images" \
    "$imaged, images = yes $with"

# Each image file known would cost its path and an entry: 60 B or more.
more=$(per_page "$imaged" "$pages")
[ "$more" -lt 20 ] && ok "an image file beside each page costs nothing ($more B a page)" ||
    not_ok "an image file beside each page costs nothing ($more B a page)"

# One or two images a page: their lines, about 50 B, and 16 B each
# that says which page shows its file, for a change there to read it
# again (image_users.h); a struct beside each entry's lines made 120 B.
cost=$(per_page "$with" "$imaged")
[ "$cost" -gt 20 ] && [ "$cost" -lt 100 ] &&
    ok "images = yes costs a page its image lines ($cost B a page)" ||
    not_ok "images = yes costs a page its image lines ($cost B a page)"
printf '[site]\nsource = docroot\nroot = %s\n[sitemap]\nimages = yes\n' \
    "$TMP/imaged" >"$TMP/images.ini"
cgi SITEMAPD_CONFIG="$TMP/images.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_eq "... and lists each page's images" "$((N + N / 2))" \
    "$(printf '%s\n' "$BODY" | grep -c '<image:loc>')"

finish
