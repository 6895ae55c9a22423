#!/bin/sh
# Every URL a document root's sitemap lists is answered with the very file
# it was listed for, by nginx, lighttpd and Apache (a virtual host, and
# the shared-hosting .htaccess with the CGI) each configured with what
# "sitemapd recipe" prints for the INI: fetched with "Accept: */*" and
# without following redirects, 200 and its file's bytes, never a page
# that says noindex. The trees are the cases that went wrong (two index
# files, a file "t" beside t.html, a page beside a folder of its name,
# dotted slugs, a dotfile ".html", a folder with index.htm alone, Next's
# about.txt beside about.html) and random ones, from names of a hostile
# alphabet, under every clean_urls and trailing_slash and index order.
# SERVED_TREES sets how many random trees (default 3). Through each
# server, neither the INI nor a file sitemapd keeps (stores inside the
# root here) nor a dotfile is served, however the URL spells it
# (serve-all.sh). Values of a hostile alphabet for the root, index and
# url_path (SERVED_HOSTILE of them, default 9) are either refused with
# their file and line, or make rules that load and refuse those files.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need nginx
need lighttpd
need apache2
. "$SRCDIR/tests/serve-all.sh"

# page FILE [noindex]: a page naming its own path, so that what a server
# answers shows which file it is.
page() {
	mkdir -p "$(dirname "$1")"
	printf '<!doctype html><html><head><title>%s</title>%s</head><body>' \
	    "${1#"$R"/}" "${2:+<meta name=\"robots\" content=\"noindex\">}" >"$1"
	printf '%s</body></html>\n' "${1#"$R"/}" >>"$1"
}

# The cases of the issue, in one tree.
fixed_tree() {
	page "$R/index.html"
	page "$R/.html" noindex
	page "$R/q/index.htm"
	page "$R/q/index.html" noindex
	page "$R/r/index.htm"
	page "$R/t.html"
	echo "not a page" >"$R/t"
	page "$R/blog.html"
	page "$R/blog/index.html"
	page "$R/blog/release-1.0.html"
	page "$R/blog/v2.1/index.html"
	page "$R/about.html"
	echo "React payload" >"$R/about.txt"
	page "$R/docs/index.html"
	page "$R/docs/intro/index.html"
	page "$R/docs/a b.html"
	page "$R/docs/50%.html"
	page "$R/.hidden/secret.html"
	page "$R/x.html.html"
	page "$R/x.html" noindex
}

# random_tree SEED: pages and folders from names that collide.
random_tree() {
	awk -v seed="$1" 'BEGIN {
		srand(seed)
		split("a|b|t|a b|50%|q#|v1.0|caf\303\251|x+y|.h|index|o\047k", name, "|")
		split("index.html|index.htm|.html|.htm|", ending, "|")
		for (i = 0; i < 40; i++) {
			path = ""
			depth = int(rand() * 3)
			for (d = 0; d < depth; d++)
				path = path name[1 + int(rand() * 12)] "/"
			e = ending[1 + int(rand() * 5)]
			if (e ~ /^index/)
				path = path e
			else
				path = path name[1 + int(rand() * 12)] e
			print (rand() < 0.2 ? "noindex" : "page") "\t" path
		}
	}' | while IFS='	' read -r kind rel; do
		# A folder where a file already is, or the reverse: skipped.
		mkdir -p "$(dirname "$R/$rel")" 2>/dev/null || continue
		[ -d "$R/$rel" ] && continue
		case $rel in
		*.html|*.htm) page "$R/$rel" "$([ "$kind" = noindex ] && echo 1)" ;;
		*) echo "a file" >"$R/$rel" ;;
		esac
	done
	# Symlinks inside the root, to folders and to pages, nested too:
	# sitemapd and the servers both follow them.
	(cd "$R" && find . -mindepth 1 ! -name '.*' | LC_ALL=C sort |
	    awk -v seed="$1" 'BEGIN { srand(seed) } rand() < 0.15') |
	    while read -r target; do
		ln -s "$R/${target#./}" "$R/$(dirname "$target")/link-$(basename \
		    "$target")" 2>/dev/null
	done
}

