#!/bin/sh
# Image files are known as pages are: under inotify and under
# watch = stat, a FastCGI process with images = yes answers as a fresh
# read does after an image a page shows is deleted, created, created in
# a new folder, moved away with its folder and back, or shadowed; and,
# with a lastmod store, an image replaced in place moves its page's
# lastmod to that file's date, with no page touched, live and between
# two CGI runs that keep page facts.
. "$SRCDIR/tests/lib.sh"

need cgi-fcgi libfcgi-bin

R=$TMP/site
SOCK=$TMP/s.sock
OLD=202001010000
printf '[site]\nsource = docroot\nroot = %s\n[sitemap]\nimages = yes\n' \
    "$R" >"$TMP/fresh.ini"

# The sitemap a process answers over FastCGI, and a fresh CGI read's.
live() { fcgi_body "$SOCK" /sitemap.xml; }
fresh() {
	cgi SITEMAPD_CONFIG="$TMP/fresh.ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com
	printf '%s\n' "$BODY"
}
# What of a sitemap a change to images decides: its pages and images.
listed() { grep -o '<loc>[^<]*</loc>\|<image:loc>[^<]*</image:loc>'; }
# lastmod_of PATH: the lastmod live answers for PATH.
lastmod_of() {
	live | tr -d '\n' | sed 's:</url>:\n:g' |
	    sed -n "s:.*<loc>http\://example.com$1</loc> *<lastmod>\([^<]*\)<.*:\1:p"
}
# step NAME: live's pages and images are a fresh read's.
step() {
	live | listed >"$TMP/live"
	fresh | listed >"$TMP/fresh"
	check_eq "$mode: $1: as a fresh read" "$(cat "$TMP/fresh")" \
	    "$(cat "$TMP/live")"
}

for mode in inotify stat; do
	rm -rf "$R"
	mkdir -p "$R/img"
	printf 'a' >"$R/img/a.png"
	printf 'o' >"$R/img/only.png"
	cat >"$R/index.html" <<'HTML'
<!doctype html><title>Home</title><main><p>Home
<img src="/img/a.png"><img src="/img/only.png"><img src="/img/b.png"><img src="/pics/c.png">
<img src="/shadow"></main>
HTML
	cat >"$R/other.html" <<'HTML'
<!doctype html><title>Other</title><main><p>Other <img src="img/a.png"></main>
HTML
	find "$R" -exec touch -t "$OLD" {} +
	printf '[site]\nsource = docroot\nroot = %s\nwatch = %s\n[sitemap]\nimages = yes\n[docroot]\nlastmod_store = %s\n' \
	    "$R" "$mode" "$TMP/$mode.db" >"$TMP/live.ini"
	start_fcgi "$TMP/live.ini" "$SOCK"
	step "at start"
	check_contains "$mode: ... which lists the image there" \
	    "<image:loc>http://example.com/img/a.png</image:loc>" \
	    "$(cat "$TMP/live")"

	# In place, same size, no page touched: the store dates new content.
	before=$(lastmod_of /)
	printf 'O' >"$R/img/only.png"
	after=$(lastmod_of /)
	check_eq "$mode: at start, the store dates the page as its files" \
	    2020-01-01 "$before"
	check_eq "$mode: an image rewritten in place moves its page's lastmod to its file's date" \
	    "$(date -u -r "$R/img/only.png" +%Y-%m-%d)" "$after"
	check_eq "$mode: ... and only its page's" 2020-01-01 \
	    "$(lastmod_of /other.html)"

	rm "$R/img/a.png"
	step "an image deleted"
	check_lacks "$mode: ... no longer listed" "/img/a.png" \
	    "$(cat "$TMP/live")"
	printf 'b' >"$R/img/b.png"
	step "an image created that a page shows"
	check_contains "$mode: ... listed" "/img/b.png" "$(cat "$TMP/live")"
	mkdir "$R/pics" && printf 'c' >"$R/pics/c.png"
	step "an image created in a new folder"
	check_contains "$mode: ... listed" "/pics/c.png" "$(cat "$TMP/live")"
	mv "$R/pics" "$R/pics2"
	step "its folder moved away"
	check_lacks "$mode: ... no longer listed" "/pics/c.png" \
	    "$(cat "$TMP/live")"
	mv "$R/pics2" "$R/pics"
	step "... and back"
	check_contains "$mode: ... listed again" "/pics/c.png" \
	    "$(cat "$TMP/live")"
	printf 's' >"$R/shadow"
	step "a file at a path the server answered with nothing"
	check_contains "$mode: ... listed" "/shadow<" "$(cat "$TMP/live")"
	rm "$R/shadow" && mkdir "$R/shadow"
	step "... which becomes a folder"
	printf 'a' >"$R/img/a.png"
	step "the first image back"

	stop_process "$pid"
done

# --- between two runs: a page fact keeps no page that shows a file ----------
rm -rf "$R"
mkdir -p "$R/img"
printf 'o' >"$R/img/only.png"
printf '<!doctype html><title>Home</title><main><p>Home <img src="/img/only.png"></main>\n' \
    >"$R/index.html"
printf '<!doctype html><title>Other</title><main><p>Other</main>\n' \
    >"$R/other.html"
find "$R" -exec touch -t "$OLD" {} +
printf '[site]\nsource = docroot\nroot = %s\n[sitemap]\nimages = yes\n[docroot]\nlastmod_store = %s\npage_facts = %s\n' \
    "$R" "$TMP/cgi.db" "$TMP/facts.db" >"$TMP/cgi.ini"
cgi_lastmods() {
	cgi SITEMAPD_CONFIG="$TMP/cgi.ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com
	printf '%s\n' "$BODY" | sed -n 's:.*<lastmod>\(.*\)</lastmod>.*:\1:p' |
	    tr '\n' ' '
}
check_eq "page facts: the first run dates both pages as their files" \
    "2020-01-01 2020-01-01 " "$(cgi_lastmods)"
cgi_lastmods >/dev/null		# the second run takes page facts
printf 'O' >"$R/img/only.png"
check_eq "... an image replaced between runs moves its page's lastmod" \
    "$(date -u -r "$R/img/only.png" +%Y-%m-%d) 2020-01-01 " "$(cgi_lastmods)"
finish
