#!/bin/sh
# Sites built by real generators, Hugo and MkDocs, served by a real
# lighttpd with sitemapd reading the same folder as a docroot: sitemapd
# lists the pages the generator's own sitemap lists, no error page, and
# every URL it lists is a page lighttpd serves.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need hugo hugo
need mkdocs mkdocs

# site NAME DOCROOT GENERATOR-SITEMAP [INI LINES]: serves DOCROOT and
# compares with the generator's sitemap, if there is one to compare with.
site() {
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$2" "${4:-}" \
	    >"$TMP/$1.ini"
	start_lighttpd "$TMP/$1.ini" "$2"
	get /sitemap.xml
	check_eq "$1: 200" 200 "$STATUS"
	check_valid "$1: valid against sitemap.xsd" "$TMP/body" sitemap.xsd
	locs | sort >"$TMP/ours"
	if [ -n "$3" ]; then
		sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p' "$3" |
		    sed "s|^http://example.org|$URL|" | sort >"$TMP/theirs"
		check_eq "$1: the pages its own sitemap lists" \
		    "$(cat "$TMP/theirs")" "$(cat "$TMP/ours")"
	fi
	check_lacks "$1: not its 404.html" /404 "$(cat "$TMP/ours")"
	bad=""
	while read -r url; do
		code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
		[ "$code" = 200 ] || bad="$bad $url:$code"
	done <"$TMP/ours"
	check_eq "$1: each URL listed is served with 200" "" "$bad"
	stop_lighttpd
}

# --- Hugo, with a draft, a 404 layout, sections and taxonomies --------------
H="$TMP/hugo"
mkdir -p "$H/layouts/_default" "$H/content/posts"
printf 'baseURL = "http://example.org/"\ntitle = "Demo"\n' >"$H/config.toml"
printf '<!doctype html><title>{{ .Title }}</title>{{ .Content }}\n' \
    >"$H/layouts/_default/single.html"
printf '<!doctype html><title>{{ .Title }}</title>%s\n' \
    '{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' \
    >"$H/layouts/_default/list.html"
cp "$H/layouts/_default/list.html" "$H/layouts/index.html"
printf '<!doctype html><title>Not found</title>\n' >"$H/layouts/404.html"
printf -- '---\ntitle: About\n---\nAbout us.\n' >"$H/content/about.md"
printf -- '---\ntitle: Hello\ndate: 2025-01-02\n---\nHi.\n' \
    >"$H/content/posts/hello.md"
printf -- '---\ntitle: Draft\ndraft: true\n---\nWIP.\n' \
    >"$H/content/posts/wip.md"
(cd "$H" && hugo --quiet) >"$TMP/hugo.log" 2>&1 ||
    { cat "$TMP/hugo.log"; not_ok "hugo builds the site"; finish; exit 1; }
[ -f "$H/public/404.html" ] || not_ok "hugo wrote a 404.html to leave out"
site hugo "$H/public" "$H/public/sitemap.xml"

# --- MkDocs, with directory URLs and a nested page ------------------------
M="$TMP/mkdocs"
mkdir -p "$M/docs/guide"
printf 'site_name: Demo\nsite_url: http://example.org/\n' >"$M/mkdocs.yml"
printf '# Home\n' >"$M/docs/index.md"
printf '# About\n' >"$M/docs/about.md"
printf '# Install\n' >"$M/docs/guide/install.md"
(cd "$M" && mkdocs build -q) >"$TMP/mkdocs.log" 2>&1 ||
    { cat "$TMP/mkdocs.log"; not_ok "mkdocs builds the site"; finish; exit 1; }
[ -f "$M/site/404.html" ] || not_ok "mkdocs wrote a 404.html to leave out"
site mkdocs "$M/site" "$M/site/sitemap.xml"

# --- the same with file URLs, listed clean as lighttpd rewrites them ---------
printf 'use_directory_urls: false\n' >>"$M/mkdocs.yml"
rm -rf "$M/site"
(cd "$M" && mkdocs build -q) >"$TMP/mkdocs.log" 2>&1 ||
    { cat "$TMP/mkdocs.log"; not_ok "mkdocs builds the site"; finish; exit 1; }
LIGHTTPD_EXTRA='server.modules += ( "mod_rewrite" )
url.rewrite-if-not-file = ( "^/([^.?]*[^/.?])$" => "/$1.html" )'
site "mkdocs, clean_urls" "$M/site" "" "[docroot]
clean_urls = yes"
check_contains "mkdocs, clean_urls: about.html as /about" "$URL/about
" "$(cat "$TMP/ours")
"

finish
