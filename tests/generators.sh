#!/bin/sh
# Sites built by real generators: Hugo, MkDocs and Jekyll (with
# jekyll-seo-tag, jekyll-sitemap, jekyll-redirect-from) served by a real
# lighttpd with sitemapd reading the same folder as a docroot: sitemapd
# lists the pages the generator's own sitemap lists, but for those the
# generator lists wrongly (a page marked noindex), each named; no error
# page, no redirect stub; every URL it lists is a page lighttpd serves,
# at the URL its canonical asks for, and nginx with doc/document-root's recipe.
# Pelican's translations and Sphinx's file:// canonicals, as a CGI reads
# them.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need hugo hugo
need mkdocs mkdocs

# site NAME DOCROOT GENERATOR-SITEMAP [INI LINES]: serves DOCROOT and
# compares with the generator's sitemap, its URLs passed through $MAP and
# without those in $WRONG (paths the generator should not list).
site() {
	printf '[site]\nsource = docroot\nroot = %s\n%s\n[sitemap]\nimages = yes\n' \
	    "$2" "${4:-}" >"$TMP/$1.ini"
	start_lighttpd "$TMP/$1.ini" "$2"
	get /sitemap.xml
	check_eq "$1: 200" 200 "$STATUS"
	check_valid "$1: valid against the schemas, with images on" "$TMP/body" \
	    sitemap-extensions.xsd
	sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p' "$TMP/body" \
	    >"$TMP/images"
	check_contains "$1: its pages' images" "$URL/" "$(cat "$TMP/images")"
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
	bad=""
	while read -r url; do
		code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
		[ "$code" = 200 ] || bad="$bad $url:$code"
	done <"$TMP/images"
	check_eq "$1: each image listed is served with 200" "" "$bad"
	command -v python3 >/dev/null && check_audit "$1" "$URL/"
	stop_lighttpd
	command -v nginx >/dev/null || return 0
	# And by nginx, with doc/document-root's recipe: try_files $uri $uri.html.
	start_nginx "$2" 'location / { try_files $uri $uri.html $uri/ =404; }'
	bad=""
	while read -r url; do
		code=$(curl -s -o /dev/null -w '%{http_code}' \
		    "$NGINX${url#"$URL"}")
		[ "$code" = 200 ] || bad="$bad $url:$code"
	done <"$TMP/ours"
	check_eq "$1: ... and by nginx with doc/document-root's recipe" "" "$bad"
	stop_nginx
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
mkdir -p "$H/static"
printf 'PNG' >"$H/static/chart.png"
printf -- '---\ntitle: Hello\ndate: 2025-01-02\n---\nHi. ![A chart](/chart.png)\n' \
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
mkdir -p "$M/docs/img"
printf 'PNG' >"$M/docs/img/shot.png"
printf '# Install\n\n![A shot](../img/shot.png)\n' >"$M/docs/guide/install.md"
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

# --- Jekyll with jekyll-seo-tag, jekyll-sitemap and jekyll-redirect-from:
# dates in JSON-LD, extensionless permalinks, a redirect stub -------------
if command -v jekyll >/dev/null; then
	J="$TMP/jekyll"
	mkdir -p "$J/_layouts" "$J/_posts"
	printf '%s\n' 'title: Blog' 'url: "http://example.org"' \
	    'permalink: /:year/:month/:day/:title.html' \
	    'plugins: [jekyll-seo-tag, jekyll-sitemap, jekyll-redirect-from]' \
	    >"$J/_config.yml"
	printf '<!DOCTYPE html><html><head>{%% seo %%}</head><body>{{ content }}</body></html>\n' \
	    >"$J/_layouts/default.html"
	mkdir -p "$J/assets"
	printf 'PNG' >"$J/assets/j.png"
	printf -- '---\nlayout: default\ntitle: Hello\nlast_modified_at: 2024-04-01\n---\nHi. ![J](/assets/j.png)\n' \
	    >"$J/_posts/2024-03-05-hello.md"
	printf -- '---\nlayout: default\ntitle: Second\n---\nMore.\n' \
	    >"$J/_posts/2024-05-06-second.md"
	printf -- '---\nlayout: default\ntitle: Contact\npermalink: /contact\nredirect_from: /old-contact.html\n---\nWrite.\n' \
	    >"$J/contact.md"
	printf -- '---\nlayout: default\ntitle: Home\n---\nHome.\n' >"$J/index.md"
	if (cd "$J" && jekyll build -q -s . -d _site) >"$TMP/jekyll.log" 2>&1; then
		printf '[site]\nsource = docroot\nroot = %s\n' "$J/_site" \
		    >"$TMP/jekyll-plain.ini"
		out=$("$SITEMAPD" -c "$TMP/jekyll-plain.ini" check 2>&1)
		check_contains "jekyll: its extensionless canonical names the fix" \
		    "as [docroot] clean_urls = yes would list them, pages: 1, such as contact.html" \
		    "$out"
		site jekyll "$J/_site" "$J/_site/sitemap.xml" \
		    "[docroot]
clean_urls = yes"
		cgi SITEMAPD_CONFIG="$TMP/jekyll.ini" REQUEST_URI=/sitemap.xml \
		    HTTP_HOST=example.org
		lastmod_of() { printf '%s\n' "$BODY" | sed -n "\|<loc>http://example.org$1</loc>|{n;s:.*<lastmod>\(.*\)</lastmod>.*:\1:p}"; }
		check_eq "jekyll: a post's lastmod, its JSON-LD dateModified" \
		    2024-04-01 "$(lastmod_of /2024/03/05/hello.html)"
		check_eq "... one without, its datePublished" 2024-05-06 \
		    "$(lastmod_of /2024/05/06/second.html)"
		check_contains "jekyll: the redirect stub left out, and why" \
		    "left-out: noindex" "$(why "$TMP/jekyll.ini" /old-contact)"
	else
		cat "$TMP/jekyll.log"
		not_ok "jekyll builds the site"
	fi
fi

# --- Sphinx, as Debian's documentation packages build it: every page's
# canonical a file:// URL, which a CGI must not log page by page --------
if command -v sphinx-build >/dev/null; then
	X="$TMP/sphinx"
	mkdir -p "$X/src"
	printf '%s\n' 'project = "Docs"' \
	    'html_baseurl = "file:///usr/share/doc/docs/html/"' >"$X/src/conf.py"
	{ printf 'Docs\n====\n\n.. toctree::\n\n'
	for i in $(seq 14); do printf '   p%s\n' "$i"; done; } >"$X/src/index.rst"
	for i in $(seq 14); do
		printf 'Page %s\n=======\n\nText.\n' "$i" >"$X/src/p$i.rst"
	done
	if sphinx-build -q -b html "$X/src" "$X/html" >"$TMP/sphinx.log" 2>&1; then
		printf '[site]\nsource = docroot\nroot = %s\n' "$X/html" \
		    >"$TMP/sphinx.ini"
		cgi SITEMAPD_CONFIG="$TMP/sphinx.ini" REQUEST_URI=/sitemap.xml \
		    HTTP_HOST=example.org
		check_eq "sphinx: 200" 200 "$STATUS"
		check_eq "sphinx: a CGI logs no line for notes of every page" "" \
		    "$LOG"
		out=$("$SITEMAPD" -c "$TMP/sphinx.ini" check 2>&1)
		check_eq "sphinx: check says the file:// canonicals in one line" 1 \
		    "$(printf '%s\n' "$out" | grep -c 'is no http or https URL')"
		check_contains "... with their count" "note: 1" \
		    "$(printf '%s\n' "$out" | grep 'is no http or https URL')"
	else
		cat "$TMP/sphinx.log"
		not_ok "sphinx builds the site"
	fi
fi

# --- Pelican: a post and its translation, which name each other only -----
if command -v pelican >/dev/null; then
	P="$TMP/pelican"
	mkdir -p "$P/content"
	printf '%s\n' 'SITENAME = "Blog"' 'SITEURL = "http://example.org"' \
	    'DEFAULT_LANG = "en"' 'TIMEZONE = "UTC"' 'FEED_ALL_ATOM = None' \
	    'CATEGORY_FEED_ATOM = None' 'RELATIVE_URLS = False' \
	    >"$P/pelicanconf.py"
	printf 'Title: Hello\nDate: 2024-03-05\nSlug: hello\nLang: en\n\nHi.\n' \
	    >"$P/content/hello.md"
	printf 'Title: Bonjour\nDate: 2024-03-05\nSlug: hello\nLang: fr\n\nSalut.\n' \
	    >"$P/content/hello-fr.md"
	if (cd "$P" && pelican -q content -o output -s pelicanconf.py) \
	    >"$TMP/pelican.log" 2>&1; then
		printf '[site]\nsource = docroot\nroot = %s\n' "$P/output" \
		    >"$TMP/pelican.ini"
		cgi SITEMAPD_CONFIG="$TMP/pelican.ini" REQUEST_URI=/sitemap.xml \
		    HTTP_HOST=example.org
		check_eq "pelican: 200" 200 "$STATUS"
		check_valid "pelican: valid against the schemas" "$TMP/body" \
		    sitemap-alternates.xsd
		en=$(printf '%s\n' "$BODY" | sed -n '\|<loc>http://example.org/hello.html</loc>|,\|</url>|p')
		check_eq "pelican: the post names both languages, itself too" 2 \
		    "$(printf '%s\n' "$en" | grep -c 'xhtml:link')"
	else
		cat "$TMP/pelican.log"
		not_ok "pelican builds the site"
	fi
fi

finish
