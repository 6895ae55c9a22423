#!/bin/sh
# The long-running FastCGI process under lighttpd keeps its page metadata
# between requests and must still show every change on disk in the very
# next response: inotify names what changed, and whatever it cannot say
# (an overflow, a replaced directory) means reading everything again.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

R="$TMP/root"
cp -R "$SRCDIR/contrib/example-site" "$R"
ini "$TMP/sitemapd.ini" "$R"
# File permissions must bind for the unreadable-shard checks below.
LIGHTTPD_PREFIX=$NO_DAC_OVERRIDE start_lighttpd "$TMP/sitemapd.ini"

# put FILE TEXT: replaces FILE the way NoPressure does, by renaming a
# finished temporary file over it.
put() {
	printf '%s\n' "$2" >"$1.tmp-upload" && mv "$1.tmp-upload" "$1"
}
etag() { get /sitemap.xml; hdr ETag; }

get /sitemap.xml
check_eq "starts with the example's five pages" 5 "$(locs | wc -l)"
first_etag=$(hdr ETag)
check_eq "unchanged: same ETag" "$first_etag" "$(etag)"

# A new version: the blob and then the sidecar of version 2 arrive.
printf '# v2\n' >"$R/content/01/0000000000000101.2"
put "$R/content/01/0000000000000101.2.ron" "$(md about/people)"
get /sitemap.xml
check_contains "new version: its alias at once" "/about/people</loc>" "$BODY"
check_lacks "new version: the old alias gone" "/about/team<" "$BODY"
check_lacks "new version: ETag changed" "$first_etag" "$(hdr ETag)"

# A shard directory that did not exist when the process started.
page "$R" 000000000000017a 1 "$(md brand/new)"
get /sitemap.xml
check_contains "new shard: its page at once" "/brand/new</loc>" "$BODY"
rm -r "$R/content/7a"
get /sitemap.xml
check_lacks "shard removed: its page gone" "/brand/new<" "$BODY"
page "$R" 000000000000017a 1 "$(md brand/again)"
get /sitemap.xml
check_contains "shard made again: watched again" "/brand/again</loc>" "$BODY"
page "$R" 000000000000027a 1 "$(md brand/second)"
get /sitemap.xml
check_contains "shard made again: later pages too" "/brand/second</loc>" "$BODY"

# tags.yaml replaced by rename: a tag turns private.
page "$R" 0000000000000909 1 "$(md letters/one '"newsletter"')"
get /sitemap.xml
check_contains "tagged page public" "/letters/one</loc>" "$BODY"
put "$R/state/sys/tags.yaml" "newsletter:
  name: Newsletter
  roles: [subscriber]"
get /sitemap.xml
check_lacks "tags.yaml renamed over: the page is private now" \
    "/letters/one<" "$BODY"

# A changed modification time is a changed <lastmod>.
set_mtime 2021-03-04T05:06:07 "$R/content/09/0000000000000909.1" \
    "$R/content/09/0000000000000909.1.ron"
set_mtime 2020-01-02T03:04:05 "$R/content/06/0000000000000606.2" \
    "$R/content/06/0000000000000606.2.ron"
get /sitemap.xml
check_contains "touched files: new lastmod" \
    "news</loc>
    <lastmod>2020-01-02</lastmod>" "$BODY"

# Conditional requests, and what invalidates them.
get /sitemap.xml
tag=$(hdr ETag) last=$(hdr Last-Modified)
get /sitemap.xml -H "If-None-Match: $tag"
check_eq "If-None-Match: 304" 304 "$STATUS"
check_eq "304: no body" "" "$BODY"
check_eq "304: the same ETag" "$tag" "$(hdr ETag)"
get /sitemap.xml -H "If-None-Match: \"other\", W/$tag"
check_eq "If-None-Match list, weak form: 304" 304 "$STATUS"
get /sitemap.xml -H "If-Modified-Since: $last"
check_eq "If-Modified-Since: 304" 304 "$STATUS"
get /sitemap.xml -H "If-None-Match: \"other\"" -H "If-Modified-Since: $last"
check_eq "If-None-Match wins over If-Modified-Since" 200 "$STATUS"

