#!/bin/sh
# A document root of HTML pages ([site] source = docroot): which files are
# pages and at which URL, as a CGI reads it; a FastCGI process that sees
# every change at the next request, with inotify and with watch = stat;
# and hostile trees: 100,000 empty directories, a loop of symlinks, names
# that make no URL, files that turn into a FIFO or a directory, a tree
# deeper than PATH_MAX, a folder it may not read.
. "$SRCDIR/tests/lib.sh"

CLIENT=$(dirname "$SITEMAPD")/../tests/fcgi-client
[ -x "$CLIENT" ] || { echo "tests/fcgi-client not built"; exit 1; }

R="$TMP/site"
cp -R "$SRCDIR/contrib/example-docroot" "$R"
docroot_ini() {	# docroot_ini FILE [LINES]
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$R" "${2:-}" >"$1"
}
docroot_ini "$TMP/site.ini" "[docroot]
exclude = drafts/**"
ask() {	# ask PATH [VAR=VALUE...]: one CGI request
	_path=$1; shift
	cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI="$_path" \
	    HTTP_HOST=example.com "$@"
}

# --- which files are pages ---------------------------------------------------
ask /sitemap.xml
check_eq "the example docroot: 200" 200 "$STATUS"
check_eq "its pages, an index as its directory's URL" \
"http://example.com/
http://example.com/about.html
http://example.com/blog/2025/hello.html
http://example.com/docs/
http://example.com/docs/install.html" "$(locs)"
check_valid "valid against sitemap.xsd" "$TMP/body" sitemap.xsd
check_contains "lastmod: the date a page gives itself" \
    "<loc>http://example.com/blog/2025/hello.html</loc>
    <lastmod>2025-06-01</lastmod>" "$BODY"
ask /robots.txt
check_lacks "robots.txt names no NoPressure path" "/login/" "$BODY"
check_contains "... and its Sitemap line" \
    "Sitemap: http://example.com/sitemap.xml" "$BODY"

out=$("$SITEMAPD" -c "$TMP/site.ini" list 2>&1)
check_contains "list: the error page and why" \
    "left-out	http://localhost/404.html	an error page" "$out"
check_contains "list: the excluded draft and why" \
    "left-out	http://localhost/drafts/wip.html	excluded by [docroot] exclude drafts/**" \
    "$out"
check_contains "list: a page that asks not to be indexed" \
    "left-out	http://localhost/thanks.html	noindex (its meta robots)" "$out"
check_contains "list: a redirect stub" \
    "left-out	http://localhost/old-about.html	a redirect to /about.html (its meta refresh)" \
    "$out"
check_contains "list: a page whose canonical is another" \
    "left-out	http://localhost/docs/install-print.html	its canonical is /docs/install.html" \
    "$out"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "check: no problem in the example" 0 "$?"
check_contains "check: a note for the error page, named by its file" \
    "note: 404.html (/404.html): left out: an error page" "$out"

# A noindex for one search engine is one for the sitemap they all read.
for bot in bingbot googlebot-news; do
	printf '<meta name="%s" content="noindex"><title>x</title>' "$bot" \
	    >"$R/only-$bot.html"
done
out=$("$SITEMAPD" -c "$TMP/site.ini" list 2>&1)
check_contains "list: a noindex for bingbot leaves the page out, naming it" \
    "left-out	http://localhost/only-bingbot.html	noindex (its meta bingbot)" "$out"
check_contains "... and one for googlebot-news" \
    "left-out	http://localhost/only-googlebot-news.html	noindex (its meta googlebot-news)" \
    "$out"
rm -f "$R"/only-*.html

# Files that are no pages: Nuxt's 200.html, an SPA's shell with no title
# and nothing shown, and a fragment of scripts as Gatsby writes them.
printf '<!DOCTYPE html><html><head><meta charset="utf-8"><script src="/_nuxt/e.js"></script></head><body><div id="__nuxt"></div></body></html>\n' \
    >"$R/200.html"
mkdir -p "$R/_gatsby/slices"
printf '<script id="gatsby-script-loader">/*<![CDATA[*/window.x=1/*]]>*/</script><script src="/app.js"></script>\n' \
    >"$R/_gatsby/slices/_gatsby-scripts-1.html"
printf '<p>Text, no title</p>\n' >"$R/untitled.html"
out=$("$SITEMAPD" -c "$TMP/site.ini" list 2>&1)
check_contains "an SPA's shell, no title and nothing shown: no page" \
    "left-out	http://localhost/200.html	no page: no title, nothing a reader sees, only scripts" \
    "$out"
check_contains "... nor a fragment of scripts" \
    "left-out	http://localhost/_gatsby/slices/_gatsby-scripts-1.html	no page: no title" \
    "$out"
check_contains "... a page with text but no title still is" \
    "listed	http://localhost/untitled.html	" "$out"
rm -rf "$R/200.html" "$R/_gatsby" "$R/untitled.html"

docroot_ini "$TMP/clean.ini" "[docroot]
clean_urls = yes
extensions = html"
cgi SITEMAPD_CONFIG="$TMP/clean.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_contains "clean_urls: /about.html is /about" \
    "<loc>http://example.com/about</loc>" "$BODY"
check_contains "... an index is still its directory" \
    "<loc>http://example.com/docs/</loc>" "$BODY"
check_contains "... and drafts are listed without the exclude" \
    "<loc>http://example.com/drafts/wip</loc>" "$BODY"
echo '%PDF-1.4' >"$R/docs/manual.pdf"
printf '<title>Old</title>\n' >"$R/docs/old.htm"
docroot_ini "$TMP/clean-pdf.ini" "[docroot]
clean_urls = yes
extensions = html, htm, pdf"
cgi SITEMAPD_CONFIG="$TMP/clean-pdf.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_contains "clean_urls: a PDF keeps its name, as no recipe adds .pdf" \
    "<loc>http://example.com/docs/manual.pdf</loc>" "$BODY"
