#!/bin/sh
# A farm: two FastCGI processes serve one root and share one lastmod
# store, as two nodes would. Whichever answers, a crawler gets the same
# body and ETag: at first, after a rebuild, after a change, and when one
# node first sees a change the other has already recorded. On SQLite (one
# machine), then on PostgreSQL, a server this test starts itself; without
# PostgreSQL the test is skipped (77).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/pg.sh"
need cgi-fcgi libfcgi-bin

OLD=2020-01-02
TODAY=$(date -u +%Y-%m-%d)
S="$TMP/site"
mkdir -p "$S"
# build GENERATION: pages a b c rewritten, as a generator rebuilds them.
build() {
	for p in a b c; do
		printf '<title>%s</title><meta name="generator" content="gen %s"><p>%s</p>\n' \
		    "$p" "$1" "$(cat "$TMP/text-$p" 2>/dev/null || echo "$p")" \
		    >"$S/$p.html"
	done
}
# answer NODE: what node 1 or 2 answers for the sitemap, Date left out.
answer() {
	env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI=/sitemap.xml \
	    timeout 60 cgi-fcgi -bind -connect "$TMP/node$1.sock" 2>/dev/null |
	    tr -d '\r' | grep -v -i '^date:'
}
nodes=""
stop_nodes() { for pid in $nodes; do stop_process "$pid"; done; nodes=""; }
on_exit stop_nodes

# nodes_agree NAME STORE: the two nodes, on a store named STORE.
nodes_agree() {
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n' \
	    "$S" "$2" >"$TMP/farm.ini"
	rm -f "$TMP"/text-*
	build 1
	# And 300 more, so that pages are recorded in more than one chunk.
	for i in $(seq 300); do
		printf '<title>%d</title>' "$i" >"$S/more-$i.html"
	done
	touch -d "$OLD" "$S"/*.html
	for n in 1 2; do
		rm -f "$TMP/node$n.sock"
		"$SITEMAPD" -c "$TMP/farm.ini" -s "unix:$TMP/node$n.sock" \
		    2>>"$TMP/node$n.log" &
		nodes="$nodes $!"
		wait_for sh -c "[ -S '$TMP/node$n.sock' ]"
	done
	a=$(answer 1)
	check_contains "$1: node 1 answers with an ETag" "ETag:" "$a"
	check_eq "... and the files' dates" 303 \
	    "$(printf '%s\n' "$a" | grep -c "<lastmod>$OLD</lastmod>")"
	check_eq "$1: node 2 the same" "$a" "$(answer 2)"

	build 2
	a=$(answer 2)
	check_eq "$1: rebuilt unchanged: node 2 keeps every lastmod" 303 \
	    "$(printf '%s\n' "$a" | grep -c "<lastmod>$OLD</lastmod>")"
	check_eq "... and node 1 answers the same" "$a" "$(answer 1)"

	echo "c, edited" >"$TMP/text-c"
	build 3
	a=$(answer 1)
	check_contains "$1: one page changed: node 1 moves its lastmod" \
	    "<lastmod>$TODAY</lastmod>" "$a"
	check_eq "... and node 2 answers the same" "$a" "$(answer 2)"

	# Node 2 records a change dated 2021-03-04; node 1 first reads the
	# page after a rebuild dated today, and takes node 2's date.
	echo "b, edited" >"$TMP/text-b"
	build 4
	touch -d 2021-03-04 "$S/b.html"
	check_contains "$1: a change dated by its file on node 2" \
	    "<lastmod>2021-03-04</lastmod>" "$(answer 2)"
	build 5
	a=$(answer 1)
	check_contains "$1: node 1, first to read it after a rebuild, takes \
that date" "<lastmod>2021-03-04</lastmod>" "$a"
	check_eq "... and both answer the same" "$a" "$(answer 2)"
	check_lacks "$1: no node logged a fault of the store" "lastmod_store" \
	    "$(cat "$TMP"/node*.log)"
	stop_nodes
}

nodes_agree SQLite "$TMP/farm.db"

start_pg
nodes_agree PostgreSQL "postgresql://sitemapd@/postgres?host=$PG"
check_eq "PostgreSQL: the store holds the 303 pages" 303 \
    "$(psql_store 'SELECT count(*) FROM pages')"
check_contains "... and check says so" "[docroot] lastmod_store \
postgresql://sitemapd@/postgres?host=$PG: the dates of 303 pages remembered" \
    "$("$SITEMAPD" -c "$TMP/farm.ini" check 2>&1)"
finish
