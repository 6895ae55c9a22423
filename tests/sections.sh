#!/bin/sh
# [sitemap] sections: /sitemap.xml an index of one sitemap per section
# and one of the pages in no section, each part fetched through nginx
# (its recipe, sitemapd as a FastCGI process) and its <lastmod> the
# newest of its own URLs; names that stay as pages come; each top-level
# folder with "folders"; sections refused with file and line; and,
# without sections, each part of a split dated by its own URLs.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need xmllint libxml2-utils
need spawn-fcgi

R="$TMP/site"
n=0
for p in index.html about.html misc/x.html blog/index.html blog/a.html \
    blog/2025/b.html docs/index.html docs/api/c.html news/n.html; do
	n=$((n + 1))
	mkdir -p "$R/$(dirname "$p")"
	printf '<!doctype html><title>%s</title><main>%s</main>\n' "$p" "$p" \
	    >"$R/$p"
	touch -d "2024-01-$(printf '%02d' "$n")" "$R/$p"
done
ini() {	# ini FILE [LINES]
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$R" "${2:-}" >"$1"
}
ini "$TMP/site.ini" "[sitemap]
sections = /blog/, /docs/, /news/"

# nginx with the recipe, sitemapd behind it over a socket.
SOCK="$TMP/sitemapd.sock"
spawn-fcgi -n -s "$SOCK" -M 0600 -- "$SITEMAPD" -c "$TMP/site.ini" \
    >"$TMP/spawn.out" 2>"$TMP/sitemapd.log" &
SITEMAPD_PID=$!
stop_sitemapd() { stop_process "$SITEMAPD_PID"; }
on_exit stop_sitemapd
"$SITEMAPD" -c "$TMP/site.ini" recipe nginx >"$TMP/recipe.nginx" ||
    { not_ok "sitemapd recipe nginx"; finish; exit 1; }
NGINX_HTTP="upstream sitemapd { server unix:$SOCK; }" \
    start_nginx "" "$(cat "$TMP/recipe.nginx")"
URL=$NGINX
host=$(printf '%s' "$URL" | sed 's|^http://||')

# parts: the <loc>s of the index in BODY, and for each part its lastmod,
# checked against the newest <lastmod> of its own URLs, fetched.
check_parts() {	# check_parts NAME
	_index=$BODY
	printf '%s\n' "$_index" | sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p' \
	    >"$TMP/parts"
	: >"$TMP/all"
	_bad=""
	while read -r _part; do
		_said=$(printf '%s\n' "$_index" | sed -n "\\|<loc>$_part</loc>|{n;p;}" |
		    sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p')
		get "${_part#"$URL"}"
		[ "$STATUS" = 200 ] || _bad="$_bad $_part:$STATUS"
		xmllint --noout --nonet --schema "$SRCDIR/tests/schemas/sitemap.xsd" \
		    "$TMP/body" 2>/dev/null || _bad="$_bad $_part:invalid"
		_newest=$(printf '%s\n' "$BODY" |
		    sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | sort | tail -1)
		[ "$_said" = "$_newest" ] || _bad="$_bad $_part:$_said!=$_newest"
		locs >>"$TMP/all"
	done <"$TMP/parts"
	check_eq "$1: each part 200, valid, dated by its newest URL" "" "$_bad"
}

get /sitemap.xml
check_eq "sections: /sitemap.xml 200" 200 "$STATUS"
check_valid "... an index, valid against siteindex.xsd" "$TMP/body" siteindex.xsd
check_eq "... the pages in no section, then one sitemap per section" \
"$URL/sitemaps/sitemap-0001.xml
$URL/sitemaps/blog-0001.xml
$URL/sitemaps/docs-0001.xml
$URL/sitemaps/news-0001.xml" "$(locs)"
check_parts "sections"
check_eq "... every page in one part, the right one" \
"$URL/
$URL/about.html
$URL/misc/x.html
$URL/blog/
$URL/blog/2025/b.html
$URL/blog/a.html
$URL/docs/
$URL/docs/api/c.html
$URL/news/n.html" "$(cat "$TMP/all")"
get /sitemaps/blog-0001.xml
check_contains "blog-0001.xml: the blog's pages" "<loc>$URL/blog/a.html</loc>" "$BODY"
check_lacks "... and no other" "$URL/docs/" "$BODY"
get /sitemaps/blog-0002.xml
check_eq "a part the index does not name: 404" 404 "$STATUS"
get /sitemaps/sitemap-1.xml
check_eq "... nor a name spelled otherwise" 404 "$STATUS"
get /robots.txt
check_eq "robots.txt names the index once" "$URL/sitemap.xml" \
    "$(sitemap_line)"

# --- a new page: dated, and the names stay ----------------------------------
printf '<!doctype html><title>new</title><main>new</main>\n' >"$R/blog/new.html"
touch -d 2024-02-20 "$R/blog/new.html"
for _i in $(seq 100); do
	get /sitemap.xml
	case $BODY in *2024-02-20*) break ;; esac
	sleep 0.2