# settings N: the Nth of the combinations of the three settings.
settings() {
	case $(($1 % 4)) in
	0) printf 'clean_urls = no\n' ;;
	1) printf 'clean_urls = yes\n' ;;
	2) printf 'clean_urls = no\n[site]\ntrailing_slash = no\n' ;;
	3) printf 'clean_urls = yes\n[site]\ntrailing_slash = no\n' ;;
	esac
	case $(($1 / 4 % 3)) in
	0) ;;
	1) printf '[docroot]\nindex = index.html, index.htm\n' ;;
	2) printf '[docroot]\nindex = index.htm, index.html\n' ;;
	esac
}

R="$TMP/fixed"
fixed_tree
mkdir -p "$R/state"
for n in 0 1 2 3 4 7 11; do
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\n%s\n' "$R" \
	    "$(settings $n)" >"$TMP/site.ini"
	# Kept inside the root, where check calls it a problem.
	printf '[docroot]\nlastmod_store = %s\npage_facts = %s\n' \
	    "$R/sitemapd-dates.db" "$R/state/facts.db" >>"$TMP/site.ini"
	serve_all "fixed tree, settings $n" "$TMP/site.ini"
done
# A staging copy ([site] indexable = no), through each recipe: every
# answer of the site says noindex, robots.txt keeps crawlers out, the
# sitemap answers 404, audit says what the site asks.
printf '[site]\nsource = docroot\nroot = %s\nindexable = no\n[docroot]\n%s\n' \
    "$R" "$(settings 3)" >"$TMP/staging.ini"
INDEXABLE=no serve_all "fixed tree, indexable = no" "$TMP/staging.ini"
check_contains "indexable = no: check says so on its first line" \
    "note: [site] indexable = no: the site asks not to be indexed:" \
    "$("$SITEMAPD" -c "$TMP/staging.ini" check 2>/dev/null | head -1)"
check_contains "check: a store inside the root is a problem" \
    "[docroot] lastmod_store $R/sitemapd-dates.db is inside the document root" \
    "$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)"
rm -rf "$R/state" "$R"/sitemapd-dates.db*
# What each case of the issue is, under the defaults.
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" list --host h >"$TMP/list"
"$SITEMAPD" -c "$TMP/site.ini" check >"$TMP/check" 2>&1
check_contains "index is index.html: q/index.htm keeps its name" \
    "listed	http://h/q/index.htm	" "$(cat "$TMP/list")"
check_contains "... and /q/ is its noindex index.html's" \
    "left-out	http://h/q/	noindex" "$(cat "$TMP/list")"
check_contains "r/index.htm alone keeps its name" \
    "listed	http://h/r/index.htm	" "$(cat "$TMP/list")"
printf '[docroot]\nindex = index.html, index.htm\n' >>"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" list --host h >"$TMP/list"
check_contains "index.htm after index.html: not at /q/, which serves index.html" \
    "left-out	http://h/q/	its folder's URL /q/ serves index.html" \
    "$(cat "$TMP/list")"
check_contains "... r/index.htm alone is at /r/" "listed	http://h/r/	" \
    "$(cat "$TMP/list")"
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/site.ini"
check_lacks "the dotfile .html is no page" "http://h/.html" "$(cat "$TMP/list")"
printf '[docroot]\nclean_urls = yes\n' >>"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" list --host h >"$TMP/list"
"$SITEMAPD" -c "$TMP/site.ini" check >"$TMP/check" 2>&1
check_contains "clean_urls: t.html is left out, as /t serves the file t" \
    "left-out	http://h/t	its URL /t serves the file t" "$(cat "$TMP/list")"
check_contains "... a problem naming both files" "$R/t.html: left out: the \
server rules (sitemapd recipe) answer its URL /t with t" "$(cat "$TMP/check")"
check_contains "clean_urls: x.html.html keeps its name" \
    "listed	http://h/x.html.html	" "$(cat "$TMP/list")"

# Docusaurus's and Astro's trailingSlash: false: folder pages whose
# canonical has no slash. Under the default, one problem naming the
# setting and check's exit 1; with it, each listed and served.
R="$TMP/slashless"
for p in "" docs/intro/ docs/guide/ blog/ blog/first-post/; do
	mkdir -p "$R/$p"
	printf '<!doctype html><html><head><title>%s</title><link rel="canonical" href="https://example.org/%s"></head><body>%s</body></html>\n' \
	    "$p" "${p%/}" "$p" >"$R/${p}index.html"
