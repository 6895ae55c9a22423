#!/bin/sh
# A lastmod that moves only when the page itself changes: on a site by
# hand whose template has a header, a nav naming every page, a main and a
# footer, rebuilt after each kind of edit, the lastmod store moves the
# date of exactly the pages whose title or main content changed, and
# IndexNow submits exactly those; stores and states written by sitemapd
# 0.1.0, which hashed the whole page, keep every date and submit nothing
# unchanged; list says what each page's hash covers, and check notes
# pages without a main landmark. Generators: tests/main-content-sites.sh.
. "$SRCDIR/tests/lib.sh"
need sqlite3
. "$SRCDIR/tests/endpoint.sh"

OLD=2020-01-02
TODAY=$(date -u +%Y-%m-%d)
KEY=9f2c4e6a8b0d1f3e
U=https://www.example.org

# hand_site DIR FOOTER PAGE...: each PAGE a file, PAGE.html, whose title
# and main text are its name, or FILE=TITLE; each with a header, a nav
# naming every page by its title, and the footer FOOTER. The pages of
# tests/stores-0.1.0 were made by it: keep its bytes.
hand_site() {
	_dir=$1 _footer=$2; shift 2
	rm -rf "$_dir"
	mkdir -p "$_dir"
	_nav=""
	for _p; do _nav="$_nav<a href=\"/${_p%%=*}.html\">${_p#*=}</a> "; done
	for _p; do
		printf '<!doctype html>\n<html><head><meta charset="utf-8"><title>%s</title></head>\n<body><header><a href="/">The site</a></header><nav>%s</nav>\n<main><h1>%s</h1><p>What %s says.</p></main>\n<footer>%s</footer></body></html>\n' \
		    "${_p#*=}" "$_nav" "${_p#*=}" "${_p%%=*}" "$_footer" \
		    >"$_dir/${_p%%=*}.html"
	done
}
# rich_site DIR FOOTER PAGE...: hand_site's pages, each main holding what
# sitemapd 0.2.0 did not read: an aside, a hidden tab panel, a link's
# target, an image's alt text, and code indented. tests/stores-0.2.0 were
# made from them: keep their bytes.
rich_site() {
	hand_site "$@"
	shift 2
	for _p; do
		_n=${_p%%=*}
		sed -i "s|</main>|<aside>A note on $_n.</aside><div role=\"tabpanel\" hidden>Install $_n on Linux.</div><p><a href=\"/files/$_n-1.0.exe\">Download</a></p><img src=\"/img/$_n.png\" alt=\"$_n, drawn\"><pre>for x in y:\\n    print($_n)</pre></main>|" \
		    "$_dir/$_n.html"
	done
}
# site_ini FILE ROOT STORE STATE: a docroot with a store and IndexNow.
site_ini() {
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n[indexnow]\nkey = %s\nhost = www.example.org\nendpoint = %s\ndelay = 0\nstate = %s\n' \
	    "$2" "$3" "$KEY" "$ENDPOINT" "$4" >"$1"
}
# moved INI: the pages, by URL path, whose lastmod is not OLD.
moved() {
	cgi SITEMAPD_CONFIG="$1" REQUEST_URI=/sitemap.xml HTTP_HOST=x
	printf '%s\n' "$BODY" | sed -n 's:.*<loc>http\://x\(.*\)</loc>.*:\1:p;
	    s:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | paste - - |
	    awk -v old="$OLD" '$2 != old { print $1 }' | sort | tr '\n' ' '
}
# submitted INI: sitemapd indexnow, and the paths it submitted.
submitted() {
	_from=$(posts)
	"$SITEMAPD" -c "$1" indexnow >/dev/null 2>"$TMP/indexnow.err" ||
	    { not_ok "sitemapd indexnow exits 0"; cat "$TMP/indexnow.err"; }
	check_no_sanitizer_report "$(cat "$TMP/indexnow.err")"
	sent "$_from" | sed "s|^$U||" | tr '\n' ' '
}
# rebuilt DIR FOOTER PAGE...: hand_site again, every file rewritten now,
# as a generator's build.
rebuilt() { hand_site "$@"; }
# aged DIR: its files dated OLD, as a site built long ago.
aged() { find "$1" -type f -exec touch -d "$OLD" {} +; }

