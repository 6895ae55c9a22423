#!/bin/sh
# [docroot] lastmod_store: a rebuild that rewrites every file but changes
# no page keeps every lastmod, on a site by hand, by Hugo and by MkDocs; a
# changed page moves only its own; processes sharing one store agree; a
# writer killed mid-scan, a corrupt store, one that cannot be made, a full
# disk and a PostgreSQL server that does not answer are survived with a
# log line, never a 5xx; a page gone is remembered for 30 days. Nodes of
# a farm: tests/farm.sh.
. "$SRCDIR/tests/lib.sh"

OLD=2020-01-02
TODAY=$(date -u +%Y-%m-%d)
# dates INI: "URL DATE" per page of the sitemap a CGI answers.
dates() {
	cgi SITEMAPD_CONFIG="$1" REQUEST_URI=/sitemap.xml HTTP_HOST=x
	printf '%s\n' "$BODY" | sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p;
	    s:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | paste - - | sort
}
# aged DIR: its pages' files dated OLD, as a site built long ago.
aged() { find "$1" -name '*.html' -exec touch -d "$OLD" {} +; }
# store_ini FILE ROOT [STORE]: a docroot, with a store unless STORE is "".
store_ini() {
	printf '[site]\nsource = docroot\nroot = %s\n' "$2" >"$1"
	[ -z "${3-$TMP/dates.db}" ] ||
	    printf '[docroot]\nlastmod_store = %s\n' "${3-$TMP/dates.db}" >>"$1"
}

# --- what a browser shows after </html> is the page's too -----------------
A="$TMP/after"
mkdir -p "$A"
for p in a b; do
	printf '<html><body><p>%s</p></body></html>\n' "$p" >"$A/$p.html"
done
aged "$A"
store_ini "$TMP/after.ini" "$A" "$TMP/after.db"
dates "$TMP/after.ini" >/dev/null
printf '<p>A line a browser shows, after the end of the html</p>\n' >>"$A/b.html"
check_eq "markup after </html> is shown, so an edit there moves the lastmod" \
    "http://x/a.html	$OLD
http://x/b.html	$TODAY" "$(dates "$TMP/after.ini")"

# --- a site by hand: what changes on every build is not the page -----------
S="$TMP/hand"
mkdir -p "$S"
build() {	# build GENERATION: the same pages, as a generator rewrites them
	for p in a b c; do
		printf '<html><head><title>%s</title><meta name="generator" content="gen %s"><link rel=stylesheet href="/s.css?v=%s"></head><body><p>Page   %s</p><script>var build = %s</script><style>p{}</style></body></html>\n' \
		    "$p" "$1" "$1" "$p" "$1" >"$S/$p.html"
	done
}
build 1
aged "$S"
store_ini "$TMP/hand.ini" "$S"
store_ini "$TMP/plain.ini" "$S" ""
first=$(dates "$TMP/hand.ini")
check_eq "the first run: the files' dates" "http://x/a.html	$OLD
http://x/b.html	$OLD
http://x/c.html	$OLD" "$first"
build 2
check_eq "without a store, a rebuild moves every lastmod" 0 \
    "$(dates "$TMP/plain.ini" | grep -c "$OLD")"
check_eq "with a store, a rebuild that changes no page moves none" \
    "$first" "$(dates "$TMP/hand.ini")"
sed 's|Page   c|Page c, edited|' "$S/c.html" >"$S/c.new" && mv "$S/c.new" "$S/c.html"
check_eq "a changed page moves only its own" "http://x/a.html	$OLD
http://x/b.html	$OLD
http://x/c.html	$TODAY" "$(dates "$TMP/hand.ini")"
check_contains "check: the store's state" \
    "[docroot] lastmod_store $TMP/dates.db: the dates of 3 pages remembered" \
    "$("$SITEMAPD" -c "$TMP/hand.ini" check 2>&1)"