check_contains "... an .htm page too" \
    "<loc>http://example.com/docs/old.htm</loc>" "$BODY"
check_contains "... and an .html page loses it" \
    "<loc>http://example.com/about</loc>" "$BODY"
rm "$R/docs/manual.pdf" "$R/docs/old.htm"

out=$("$SITEMAPD" -c "$TMP/site.ini" list | cut -f3)
check_eq "list: a document root's pages in the order of their URLs" \
    "$(printf '%s\n' "$out" | LC_ALL=C sort)" "$out"
mkdir -p "$R/many"
for i in $(seq 12); do
	printf '<link rel=canonical href="file:///usr/share/doc/%s.html">' "$i" \
	    >"$R/many/p$i.html"
done
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "check: the same lines, in the same order, each time" "$out" \
    "$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)"
check_contains "check: 12 notes of a kind in one line, with the first few" \
    "note: 12 like this: its canonical ... is no http or https URL: taken as none: $R/many/p1.html, $R/many/p10.html, $R/many/p11.html and 9 more" \
    "$out"
check_lacks "... and not one by one" "p12.html: its canonical" "$out"
ask /sitemap.xml
check_eq "a CGI logs no note: they are check's" "" "$LOG"
chmod 000 "$R/many/p1.html" "$R/many/p2.html"
CGI_PREFIX=$NO_DAC_OVERRIDE ask /sitemap.xml
check_eq "... and its problems in one line" 1 "$(printf '%s\n' "$LOG" | wc -l)"
check_contains "... the first of them, naming check" \
    "2 problems in the site, the first: $R/many/p1.html: left out: cannot read it: Permission denied (sitemapd check lists them)" \
    "$LOG"
rm -r "$R/many"
# exclude as .gitignore reads it: git's own matcher on the same tree.
if command -v git >/dev/null; then
	G="$TMP/gitignore"
	for f in index.html drafts/a.html blog/drafts/b.html blog/drafts.html \
	    docs/tmp/c.html docs/x.tmp.html x.tmp.html a/b/c/deep.html \
	    a/b/c.html private/p.html blog/private/q.html notes/n.html \
	    docs/notes/n.html; do
		mkdir -p "$(dirname "$G/$f")"
		echo x >"$G/$f"
	done
	patterns="drafts/ *.tmp.html /private docs/tmp a/**/deep.html notes/ none/"
	printf '%s\n' $patterns >"$G/.gitignore"
	git -C "$G" init -q
	{ printf '[site]\nsource = docroot\nroot = %s\n[docroot]\n' "$G"
	    printf 'exclude = %s\n' $patterns; } >"$TMP/gitignore.ini"
	theirs=$(cd "$G" && find . -name '*.html' | sed 's|^\./||' |
	    git check-ignore --stdin | LC_ALL=C sort)
	ours=$("$SITEMAPD" -c "$TMP/gitignore.ini" list |
	    awk -F '\t' '$4 ~ /^excluded by/ { sub("http://localhost/", "", $3); print $3 }' |
	    LC_ALL=C sort)
	check_eq "exclude: the files git check-ignore ignores, and no other" \
	    "$theirs" "$ours"
	check_contains "check: a pattern that matches no page, noted" \
	    "note: [docroot] exclude none/: no page is under it" \
	    "$("$SITEMAPD" -c "$TMP/gitignore.ini" check 2>&1)"
fi
# Jekyll's permalinks: contact.html names itself /contact.
printf '<link rel="canonical" href="https://blog.example.org/contact">' \
    >"$R/contact.html"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "a canonical the other clean_urls would list: check exits 1" 1 "$?"
check_contains "... naming the fix" \
    "left out as their canonical names them as [docroot] clean_urls = yes would list them, pages: 1, such as contact.html; set it" \
    "$out"
docroot_ini "$TMP/clean-contact.ini" "[docroot]
clean_urls = yes"
cgi SITEMAPD_CONFIG="$TMP/clean-contact.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=blog.example.org
check_contains "... and with it, the page listed" \
    "<loc>http://blog.example.org/contact</loc>" "$BODY"
rm "$R/contact.html"
# Dates stated in JSON-LD, as jekyll-seo-tag and Yoast write them.
J="$TMP/jsonld"
mkdir -p "$J"
jsonld_page() {	# jsonld_page FILE JSON [MORE HEAD]
	printf '<html><head><title>t</title>%s<script type="application/ld+json">%s</script></head><body>%s</body></html>' \
	    "${3:-}" "$2" "$1" >"$J/$1"
}
jsonld_page seo.html '{"@context":"https://schema.org","@type":"BlogPosting","dateModified":"2024-05-01T10:00:00+00:00","datePublished":"2024-04-01T10:00:00+00:00","mainEntityOfPage":{"@type":"WebPage","@id":"http://example.com/seo.html"},"url":"http://example.com/seo.html"}'
jsonld_page published.html '{"@type":"BlogPosting","datePublished":"2024-03-03","url":"/published.html"}' \
    '<meta property="article:published_time" content="2023-01-01">'
jsonld_page yoast.html '{"@context":"https://schema.org","@graph":[{"@type":"WebSite","@id":"http://example.com/#website"},{"@type":"WebPage","@id":"http://example.com/yoast.html","dateModified":"2024-06-01"},{"@type":"Article","mainEntityOfPage":{"@id":"http://example.com/yoast.html"},"datePublished":"2024-01-01"}]}'
jsonld_page others.html '[{"@type":"Article","url":"http://example.com/a.html","dateModified":"2020-01-01"},{"@type":"Article","url":"http://example.com/b.html","dateModified":"2020-02-02"}]'
jsonld_page broken.html '{"dateModified": "2020-01-01", "x": [1, {'
jsonld_page meta-wins.html '{"@type":"WebPage","dateModified":"2024-07-07"}' \
    '<meta property="article:modified_time" content="2024-08-08">'
