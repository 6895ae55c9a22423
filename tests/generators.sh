#!/bin/sh
# Sites built by real generators, Hugo and MkDocs, served by a real
# lighttpd with sitemapd reading the same folder as a docroot: sitemapd
# lists the pages the generator's own sitemap lists, but for those the
# generator lists wrongly (a page marked noindex), each named; no error
# page, no redirect stub; every URL it lists is a page lighttpd serves,
# at the URL its canonical asks for.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need hugo hugo
need mkdocs mkdocs

# site NAME DOCROOT GENERATOR-SITEMAP [INI LINES]: serves DOCROOT and
# compares with the generator's sitemap, its URLs passed through $MAP and
# without those in $WRONG (paths the generator should not list).
site() {
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$2" "${4:-}" \
	    >"$TMP/$1.ini"
	start_lighttpd "$TMP/$1.ini" "$2"
	get /sitemap.xml
	check_eq "$1: 200" 200 "$STATUS"
	check_valid "$1: valid against sitemap.xsd" "$TMP/body" sitemap.xsd
	locs | sort >"$TMP/ours"
	sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p' "$3" |
	    sed -e "s|^http://example.org|$URL|" -e "${MAP:-}" | sort >"$TMP/theirs"
	for path in ${WRONG:-}; do
		check_contains "$1: its own sitemap lists $path" "$URL$path" \
		    "$(cat "$TMP/theirs")"
		check_lacks "... sitemapd does not" "$URL$path" "$(cat "$TMP/ours")"
		grep -vx "$URL$path" "$TMP/theirs" >"$TMP/right"
		mv "$TMP/right" "$TMP/theirs"
	done
	check_eq "$1: the pages its own sitemap lists rightly" \
	    "$(cat "$TMP/theirs")" "$(cat "$TMP/ours")"
	check_lacks "$1: not its 404.html" /404 "$(cat "$TMP/ours")"
	bad=""
	while read -r url; do
		code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
		[ "$code" = 200 ] || bad="$bad $url:$code"
	done <"$TMP/ours"
	check_eq "$1: each URL listed is served with 200" "" "$bad"
	stop_lighttpd
}
why() {	# why INI URL-PATH: the reason list gives for a page left out
	"$SITEMAPD" -c "$1" list --host example.org |
	    awk -F '\t' -v u="http://example.org$2" '$3 == u { print $2 ": " $4 }'
}

# --- Hugo: a draft, a 404 layout, sections, taxonomies, a page marked
# noindex, which Hugo lists, and an alias, which Hugo makes a refresh stub
H="$TMP/hugo"
mkdir -p "$H/layouts/_default" "$H/content/posts"
printf 'baseURL = "http://example.org/"\ntitle = "Demo"\n' >"$H/config.toml"
printf '<!doctype html><html><head><title>{{ .Title }}</title>%s</head>%s\n' \
    '{{ if .Params.noindex }}<meta name="robots" content="noindex">{{ end }}' \
    '<body>{{ .Content }}</body></html>' >"$H/layouts/_default/single.html"
printf '<!doctype html><title>{{ .Title }}</title>%s\n' \
    '{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' \
    >"$H/layouts/_default/list.html"
cp "$H/layouts/_default/list.html" "$H/layouts/index.html"
printf '<!doctype html><title>Not found</title>\n' >"$H/layouts/404.html"
printf -- '---\ntitle: About\naliases: ["/old-about/"]\n---\nAbout us.\n' \
    >"$H/content/about.md"
printf -- '---\ntitle: Thanks\nnoindex: true\n---\nThank you.\n' \
    >"$H/content/thanks.md"
printf -- '---\ntitle: Hello\ndate: 2025-01-02\n---\nHi.\n' \
    >"$H/content/posts/hello.md"
printf -- '---\ntitle: Draft\ndraft: true\n---\nWIP.\n' \
    >"$H/content/posts/wip.md"
hugo_build() {	# hugo_build OUTPUT [OPTIONS]
	(cd "$H" && hugo --quiet -d "$@") >"$TMP/hugo.log" 2>&1 ||
	    { cat "$TMP/hugo.log"; not_ok "hugo builds the site"; finish; exit 1; }
}
hugo_build "$H/public"
[ -f "$H/public/404.html" ] || not_ok "hugo wrote a 404.html to leave out"
[ -f "$H/public/old-about/index.html" ] ||
    not_ok "hugo wrote a refresh stub to leave out"
WRONG=/thanks/ site hugo "$H/public" "$H/public/sitemap.xml"
check_contains "hugo: list says why the noindex page is left out" \
    "left-out: noindex" "$(why "$TMP/hugo.ini" /thanks/)"
check_contains "hugo: and the refresh stub" "left-out: " \
    "$(why "$TMP/hugo.ini" /old-about/)"

# --- Hugo's file URLs listed clean, as lighttpd's rewrite serves them -------
printf 'uglyURLs = true\n' >>"$H/config.toml"
hugo_build "$H/ugly"
LIGHTTPD_EXTRA='server.modules += ( "mod_rewrite" )
url.rewrite-if-not-file = ( "^/([^.?]*[^/.?])$" => "/$1.html" )'
MAP='s|\.html$||' WRONG=/thanks site "hugo, clean_urls" "$H/ugly" \
    "$H/ugly/sitemap.xml" "[docroot]
clean_urls = yes"
check_contains "hugo, clean_urls: about.html as /about" "$URL/about
" "$(cat "$TMP/ours")
"

# --- MkDocs, with directory URLs and a nested page ------------------------
M="$TMP/mkdocs"
mkdir -p "$M/docs/guide"
printf 'site_name: Demo\nsite_url: http://example.org/\n' >"$M/mkdocs.yml"
printf '# Home\n' >"$M/docs/index.md"
printf '# About\n' >"$M/docs/about.md"
printf '# Install\n' >"$M/docs/guide/install.md"
mkdocs_build() {
	rm -rf "$M/site"
	(cd "$M" && mkdocs build -q) >"$TMP/mkdocs.log" 2>&1 ||
	    { cat "$TMP/mkdocs.log"; not_ok "mkdocs builds the site"; finish; exit 1; }
}
mkdocs_build
[ -f "$M/site/404.html" ] || not_ok "mkdocs wrote a 404.html to leave out"
site mkdocs "$M/site" "$M/site/sitemap.xml"

# --- MkDocs' file URLs: each page's canonical names its .html URL, which
# clean_urls does not overrule; index.html is asked for as such ----------
printf 'use_directory_urls: false\n' >>"$M/mkdocs.yml"
mkdocs_build
site "mkdocs, file URLs" "$M/site" "$M/site/sitemap.xml" "[docroot]
clean_urls = yes"
check_contains "mkdocs, file URLs: about.html at its canonical URL" \
    "$URL/about.html" "$(cat "$TMP/ours")"

finish