out=$("$SITEMAPD" -c "$TMP/hand.ini" list --host x)
check_contains "list: a date remembered says so" \
    "http://x/b.html	$OLD	remembered" "$out"
check_contains "... and without a store, that it is the file's" \
    "http://x/b.html	$TODAY	file" \
    "$("$SITEMAPD" -c "$TMP/plain.ini" list --host x)"
# A page's stated date is a floor: the later of it and its change's.
printf '<html><head><meta property="article:modified_time" content="2021-05-06"></head><body>Page a</body></html>' \
    >"$S/a.html"
touch -d 2021-01-01 "$S/a.html"
check_contains "a page's own date, later than its change, wins" \
    "http://x/a.html	2021-05-06" "$(dates "$TMP/hand.ini")"
check_contains "... and list says it is the page's" \
    "http://x/a.html	2021-05-06	stated" \
    "$("$SITEMAPD" -c "$TMP/hand.ini" list --host x)"
printf '<html><head><meta property="article:modified_time" content="2021-05-06"></head><body>Page a, edited</body></html>' \
    >"$S/a.html"
check_contains "edited later, still stating that date: the edit's" \
    "http://x/a.html	$TODAY	changed after stated" \
    "$("$SITEMAPD" -c "$TMP/hand.ini" list --host x)"

# A FastCGI process: a page rewritten unchanged keeps its date, one edited
# takes its file's, at the next request.
SOCK="$TMP/s.sock"
"$SITEMAPD" -c "$TMP/hand.ini" -s "unix:$SOCK" 2>>"$TMP/server.log" &
SERVER_PID=$!
stop() { stop_process "$SERVER_PID"; }
on_exit stop
live() {
	env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null |
	    sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p; s:.*<lastmod>\(.*\)</lastmod>.*:\1:p' |
	    paste - - | sort
}
if command -v cgi-fcgi >/dev/null; then
	wait_for sh -c "[ -S '$SOCK' ]"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml cgi-fcgi -bind -connect '$SOCK' \
	    2>/dev/null | grep -q b.html"
	cp "$S/b.html" "$S/b.new" && mv "$S/b.new" "$S/b.html"
	check_contains "FastCGI: a page rewritten unchanged keeps its date" \
	    "http://x/b.html	$OLD" "$(live)"
	sed 's|Page   b|Page b, edited|' "$S/b.html" >"$S/b.new" &&
	    mv "$S/b.new" "$S/b.html"
	check_contains "... one edited takes its file's, at once" \
	    "http://x/b.html	$TODAY" "$(live)"
else
	echo "cgi-fcgi not installed: a FastCGI process not checked"
fi
stop

# --- processes sharing one store agree -------------------------------------
# at_once N: N CGI requests for the sitemap at the same time, into
# $TMP/at-once-I, each its ETag and body.
at_once() {
	for _i in $(seq "$1"); do
		env -i PATH="$PATH" GATEWAY_INTERFACE=CGI/1.1 \
		    REQUEST_METHOD=GET REQUEST_URI=/sitemap.xml HTTP_HOST=x \
		    SITEMAPD_CONFIG="$TMP/hand.ini" "$SITEMAPD" 2>/dev/null |
		    grep -v -i '^date:' >"$TMP/at-once-$_i" &
	done
	wait
}
build 3
aged "$S"
rm -f "$TMP/dates.db"*
at_once 4
for i in 2 3 4; do
	check_eq "four CGI requests at once on a new store: the same answer ($i)" \
	    "$(cat "$TMP/at-once-1")" "$(cat "$TMP/at-once-$i")"
done
check_contains "... with an ETag" "ETag" "$(cat "$TMP/at-once-1")"
build 4
at_once 2
check_eq "... and after a rebuild, both the remembered dates" \
    "$(cat "$TMP/at-once-1")" "$(cat "$TMP/at-once-2")"
check_contains "... which are the first ones" "<lastmod>$OLD</lastmod>" \
    "$(cat "$TMP/at-once-1")"