done
printf '<!doctype html><title>404</title>\n' >"$R/404.html"
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/site.ini"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "trailingSlash false, read with slashes: check exits 1" 1 "$?"
check_contains "... one problem naming the setting and the count" \
    "left out as their canonical names them as [site] trailing_slash = no would list them, pages: 4, such as blog/first-post/index.html" \
    "$out"
check_contains "... and that most of the site is left out for it" \
    "4 of the site's 6 pages are left out for one reason, \"its canonical\"" \
    "$out"
# What check names, written where it says: accepted, and no problem.
printf '%s\n' "$out" | sed -n 's/.* as \[\([a-z]*\)\] \([a-z_]* = [a-z]*\) would list them.*/[\1]\n\2/p' |
    head -n 2 >>"$TMP/site.ini"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "... with trailing_slash = no in [site], where check names it, no problem" \
    "0" "$?"
serve_all "trailingSlash false" "$TMP/site.ini"
check_eq "... each page listed without its slash" \
    "/ /blog /blog/first-post /docs/guide /docs/intro" \
    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"

# A site published under a path, as Docusaurus's baseUrl: '/docs/' builds
# it: its canonicals name /docs/..., its URLs are listed so, its sitemap
# is at /docs/sitemap.xml, and its robots.txt is not taken for the host's.
R="$TMP/host/docs"
for p in "" intro/ guide/; do
	mkdir -p "$R/$p"
	printf '<!doctype html><html><head><title>%s</title><link rel="canonical" href="https://example.org/docs/%s"></head><body>%s</body></html>\n' \
	    "$p" "$p" "$p" >"$R/${p}index.html"
done
page "$R/about.html"
printf 'User-agent: *\nDisallow: /\nSitemap: https://example.org/docs/sitemap.xml\n' \
    >"$R/robots.txt"
printf '<!doctype html><title>main</title>\n' >"$TMP/host/index.html"
# Read without it, check names it from the canonicals, in its section.
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/site.ini"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "a site built for /docs/, read without url_path: check exits 1" 1 "$?"
check_contains "... naming url_path from the canonicals" \
    "left out as their canonical names them as [docroot] url_path = /docs/ would list them, pages: 3" \
    "$out"
printf '%s\n' "$out" | sed -n 's/.* as \[\([a-z]*\)\] \([a-z_]* = [^ ]*\) would list them.*/[\1]\n\2/p' |
    head -n 2 >>"$TMP/site.ini"
"$SITEMAPD" -c "$TMP/site.ini" check >/dev/null 2>&1
check_eq "... and with it written where check says, no problem" 0 "$?"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nurl_path = /docs/\n' \
    "$R" >"$TMP/site.ini"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "url_path: check exits 0" 0 "$?"
check_contains "url_path: check says the root's robots.txt is not the host's" \
    "url_path = /docs/: crawlers read the host's /robots.txt" "$out"
UNDER=docs/ serve_all "url_path /docs/" "$TMP/site.ini"
check_eq "url_path: each page at its URL under /docs/" \
    "/docs/ /docs/about.html /docs/guide/ /docs/intro/" \
    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"
# Alternates name pages by their URL, /docs/ in front: read under it.
mkdir -p "$TMP/alt/fr"
for l in en fr; do
	printf '<!doctype html><html><head><title>%s</title><link rel="alternate" hreflang="en" href="https://example.org/docs/"><link rel="alternate" hreflang="fr" href="https://example.org/docs/fr/"></head><body>%s</body></html>\n' \
	    "$l" "$l" >"$TMP/alt/$([ $l = fr ] && echo fr/)index.html"
done
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nurl_path = /docs/\n' \
    "$TMP/alt" >"$TMP/alt.ini"
cgi SITEMAPD_CONFIG="$TMP/alt.ini" REQUEST_URI=/docs/sitemap.xml HTTP_HOST=h
check_eq "url_path: each page shows both alternates, under /docs/" "4 2 2" \
    "$(printf '%s\n' "$BODY" | grep -c '<xhtml:link') $(printf '%s\n' \
    "$BODY" | grep -c 'hreflang="fr" href="http://h/docs/fr/"') $(
    printf '%s\n' "$BODY" | grep -c 'hreflang="en" href="http://h/docs/"')"
check_lacks "... and check finds none unlisted" "is not listed" \
    "$("$SITEMAPD" -c "$TMP/alt.ini" check 2>&1)"
