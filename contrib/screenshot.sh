#!/bin/sh
# Takes doc/sitemap-in-a-browser.png: headless Chromium showing the example
# site's /sitemap.xml as sitemapd serves it under lighttpd, styled by
# /sitemap.css. The pages get fixed dates, so the picture only changes
# when the stylesheet or the example site does.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
port=${PORT:-8099}

sh contrib/install-deps demo
command -v chromium >/dev/null ||
    { echo "screenshot.sh needs chromium (apt-get install chromium)" >&2; exit 1; }
[ -x configure ] || autoreconf -fi
mkdir -p _build/plain
(cd _build/plain && { [ -f Makefile ] || ../../configure -q; } && make -s -j2)

work=$(mktemp -d "${TMPDIR:-/tmp}/sitemapd-shot.XXXXXX")
trap 'kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
cp -R contrib/example-site "$work/site"
find "$work/site" -type f -exec touch -d '2026-03-01 12:00 UTC' {} +
mkdir "$work/htdocs"
printf '[site]\nroot = %s\n' "$work/site" >"$work/sitemapd.ini"
cat >"$work/lighttpd.conf" <<CONF
server.document-root = "$work/htdocs"
server.bind = "127.0.0.1"
server.port = $port
var.sitemapd_bin = "$top/_build/plain/src/sitemapd"
var.sitemapd_config = "$work/sitemapd.ini"
var.sitemapd_socket = "$work/sitemapd.sock"
include "$top/contrib/lighttpd.conf"
CONF
lighttpd -D -f "$work/lighttpd.conf" 2>/dev/null &
pid=$!
for i in $(seq 50); do
	curl -sf -o /dev/null "http://127.0.0.1:$port/robots.txt" && break
	sleep 0.1
done
HOME=$work chromium --headless --no-sandbox --disable-gpu \
    --user-data-dir="$work/chromium" --hide-scrollbars \
    --window-size=900,420 --screenshot="$top/doc/sitemap-in-a-browser.png" \
    "http://127.0.0.1:$port/sitemap.xml" 2>/dev/null
echo "wrote doc/sitemap-in-a-browser.png"