# --- faults: a 200 with the files' dates and a log line, never a 5xx --------
printf 'not a database, not at all' >"$TMP/dates.db"
rm -f "$TMP/dates.db-wal" "$TMP/dates.db-shm"
cgi SITEMAPD_CONFIG="$TMP/hand.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "a corrupt store: 200" 200 "$STATUS"
check_contains "... with the files' dates" "<lastmod>$TODAY</lastmod>" "$BODY"
check_eq "... and one log line" 1 \
    "$(printf '%s\n' "$LOG" | grep -c 'lastmod_store .*file is not a database')"
store_ini "$TMP/nowhere.ini" "$S" "$TMP/no/such/dir/dates.db"
cgi SITEMAPD_CONFIG="$TMP/nowhere.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "a store that cannot be made: 200" 200 "$STATUS"
check_contains "... and says why" "unable to open database file" "$LOG"
mkdir -p "$TMP/ro"
store_ini "$TMP/ro.ini" "$S" "$TMP/ro/dates.db"
cgi SITEMAPD_CONFIG="$TMP/ro.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
chmod 444 "$TMP/ro/dates.db"
sed 's|Page   a|Page a, edited again|' "$S/a.html" >"$S/a.new" &&
    mv "$S/a.new" "$S/a.html"
CGI_PREFIX=$NO_DAC_OVERRIDE cgi SITEMAPD_CONFIG="$TMP/ro.ini" \
    REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "a store it may not write, and a page changed: 200" 200 "$STATUS"
check_contains "... with every page" "http://x/c.html" "$BODY"
check_eq "... and one log line" 1 \
    "$(printf '%s\n' "$LOG" | grep -c 'lastmod_store .*readonly database')"
store_ini "$TMP/bad.ini" "$S" "mysql://root:secret@db/x"
out=$("$SITEMAPD" -c "$TMP/bad.ini" check 2>&1)
check_contains "a store URL of another database: refused, saying what it takes" \
    "lastmod_store: a SQLite file's path, or a postgresql:// URI, not mysql://" \
    "$out"
check_lacks "... without its password" "secret" "$out"
store_ini "$TMP/down.ini" "$S" \
    "postgresql://sitemapd:secret@/x?host=$TMP/no-server&password=secret2"
cgi SITEMAPD_CONFIG="$TMP/down.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_eq "a PostgreSQL store that does not answer: 200" 200 "$STATUS"
check_contains "... with the files' dates" "<lastmod>$TODAY</lastmod>" "$BODY"
check_contains "... and a log line that names it" \
    "lastmod_store postgresql://sitemapd:***@/x?host=$TMP/no-server: opening: connection to server" \
    "$LOG"
check_lacks "... without its passwords" "secret" "$LOG"
# As libpq reads it: the password is all before the last "@".
store_ini "$TMP/at.ini" "$S" "postgresql://sitemapd:se@cr@et@/x?host=$TMP/no-server"
cgi SITEMAPD_CONFIG="$TMP/at.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
check_contains "a password holding a raw @: the store named" \
    "lastmod_store postgresql://sitemapd:***@/x?host=$TMP/no-server: opening" "$LOG"
check_lacks "... without any of its password" "cr@et" "$LOG"
check_lacks "... not even its start" "se@" "$LOG"

# A full disk: the store on a tmpfs of its own, filled before a rebuild
# that changes every page and adds 300, so that the store must write and
# cannot. In a mount namespace: run SITE OUT.
F="$TMP/full-site"
mkdir -p "$F" "$TMP/full"
for p in a b c; do printf '<title>%s</title>' "$p" >"$F/$p.html"; done
store_ini "$TMP/full.ini" "$F" "$TMP/full/dates.db"
full_disk='
mount -t tmpfs -o size=256k tmpfs "$1/full" || exit 3
run() {
	env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml SITEMAPD_CONFIG="$1/full.ini" "$2" \
	    >"$1/full-$3.out" 2>"$1/full-$3.log"
}
run "$1" "$2" before
dd if=/dev/zero of="$1/full/filler" bs=4k 2>/dev/null
for p in a b c; do printf "<title>%s, rebuilt</title>" $p >"$3/$p.html"; done
i=0
while [ $i -lt 300 ]; do
	printf "<title>new %d</title><p>%0500d</p>" $i $i >"$3/n$i.html"
	i=$((i + 1))