# Everything old, then a page deleted: nothing listed got newer, yet the
# sitemap changed, so If-Modified-Since must not say 304.
find "$R" "$TMP/sitemapd.ini" -exec touch -h -d 2020-06-01T00:00:00 {} +
get /sitemap.xml
old=$(hdr Last-Modified) tag=$(hdr ETag)
check_eq "Last-Modified of an old site" "Mon, 01 Jun 2020 00:00:00 GMT" "$old"
rm "$R/content/7a/000000000000027a.1.ron"
get /sitemap.xml -H "If-Modified-Since: $old"
check_eq "deleted page: If-Modified-Since gets 200" 200 "$STATUS"
get /sitemap.xml -H "If-None-Match: $tag"
check_eq "deleted page: old ETag gets 200" 200 "$STATUS"

# The INI counts too: a smaller max_urls turns the sitemap into an index.
printf '[sitemap]\nmax_urls = 2\n' >>"$TMP/sitemapd.ini"
get /sitemap.xml -H "If-None-Match: $(hdr ETag)"
check_eq "INI changed: 200 for the old ETag" 200 "$STATUS"
check_contains "INI changed: an index now" "<sitemapindex" "$BODY"

# gzip: the same document, compressed, when the client asks.
get /sitemaps/sitemap-0001.xml
plain=$BODY plain_tag=$(hdr ETag)
get /sitemaps/sitemap-0001.xml --compressed
check_eq "gzip: Content-Encoding" gzip "$(hdr Content-Encoding)"
check_eq "gzip: Vary" Accept-Encoding "$(hdr Vary)"
check_eq "gzip: the same document after inflating" "$plain" "$BODY"
check_lacks "gzip: an ETag of its own" "$plain_tag" "$(hdr ETag)"
get /sitemaps/sitemap-0001.xml -H 'Accept-Encoding: gzip;q=0, identity'
check_eq "gzip;q=0: not compressed" "" "$(hdr Content-Encoding)"
get /sitemaps/sitemap-0001.xml -I
check_eq "HEAD: the ETag of GET" "$plain_tag" "$(hdr ETag)"
printf '[http]\ngzip = no\n' >>"$TMP/sitemapd.ini"
get /sitemaps/sitemap-0001.xml -H 'Accept-Encoding: gzip'
check_eq "gzip = no: not compressed" "" "$(hdr Content-Encoding)"
check_eq "gzip = no: no Vary" "" "$(hdr Vary)"

# More changes at once than inotify queues: the queue overflows and the
# events after it are lost, so only a full rescan can find the new page.
queue=$(cat /proc/sys/fs/inotify/max_queued_events)
(cd "$R/content/05" && seq -f 'junk-%g' $((queue + 100)) | xargs touch)
page "$R" 0000000000000505 2 "$(md after/overflow)"
all=""
for p in 1 2 3 4; do get "/sitemaps/sitemap-000$p.xml"; all="$all$BODY"; done
check_contains "after an overflow: the page written last is listed" \
    "/after/overflow</loc>" "$all"
find "$R/content/05" -name 'junk-*' -delete

# A broken sidecar is logged when it appears, not on every request.
page "$R" 0000000000000606 9 "(broken"
for i in 1 2 3 4 5 6; do get /sitemap_index.xml; done
n=$(grep -c '0000000000000606.9.ron: skipped' "$TMP/lighttpd.out")
check_eq "broken sidecar: logged once per process, not per request" \
    yes "$(test "$n" -ge 1 && test "$n" -le 2 && echo yes || echo "$n")"

