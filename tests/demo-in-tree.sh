#!/bin/sh
# The README's two builds in one clone: its install steps (autoreconf,
# ./configure, make, in place), then the README's first command,
# contrib/demo.sh, which serves from that build instead of refusing to
# configure one of its own; and contrib/test.sh's builds, which need the
# tree unconfigured, make it so first. A copy of the tree, built whole:
# once, in the plain build.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need lighttpd
grep -q __asan_init "$SITEMAPD" && skip "a second build of the tree under ASan"

T=$TMP/clone
mkdir -p "$T"
(cd "$SRCDIR" && tar -cf - --exclude=./_build --exclude=./.git \
    --exclude='./sitemapd-*' .) | (cd "$T" && tar -xf -)
rm -f "$T/config.status" "$T/config.h" "$T/Makefile"
(cd "$T" && { [ -x configure ] || autoreconf -fi; } && ./configure -q &&
    make -s -j2) >"$TMP/build.out" 2>&1
check_eq "the README's build, in place" 0 "$?" ||
    { tail -20 "$TMP/build.out"; finish; exit 1; }

PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
env -u SITEMAPD PORT=$PORT setsid sh "$T/contrib/demo.sh" \
    >"$TMP/demo.out" 2>&1 &
DEMO_PID=$!
stop_demo() { kill -TERM -"$DEMO_PID" 2>/dev/null; wait "$DEMO_PID" 2>/dev/null; }
on_exit stop_demo
wait_http "$URL/robots.txt" "$DEMO_PID"
check_eq "the demo, after it, serves" 0 "$?" || cat "$TMP/demo.out"
get /sitemap.xml
check_eq "... its sitemap" 200 "$STATUS"
check_eq "... from the build in place: no build of its own" no \
    "$([ -d "$T/_build" ] && echo yes || echo no)"
stop_demo

# contrib/test.sh's first step on such a tree (its install-deps asks apt
# for nothing here): the tree made unconfigured, for builds of its own.
sed -n '1,/^autoreconf -fi/p' "$T/contrib/test.sh" >"$T/contrib/first.sh"
(cd "$T" && sh contrib/first.sh) >"$TMP/first.out" 2>&1
check_eq "test.sh's first step on it: the tree unconfigured" no \
    "$([ -f "$T/config.status" ] && echo yes || echo no)"
check_contains "... and said" "configured in place: make distclean" \
    "$(cat "$TMP/first.out")"
finish