done
run "$1" "$2" full'
unshare_m="unshare -m"
[ "$(id -u)" -eq 0 ] || unshare_m="unshare -U -r -m"
if $unshare_m sh -c "$full_disk" sh "$TMP" "$SITEMAPD" "$F" \
    2>"$TMP/full.err"; then
	check_contains "a full disk: 200" "Status: 200" "$(cat "$TMP/full-full.out")"
	check_contains "... with every page, and the files' dates" \
	    "<loc>http://x/n299.html</loc><lastmod>$TODAY</lastmod>" \
	    "$(tr -d '\n ' <"$TMP/full-full.out")"
	# SQLite says "disk I/O error" when its WAL index cannot grow,
	# "database or disk is full" when the database cannot.
	check_eq "... and one log line" 1 "$(grep -c \
	    'lastmod_store .*\(disk I/O error\|disk is full\)' \
	    "$TMP/full-full.log")"
else
	echo "no tmpfs of its own here ($(cat "$TMP/full.err")): a full disk not checked"
fi

# --- pages gone: remembered for 30 days, so that one restored keeps its date
G="$TMP/gone"
mkdir -p "$G"
for p in a b; do printf '<title>%s</title>' "$p" >"$G/$p.html"; done
aged "$G"
store_ini "$TMP/gone.ini" "$G" "$TMP/gone.db"
# gone URL: the store's gone column for URL, "-" when the page is not gone.
gone() {
	sqlite3 "$TMP/gone.db" "SELECT coalesce(gone, '-') FROM pages WHERE url = '$1'"
}
dates "$TMP/gone.ini" >/dev/null
mv "$G/b.html" "$TMP/b.html"
dates "$TMP/gone.ini" >/dev/null
if command -v sqlite3 >/dev/null; then
	check_eq "a page removed: still remembered, marked gone" 1 \
	    "$(gone b.html | grep -c '^[0-9][0-9]*$')"
	check_eq "... the others not" - "$(gone a.html)"
	cp "$TMP/b.html" "$G/b.html"
	check_contains "restored within 30 days: its date kept" \
	    "http://x/b.html	$OLD" "$(dates "$TMP/gone.ini")"
	check_eq "... and no longer marked gone" - "$(gone b.html)"
	rm "$G/b.html"
	dates "$TMP/gone.ini" >/dev/null
	sqlite3 "$TMP/gone.db" "UPDATE pages SET gone = gone - 31 * 86400"
	dates "$TMP/gone.ini" >/dev/null
	check_eq "gone for more than 30 days: forgotten" "" "$(gone b.html)"
	check_eq "... the others kept" - "$(gone a.html)"
else
	echo "sqlite3 not installed: pages gone not checked"
fi