# [robots] rules: what they disallow leaves the sitemap at once, and is
# logged when it does, not on every request and not on other changes.
everything() {	# the bodies of the index and of every part it lists
	get /sitemap_index.xml
	_all=$BODY
	for _u in $(locs); do get "${_u#"$URL"}"; _all="$_all$BODY"; done
	BODY=$_all
}
left_out() { grep -c '(/brand/again): left out: blocked by robots.txt rule' "$TMP/lighttpd.out"; }
everything
check_contains "before the rule: listed" "/brand/again</loc>" "$BODY"
printf '[robots]\ndisallow = /brand/a\n' >>"$TMP/sitemapd.ini"
for i in 1 2 3 4; do everything; done
check_lacks "[robots] disallow: left out at once" "/brand/again<" "$BODY"
check_contains "[robots] disallow: other pages stay" "/about/people</loc>" "$BODY"
get /robots.txt
check_contains "[robots] disallow: in robots.txt" "Disallow: /brand/a" "$BODY"
n=$(left_out)
check_eq "left out: logged once per process, not per request" \
    yes "$(test "$n" -ge 1 && test "$n" -le 2 && echo yes || echo "$n")"
page "$R" 0000000000000a0b 1 "$(md other/page)"
everything
check_contains "another change: seen" "/other/page</loc>" "$BODY"
check_eq "another change: the exclusion is not logged again" "$n" "$(left_out)"

# An unreadable shard is a 503, never a sitemap with pages missing.
chmod 000 "$R/content/07"
get /sitemap_index.xml
check_eq "shard made unreadable: 503" 503 "$STATUS"
get /robots.txt
check_eq "shard made unreadable: robots.txt 200" 200 "$STATUS"
chmod 755 "$R/content/07"
get /sitemap_index.xml
check_eq "readable again: 200" 200 "$STATUS"

check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"

# Files that come and go beside the INI and the root (as in /tmp) are no
# news: a request after them reads no directory state again. The INI
# replaced is, as the control that the trace sees it.
if command -v strace >/dev/null; then
	Q="$TMP/quiet"
	mkdir -p "$Q"
	cp -R "$SRCDIR/contrib/example-site" "$Q/root"
	ini "$Q/sitemapd.ini" "$Q/root"
	strace -f -o "$TMP/trace" -e trace=inotify_add_watch,newfstatat,stat \
	    "$SITEMAPD" -c "$Q/sitemapd.ini" -s "unix:$Q/s.sock" \
	    2>>"$TMP/quiet.log" &
	QUIET_PID=$!
	# strace leaves its tracee running when it is stopped: stop that first.
	stop_quiet() {
		for _p in $(cat /proc/"$QUIET_PID"/task/*/children 2>/dev/null)
		do
			stop_process "$_p"
		done
		stop_process "$QUIET_PID"
	}
	on_exit stop_quiet
	ask() {
		env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
		    cgi-fcgi -bind -connect "$Q/s.sock" 2>/dev/null | grep -c '<loc>'
	}
	wait_for test -S "$Q/s.sock"
	wait_for sh -c "[ \"\$(env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml cgi-fcgi -bind -connect '$Q/s.sock' \
	    2>/dev/null | grep -c '<loc>')\" -gt 0 ]"
	for i in $(seq 20); do
		: >"$Q/scratch-$i" && rm "$Q/scratch-$i"
		: >"$Q/root/scratch-$i.tmp"
	done
	before=$(wc -l <"$TMP/trace")
	check_eq "files beside the INI: the sitemap as before" 5 "$(ask)"
	check_eq "... and no directory looked at again" "" \
	    "$(sed -n "$((before + 1)),\$p" "$TMP/trace" | grep sitemapd.ini)"
	cp "$Q/sitemapd.ini" "$Q/new.ini" && mv "$Q/new.ini" "$Q/sitemapd.ini"
	ask >/dev/null
	check_contains "the INI replaced: looked at again" sitemapd.ini \
	    "$(sed -n "$((before + 1)),\$p" "$TMP/trace")"
	stop_quiet
else
	echo "strace not installed: quiet directories not checked"
fi
finish
