#!/bin/sh
# Installs what sitemapd needs, builds it, and serves the bundled examples
# under lighttpd until Ctrl-C, which removes its temporary directory: the
# NoPressure site on 127.0.0.1:8080, and a document root of HTML pages on
# the next port (PORT=9000 sh contrib/demo.sh for others).
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
port=${PORT:-8080}
docroot_port=$((port + 1))

# SITEMAPD=path uses a sitemapd already built (the test suite does).
# Else this clone's: built where the README's steps built it (./configure
# run here, which a build of its own in _build/plain would refuse), or
# in _build/plain.
if [ -z "${SITEMAPD:-}" ]; then
	sh contrib/install-deps demo
	[ -x configure ] || autoreconf -fi
	if [ -f config.status ]; then
		make -s -j2
		SITEMAPD=$top/src/sitemapd
	else
		mkdir -p _build/plain
		(cd _build/plain && { [ -f Makefile ] || ../../configure -q; } &&
		    make -s -j2)
		SITEMAPD=$top/_build/plain/src/sitemapd
	fi
fi

# Fixed dates, so the demo's <lastmod> is not the day of the git clone.
find contrib/example-site contrib/example-docroot -type f \
    -exec touch -d '2026-03-01 12:00 UTC' {} +

demo=$(mktemp -d "${TMPDIR:-/tmp}/sitemapd-demo.XXXXXX")
trap 'rm -rf "$demo"' EXIT
trap 'exit 130' INT TERM
mkdir "$demo/htdocs"
cat >"$demo/sitemapd.ini" <<INI
[site]
root = $top/contrib/example-site
admin_path = /admin-example
INI
cat >"$demo/htdocs/index.html" <<HTML
<!doctype html><title>sitemapd demo</title>
<p><a href="/robots.txt">/robots.txt</a> and
<a href="/sitemap.xml">/sitemap.xml</a>, served live by sitemapd from
<code>$top/contrib/example-site</code>.
HTML
cat >"$demo/lighttpd.conf" <<CONF
server.document-root = "$demo/htdocs"
server.bind = "127.0.0.1"
server.port = $port
server.errorlog = "/dev/stderr"
index-file.names = ( "index.html" )
mimetype.assign = ( ".html" => "text/html; charset=utf-8" )
var.sitemapd_bin = "$SITEMAPD"
var.sitemapd_config = "$demo/sitemapd.ini"
var.sitemapd_socket = "$demo/sitemapd.sock"
include "$top/contrib/lighttpd.conf"

# The document root, its pages served as they are, on the next port.
\$SERVER["socket"] == "127.0.0.1:$docroot_port" {
	server.document-root = "$top/contrib/example-docroot"
	\$HTTP["url"] =~ "^/(robots\\.txt|sitemap\\.xml|sitemap_index\\.xml|sitemap\\.css|sitemaps/.*)\$" {
		fastcgi.server = ( "/" => ( ( "bin-path" => "$SITEMAPD",
		    "socket" => "$demo/docroot.sock", "check-local" => "disable",
		    "bin-environment" => ( "SITEMAPD_CONFIG" => "$demo/docroot.ini" ),
		    "max-procs" => 1 ) ) )
	}
}
CONF
cat >"$demo/docroot.ini" <<INI
[site]
source = docroot
root = $top/contrib/example-docroot

[docroot]
exclude = drafts/**
INI

echo
echo "The example site leaves some pages out on purpose, to show why a page"
echo "can be left out; sitemapd's warnings about them below are expected:"
"$SITEMAPD" -c "$demo/sitemapd.ini" list --host "127.0.0.1:$port" |
    awk -F '\t' '$2 == "left-out" { printf "  page %s: %s\n", $1, $4 }'
echo
echo "sitemapd is serving the examples under lighttpd. The NoPressure site:"
echo "  http://127.0.0.1:$port/             (links both)"
echo "  http://127.0.0.1:$port/robots.txt"
echo "  http://127.0.0.1:$port/sitemap.xml"
echo "A document root of HTML pages (contrib/example-docroot):"
echo "  http://127.0.0.1:$docroot_port/"
echo "  http://127.0.0.1:$docroot_port/sitemap.xml"
echo "Edit files under contrib/example-site or contrib/example-docroot and"
echo "reload: changes show at once."
echo "Press Ctrl-C to stop; it removes $demo."
# lighttpd runs two sitemapd processes, and each logs what it skips: a
# line is shown once.
lighttpd -D -f "$demo/lighttpd.conf" 2>&1 | while IFS= read -r line; do
	grep -Fxq -- "$line" "$demo/shown" 2>/dev/null ||
	    printf '%s\n' "$line" | tee -a "$demo/shown"
done