# --- rebuilds by real generators, from the same sources ---------------------
# rebuilt NAME INI BUILD EDIT: built, dated OLD and read; built again: every
# lastmod kept; one page's text edited and built: only its own moves.
rebuilt() {
	$3
	aged "$4"
	before=$(dates "$2")
	check_contains "$1: read once, the files' dates" "	$OLD" "$before"
	$3
	store_ini "$TMP/no-store.ini" "$4" ""
	check_contains "$1: rebuilt, its files' dates moved" "	$TODAY" \
	    "$(dates "$TMP/no-store.ini")"
	check_eq "$1: rebuilt unchanged, every lastmod kept" "$before" \
	    "$(dates "$2")"
	$5
	$3
	after=$(dates "$2")
	check_eq "$1: one page edited: one lastmod moved" 1 \
	    "$(printf '%s\n' "$after" | grep -c "$TODAY")"
	check_contains "... its own" "$6	$TODAY" "$after"
}
if command -v hugo >/dev/null; then
	H="$TMP/hugo"
	mkdir -p "$H/layouts/_default" "$H/content/posts"
	printf 'baseURL = "http://x/"\ntitle = "Demo"\n' >"$H/config.toml"
	printf '<!doctype html><html><head><title>{{ .Title }}</title>%s</head><body>{{ .Content }}</body></html>\n' \
	    '{{ hugo.Generator }}' >"$H/layouts/_default/single.html"
	printf '<!doctype html><title>{{ .Title }}</title>%s\n' \
	    '{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' \
	    >"$H/layouts/_default/list.html"
	cp "$H/layouts/_default/list.html" "$H/layouts/index.html"
	printf -- '---\ntitle: About\n---\nAbout us.\n' >"$H/content/about.md"
	printf -- '---\ntitle: Hello\n---\nHi.\n' >"$H/content/posts/hello.md"
	hugo_build() { (cd "$H" && hugo --quiet -d public) >/dev/null 2>&1; }
	hugo_edit() { printf -- '---\ntitle: About\n---\nAbout us, and more.\n' \
	    >"$H/content/about.md"; }
	store_ini "$TMP/hugo.ini" "$H/public" "$TMP/hugo.db"
	rebuilt hugo "$TMP/hugo.ini" hugo_build "$H/public" hugo_edit \
	    http://x/about/
else
	echo "hugo not installed: its rebuilds not checked"
fi
if command -v mkdocs >/dev/null; then
	M="$TMP/mkdocs"
	mkdir -p "$M/docs/guide"
	printf 'site_name: Demo\nsite_url: http://x/\n' >"$M/mkdocs.yml"
	printf '# Home\n' >"$M/docs/index.md"
	printf '# About\n' >"$M/docs/about.md"
	printf '# Install\n' >"$M/docs/guide/install.md"
	mkdocs_build() { rm -rf "$M/site"; (cd "$M" && mkdocs build -q) \
	    >/dev/null 2>&1; }
	mkdocs_edit() { printf '# Install\n\nRun make.\n' \
	    >"$M/docs/guide/install.md"; }
	store_ini "$TMP/mkdocs.ini" "$M/site" "$TMP/mkdocs.db"
	rebuilt mkdocs "$TMP/mkdocs.ini" mkdocs_build "$M/site" mkdocs_edit \
	    http://x/guide/install/
else
	echo "mkdocs not installed: its rebuilds not checked"
fi

# --- a writer killed mid-scan loses nothing it committed, corrupts nothing -
if command -v sqlite3 >/dev/null; then
	K="$TMP/many"
	mkdir -p "$K"
	i=0
	while [ $i -lt 12000 ]; do
		printf '<title>%d</title><p>page %d</p>' $i $i >"$K/p$i.html"
		i=$((i + 1))
	done
	store_ini "$TMP/many.ini" "$K" "$TMP/many.db"
	"$SITEMAPD" -c "$TMP/many.ini" -s "unix:$TMP/many.sock" \
	    2>>"$TMP/many.log" &
	pid=$!
	# Killed at its first commit of the 4,096 pages read at once.
	wait_for test -s "$TMP/many.db-wal"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	check_eq "killed while writing: the store is sound ($(sqlite3 \
	    "$TMP/many.db" 'SELECT count(*) FROM pages') pages kept)" ok \
	    "$(sqlite3 "$TMP/many.db" 'PRAGMA integrity_check')"
	cgi SITEMAPD_CONFIG="$TMP/many.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
	check_eq "... and the next process answers 200" 200 "$STATUS"
	check_eq "... and remembers every page" 12000 \
	    "$(sqlite3 "$TMP/many.db" 'SELECT count(*) FROM pages')"
else
	echo "sqlite3 not installed: a killed writer not checked"
fi
finish