# Microdata anywhere in the page, as Docusaurus's showLastUpdateTime
# writes it in the body; one in a comment is no date.
printf '<!doctype html><html><head><title>d</title></head><body><article><p>Text</p><footer><time datetime="2024-09-09T10:00:00.000Z" itemprop="dateModified">Sep 9, 2024</time></footer></article></body></html>' \
    >"$J/docusaurus.html"
printf '<!doctype html><title>p</title><p>x</p><meta itemprop="headline datePublished" content="2023-02-02">' \
    >"$J/microdata-published.html"
printf '<!doctype html><title>c</title><p>x<!-- <time itemprop="dateModified" datetime="2020-01-01"></time> -->' \
    >"$J/microdata-comment.html"
jsonld_page jsonld-first.html '{"@type":"WebPage","dateModified":"2024-07-07"}' \
    '<meta itemprop="dateModified" content="2021-01-01">'
touch -d 2025-02-02 "$J"/*.html
printf '[site]\nsource = docroot\nroot = %s\n' "$J" >"$TMP/jsonld.ini"
cgi SITEMAPD_CONFIG="$TMP/jsonld.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
lastmod_of() { printf '%s\n' "$BODY" | sed -n "\|<loc>http://example.com/$1</loc>|{n;s:.*<lastmod>\(.*\)</lastmod>.*:\1:p}"; }
check_eq "JSON-LD: the page's entity's dateModified" 2024-05-01 "$(lastmod_of seo.html)"
check_eq "... its datePublished where it states no other" 2024-03-03 \
    "$(lastmod_of published.html)"
check_eq "... in a @graph, the entity whose @id is the page" 2024-06-01 \
    "$(lastmod_of yoast.html)"
check_eq "... no entity that is the page, of two: the file's date" 2025-02-02 \
    "$(lastmod_of others.html)"
check_eq "... JSON a crawler cannot read states nothing" 2025-02-02 \
    "$(lastmod_of broken.html)"
check_eq "... a modified <meta> first" 2024-08-08 "$(lastmod_of meta-wins.html)"
check_eq "microdata: a <time itemprop=dateModified> in the body" 2024-09-09 \
    "$(lastmod_of docusaurus.html)"
check_eq "... a <meta itemprop> among others' datePublished" 2023-02-02 \
    "$(lastmod_of microdata-published.html)"
check_eq "... one in a comment is none" 2025-02-02 \
    "$(lastmod_of microdata-comment.html)"
check_eq "... after JSON-LD's" 2024-07-07 "$(lastmod_of jsonld-first.html)"
printf '[docroot]\nlastmod_store = %s\n' "$TMP/jsonld.db" >>"$TMP/jsonld.ini"
cgi SITEMAPD_CONFIG="$TMP/jsonld.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "with a store: a page first seen takes its published date" 2024-03-03 \
    "$(lastmod_of published.html)"
check_eq "... and a microdata dateModified wins" 2024-09-09 \
    "$(lastmod_of docusaurus.html)"
rm -f "$TMP/jsonld.db"
check_contains "... list says that first date is stated, not the file's" \
    "http://example.com/published.html	2024-03-03	stated" \
    "$("$SITEMAPD" -c "$TMP/jsonld.ini" list --host example.com)"
printf '<html><head><title>t</title><link rel="canonical" href="/nowhere.html"></head></html>' \
    >"$J/to-nowhere.html"
"$SITEMAPD" -c "$TMP/jsonld.ini" render /sitemap.xml --host example.com \
    >/dev/null 2>"$TMP/render.err"
check_eq "render says no note: notes are check's" "" "$(cat "$TMP/render.err")"
check_contains "... which has it" "to-nowhere.html: its canonical /nowhere.html is no page" \
    "$("$SITEMAPD" -c "$TMP/jsonld.ini" check 2>&1)"
rm "$J/to-nowhere.html"
jsonld_page published.html '{"@type":"BlogPosting","datePublished":"2024-03-03","url":"/published.html"}' \
    '<meta property="article:published_time" content="2023-01-01"><p>edited'
touch -d 2025-03-03 "$J/published.html"
cgi SITEMAPD_CONFIG="$TMP/jsonld.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "... and its content changed, the file's" 2025-03-03 \
    "$(lastmod_of published.html)"
printf '[site]\nroot = %s\n' "$R" >"$TMP/no-source.ini"
out=$("$SITEMAPD" -c "$TMP/no-source.ini" check 2>&1)
check_contains "a document root without source = docroot: the error names it" \
    "holds HTML pages: for a document root, set [site] source = docroot" "$out"

mkdir -p "$R/.hidden" "$R/50x" "$R/500"
echo x >"$R/.hidden/page.html"
echo x >"$R/.secret.html"
echo x >"$R/50x.html"
echo x >"$R/500/index.html"
echo x >"$R/notes.txt"
ln -s /etc "$R/outside"
ln -s ../about.html "$R/docs/alias.html"
ln -s .. "$R/blog/up"
ask /sitemap.xml
check_lacks "hidden files are never listed" "hidden" "$BODY"
check_lacks "... nor names that start with a dot" "secret" "$BODY"
check_lacks "50x.html is an error page" "50x" "$BODY"
check_lacks "500/index.html too" "/500/" "$BODY"
check_lacks "a text file is no page" "notes.txt" "$BODY"
check_lacks "a symlink out of the root is not followed" "outside" "$BODY"
check_contains "a symlink within the root is" "/docs/alias.html</loc>" "$BODY"
check_lacks "a loop of symlinks is walked once" "/blog/up/" "$BODY"
rm -rf "$R/.hidden" "$R/.secret.html" "$R/50x.html" "$R/500" "$R/outside" \
    "$R/docs/alias.html" "$R/blog/up" "$R/notes.txt"

# --- what holds for a NoPressure root holds here ----------------------------
docroot_ini "$TMP/rules.ini" "admin_path = /docs/install.html
[sitemap]
max_urls = 2
[robots]
disallow = /blog/
[reserved]
robots = about.html"
rules() { cgi SITEMAPD_CONFIG="$TMP/rules.ini" HTTP_HOST=example.com "$@"; }
rules REQUEST_URI=/robots.txt
check_contains "[robots] and [reserved] robots rules in robots.txt" \
    "Disallow: /blog/
Disallow: /about.html\$" "$BODY"
check_lacks "... the admin path never named" "install" "$BODY"
rules REQUEST_URI=/sitemap.xml
check_contains "max_urls = 2: an index of parts" "<sitemapindex" "$BODY"
check_contains "... with its stylesheet" "href=\"/sitemap.css\"" "$BODY"
check_valid "... valid against siteindex.xsd" "$TMP/body" siteindex.xsd
rules REQUEST_URI=/sitemaps/sitemap-0001.xml
etag=$(header ETag)
check_eq "the parts: the pages not blocked, reserved or the admin's" \
"http://example.com/
http://example.com/docs/" "$(locs)"
rules REQUEST_URI=/sitemaps/sitemap-0001.xml HTTP_IF_NONE_MATCH="$etag"
check_eq "... its ETag: 304" 304 "$STATUS"
rules REQUEST_URI=/sitemaps/sitemap-0001.xml HTTP_ACCEPT_ENCODING=gzip
check_eq "... gzip on request" gzip "$(header Content-Encoding)"
check_eq "... which unpacks to the same pages" 2 \
    "$(gzip -dc "$TMP/body" | grep -c '<loc>')"
rules REQUEST_URI=/sitemap.css
check_eq "the stylesheet" 200 "$STATUS"
out=$("$SITEMAPD" -c "$TMP/rules.ini" list 2>&1)
check_contains "list: a page robots.txt blocks, and the rule" \
    "left-out	http://localhost/blog/2025/hello.html	blocked by robots.txt rule" \
    "$out"
check_contains "list: a reserved page" \
    "left-out	http://localhost/about.html	reserved path" "$out"

# --- a root that cannot be read: 503, robots.txt too (tests/bad-root.sh) ---
docroot_ini "$TMP/gone.ini"
sed -i "s|root = .*|root = $TMP/nowhere|" "$TMP/gone.ini"
cgi SITEMAPD_CONFIG="$TMP/gone.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "a root that is not there: 503" 503 "$STATUS"
cgi SITEMAPD_CONFIG="$TMP/gone.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "... robots.txt 503: its own rules are unknown" 503 "$STATUS"

# --- signals that contradict each other ----------------------------------
C="$TMP/canon"
cp -R "$SRCDIR/contrib/example-docroot" "$C"
printf '<link rel=canonical href=/thanks.html><title>x</title>' \
    >"$C/to-noindex.html"
printf '<link rel=canonical href=/nowhere.html><title>x</title>' \
    >"$C/to-nothing.html"
printf '<link rel=canonical href=/docs/><title>x</title>' >"$C/to-docs.html"
printf '[site]\nsource = docroot\nroot = %s\n' "$C" >"$TMP/canon.ini"
out=$("$SITEMAPD" -c "$TMP/canon.ini" check 2>&1)
check_eq "check: contradicting signals are notes" 0 "$?"
check_contains "a canonical to a noindex page: neither is listed" \
    "to-noindex.html: its canonical /thanks.html is itself left out (noindex (its meta robots)): neither is listed" \
    "$out"
check_contains "a canonical to no page: said" \
    "to-nothing.html: its canonical /nowhere.html is no page of this document root" \
    "$out"
check_lacks "a canonical to a listed page: no problem" \
    "to-docs.html: its canonical" "$out"
# Under clean_urls, a canonical naming the file as the server answers it
# (/about.html's page is listed as /about): that page, no note.
printf '<link rel=canonical href=/about.html><title>x</title>' \
    >"$C/about-print.html"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nclean_urls = yes\n' \
    "$C" >"$TMP/canon-clean.ini"
out=$("$SITEMAPD" -c "$TMP/canon-clean.ini" check 2>&1)
check_lacks "clean_urls: a canonical naming a listed page's file: no false note" \
    "about-print.html: its canonical /about.html is no page" "$out"
check_contains "... and the page naming it left out for it" \
    "about-print.html (/about-print): left out: its canonical is /about.html" \
    "$out"

# --- sitemaps a generator left at the root ---------------------------------
G="$TMP/generated"
cp -R "$SRCDIR/contrib/example-docroot" "$G"
mkdir -p "$G/sub"
for f in sitemap.xml sitemap.xml.gz sitemap-index.xml sitemap_index.xml \
    sitemap-0.xml sitemap-12.xml.gz sub/sitemap-1.xml sitemaps.xml; do
	printf '<urlset/>' >"$G/$f"
done
printf '[site]\nsource = docroot\nroot = %s\n' "$G" >"$TMP/generated.ini"
out=$("$SITEMAPD" -c "$TMP/generated.ini" check 2>&1)
for f in sitemap.xml sitemap.xml.gz sitemap-index.xml sitemap_index.xml \
    sitemap-0.xml sitemap-12.xml.gz; do
	check_contains "check names $f, a sitemap a generator left" \
	    "$G/$f: a sitemap its generator left" "$out"
done
check_lacks "... not one in a folder below" "sub/sitemap-1.xml: a sitemap" \
    "$out"
check_lacks "... nor another name" "sitemaps.xml: a sitemap" "$out"

# --- INI keys of the other source are refused ---------------------------------
printf '[site]\nroot = %s\n[docroot]\nclean_urls = yes\n' "$R" >"$TMP/bad.ini"
"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
check_contains "[docroot] without source = docroot is refused" \
    "bad.ini:4: [docroot] is read only with [site] source = docroot" \
    "$(cat "$TMP/err")"
docroot_ini "$TMP/bad.ini" "home_alias = start"
"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
check_contains "a NoPressure key with source = docroot is refused" \
    "bad.ini:4: home_alias applies to a NoPressure root, not to source = docroot" \
    "$(cat "$TMP/err")"

# --- a long-running process sees each change at the next request -----------
SOCK="$TMP/s.sock"
serve() {	# serve INI [PREFIX...]
	rm -f "$SOCK"
	_ini=$1; shift
	"$@" "$SITEMAPD" -c "$_ini" -s "unix:$SOCK" 2>>"$TMP/server.log" &
	SERVER_PID=$!
	wait_for test -S "$SOCK"
}
stop() { stop_process "$SERVER_PID"; }
on_exit stop
sitemap() {
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com REQUEST_URI=/sitemap.xml \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null | sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p'
}
need cgi-fcgi libfcgi-bin
for mode in inotify stat; do
	docroot_ini "$TMP/live.ini" "watch = $mode"
	serve "$TMP/live.ini"
	for i in $(seq 100); do
		[ -n "$(sitemap)" ] && break
		sleep 0.1
	done
	check_contains "$mode: the first answer" "http://example.com/about.html" \
	    "$(sitemap)"
	echo new >"$R/new.html"
	check_contains "$mode: a new page, at once" "http://example.com/new.html" \
	    "$(sitemap)"
	rm "$R/new.html"
	check_lacks "$mode: a page removed, at once" "new.html" "$(sitemap)"
	mkdir -p "$R/guides/deep"
	echo x >"$R/guides/deep/one.html"
	echo x >"$R/guides/index.html"
	out=$(sitemap)
	check_contains "$mode: a new folder's pages" \
	    "http://example.com/guides/deep/one.html" "$out"
	check_contains "... and its index" "http://example.com/guides/" "$out"
	mv "$R/guides" "$R/manuals"
	out=$(sitemap)
	check_contains "$mode: a folder renamed: its pages at the new URLs" \
	    "http://example.com/manuals/deep/one.html" "$out"
	check_lacks "... not the old" "/guides/" "$out"
	rm -rf "$R/manuals"
	check_lacks "$mode: a folder removed, its pages go" "manuals" \
	    "$(sitemap)"
	mv "$R/about.html" "$R/team.html"
	out=$(sitemap)
	check_contains "$mode: a page renamed" "/team.html" "$out"
	check_lacks "... not under its old name" "/about.html" "$out"
	mv "$R/team.html" "$R/about.html"
	cp "$R/about.html" "$R/about.html.orig"
	sed 's|<title>|<meta name="robots" content="noindex"><title>|' \
	    "$R/about.html.orig" >"$R/.about.tmp" && mv "$R/.about.tmp" "$R/about.html"
	check_lacks "$mode: a page that says noindex now: gone at once" \
	    "/about.html" "$(sitemap)"
	mv "$R/about.html.orig" "$R/about.html"
	check_contains "... and back when it no longer does" "/about.html" \
	    "$(sitemap)"
	stop
done
check_lacks "no page was logged as news for being an error page" \
    "error page" "$(cat "$TMP/server.log")"

# --- the docroot's own robots.txt, merged into the one sitemapd writes -------
# The web server sends /robots.txt to sitemapd, which would hide the file:
# its groups join sitemapd's, every crawler reads the same verdicts from
# both, and what it forbids is not listed.
O="$TMP/own"
cp -R "$SRCDIR/contrib/example-docroot" "$O"
cat >"$O/robots.txt" <<'ROBOTS'
User-agent: *
Disallow: /docs/
Crawl-delay: 5

User-agent: Googlebot
User-agent: Bingbot/2.0
Disallow: /blog/
Allow: /blog/2025/

User-agent: Quiet
Disallow:

User-agent: 123
Disallow: /

User-agent: *
Disallow: /staff-only/

Sitemap: https://example.com/sitemap.xml
Sitemap: https://example.com/sitemap-index.xml
Sitemap: https://media.example.net/video.xml
License: https://example.com/license.xml
License: /license.xml
ROBOTS
printf '[site]\nsource = docroot\nroot = %s\nadmin_path = staff-only\n' "$O" \
    >"$TMP/own.ini"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "own robots.txt: served 200" 200 "$STATUS"
printf '%s\n' "$BODY" >"$TMP/served.txt"
# The file as it would read without the admin rule, which is never
# published, against what is served: the same verdict for every agent.
grep -v staff-only "$O/robots.txt" >"$TMP/own-public.txt"
for agent in Googlebot Bingbot Quiet GPTBot; do
	for path in / /docs/ /docs/install.html /blog/2025/hello.html \
	    /blog/old.html /about.html; do
		check_eq "own robots.txt: $agent $path as the file says" \
		    "$("$SITEMAPD" robots-check "$TMP/own-public.txt" "$agent" \
		    "http://x$path")" \
		    "$("$SITEMAPD" robots-check "$TMP/served.txt" "$agent" \
		    "http://x$path")"
	done
done
check_lacks "... the admin path never published" "staff-only" "$BODY"
check_eq "... its RSL License line carried over, before any group" \
    "License: https://example.com/license.xml" "$(sed -n 1p "$TMP/served.txt")"
check_lacks "... no sitemap of its own host but sitemapd's (no allowed_hosts: any)" \
    "sitemap-index.xml" "$BODY"
check_eq "... sitemapd's own named once" 1 \
    "$(grep -c '/sitemap.xml$' "$TMP/served.txt")"
printf '[http]\nallowed_hosts = example.com\n' | cat "$TMP/own.ini" - \
    >"$TMP/own-hosts.ini"
cgi SITEMAPD_CONFIG="$TMP/own-hosts.ini" REQUEST_URI=/robots.txt \
    HTTP_HOST=example.com
check_contains "... another host's sitemap kept" \
    "Sitemap: https://media.example.net/video.xml" "$BODY"
check_lacks "... its own host's replaced by sitemapd's" "sitemap-index.xml" \
    "$BODY"
check_contains "... said in check" "robots.txt:20: Sitemap: https://example.com/sitemap-index.xml is on the site's own host: sitemapd's sitemap is served in its place" \
    "$("$SITEMAPD" -c "$TMP/own-hosts.ini" check 2>&1)"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_lacks "what it forbids is not listed" "/docs/" "$(locs)"
check_contains "... what it allows is" "http://x/about.html" "$(locs)"
out=$("$SITEMAPD" -c "$TMP/own.ini" check 2>&1)
check_eq "check: a rule naming the admin path is a problem" 1 "$?"
check_contains "... said with its line" \
    "robots.txt:17: \"/staff-only/\" names the admin path, which robots.txt must never publish; left out" \
    "$out"
check_contains "check: a line not carried over, noted" \
    "robots.txt:3: a line sitemapd does not carry over: Crawl-delay: 5" \
    "$out"
check_contains "check: a License line that names no absolute URL, noted" \
    "robots.txt:23: License: /license.xml: not an http or https URL; left out" \
    "$out"
check_contains "check: an agent that names no crawler, noted" \
    "robots.txt:13: User-agent: 123 names no crawler" "$out"
check_contains "check: a page left out by the file's rule" \
    "/docs/install.html): left out: blocked by robots.txt rule" "$out"
chmod 000 "$O/robots.txt"
out=$($NO_DAC_OVERRIDE "$SITEMAPD" -c "$TMP/own.ini" check 2>&1)
check_eq "an unreadable robots.txt: refused, exit 2" 2 "$?"
check_contains "... saying why it must be read" \
    "robots.txt: Permission denied; sitemapd writes its rules into the robots.txt it serves" \
    "$out"
CGI_PREFIX="$NO_DAC_OVERRIDE"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/robots.txt HTTP_HOST=x
check_eq "... robots.txt a 503: the site's own rules are unknown" 503 \
    "$STATUS"
check_lacks "... never NoPressure's built-in rules" "/login/" "$BODY"
cgi SITEMAPD_CONFIG="$TMP/own.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "... and the sitemap, as for an unusable INI, is not" 503 "$STATUS"
CGI_PREFIX=
chmod 644 "$O/robots.txt"
# A FastCGI process reads an edit at the next request.
serve "$TMP/own.ini"
robots() {
	env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/robots.txt \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null
}
check_contains "a FastCGI process: the file's rule" "Disallow: /docs/" \
    "$(robots)"
sed 's|^Disallow: /docs/|Disallow: /about.html|' "$O/robots.txt" \
    >"$O/.edit" && mv "$O/.edit" "$O/robots.txt"
out=$(robots)
check_contains "... the file edited: the new rule at once" \
    "Disallow: /about.html" "$out"
check_lacks "... the old one gone" "Disallow: /docs/" "$out"
out=$(sitemap)
check_lacks "... and the sitemap follows it" "/about.html" "$out"
check_contains "... listing what it no longer forbids" \
    "http://example.com/docs/install.html" "$out"
stop

# --- hreflang: alternates shown only between listed pages that name each
# other both ways, as Google reads them ---------------------------------
L="$TMP/langs"
mkdir -p "$L/en" "$L/fr" "$L/de" "$L/es" "$L/it"
lang_page() {	# lang_page FILE LANG=PATH...
	_file=$1; shift
	{ printf '<html><head><title>x</title>'
	for _alt; do
		printf '<link rel="alternate" hreflang="%s" href="%s">' \
		    "${_alt%%=*}" "${_alt#*=}"
	done
	printf '</head><body>x</body></html>'; } >"$L/$_file"
}
lang_page en/a.html en=/en/a.html fr=/fr/a.html de=/de/a.html \
    es=/es/a.html x-default=/en/a.html
lang_page fr/a.html fr=/fr/a.html en=http://example.com/en/a.html
lang_page de/a.html de=/de/a.html en=/en/a.html
lang_page es/a.html es=/es/a.html it=/it/a.html
printf '<meta name=robots content=noindex>' >"$L/it/a.html"
printf '[site]\nsource = docroot\nroot = %s\n' "$L" >"$TMP/langs.ini"
cgi SITEMAPD_CONFIG="$TMP/langs.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_valid "alternates: valid against sitemap.xsd with xhtml:link" \
    "$TMP/body" sitemap-alternates.xsd
en=$(printf '%s\n' "$BODY" | sed -n '\|<loc>http://example.com/en/a.html</loc>|,\|</url>|p')
check_contains "alternates: each that names it back" \
    '<xhtml:link rel="alternate" hreflang="fr" href="http://example.com/fr/a.html"/>
    <xhtml:link rel="alternate" hreflang="de" href="http://example.com/de/a.html"/>' \
    "$en"
check_contains "... itself, under each language it names itself" \
    '<xhtml:link rel="alternate" hreflang="x-default" href="http://example.com/en/a.html"/>' \
    "$en"
check_lacks "... not one that does not name it back" "/es/a.html" "$en"
check_contains "the xhtml namespace declared" \
    'xmlns:xhtml="http://www.w3.org/1999/xhtml"' "$BODY"
fr=$(printf '%s\n' "$BODY" | sed -n '\|<loc>http://example.com/fr/a.html</loc>|,\|</url>|p')
check_contains "an alternate by absolute URL: the same page" \
    'hreflang="en" href="http://example.com/en/a.html"' "$fr"
check_lacks "... and not one it does not name" "/de/a.html" "$fr"
check_lacks "an alternate that is not listed: not shown" "/it/a.html" "$BODY"
out=$("$SITEMAPD" -c "$TMP/langs.ini" check 2>&1)
check_contains "check: an alternate that does not name it back" \
    "/en/a.html: its hreflang es alternate /es/a.html does not name it back: not shown" \
    "$out"
check_contains "check: an alternate that is not listed" \
    "/es/a.html: its hreflang it alternate /it/a.html is not listed: not shown" \
    "$out"
# Pelican's translations name each other, not themselves: each entry of
# the cluster names every member, itself in the language the others give it.
L2="$TMP/langs2"
mkdir -p "$L2/fr" "$L2/de"
L_SAVED=$L L=$L2
lang_page post.html fr=/fr/post.html de=/de/post.html x-default=/post.html
lang_page fr/post.html en=/post.html de=/de/post.html
lang_page de/post.html en-GB=/post.html fr=/fr/post.html
L=$L_SAVED
printf '[site]\nsource = docroot\nroot = %s\n' "$L2" >"$TMP/langs2.ini"
cgi SITEMAPD_CONFIG="$TMP/langs2.ini" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.com
check_valid "a cluster with its selves: valid against the schemas" \
    "$TMP/body" sitemap-alternates.xsd
fr=$(printf '%s\n' "$BODY" | sed -n '\|<loc>http://example.com/fr/post.html</loc>|,\|</url>|p')
check_contains "a translation names itself, as the others name it" \
    '<xhtml:link rel="alternate" hreflang="fr" href="http://example.com/fr/post.html"/>' \
    "$fr"
check_eq "... and every member of its cluster" 3 \
    "$(printf '%s\n' "$fr" | grep -c 'xhtml:link')"
en=$(printf '%s\n' "$BODY" | sed -n '\|<loc>http://example.com/post.html</loc>|,\|</url>|p')
check_contains "... and x-default where the page states it" \
    'hreflang="x-default" href="http://example.com/post.html"' "$en"
check_contains "... with its own language beside it" \
    'hreflang="en" href="http://example.com/post.html"' "$en"
check_contains "check: a cluster whose pages disagree on a page's language" \
    "/post.html: the pages of its hreflang cluster disagree on its language: en, and en-GB in /de/post.html" \
    "$("$SITEMAPD" -c "$TMP/langs2.ini" check 2>&1)"
# A FastCGI process: a page that stops naming another takes both links away.
serve "$TMP/langs.ini"
alternates() {
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com \
	    REQUEST_URI=/sitemap.xml timeout 60 cgi-fcgi -bind \
	    -connect "$SOCK" 2>/dev/null | grep -c 'xhtml:link'
}
before=$(alternates)
lang_page de/a.html de=/de/a.html
check_eq "a FastCGI process: an alternate named back no more is not shown" \
    "$((before - 2))" "$(alternates)"
lang_page de/a.html de=/de/a.html en=/en/a.html
check_eq "... and shown again when it is" "$before" "$(alternates)"
stop

# --- hostile trees -----------------------------------------------------------
H="$TMP/hostile"
mkdir -p "$H"
echo x >"$H/index.html"
# Many empty directories.
(cd "$H" && seq 100000 | sed 's/^/d/' | xargs mkdir)
# A loop of two symlinks, and a name no URL should be made of.
mkdir -p "$H/a" "$H/b"
ln -s ../b "$H/a/to-b"
ln -s ../a "$H/b/to-a"
printf 'x' >"$H/a/$(printf 'new\nline').html"
printf 'x' >"$H/b/$(printf 'bad\377').html"
# A folder it may not read.
mkdir -p "$H/private"
echo x >"$H/private/secret.html"
chmod 000 "$H/private"
# Deeper than PATH_MAX, made one relative step at a time.
(cd "$H" && i=0 && while [ $i -lt 250 ]; do
	mkdir deeper-than-path-max && cd -P deeper-than-path-max || exit
	i=$((i + 1))
done && echo x >page.html)
printf '[site]\nsource = docroot\nroot = %s\n' "$H" >"$TMP/hostile.ini"
out=$($NO_DAC_OVERRIDE timeout 120 "$SITEMAPD" -c "$TMP/hostile.ini" check 2>&1)
check_contains "a name with a newline: left out, with the reason" \
    "left out: its name holds a control character" "$out"
check_contains "a name that is not UTF-8: likewise" \
    "left out: its name is not UTF-8" "$out"
check_contains "a folder it may not read: said" \
    "private: cannot read it: Permission denied; its pages are left out" "$out"
check_contains "a tree deeper than any URL: said" \
    "its path is longer than a URL in a sitemap may be" "$out"
CGI_PREFIX="$NO_DAC_OVERRIDE timeout 60"
cgi SITEMAPD_CONFIG="$TMP/hostile.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "the hostile tree: 200" 200 "$STATUS"
check_eq "... listing its one good page" "http://x/" "$(locs)"
# Hostile pages: huge and binary (read up to 1 MiB of head at most, and
# left out: NUL bytes are no text a browser reads), a head that never
# closes, not UTF-8, an absurd canonical, one it may not read (left out:
# its head is unknown), thousands of links.
P="$TMP/pages"
mkdir -p "$P"
truncate -s 2G "$P/huge.html"
{ printf '<head>'; i=0; while [ $i -lt 20000 ]; do
	printf '<link rel=alternate hreflang=x%d href=/%d>' $i $i; i=$((i + 1))
done; } >"$P/endless.html"
head -c 4096 /dev/urandom >"$P/binary.html"
printf '<head><title>caf\351</title></head>' >"$P/latin1.html"
printf '<link rel=canonical href="http://[::1">' >"$P/absurd.html"
printf '<meta name=dcterms.modified content="1 May">' >"$P/baddate.html"
printf '<meta name=dcterms.modified content="2999-01-01">' >"$P/future.html"
echo '<title>x</title>' >"$P/private.html"
chmod 000 "$P/private.html"
printf '[site]\nsource = docroot\nroot = %s\n' "$P" >"$TMP/pages.ini"
out=$($NO_DAC_OVERRIDE timeout 60 "$SITEMAPD" -c "$TMP/pages.ini" list \
    --host x 2>&1)
for page in endless latin1 absurd; do
	check_contains "hostile page $page.html: listed" \
	    "listed	http://x/$page.html" "$out"
done
check_eq "hostile pages huge.html and binary.html: left out, and why" 2 \
    "$(printf '%s\n' "$out" | grep -c 'left-out	-	what it says is unknown: it holds NUL bytes')"
check_contains "a page it may not read: not listed" \
    "left-out	-	cannot read it: Permission denied" "$out"
out=$($NO_DAC_OVERRIDE "$SITEMAPD" -c "$TMP/pages.ini" check 2>&1)
check_contains "an absurd canonical: taken as none, with a note" \
    "absurd.html: its canonical http://[::1 is no http or https URL" "$out"
check_contains "a date that is none: the file's time, with a note" \
    "baddate.html: its date 1 May is no W3C date" "$out"
check_contains "a date in the future: the file's time, with a note" \
    "future.html: its date 2999-01-01 is in the future" "$out"
check_contains "a page it may not read: check names it, and why" \
    "private.html: left out: cannot read it: Permission denied" "$out"
chmod 644 "$P/private.html"

# A FastCGI process answers robots.txt at once while it reads that tree.
serve "$TMP/hostile.ini" $NO_DAC_OVERRIDE
out=$("$CLIENT" "$SOCK" get /robots.txt 5000)
check_contains "the hostile tree: robots.txt while it is read" "status 200" \
    "$out"
wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
    cgi-fcgi -bind -connect '$SOCK' 2>/dev/null | grep -q '<loc>http://x/</loc>'"
check_eq "... then its one good page" "http://example.com/" "$(sitemap)"
stop
# Compared rather than watched, the folders are looked up by name, not
# one by one: a 100,000-folder tree was read in quadratic time.
printf 'watch = stat\n' >>"$TMP/hostile.ini"
serve "$TMP/hostile.ini" $NO_DAC_OVERRIDE
for i in $(seq 60); do
	out=$("$CLIENT" "$SOCK" get /sitemap.xml 60000)
	case $out in *"status 503"*) sleep 1 ;; *) break ;; esac
done
check_contains "watch = stat: the tree read, its page listed" "status 200" \
    "$out"
stop
chmod 755 "$H/private"

# Past the inotify watches a user may hold (20, in a user namespace of
# its own): check says so, the log says so, and the process compares
# folders instead, still seeing a change deep in the tree at once.
W="$TMP/many"
mkdir -p "$W"
(cd "$W" && seq 30 | sed 's/^/f/' | xargs mkdir && echo x >index.html)
printf '[site]\nsource = docroot\nroot = %s\n' "$W" >"$TMP/many.ini"
# A command, not a function, so that serve's $! is the server's.
cat >"$TMP/limited" <<'EOF'
#!/bin/sh
exec unshare -U -r sh -c 'echo 20 >/proc/sys/user/max_inotify_watches &&
    exec "$@"' sh "$@"
EOF
chmod +x "$TMP/limited"
if "$TMP/limited" true 2>/dev/null; then
	check_contains "past the watch limit: check says so" \
	    "31 folders, more than the 20 inotify watches a user may hold" \
	    "$("$TMP/limited" "$SITEMAPD" -c "$TMP/many.ini" check 2>&1)"
	serve "$TMP/many.ini" "$TMP/limited"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml cgi-fcgi -bind -connect '$SOCK' \
	    2>/dev/null | grep -q '<loc>'"
	echo x >"$W/f30/late.html"
	check_contains "... a FastCGI process sees a change at once" \
	    "http://example.com/f30/late.html" "$(sitemap)"
	stop
	check_contains "... and its log says why it compares folders" \
	    "raise fs.inotify.max_user_watches" "$(cat "$TMP/server.log")"
else
	echo "unshare -U not permitted: the watch limit not checked"
fi

# A page that turns into a FIFO, then a directory, under a live process.
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/live.ini"
serve "$TMP/live.ini"
wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
    cgi-fcgi -bind -connect '$SOCK' 2>/dev/null | grep -q about"
rm "$R/about.html"
mkfifo "$R/about.html"
out=$("$CLIENT" "$SOCK" get /sitemap.xml 10000)
check_contains "a page turned into a FIFO: answered at once" "status 200" "$out"
check_lacks "... and no longer listed" "about.html" "$(sitemap)"
rm "$R/about.html"
mkdir "$R/about.html"
check_lacks "... then into a directory: not listed" "about.html</loc>" \
    "$(sitemap)"
out=$("$CLIENT" "$SOCK" get /robots.txt 5000)
check_contains "the process keeps answering" "status 200" "$out"
stop

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
