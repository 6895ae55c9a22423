#!/bin/sh
# What a FastCGI process answers is what `render` prints, byte for byte,
# whatever memory it wrote the answer in: a process that keeps the memory
# of its biggest answers for the next (src/http/body.c) is asked, in one
# run, sitemaps of sizes on either side of every boundary of its buffers
# (a FastCGI record of 65,535 bytes, the megabyte from which memory is
# mapped alone, one writev of 32 records), growing and shrinking in turn:
# plain, gzip (one stream, which gzip -t and zlib take, and the same bytes
# once unpacked) and HEAD (the length of the GET, no body). And a slow
# reader gets one version of its sitemap, the one of when it asked, while
# the tree changes under it.
. "$SRCDIR/tests/lib.sh"

CLIENT=${FCGI_CLIENT:-$(dirname "$SITEMAPD")/../tests/fcgi-client}
[ -x "$CLIENT" ] || { echo "tests/fcgi-client not built"; exit 1; }
need cgi-fcgi
need python3

R=$TMP/root
SOCK=$TMP/sitemapd.sock
mkdir -p "$R/p"
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/sitemapd.ini"

# pages FROM TO: pages p/0000001.html... of one line each; every name is
# as long as the next, so every entry is as long as the next.
pages() {
	awk -v d="$R/p" -v a="$1" -v b="$2" 'BEGIN {
		for (i = a; i <= b; i++) {
			f = sprintf("%s/%07d.html", d, i)
			print "<!doctype html><title>p</title><p>x</p>" >f
			close(f)
		}
	}'
}
# unpage FROM TO: those pages gone.
unpage() { [ "$1" -gt "$2" ] || seq -f "$R/p/%07g.html" "$1" "$2" | xargs rm -f; }
# filler K: the one page whose name is K bytes longer than f.html's.
filler() {
	rm -f "$R"/f*.html
	printf '<!doctype html><title>f</title><p>x</p>\n' \
	    >"$R/f$(printf "%${1}s" "" | tr ' ' x).html"
}
rendered() {
	"$SITEMAPD" -c "$TMP/sitemapd.ini" render /sitemap.xml \
	    --host example.com --output "$1"
}
size_of() { wc -c <"$1" | tr -d ' '; }

# The bytes of the part around its entries, an entry, and f.html's.
pages 1 2
filler 0
rm -f "$R"/f*.html
rendered "$TMP/two.xml"
unpage 2 2
rendered "$TMP/one.xml"
filler 0
rendered "$TMP/onef.xml"
ENTRY=$(($(size_of "$TMP/two.xml") - $(size_of "$TMP/one.xml")))
AROUND=$(($(size_of "$TMP/one.xml") - ENTRY))
FILLER=$(($(size_of "$TMP/onef.xml") - $(size_of "$TMP/one.xml")))
NOW=1

# site_of TARGET: the tree changed so that the sitemap is TARGET bytes.
site_of() {
	_left=$(($1 - AROUND - FILLER))
	_n=$((_left / ENTRY))
	if [ "$_n" -gt "$NOW" ]; then pages $((NOW + 1)) "$_n"
	else unpage $((_n + 1)) "$NOW"; fi
	NOW=$_n
	filler $((_left - _n * ENTRY))
}

# get NAME [HEADER=VALUE...]: the answer's head and body, apart.
get() {
	_name=$1
	shift
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com \
	    REQUEST_URI=/sitemap.xml "$@" timeout 60 \
	    cgi-fcgi -bind -connect "$SOCK" >"$TMP/$_name.raw" 2>/dev/null
	sed '/^\r$/q' "$TMP/$_name.raw" >"$TMP/$_name.head"
	tail -c +$(($(size_of "$TMP/$_name.head") + 1)) "$TMP/$_name.raw" \
	    >"$TMP/$_name.body"
}
# caught_up: the process answers the tree as it is now (a change shows
# in the next answer but for inotify's delivery; seconds at most).
caught_up() {
	for _i in $(seq 300); do
		get now
		cmp -s "$TMP/now.body" "$TMP/expected.xml" && return 0
		sleep 0.1
	done
	return 1
}
# one_stream FILE: exactly one gzip member, whole, nothing after it.
one_stream() {
	python3 -c '
import sys, zlib
data = open(sys.argv[1], "rb").read()
d = zlib.decompressobj(16 + zlib.MAX_WBITS)
d.decompress(data)
sys.exit(0 if d.eof and d.unused_data == b"" else 1)' "$1"
}

start_fcgi "$TMP/sitemapd.ini" "$SOCK" || not_ok "the process starts"
stop() { stop_process "$pid"; }
on_exit stop

# Around a record (65,535), the mapped megabyte, a writev of 32 records;
# growing and shrinking in turn, so that each size is written in the
# memory a bigger or a smaller one left.
for target in 1048577 65535 2097121 1048575 65536 2097120 1048576 65534 \
    2097119; do
	site_of "$target"
	rendered "$TMP/expected.xml"
	check_eq "$target: render prints that many bytes" "$target" \
	    "$(size_of "$TMP/expected.xml")"
	caught_up && ok "$target: the plain answer is render's, byte for byte" ||
	    not_ok "$target: the plain answer is render's, byte for byte"
	get packed HTTP_ACCEPT_ENCODING=gzip
	grep -qi '^Content-Encoding: gzip' "$TMP/packed.head" &&
	    gzip -t <"$TMP/packed.body" && one_stream "$TMP/packed.body" &&
	    gzip -dc <"$TMP/packed.body" | cmp -s - "$TMP/expected.xml" &&
	    ok "$target: gzip is one stream of render's bytes" ||
	    not_ok "$target: gzip is one stream of render's bytes"
	get again
	cmp -s "$TMP/again.body" "$TMP/expected.xml" &&
	    ok "$target: plain again after gzip, the same bytes" ||
	    not_ok "$target: plain again after gzip, the same bytes"
	get head REQUEST_METHOD=HEAD
	check_eq "$target: HEAD has the GET's length and no body" \
	    "$target 0" "$(tr -d '\r' <"$TMP/head.head" |
	    sed -n 's/^Content-Length: //p') $(size_of "$TMP/head.body")"
done

# A slow reader, the tree changed under it: one version, its own.
site_of 2097121
rendered "$TMP/expected.xml"
caught_up || not_ok "the process answers the 2 MB sitemap"
cp "$TMP/expected.xml" "$TMP/asked.xml"
FCGI_CLIENT_SAVE=$TMP/slow.raw "$CLIENT" "$SOCK" slow /sitemap.xml 8000 \
    >"$TMP/slow.out" &
slow=$!
wait_for grep -q begun "$TMP/slow.out" || not_ok "the slow reader begins"
unpage 1 3000
filler 7
rendered "$TMP/expected.xml"
caught_up && ok "while one reads slowly, the next answer is the new tree's" ||
    not_ok "while one reads slowly, the next answer is the new tree's"
wait "$slow"
sed '1,/^\r$/d' "$TMP/slow.raw" >"$TMP/slow.body"
grep -q '^ended' "$TMP/slow.out" &&
    cmp -s "$TMP/slow.body" "$TMP/asked.xml" &&
    ok "the slow reader gets the version of when it asked, whole" ||
    not_ok "the slow reader gets the version of when it asked, whole ($(cat "$TMP/slow.out"), $(size_of "$TMP/slow.body") bytes)"

finish