# --- each kind of edit, on a fresh store ----------------------------------
S="$TMP/hand"
site_ini "$TMP/hand.ini" "$S" "$TMP/hand.db" "$TMP/hand-state.db"
hand_site "$S" "Built 2026-11-27 20:36:16" index a b c
aged "$S"
check_eq "the first read: every page its file's date" "" \
    "$(moved "$TMP/hand.ini")"
check_eq "... and IndexNow's first run submits nothing" "" \
    "$(submitted "$TMP/hand.ini")"
rebuilt "$S" "Built 2026-11-27 20:36:16" index a b c
check_eq "a rebuild that changes nothing moves no date" "" \
    "$(moved "$TMP/hand.ini")"
check_eq "... and submits nothing" "" "$(submitted "$TMP/hand.ini")"
rebuilt "$S" "Built 2026-11-27 20:36:17" index a b c
check_eq "the footer's build time moves no date" "" \
    "$(moved "$TMP/hand.ini")"
check_eq "... and submits nothing" "" "$(submitted "$TMP/hand.ini")"
rebuilt "$S" "Built 2026-11-27 20:36:17" index a b c d
check_eq "a page added, which every nav names, moves only its own date" \
    "/d.html " "$(moved "$TMP/hand.ini")"
check_eq "... and IndexNow submits that page alone" "/d.html " \
    "$(submitted "$TMP/hand.ini")"
rebuilt "$S" "Built 2026-11-27 20:36:17" index a "b=B, retitled" c d
check_eq "a page retitled, which every nav names, moves only its own date" \
    "/b.html /d.html " "$(moved "$TMP/hand.ini")"
check_eq "... and IndexNow submits it alone" "/b.html " \
    "$(submitted "$TMP/hand.ini")"
rebuilt "$S" "Built 2026-11-27 20:36:17" index a "b=B, retitled" c d
sed 's|What c says|What c says, edited|' "$S/c.html" >"$S/c.new" &&
    mv "$S/c.new" "$S/c.html"
check_eq "one page's main text edited moves its date alone" \
    "/b.html /c.html /d.html " "$(moved "$TMP/hand.ini")"
check_eq "... and IndexNow submits it alone" "/c.html " \
    "$(submitted "$TMP/hand.ini")"
sed 's|<main>|<main><img src="/c.png">|' "$S/a.html" >"$S/a.new" &&
    mv "$S/a.new" "$S/a.html"
check_eq "a picture added to a page's main content moves its date" \
    "/a.html /b.html /c.html /d.html " "$(moved "$TMP/hand.ini")"
sed 's|/c.png|/c2.png|' "$S/a.html" >"$S/a.new" && mv "$S/a.new" "$S/a.html"
check_eq "... and so does that picture replaced" "/a.html " \
    "$(submitted "$TMP/hand.ini")"

# --- an image replaced at the same path -----------------------------------
# shot_site DIR SHOT: hand_site's, a.html showing /img/shot.png (whose
# bytes are SHOT) and c.html /img/logo.png, each file written now.
shot_site() {
	hand_site "$1" "Built 2026-12-06" index a b c
	mkdir -p "$1/img"
	printf '%s' "$2" >"$1/img/shot.png"
	printf 'logo' >"$1/img/logo.png"
	sed -i 's|<main>|<main><img src="/img/shot.png">|' "$1/a.html"
	sed -i 's|<main>|<main><img src="img/logo.png">|' "$1/c.html"
}
I="$TMP/shots"
site_ini "$TMP/shots.ini" "$I" "$TMP/shots.db" "$TMP/shots-state.db"
shot_site "$I" "screenshot 1"
aged "$I"
moved "$TMP/shots.ini" >/dev/null
submitted "$TMP/shots.ini" >/dev/null
shot_site "$I" "screenshot 1"
check_eq "images rewritten with the same bytes move no date" "" \
    "$(moved "$TMP/shots.ini")"
check_eq "... and submit nothing" "" "$(submitted "$TMP/shots.ini")"
shot_site "$I" "screenshot 2"
check_eq "a screenshot replaced at the same path moves its page alone" \
    "/a.html " "$(moved "$TMP/shots.ini")"
