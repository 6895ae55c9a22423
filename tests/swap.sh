#!/bin/sh
# What deploy tools do to a document root while sitemapd serves it as
# FastCGI behind lighttpd, under watch = inotify and watch = stat, each
# seen at the very next request: a symlinked folder repointed ("ln -sfn",
# then "mv -T" over it) between a release whose a.html is public and one
# whose a.html says noindex, SWAPS times (default 100) while two other
# clients ask all along; the root itself a
# symlink swapped so; and a file that comes to answer another page's URL
# (t beside t.html under clean_urls, a.html beside a/index.html with
# trailing_slash = no), and goes; a symlinked folder whose target is
# renamed, replaced (moved aside, or built beside and moved in), removed
# or left dangling, and the link itself repointed or removed, each step
# answered as a fresh read answers it; then two processes of one site
# under watch = stat, asked at random through POOL_SWAPS swaps (default
# 100).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

# release DIR NOINDEX: a.html (noindex when asked), and a page of its own.
release() {
	mkdir -p "$1"
	printf '<title>a</title>%s\n' "${2:+<meta name=robots content=noindex>}" \
	    >"$1/a.html"
	printf '<title>own</title>\n' >"$1/$(basename "$1").html"
}
swap() {	# swap LINK TARGET: as deploy tools repoint "current"
	ln -sfn "$2" "$1.new" && mv -T "$1.new" "$1"
}
listed() { get /sitemap.xml; locs | sed "s|^$URL||" | sort | tr '\n' ' '; }
# two_releases WATCH INI: a site at $R whose docs link to r1 of two
# releases, and its INI.
two_releases() {
	mkdir -p "$R"
	printf '<title>home</title>\n' >"$R/index.html"
	release "$R/.releases/r1"
	release "$R/.releases/r2" noindex
	ln -s .releases/r1 "$R/docs"
	printf '[site]\nsource = docroot\nroot = %s\nwatch = %s\n' "$R" \
	    "$1" >"$2"
}
# settle LISTED WORD: until an answer through LISTED has WORD, 5 s at most.
settle() {
	for _i in $(seq 50); do
		case $($1) in *"$2"*) return ;; esac
		sleep 0.1
	done
}
# swaps LISTED N: $R/docs to r2 and back N times, each answer asked for
# at once through LISTED; counts the stale answers, and the leaks of r2's
# noindex a.html. Each stale answer is kept in $TMP/stale, as got: a
# list of the other release, or an empty one where no answer came.
swaps() {
	leaks=0 stale=0
	: >"$TMP/stale"
	for _i in $(seq "$2"); do
		swap "$R/docs" .releases/r2
		_got=$($1)
		case $_got in *docs/a.html*) leaks=$((leaks + 1)) ;; esac
		[ "$_got" = "/ /docs/r2.html " ] || {
			stale=$((stale + 1))
			echo "swap $_i to r2: got [$_got]" >>"$TMP/stale"
		}
		swap "$R/docs" .releases/r1
		_got=$($1)
		[ "$_got" = "/ /docs/a.html /docs/r1.html " ] || {
			stale=$((stale + 1))
			echo "swap $_i back to r1: got [$_got]" >>"$TMP/stale"
		}
	done
	head -5 "$TMP/stale"
}

for watch in inotify stat; do
	R="$TMP/$watch/site"
	two_releases "$watch" "$TMP/$watch.ini"
	start_lighttpd "$TMP/$watch.ini" "$R"
	settle listed docs/r1.html
	check_eq "$watch: the linked folder's pages" "/ /docs/a.html /docs/r1.html " \
	    "$(listed)"
	# Two clients asking all along, so that swaps land mid-request in
	# both of lighttpd's FastCGI processes.
	: >"$TMP/asking"
	clients=""
	for _c in 1 2; do
		(while [ -f "$TMP/asking" ]; do
			curl -s -o /dev/null "$URL/sitemap.xml"
			sleep 0.05
		done) &
		clients="$clients $!"
	done
	swaps listed "${SWAPS:-100}"
	rm -f "$TMP/asking"
	wait $clients
	check_eq "$watch: ${SWAPS:-100} swaps to a noindex a.html, none listed" \
	    0 "$leaks"
	check_eq "$watch: each swap seen at the next request" 0 "$stale"

	# A file that answers another page's URL, come and gone.
	printf '[docroot]\nclean_urls = yes\n[site]\ntrailing_slash = no\n' \
	    >>"$TMP/$watch.ini"
	printf '<title>t</title>\n' >"$R/t.html"
	mkdir -p "$R/b"
	printf '<title>b</title>\n' >"$R/b/index.html"
	settle listed " /t "
	check_eq "$watch: clean and slashless" "/ /b /docs/a /docs/r1 /t " \
	    "$(listed)"
	echo "a file" >"$R/t"
	printf '<title>b.html</title>\n' >"$R/b.html"
	check_eq "$watch: t.html goes as the file t answers /t" \
	    "/ /b /docs/a /docs/r1 " "$(listed)"
	"$SITEMAPD" -c "$TMP/$watch.ini" list --host h >"$TMP/list"
	check_contains "$watch: list says /t is the file t's" \
	    "its URL /t serves the file t" "$(cat "$TMP/list")"
	check_contains "$watch: ... and /b is b.html's" "/b	$(date -u +%Y)" \
	    "$(grep '	b\.html	' "$TMP/list")"
	rm "$R/t" "$R/b.html"
	check_eq "$watch: ... and come back when they go" \
	    "/ /b /docs/a /docs/r1 /t " "$(listed)"
	stop_lighttpd
