#!/bin/sh
# What a long-running process keeps up to date by itself is what a fresh
# full read gives: after each step of random sequences of adds, deletes,
# renames, version bumps, new dates, alias changes (some claiming an alias
# another page holds, some spelling another page's /id/ path) and tag
# changes, its /sitemap.xml is byte for byte what "render" makes of the
# root from scratch; the last sequence with [sitemap] sections, each part
# of the index too.
. "$SRCDIR/tests/lib.sh"

need cgi-fcgi libfcgi-bin
R="$TMP/root"
mkdir -p "$R/state/sys" "$R/content"
printf 'staff:\n  name: Staff\n  roles: [staff]\n' >"$R/state/sys/tags.yaml"
ini "$TMP/sitemapd.ini" "$R"
SOCK="$TMP/s.sock"
"$SITEMAPD" -c "$TMP/sitemapd.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
SERVER_PID=$!
stop() { stop_process "$SERVER_PID"; }
on_exit stop
wait_for test -S "$SOCK"

# sidecar ID VERSION ALIAS TAG: written aside, then renamed into place.
sidecar() {
	_d="$R/content/$(printf '%s' "$1" | cut -c15-16)"
	mkdir -p "$_d"
	printf '# %s\n' "$3" >"$_d/$1.$2"
	printf '(alias: "%s", title: Some("T"), mime: "text/markdown", tags: [%s])\n' \
	    "$3" "${4:+\"$4\"}" >"$_d/.tmp"
	mv "$_d/.tmp" "$_d/$1.$2.ron"
}
newest() { ls "$R/content/$(printf '%s' "$1" | cut -c15-16)" 2>/dev/null |
    sed -n "s/^$1\.\([0-9]*\)\.ron$/\1/p" | sort -n | tail -1; }
live_one() {
	env -i REQUEST_METHOD=GET REQUEST_URI="$1" HTTP_HOST=example.com \
	    cgi-fcgi -bind -connect "$SOCK" 2>/dev/null | sed '1,/^\r$/d'
}
fresh_one() { "$SITEMAPD" -c "$TMP/sitemapd.ini" render "$1" --host example.com 2>/dev/null; }
# whole FETCH: /sitemap.xml, and each part an index names.
whole() {
	"$1" /sitemap.xml >"$TMP/whole"
	cat "$TMP/whole"
	sed -n 's|.*<loc>http://example.com\(/sitemaps/.*\)</loc>.*|\1|p' \
	    "$TMP/whole" | while read -r _part; do "$1" "$_part"; done
}
live() { whole live_one; }
fresh() { whole fresh_one; }

steps=0
differ=0
for seed in 1 2 3; do
	# The last with sections, which the process reads as the INI changes.
	[ "$seed" = 3 ] && printf '[sitemap]\nsections = /page/, /moved/\n' \
	    >>"$TMP/sitemapd.ini"
	# Each line: an operation on one of 24 ids spread over 6 shards.
	awk -v seed="$seed" 'BEGIN {
		srand(seed)
		split("add delete bump alias tag tags rename clash clash idpath " \
		    "date date", ops, " ")
		for (i = 0; i < 80; i++)
			printf "%s %016x %d\n", ops[int(rand() * 12) + 1],
			    int(rand() * 24) * 256 + int(rand() * 6) + 1,
			    int(rand() * 1000)
	}' >"$TMP/ops"
	while read -r op id n; do
		v=$(newest "$id")
		case $op in
		add)	[ -z "$v" ] && sidecar "$id" 1 "page/$n" ;;
		delete)	rm -f "$R/content/$(printf '%s' "$id" | cut -c15-16)/$id".* ;;
		bump)	[ -n "$v" ] && sidecar "$id" $((v + 1)) "page/$n" ;;
		alias)	[ -n "$v" ] && sidecar "$id" "$v" "moved/$n" ;;
		tag)	[ -n "$v" ] && sidecar "$id" "$v" "tagged/$n" staff ;;
		# Three aliases for all: the lowest id holding one lists it.
		clash)	[ -n "$v" ] && sidecar "$id" "$v" "shared/$((n % 3))" \
			    "$([ $((n % 2)) -eq 0 ] && echo staff)" ;;
		# The same URL, another date: the entry changes in place.
		date)	[ -n "$v" ] && touch -d "@$((1600000000 + n * 86400))" \
			    "$R/content/$(printf '%s' "$id" | cut -c15-16)/$id.$v" \
			    "$R/content/$(printf '%s' "$id" | cut -c15-16)/$id.$v.ron" ;;
		idpath)	[ -n "$v" ] && sidecar "$id" "$v" \
			    "$(printf 'id/%016x' $(((n % 24) * 256 + n % 6 + 1)))" ;;
		tags)	if grep -q '\[staff\]' "$R/state/sys/tags.yaml"; then
				roles="[]"
			else
				roles="[staff]"
			fi
			printf 'staff:\n  name: Staff\n  roles: %s\n' "$roles" >"$TMP/tags"
			mv "$TMP/tags" "$R/state/sys/tags.yaml" ;;
		rename)	# the newest version's files, renamed to a newer number
			if [ -n "$v" ]; then
				d="$R/content/$(printf '%s' "$id" | cut -c15-16)"
				mv "$d/$id.$v" "$d/$id.$((v + 5))"
				mv "$d/$id.$v.ron" "$d/$id.$((v + 5)).ron"
			fi ;;
		esac
		steps=$((steps + 1))
		live >"$TMP/live"
		fresh >"$TMP/fresh"
		cksum <"$TMP/live" >>"$TMP/seen"
		if ! cmp -s "$TMP/live" "$TMP/fresh"; then
			differ=$((differ + 1))
			[ "$differ" -le 3 ] && { echo "after $op $id $n (seed $seed):"
			    diff "$TMP/fresh" "$TMP/live" | head -10; }
		fi
	done <"$TMP/ops"
done
check_eq "after $steps random steps, the live sitemap is a fresh read's" 0 "$differ"

# An alias changing hands across shards: the page that kept its files
# gains and loses the alias all the same.
same_as_fresh() {
	live >"$TMP/live"
	fresh >"$TMP/fresh"
	check_eq "$1" "" "$(diff "$TMP/fresh" "$TMP/live")"
}
rm -rf "$R/content" && mkdir -p "$R/content"
sleep 1.1	# a new content/ is noticed by what it is, not by a watch
sidecar 0000000000000101 1 contested
same_as_fresh "page 101 holds the alias"
check_contains "... and lists it" "/contested</loc>" "$(cat "$TMP/live")"
sidecar 0000000000000002 1 contested
same_as_fresh "page 2, a lower id, claims it from another shard"
check_contains "... the log says page 101 lost it" \
    "page 0000000000000101 (/contested): left out: alias taken by page 0000000000000002" \
    "$(cat "$TMP/server.log")"
sidecar 0000000000000002 2 elsewhere
same_as_fresh "page 2 moves on: page 101, unchanged on disk, has it again"
check_contains "... and lists it" "/contested</loc>" "$(cat "$TMP/live")"
seen=$(sort -u "$TMP/seen" | wc -l)
[ "$seen" -ge 20 ] && ok "... which changed along the way ($seen different sitemaps)" ||
    not_ok "... which changed along the way (only $seen different sitemaps)"

check_no_sanitizer_report "$(cat "$TMP/server.log")"
finish