printf 'clean_urls = yes\n[site]\ntrailing_slash = no\n' >>"$TMP/site.ini"
UNDER=docs/ serve_all "url_path /docs/, clean and slashless" "$TMP/site.ini"
cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI=/docs/sitemap.xml HTTP_HOST=h
check_eq "url_path: a CGI answers /docs/sitemap.xml" 200 "$STATUS"
check_contains "... with the stylesheet under it" 'href="/docs/sitemap.css"' "$BODY"
cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=h
check_eq "... not /sitemap.xml, the host's" 404 "$STATUS"
cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI=/robots.txt HTTP_HOST=h
check_contains "... robots.txt, where routed, names it" \
    "Sitemap: http://h/docs/sitemap.xml" "$BODY"
check_lacks "... and is not the build's" "Disallow: /
" "$BODY
"

# Astro's base: '/docs/' with trailingSlash: 'never': the home is /docs,
# listed as its canonical says and answered by every recipe.
R="$TMP/slashless-host/docs"
for p in "" intro/ guide/; do
	mkdir -p "$R/$p"
	printf '<!doctype html><html><head><title>%s</title><link rel="canonical" href="https://example.org/docs%s"></head><body>%s</body></html>\n' \
	    "$p" "${p:+/${p%/}}" "$p" >"$R/${p}index.html"
done
printf '<!doctype html><title>main</title>\n' >"$TMP/slashless-host/index.html"
printf '[site]\nsource = docroot\nroot = %s\ntrailing_slash = no\n[docroot]\nurl_path = /docs/\n' \
    "$R" >"$TMP/site.ini"
out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_eq "url_path, no slash: check exits 0" 0 "$?"
UNDER=docs/ serve_all "url_path /docs/, no slash" "$TMP/site.ini"
check_eq "url_path, no slash: the home /docs, as its canonical says" \
    "/docs /docs/guide /docs/intro" \
    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"

