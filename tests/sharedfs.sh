#!/bin/sh
# A content root on a shared filesystem, with bindfs (FUSE) standing in for
# NFS: sitemapd serves the root through the mount while another writer
# changes the directory behind it, as another web server's NoPressure
# would. inotify never hears of those writes; every one must show in the
# very next response all the same.
. "$SRCDIR/tests/lib.sh"

command -v bindfs >/dev/null || skip "bindfs is not installed"
command -v cgi-fcgi >/dev/null || skip "cgi-fcgi is not installed"
[ -c /dev/fuse ] || skip "no /dev/fuse"

BACK="$TMP/back"
MNT="$TMP/mnt"
mkdir -p "$BACK/state/sys" "$MNT"
page "$BACK" 0000000000000101 1 "$(md about)"
page "$BACK" 0000000000000202 1 "$(md staff/handbook '"staff"')"
printf 'staff:\n  name: Staff\n  roles: [staff]\n' >"$BACK/state/sys/tags.yaml"
# Attribute caching off, as actimeo=0 on NFS: see doc/what-holds.
bindfs -o attr_timeout=0,entry_timeout=0,negative_timeout=0 "$BACK" "$MNT" \
    2>"$TMP/bindfs.err" || skip "bindfs cannot mount here: $(cat "$TMP/bindfs.err")"
unmount() { fusermount -u "$MNT" 2>/dev/null || umount "$MNT" 2>/dev/null; }
on_exit unmount

SOCK="$TMP/s.sock"
serve() {	# serve INI
	rm -f "$SOCK"
	"$SITEMAPD" -c "$1" -s "unix:$SOCK" 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK"
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
# listed: the sitemap's URLs, as the running process answers now.
listed() {
	env -i REQUEST_METHOD=GET REQUEST_URI=/sitemap.xml HTTP_HOST=example.com \
	    cgi-fcgi -bind -connect "$SOCK" 2>/dev/null |
	    sed -n 's:.*<loc>http\://example.com\(.*\)</loc>.*:\1:p' | tr '\n' ' '
}
# new_version ROOT ID VERSION SIDECAR: blob first, then the sidecar
# renamed into place, as NoPressure writes.
new_version() {
	_dir="$1/content/$(printf '%s' "$2" | cut -c15-16)"
	mkdir -p "$_dir"
	printf '# page\n' >"$_dir/$2.$3"
	printf '%s\n' "$4" >"$_dir/.tmp-$2"
	mv "$_dir/.tmp-$2" "$_dir/$2.$3.ron"
}

# --- the fault: inotify on the mount hears nothing ---------------------------
ini "$TMP/inotify.ini" "$MNT" "watch = inotify"
serve "$TMP/inotify.ini"
check_eq "watch = inotify: the first answer" "/about " "$(listed)"
new_version "$BACK" 0000000000000303 1 "$(md news)"
check_eq "watch = inotify: the other writer's page is never seen" \
    "/about " "$(listed)"
stop
rm -r "$BACK/content/03"

# --- auto: the mount is recognised, every change shows at once ---------------
ini "$TMP/auto.ini" "$MNT"
serve "$TMP/auto.ini"
check_eq "auto: the first answer" "/about " "$(listed)"
check_contains "auto: FUSE recognised, and logged" \
    "FUSE, where inotify misses other machines' writes" "$(cat "$TMP/server.log")"

new_version "$BACK" 0000000000000102 1 "$(md contact)"
check_eq "a new page in a known shard" "/about /contact " "$(listed)"
new_version "$BACK" 0000000000000303 1 "$(md news)"
check_eq "a new shard directory" "/about /contact /news " "$(listed)"
new_version "$BACK" 0000000000000101 2 "$(md about-us)"
check_eq "a new version with a new alias" "/about-us /contact /news " "$(listed)"
printf '%s\n' "$(md contact-us)" >"$BACK/content/02/.tmp"
mv "$BACK/content/02/.tmp" "$BACK/content/02/0000000000000102.1.ron"
check_eq "a sidecar renamed over (metadata edit)" \
    "/about-us /contact-us /news " "$(listed)"
rm "$BACK/content/02/0000000000000102.1" "$BACK/content/02/0000000000000102.1.ron"
check_eq "a page deleted" "/about-us /news " "$(listed)"
rm -r "$BACK/content/03"
check_eq "a shard directory removed" "/about-us " "$(listed)"
new_version "$BACK" 0000000000000101 3 "$(md about-us '"staff"')"
check_eq "a page made private" "" "$(listed)"
printf 'staff:\n  name: Staff\n  roles: []\n' >"$BACK/state/sys/.tags"
mv "$BACK/state/sys/.tags" "$BACK/state/sys/tags.yaml"
check_eq "tags.yaml renamed over" "/about-us /staff/handbook " "$(listed)"
printf 'staff:\n  name: Staff\n  roles: [staff]\n' >"$BACK/state/sys/tags.yaml"
check_eq "tags.yaml edited in place" "" "$(listed)"
printf 'staff:\n  name: Staff\n  roles: []\n' >"$BACK/state/sys/tags.yaml"
stop

# --- watch = stat works the same on a local root -----------------------------
ini "$TMP/stat.ini" "$BACK" "watch = stat"
serve "$TMP/stat.ini"
check_eq "watch = stat on a local root: the first answer" \
    "/about-us /staff/handbook " "$(listed)"
new_version "$BACK" 0000000000000404 1 "$(md later)"
check_eq "watch = stat on a local root: a new page" \
    "/about-us /later /staff/handbook " "$(listed)"
check_contains "watch = stat: logged" "watch = stat; comparing" \
    "$(cat "$TMP/server.log")"
stop

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