check_eq "... and IndexNow submits it alone" "/a.html " \
    "$(submitted "$TMP/shots.ini")"

# --- a stated modified date is a floor, not a ceiling ---------------------
# Hugo's and jekyll-seo-tag's templates state a post's publication date as
# its modified date until told otherwise. stated_page DIR NAME DATE TEXT.
stated_page() {
	printf '<!doctype html><html><head><title>%s</title><meta property="article:modified_time" content="%s"></head><body><main><p>%s</p></main></body></html>\n' \
	    "$2" "$3" "$4" >"$1/$2.html"
}
# dates INI: "path date from" of each page, by list and by a CGI with
# page facts, which must agree.
dates() {
	"$SITEMAPD" -c "$1" list --host x | awk -F '\t' '{ sub("^http://x",
	    "", $3); print $3, $4, $5 }' | tr '\n' ';'
}
D="$TMP/stated"
mkdir -p "$D/site"
for facts in no yes; do
	rm -rf "$D/site"/* "$D/l.db" "$D/facts.db"
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n' \
	    "$D/site" "$D/l.db" >"$D/s.ini"
	[ "$facts" = yes ] && printf 'page_facts = %s\n' "$D/facts.db" >>"$D/s.ini"
	stated_page "$D/site" a 2025-01-02 "A's text."
	stated_page "$D/site" b 2025-01-02 "B's text."
	find "$D/site" -exec touch -d 2025-03-01 {} +
	check_eq "page facts $facts: a page first seen keeps the date it states" \
	    "/a.html 2025-01-02 stated;/b.html 2025-01-02 stated;" \
	    "$(dates "$D/s.ini")"
	stated_page "$D/site" a 2025-01-02 "A's text, edited."
	stated_page "$D/site" b 2025-01-02 "B's text."
	find "$D/site" -exec touch -d 2025-06-01 {} +
	check_eq "... its content changed, still stating the earlier date: the change's" \
	    "/a.html 2025-06-01 changed after stated;/b.html 2025-01-02 stated;" \
	    "$(dates "$D/s.ini")"
	find "$D/site" -exec touch -d 2025-07-01 {} +
	check_eq "... kept through a rebuild" \
	    "/a.html 2025-06-01 changed after stated;/b.html 2025-01-02 stated;" \
	    "$(dates "$D/s.ini")"
	cgi SITEMAPD_CONFIG="$D/s.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=x
	check_contains "... as the sitemap says" \
	    "<loc>http://x/a.html</loc>
    <lastmod>2025-06-01</lastmod>" "$BODY"
	stated_page "$D/site" a 2025-08-01 "A's text, edited."
	find "$D/site" -exec touch -d 2025-08-05 {} +
	check_eq "... and a later stated date wins again" \
	    "/a.html 2025-08-01 stated;/b.html 2025-01-02 stated;" \
	    "$(dates "$D/s.ini")"
done

# --- what list and check say ---------------------------------------------
L="$TMP/landmarks"
mkdir -p "$L"
printf '<title>m</title><nav>n</nav><main>x</main>\n' >"$L/m.html"
printf '<title>r</title><div role="main">x</div>\n' >"$L/r.html"
printf '<title>a</title><nav>n</nav><article>x</article>\n' >"$L/a.html"
printf '<title>b</title><p>x</p>\n' >"$L/b.html"
site_ini "$TMP/landmarks.ini" "$L" "$TMP/landmarks.db" "$TMP/landmarks-state.db"
out=$("$SITEMAPD" -c "$TMP/landmarks.ini" list --host x |
    awk -F '\t' '{ print $3, $7 }')
check_eq "list: what each page's hash covers" "http://x/a.html article
http://x/b.html body
http://x/m.html main
http://x/r.html role=main" "$out"
out=$("$SITEMAPD" -c "$TMP/landmarks.ini" check 2>&1)
check_contains "check: the pages without a main landmark" \
    "[docroot] 1 of 4 pages have no main landmark (<main>, role=\"main\", or one <article>), the first /b.html" \
    "$out"
printf '[site]\nsource = docroot\nroot = %s\n' "$L" >"$TMP/plain.ini"
check_eq "... no hash is taken without a store or IndexNow: list says -" \
    "- - - -" "$("$SITEMAPD" -c "$TMP/plain.ini" list --host x |
    awk -F '\t' '{ print $7 }' | tr '\n' ' ' | sed 's/ $//')"
check_lacks "... and check says nothing of landmarks" "main landmark" \
    "$("$SITEMAPD" -c "$TMP/plain.ini" check 2>&1)"

# --- upgrades: from the whole page's hash (tests/stores-0.1.0), and from
# 0.2.0's, whose pages (rich_site's) hold what it did not read, so that
# each hashes otherwise now: their stores keep their dates only by
# reading their hashes again ------------------------------------------
# upgraded NAME VERSION: the site and the stores VERSION wrote, the files
# rebuilt now.
upgraded() {
	_s="$TMP/$1"
	case $2 in
	0.1.0) hand_site "$_s" "Built 2026-11-27 20:36:16" index a b c ;;
	0.2.0) rich_site "$_s" "Built 2026-12-06 00:30:00" index a b c ;;
	esac
	rm -f "$TMP/$1.db" "$TMP/$1-state.db"
	sqlite3 "$TMP/$1.db" <"$SRCDIR/tests/stores-$2/lastmod.sql"
	sqlite3 "$TMP/$1-state.db" <"$SRCDIR/tests/stores-$2/indexnow.sql"
	site_ini "$TMP/$1.ini" "$_s" "$TMP/$1.db" "$TMP/$1-state.db"
}
for v in 0.1.0 0.2.0; do
	upgraded "up-$v" "$v"
	check_eq "upgraded from $v: every date kept" "" \
	    "$(moved "$TMP/up-$v.ini")"
	check_contains "... as remembered" "http://x/a.html	$OLD	remembered" \
	    "$("$SITEMAPD" -c "$TMP/up-$v.ini" list --host x)"
	check_eq "... and IndexNow submits nothing" "" \
	    "$(submitted "$TMP/up-$v.ini")"
	check_eq "... the store's rows now hold the hash of now" "4 8" \
	    "$(sqlite3 "$TMP/up-$v.db" 'SELECT count(*), sum(kind) FROM pages' |
	    tr '|' ' ')"
	check_eq "... and so do IndexNow's" "0" "$(sqlite3 "$TMP/up-$v-state.db" \
	    "SELECT count(*) FROM indexnow WHERE kind <> 2 AND url LIKE '$U/%'")"
	check_eq "... a rebuild after it moves nothing" "" \
	    "$(moved "$TMP/up-$v.ini")"
	check_eq "... and submits nothing" "" "$(submitted "$TMP/up-$v.ini")"
	# A page changed while sitemapd was upgraded, where the version
	# before read it, is a change (one in what it did not read, made
	# meanwhile, cannot be told).
	upgraded "changed-$v" "$v"
	sed 's|What b says|What b says now|' "$TMP/changed-$v/b.html" \
	    >"$TMP/b.new" && mv "$TMP/b.new" "$TMP/changed-$v/b.html"
	check_eq "upgraded from $v with a page changed meanwhile: its date moves alone" \
	    "/b.html " "$(moved "$TMP/changed-$v.ini")"
	check_eq "... and IndexNow submits it alone" "/b.html " \
	    "$(submitted "$TMP/changed-$v.ini")"
done
rebuilt "$TMP/up-0.1.0" "Built 2026-11-28 09:00:00" index a b c d
check_eq "upgraded from 0.1.0, then a page added moves its date alone" \
    "/d.html " "$(moved "$TMP/up-0.1.0.ini")"
check_eq "... and is submitted alone" "/d.html " \
    "$(submitted "$TMP/up-0.1.0.ini")"
# What 0.2.0 could not see moves its page alone once upgraded.
U2="$TMP/up-0.2.0"
sed 's|A note on a\.|A note on a, edited.|' "$U2/a.html" >"$TMP/a.new" &&
    mv "$TMP/a.new" "$U2/a.html"
sed 's|/files/b-1.0.exe|/files/b-2.0.exe|' "$U2/b.html" >"$TMP/b.new" &&
    mv "$TMP/b.new" "$U2/b.html"
check_eq "upgraded from 0.2.0, then an aside and a link's target edited move their pages" \
    "/a.html /b.html " "$(moved "$U2.ini")"
check_eq "... and are submitted alone" "/a.html /b.html " \
    "$(submitted "$U2.ini")"

# A long-running process: a page of the 0.1.0 store missing at its scan,
# put back later, is dated between scans from its row of before.
upgraded live 0.1.0
mv "$TMP/live/b.html" "$TMP/b.away"
SOCK="$TMP/live.sock"
"$SITEMAPD" -c "$TMP/live.ini" -s "unix:$SOCK" 2>>"$TMP/server.log" &
SERVER_PID=$!
stop_server() { stop_process "$SERVER_PID"; }
on_exit stop_server
# live_moved: moved, of the process's answer.
live_moved() {
	env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
	    timeout 60 cgi-fcgi -bind -connect "$SOCK" 2>/dev/null |
	    sed -n 's:.*<loc>http\://x\(.*\)</loc>.*:\1:p;
	    s:.*<lastmod>\(.*\)</lastmod>.*:\1:p' | paste - - |
	    awk -v old="$OLD" '$2 != old { print $1 }' | sort | tr '\n' ' '
}
# A request waits 250 ms at most for the store, then answers with the
# files' dates: on a loaded machine, the store's come at a later one.
settled() { [ -z "$(live_moved)" ]; }
if command -v cgi-fcgi >/dev/null; then
	wait_for sh -c "[ -S '$SOCK' ]"
	wait_for settled
	check_eq "a process of an upgraded store: no date moved" "" \
	    "$(live_moved)"
	mv "$TMP/b.away" "$TMP/live/b.html"
	wait_for sh -c "env -i REQUEST_METHOD=GET HTTP_HOST=x \
	    REQUEST_URI=/sitemap.xml cgi-fcgi -bind -connect '$SOCK' \
	    2>/dev/null | grep -q b.html"
	wait_for settled
	check_eq "... a page of the old store put back keeps its date" "" \
	    "$(live_moved)"
else
	echo "cgi-fcgi not installed: a FastCGI process not checked"
fi
stop_server
check_no_sanitizer_report "$(cat "$TMP/server.log" 2>/dev/null)"

# The same upgrade on PostgreSQL: the tables of 0.1.0 gain their column.
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
	. "$SRCDIR/tests/pg.sh"
	start_pg
	for f in lastmod indexnow; do
		grep -v '^PRAGMA' "$SRCDIR/tests/stores-0.1.0/$f.sql" |
		    "$PG_BIN/psql" -qtA -h "$PG" -U sitemapd postgres \
		    >/dev/null 2>"$TMP/psql.err" || cat "$TMP/psql.err"
	done
	hand_site "$TMP/pg-site" "Built 2026-11-27 20:36:16" index a b c
	site_ini "$TMP/pg.ini" "$TMP/pg-site" \
	    "postgresql://sitemapd@/postgres?host=$PG" \
	    "postgresql://sitemapd@/postgres?host=$PG"
	check_eq "PostgreSQL, upgraded: every date of 0.1.0 kept" "" \
	    "$(moved "$TMP/pg.ini")"
	check_eq "... and IndexNow submits nothing" "" \
	    "$(submitted "$TMP/pg.ini")"
	check_eq "... every row now of the main content's hash" "0 0" \
	    "$(psql_store 'SELECT count(*) FROM pages WHERE kind = 0') $(
	    psql_store "SELECT count(*) FROM indexnow WHERE kind = 0 AND url LIKE '$U/%'")"
	sed 's|What b says|What b says now|' "$TMP/pg-site/b.html" >"$TMP/b.new" &&
	    mv "$TMP/b.new" "$TMP/pg-site/b.html"
	check_eq "... then an edit moves that page alone" "/b.html " \
	    "$(moved "$TMP/pg.ini")"
	check_eq "... and submits it alone" "/b.html " "$(submitted "$TMP/pg.ini")"
else
	echo "PostgreSQL not installed: its upgrade not checked"
fi

finish