done
check_eq "a page added to the blog: the same names" "$(cat "$TMP/parts")" "$(locs)"
check_contains "... the blog's part dated by it" \
    "<loc>$URL/sitemaps/blog-0001.xml</loc>
    <lastmod>2024-02-20</lastmod>" "$BODY"
check_parts "after it"
stop_nginx
stop_sitemapd

# --- as a CGI: folders, splits within a section, and without sections -------
ask() {	# ask INI PATH
	cgi SITEMAPD_CONFIG="$1" REQUEST_URI="$2" HTTP_HOST=example.com
}
ini "$TMP/folders.ini" "[sitemap]
sections = folders
max_urls = 2"
ask "$TMP/folders.ini" /sitemap.xml
check_eq "folders: each top-level folder, split at max_urls" \
"http://example.com/sitemaps/sitemap-0001.xml
http://example.com/sitemaps/blog-0001.xml
http://example.com/sitemaps/blog-0002.xml
http://example.com/sitemaps/docs-0001.xml
http://example.com/sitemaps/misc-0001.xml
http://example.com/sitemaps/news-0001.xml" "$(locs)"
ask "$TMP/folders.ini" /sitemaps/blog-0002.xml
check_eq "... blog-0002.xml: the rest of the blog" \
"http://example.com/blog/a.html
http://example.com/blog/new.html" "$(locs)"
out=$("$SITEMAPD" -c "$TMP/folders.ini" check 2>&1)
check_contains "check: each section's listed pages, in the index's order" \
    "note: [sitemap] sections: 2 pages in no section, 4 pages in blog, 2 pages in docs, 1 page in misc, 1 page in news" \
    "$out"
ini "$TMP/typo.ini" "[sitemap]
sections = /blog/, /blgo/"
out=$("$SITEMAPD" -c "$TMP/typo.ini" check 2>&1)
check_contains "check: a section that holds no page is said (a typo, or one to come)" \
    "note: [sitemap] sections: /blgo/ holds no listed page" "$out"
ini "$TMP/split.ini" "[sitemap]
max_urls = 4"
ask "$TMP/split.ini" /sitemap.xml
check_eq "no sections: today's names" \
"http://example.com/sitemaps/sitemap-0001.xml
http://example.com/sitemaps/sitemap-0002.xml
http://example.com/sitemaps/sitemap-0003.xml" "$(locs)"
dates=$(printf '%s\n' "$BODY" | sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | tr '\n' ' ')
check_eq "... each part dated by its own newest URL" \
    "2024-01-06 2024-02-20 2024-01-09 " "$dates"

# --- refused, with file and line; taken without a final slash -------------------
for v in "/l" "/misc, /a.b/c"; do
	ini "$TMP/short.ini" "[sitemap]
sections = $v"
	"$SITEMAPD" -c "$TMP/short.ini" check >"$TMP/check.out" 2>&1
	check_eq "sections = $v: taken" 0 "$?"
	check_no_sanitizer_report "$(cat "$TMP/check.out")"
done
for v in "blog/" "/a b/" "/sitemap/" "/docs/, /docs/api/" "/a/../b/" \
    "/a-b/, /a/b/" "/a/." "/.." "/x/./y"; do
	ini "$TMP/bad.ini" "[sitemap]
sections = $v"
	out=$("$SITEMAPD" -c "$TMP/bad.ini" check 2>&1)
	check_contains "sections = $v: refused at its line" "$TMP/bad.ini:5: sections: " \
	    "$out"
done

finish