done

# The root itself a symlink, swapped.
mkdir -p "$TMP/releases"
release "$TMP/releases/one"
release "$TMP/releases/two" noindex
for watch in inotify stat; do
	ln -sfn "$TMP/releases/one" "$TMP/current"
	printf '[site]\nsource = docroot\nroot = %s/current\nwatch = %s\n' \
	    "$TMP" "$watch" >"$TMP/root.ini"
	start_lighttpd "$TMP/root.ini" "$TMP/current"
	settle listed one.html
	check_eq "$watch: the root a symlink: its target's pages" \
	    "/a.html /one.html " "$(listed)"
	swap "$TMP/current" "$TMP/releases/two"
	check_eq "$watch: ... swapped: the new target's, at the next request" \
	    "/two.html " "$(listed)"
	stop_lighttpd
done
# A symlinked folder inside the root, S -> pub, and what a deploy does to
# its target and to it: after each step the process answers what a fresh
# read of the same tree answers, and never a noindex page.
fresh() {
	cgi SITEMAPD_CONFIG="$TMP/links-fresh.ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=h
	printf '%s\n' "$BODY" | sed -n 's:.*<loc>http\://h\(.*\)</loc>.*:\1:p' |
	    sort | tr '\n' ' '
}
page_in() {	# page_in DIR [noindex]: DIR/x.html, and one naming DIR
	mkdir -p "$1"
	printf '<title>x</title>%s<p>x</p>\n' \
	    "${2:+<meta name=robots content=noindex>}" >"$1/x.html"
	printf '<title>%s</title>\n' "$(basename "$1")" \
	    >"$1/$(basename "$1").html"
}
# step WHAT: the process's answer, once settled, is the fresh read's.
step() {
	_want=$(fresh)
	settle listed_is "$_want"
	_got=$(listed)
	check_eq "$watch, a linked folder: $1" "$_want" "$_got"
	case $_got in *noindex*) not_ok "$watch: $1: a noindex page listed" ;;
	esac
}
listed_is() { [ "$(listed)" = "$_want" ]; }
for watch in inotify stat; do
	R="$TMP/links-$watch"
	mkdir -p "$R"
	printf '<title>home</title>\n' >"$R/index.html"
	page_in "$R/pub"
	page_in "$R/priv"
	ln -s pub "$R/S"
	printf '[site]\nsource = docroot\nroot = %s\nwatch = %s\n' "$R" \
	    "$watch" >"$TMP/links.ini"
	printf '[site]\nsource = docroot\nroot = %s\n' "$R" \
	    >"$TMP/links-fresh.ini"
	start_lighttpd "$TMP/links.ini" "$R"
	settle listed x.html
	step "as first read"
	mv "$R/pub" "$R/old" && page_in "$R/pub" noindex
	step "its target moved aside, a noindex one made in its place"
	rm -rf "$R/new" && page_in "$R/new" && mv "$R/pub" "$R/old2" &&
	    mv "$R/new" "$R/pub"
	step "its target built beside and moved in"
	ln -sfn priv "$R/S"
	step "the link repointed"
	ln -sfn pub "$R/S"
	step "... and back"
	rm "$R/S"
	step "the link removed"
	ln -s pub "$R/S"
	step "the link made again"
	mv "$R/pub" "$R/pub3"
	step "its target renamed, the link left dangling"
	ln -sfn gone "$R/S"
	step "the link repointed to nothing"
	ln -sfn pub3 "$R/S"
	rm -rf "$R/pub3"
	step "its target removed"
	stop_lighttpd
done

# Two processes of one site asked at random, as a server's pool asks
# them, with two clients asking all along: each sees only some swaps, and
# some halfway (a folder's stat before the "mv -T", its pages' after).
# The next answer of either must be the release linked now.
if command -v cgi-fcgi >/dev/null; then
	R="$TMP/pool/site"
	two_releases stat "$TMP/pool.ini"
	pids=""
	for p in 0 1; do
		"$SITEMAPD" -c "$TMP/pool.ini" -s "unix:$TMP/pool$p.sock" \
		    2>>"$TMP/pool.log" &
		pids="$pids $!"
		wait_for test -S "$TMP/pool$p.sock"
	done
	pool_listed() {
		_answer=$(env -i REQUEST_METHOD=GET HTTP_HOST=h \
		    REQUEST_URI=/sitemap.xml timeout 60 cgi-fcgi -bind -connect \
		    "$TMP/pool$(($(od -An -N1 -tu1 /dev/urandom) % 2)).sock" 2>&1)
		printf '%s\n' "$_answer" |
		    sed -n 's:.*<loc>http\://h\(.*\)</loc>.*:\1:p' |
		    sort | tr '\n' ' '
		# Not a list: what came instead, for the stale log.
		case $_answer in *"<loc>"*) ;; *)
			printf '(%s)' "$(printf '%s' "$_answer" | head -c 200 |
			    tr '\r\n' '  ')" ;;
		esac
	}
	settle pool_listed docs/r1.html
	: >"$TMP/asking"
	clients=""
	for _c in 1 2; do
		(while [ -f "$TMP/asking" ]; do pool_listed >/dev/null; done) &
		clients="$clients $!"
	done
	swaps pool_listed "${POOL_SWAPS:-100}"
	rm -f "$TMP/asking"
	wait $clients
	check_eq "stat, two processes: each swap seen at the next request" 0 \
	    "$stale"
	check_eq "stat, two processes: none listed r2's noindex a.html" 0 \
	    "$leaks"
	for p in $pids; do stop_process "$p"; done
fi
finish