# Sites that write no canonical, only their own links: SvelteKit's
# about.html linked as /about, Nuxt's about/index.html linked as /about.
# check names the setting from the links; written there, served.
nav='<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/blog">Blog</a> <a href="/blog/first">First</a></nav>'
for kind in sveltekit nuxt; do
	R="$TMP/$kind"
	for p in index about blog blog/first; do
		f=$p.html
		[ $kind = nuxt ] && [ $p != index ] && f=$p/index.html
		mkdir -p "$(dirname "$R/$f")"
		printf '<!doctype html><html><head><title>%s</title></head><body>%s<main>%s</main></body></html>\n' \
		    "$p" "$nav" "$p" >"$R/$f"
	done
	printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/site.ini"
	out=$("$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
	check_eq "$kind, no canonicals: check exits 1" 1 "$?"
	want="[docroot] clean_urls = yes"
	[ $kind = nuxt ] && want="[site] trailing_slash = no"
	check_contains "... naming $want from the site's own links" \
	    "name them as $want would list them" "$out"
	printf '%s\n' "$out" | sed -n 's/.* as \[\([a-z]*\)\] \([a-z_]* = [^ ]*\) would list them.*/[\1]\n\2/p' |
	    head -n 2 >>"$TMP/site.ini"
	"$SITEMAPD" -c "$TMP/site.ini" check >/dev/null 2>&1
	check_eq "... written where check says, no problem" 0 "$?"
	serve_all "$kind, no canonicals" "$TMP/site.ini"
	check_eq "... each page at the URL the site links" \
	    "/ /about /blog /blog/first" \
	    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"
done

# A root that holds only a symlink to the build folder, outside it:
# never 0 pages and "no problems".
mkdir -p "$TMP/holder"
ln -s "$TMP/slashless" "$TMP/holder/build"
printf '[site]\nsource = docroot\nroot = %s/holder\n' "$TMP" >"$TMP/holder.ini"
out=$("$SITEMAPD" -c "$TMP/holder.ini" check 2>&1)
check_eq "a root holding a symlink out of it: check exits 1" 1 "$?"
check_contains "... the link named" "$TMP/holder/build: left out: a symlink that leaves the root" "$out"
check_contains "... and the empty sitemap a problem" "the sitemap lists no page" "$out"
# A link in a loop and one to nothing, inside the root: named as such.
ln -s loop "$TMP/holder/loop"
ln -s gone.html "$TMP/holder/dangling.html"
out=$("$SITEMAPD" -c "$TMP/holder.ini" check 2>&1)
check_contains "a symlink in a loop: named so" \
    "$TMP/holder/loop: left out: a symlink in a loop" "$out"
check_contains "a symlink to nothing: named so" \
    "$TMP/holder/dangling.html: left out: a symlink to nothing" "$out"
check_lacks "... neither said to leave the root" "loop: left out: a symlink that leaves" "$out"
rm "$TMP/holder/loop" "$TMP/holder/dangling.html"
printf '[site]\nsource = docroot\nroot = %s/holder/build\ntrailing_slash = no\n' \
    "$TMP" >"$TMP/holder.ini"
check_eq "... a root that is the symlink: followed" 5 \
    "$("$SITEMAPD" -c "$TMP/holder.ini" list | grep -c '	listed	')"

i=0 linked=0
while [ "$i" -lt "${SERVED_TREES:-3}" ]; do
	R="$TMP/random-$i"
	mkdir -p "$R"
	random_tree "$((i + 17))"
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\n%s\n' "$R" \
	    "$(settings $((i * 5 + 1)))" >"$TMP/site.ini"
	serve_all "random tree $i, settings $((i * 5 + 1))" "$TMP/site.ini"
	linked=$((linked + $(grep -c 'link-' "$TMP/listed")))
	i=$((i + 1))
done
check_eq "random trees: pages reached through symlinks listed too" yes \
    "$([ "$linked" -gt 0 ] && echo yes)"

# --- values a server's rules must not let out -----------------------------
# hostile SEED: a value of 1 to 8 bytes of an alphabet of what the
# servers' syntaxes read (no "/", no newline: no file name, no INI line
# holds them), plain names more often than not.
hostile() {
	awk -v seed="$1" 'BEGIN {
		srand(seed)
		# a b . - _ ~ + blank ; { } " \047 \\ $ # , ( ) % * ? [ ] & < > = : @ ! tab
		n = split("97 98 46 45 95 126 43 32 59 123 125 34 39 92 36 35 " \
		    "44 40 41 37 42 63 91 93 38 60 62 61 58 64 33 9", c, " ")
		len = 1 + int(rand() * 8)
		for (i = 0; i < len; i++) {
			k = rand() < 0.5 ? 1 + int(rand() * 2) : 1 + int(rand() * n)
			s = s sprintf("%c", c[k])
		}
		print s
	}'
}
i=0 refused=0 served=0
while [ "$i" -lt "${SERVED_HOSTILE:-9}" ]; do
	i=$((i + 1))
	# The root's name each time; in turn with it, the index's or url_path.
	name=$(hostile "$((i * 3 + 101))")
	index=index.html under=""
	[ $((i % 3)) -eq 1 ] && index=$(hostile "$((i * 3 + 102))")x.html
	[ $((i % 3)) -eq 2 ] && under=$(hostile "$((i * 3 + 103))" | tr -d ' ')
	host="$TMP/hostile-$i"
	R="$host/$name${under:+/$under}"
	mkdir -p "$R/sub" 2>/dev/null || continue
	page "$R/$index" 2>/dev/null || { rm -rf "$host"; continue; }
	page "$R/sub/$index"
	page "$R/a.html"
	{ printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nindex = %s\n' \
	    "$R" "$index"
	[ -n "$under" ] && printf 'url_path = /%s/\n' "$under"
	printf 'lastmod_store = %s/kept.db\n' "$R"; } >"$TMP/hostile.ini"
	out=$("$SITEMAPD" -c "$TMP/hostile.ini" check 2>&1)
	if [ $? -eq 2 ]; then
		refused=$((refused + 1))
		check_contains "hostile $i: refused with its file and line" \
		    "$TMP/hostile.ini:" "$out"
		continue
	fi
	served=$((served + 1))
	printf '# hostile %s: root %s, index %s, url_path /%s/\n' "$i" \
	    "$name" "$index" "$under"
	UNDER=${under:+$under/} serve_all "hostile $i" "$TMP/hostile.ini"
	for s in nginx apache lighttpd; do
		"$SITEMAPD" -c "$TMP/hostile.ini" recipe $s >"$TMP/r" 2>&1 ||
		    not_ok "hostile $i: recipe $s"
	done
done
check_eq "hostile values: some refused, some served" yes \
    "$([ "$refused" -gt 0 ] && [ "$served" -gt 0 ] && echo yes)"
finish
