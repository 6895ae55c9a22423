#!/bin/sh
# robots.txt for AI crawlers: [robots] ai_train, ai_search and ai_user
# write a group of "Disallow: /" for each crawler of the class the shipped
# list names, each group keeps the reserved paths and merges with a
# [robots:NAME] of the same crawler, Content-Signal and Content-Usage
# lines go in the "*" group, and no parser reads another verdict for it.
. "$SRCDIR/tests/lib.sh"

LIST="$SRCDIR/etc/ai-crawlers"
R="$SRCDIR/contrib/example-site"
# agents CLASS: the product tokens the shipped list gives the class.
agents() { sed -n "s/^$1[[:space:]]\{1,\}\([A-Za-z_-]*\).*/\1/p" "$LIST"; }
check_eq "the list says when it was checked" yes \
    "$(grep -q '^updated 20[0-9][0-9]-[01][0-9]-[0-3][0-9]$' "$LIST" && echo yes)"
# Each paragraph of crawlers opens with its operator's documentation.
check_eq "every crawler has its operator's source" "" \
    "$(awk '/^$/ { src = 0 } /^# .*, https:\/\// { src = 1 }
	/^(train|search|user)[ \t]/ && !src { print }' "$LIST")"
check_eq "... the binary carries the same list" \
    "AI crawlers: the built-in list of $(sed -n 's/^updated //p' "$LIST"), $(grep -c \
    '^\(train\|search\|user\)[[:space:]]' "$LIST") crawlers" \
    "$("$SITEMAPD" --version | sed -n 's/^AI crawlers/&/p')"
for class in train search user; do
	[ -n "$(agents "$class")" ] && ok "the list names $class crawlers" ||
	    not_ok "the list names $class crawlers"
done

ini "$TMP/ai.ini" "$R" "[reserved]
robots = search/
[robots]
ai_train = disallow
ai_search = allow
ai_crawlers = $LIST
content_signal = search=yes, ai-input=yes, ai-train=no
content_usage = train-ai=n
disallow = /drafts/
[robots:GPTBot]
allow = /press/
[robots:Googlebot]
disallow = /beta/"
"$SITEMAPD" -c "$TMP/ai.ini" render /robots.txt >"$TMP/robots.txt"
check_eq "render: exit 0" 0 "$?"
for agent in $(agents train); do
	check_eq "ai_train = disallow: $agent may fetch nothing" \
	    "disallowed	http://x/any/page" \
	    "$("$SITEMAPD" robots-check "$TMP/robots.txt" "$agent" \
	    http://x/any/page)"
done
for agent in $(agents search) $(agents user) Googlebot Bingbot; do
	check_eq "... $agent still may" "allowed	http://x/any/page" \
	    "$("$SITEMAPD" robots-check "$TMP/robots.txt" "$agent" \
	    http://x/any/page)"
done
check_eq "a [robots:GPTBot] section joins its class's group: one group" 1 \
    "$(grep -c '^User-agent: GPTBot$' "$TMP/robots.txt")"
check_eq "... where its allow, the longer match, wins" \
    "allowed	http://x/press/a" \
    "$("$SITEMAPD" robots-check "$TMP/robots.txt" GPTBot http://x/press/a)"
# Every group, whoever wrote it, keeps the reserved paths: a crawler reads
# only its own group.
awk -v want="/login/ /builtin/ /api/ /search/" '
	/^User-agent:/ { if (agent) check(); agent = $2; n = split(want, w, " ");
		for (i = 1; i <= n; i++) has[w[i]] = 0; next }
	/^Disallow:/ { if ($2 in has) has[$2] = 1 }
	function check() { for (p in has) if (!has[p]) print agent " lacks " p }
	END { if (agent) check() }' "$TMP/robots.txt" >"$TMP/lacking"
check_eq "every group of it disallows the reserved paths" "" \
    "$(cat "$TMP/lacking")"
check_eq "... and there are groups to look at" yes \
    "$([ "$(grep -c '^User-agent:' "$TMP/robots.txt")" -gt 5 ] && echo yes)"
check_contains "Content-Signal, in Cloudflare's form, in the * group" \
    "User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=no
Content-Usage: train-ai=n
Disallow: /drafts/" "$(cat "$TMP/robots.txt")"
# The same INI without the signals: every agent reads every verdict alike.
grep -v '^content_' "$TMP/ai.ini" >"$TMP/plain.ini"
"$SITEMAPD" -c "$TMP/plain.ini" render /robots.txt >"$TMP/plain.txt"
for agent in Googlebot GPTBot ClaudeBot OAI-SearchBot SomeBot; do
	for path in / /drafts/x /press/a /beta/b /search/q /login/ /page; do
		check_eq "the signal lines change no verdict: $agent $path" \
		    "$("$SITEMAPD" robots-check "$TMP/plain.txt" "$agent" \
		    "http://x$path")" \
		    "$("$SITEMAPD" robots-check "$TMP/robots.txt" "$agent" \
		    "http://x$path")"
	done
done
out=$("$SITEMAPD" -c "$TMP/ai.ini" check 2>&1)
check_contains "check names the crawlers a class turns away" \
    "[robots] ai_train = disallow: \"Disallow: /\" for GPTBot, ClaudeBot" \
    "$out"
check_contains "... and says what allow writes" \
    "[robots] ai_search = allow: robots.txt says nothing more to them" "$out"

# Refusals, with the file and line.
refuse() {	# refuse DESCRIPTION MESSAGE INI-LINES
	ini "$TMP/bad.ini" "$R" "$3"
	"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
	check_eq "$1: exit 2" 2 "$?"
	check_contains "$1: says why" "$2" "$(cat "$TMP/err")"
}
refuse "an unknown signal" \
    "bad.ini:4: content_signal = search=yes, ai-everything=no: a name it does not take" \
    "[robots]
content_signal = search=yes, ai-everything=no"
refuse "a signal's value" \
    "bad.ini:4: content_signal = ai-train=maybe: a value it does not take" \
    "[robots]
content_signal = ai-train=maybe"
refuse "a usage of another form" \
    "bad.ini:4: content_usage = train-ai=no: a value it does not take" \
    "[robots]
content_usage = train-ai=no"
refuse "a class's value" \
    "bad.ini:4: ai_user must be allow or disallow, not \"block\"" \
    "[robots]
ai_user = block"
refuse "a class in a crawler's section" \
    "bad.ini:4: ai_train belongs in [robots], not [robots:GPTBot]" \
    "[robots:GPTBot]
ai_train = disallow"
refuse "a list that cannot be read" \
    "bad.ini:4: the list of AI crawlers: $TMP/none: No such file" \
    "[robots]
ai_train = disallow
ai_crawlers = $TMP/none"
printf 'train GPTBot\nscrape Evil\n' >"$TMP/list"
refuse "a list with a class it does not know" \
    "the list of AI crawlers: $TMP/list:2: expected a class" \
    "[robots]
ai_train = disallow
ai_crawlers = $TMP/list"
# An administrator's own list, read without a rebuild.
printf '# mine\ntrain NewBot\n' >"$TMP/list"
ini "$TMP/own.ini" "$R" "[robots]
ai_train = disallow
ai_crawlers = $TMP/list"
"$SITEMAPD" -c "$TMP/own.ini" render /robots.txt >"$TMP/own.txt"
check_eq "an own list: its crawler turned away" "disallowed	http://x/" \
    "$("$SITEMAPD" robots-check "$TMP/own.txt" NewBot http://x/)"
check_lacks "... and no other" "GPTBot" "$(cat "$TMP/own.txt")"
finish
