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
agents() { awk -v c="$1" '$1 == c && $2 ~ /^[A-Za-z_-]+$/ { print $2 }' "$LIST"; }
check_eq "the list says when it was checked" yes \
    "$(grep -q '^updated 20[0-9][0-9]-[01][0-9]-[0-3][0-9]$' "$LIST" && echo yes)"
# Each paragraph of crawlers opens with its operator's documentation.
check_eq "every crawler has its operator's source" "" \
    "$(awk '/^$/ { src = 0 } /^# .*, https:\/\// { src = 1 }
	/^(train|search|user)[ \t]/ && !src { print }' "$LIST")"
check_eq "... the binary carries the same list" \
    "AI crawlers: the built-in list of $(sed -n 's/^updated //p' "$LIST"), $(grep -c \
    '^\(train\|search\|user\)[[:space:]]' "$LIST") crawlers, $(grep -c \
    '^\(train\|search\|user\)[[:space:]].*[[:space:]]undocumented' "$LIST") undocumented" \
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
content_usage = /open-data/ train-ai=y, search=y
disallow = /drafts/
[robots:GPTBot]
allow = /press/
[robots:Googlebot]
disallow = /beta/
[robots:ExampleBot]
content_usage = train-ai=y
content_signal = ai-train=yes"
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
check_contains "Content-Signal, in Cloudflare's form, and Content-Usage, in the * group" \
    "User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=no
Content-Usage: train-ai=n
Content-Usage: /open-data/ train-ai=y, search=y
Disallow: /drafts/" "$(cat "$TMP/robots.txt")"
check_contains "a crawler's own, in its group, with the * group's other paths" \
    "User-agent: ExampleBot
Content-Signal: ai-train=yes
Content-Usage: train-ai=y
Content-Usage: /open-data/ train-ai=y, search=y
" "$(cat "$TMP/robots.txt")"
# A crawler reads only its group: the * group's preferences are in each
# that may fetch a path. One that may fetch none carries none, as no
# preference applies to a path a crawler may not fetch (the aipref
# attachment draft): ClaudeBot's, say, which ai_train = disallow makes
# "Disallow: /" alone; GPTBot's keeps them, as it may fetch /press/.
# "group agent content-lines", one line a group.
awk '/^User-agent:/ { agent = $2; n = 0; all = 0; allow = 0 }
	/^Content-/ { n++ }
	/^Disallow: \/$/ { all = 1 }
	/^Allow:/ { allow = 1 }
	/^$/ && agent { print agent, n, (all && !allow) ? "none" : "some"; agent = "" }' \
    "$TMP/robots.txt" >"$TMP/groups"
check_eq "every group that may fetch a path states the preferences" "" \
    "$(awk '$3 == "some" && $2 == 0' "$TMP/groups")"
check_eq "no group that may fetch nothing states one" "" \
    "$(awk '$3 == "none" && $2 > 0' "$TMP/groups")"
check_eq "... and there are both kinds: ClaudeBot's, GPTBot's" "ClaudeBot none
GPTBot some" "$(awk '$1 == "ClaudeBot" || $1 == "GPTBot" { print $1, $3 }' \
    "$TMP/groups" | sort)"
check_contains "check says which groups carry no preference, and why" \
    "[robots] no Content-Signal or Content-Usage for ClaudeBot" \
    "$("$SITEMAPD" -c "$TMP/ai.ini" check 2>&1)"

# RSL 1.0's License line: global, before any group, an absolute URL.
ini "$TMP/rsl.ini" "$R" "[robots]
license = https://example.org/license.xml
license = https://rsl.example.net/feed.xml
disallow = /drafts/"
"$SITEMAPD" -c "$TMP/rsl.ini" render /robots.txt >"$TMP/rsl.txt"
check_eq "license: the License lines open robots.txt, in order" \
    "License: https://example.org/license.xml
License: https://rsl.example.net/feed.xml" "$(sed -n '1,/^$/p' "$TMP/rsl.txt" |
    grep -v '^$')"
grep -v '^license' "$TMP/rsl.ini" >"$TMP/norsl.ini"
"$SITEMAPD" -c "$TMP/norsl.ini" render /robots.txt >"$TMP/norsl.txt"
for agent in Googlebot GPTBot SomeBot; do
	for path in / /drafts/x /login/ /page; do
		check_eq "the License lines change no verdict: $agent $path" \
		    "$("$SITEMAPD" robots-check "$TMP/norsl.txt" "$agent" \
		    "http://x$path")" \
		    "$("$SITEMAPD" robots-check "$TMP/rsl.txt" "$agent" \
		    "http://x$path")"
	done
done
# The same INI without the signals: every agent reads every verdict alike.
grep -v '^content_' "$TMP/ai.ini" >"$TMP/plain.ini"
"$SITEMAPD" -c "$TMP/plain.ini" render /robots.txt >"$TMP/plain.txt"
for agent in Googlebot GPTBot ClaudeBot OAI-SearchBot ExampleBot SomeBot; do
	for path in / /drafts/x /press/a /beta/b /search/q /login/ /page \
	    /open-data/set; do
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
check_contains "... and the list it read, with its date" \
    "/ai-crawlers of $(sed -n 's/^updated //p' "$LIST"), " \
    "$("$SITEMAPD" -c "$TMP/plain.ini" check 2>&1)"
sed 's/^ai_search = allow/ai_user = disallow/' "$TMP/ai.ini" >"$TMP/user.ini"
check_contains "check names the crawlers that may not read robots.txt" \
    "[robots] ai_user = disallow: their operators say ChatGPT-User, Google-Agent, meta-externalfetcher, Perplexity-User may not apply robots.txt; sitemapd ai-block" \
    "$("$SITEMAPD" -c "$TMP/user.ini" check 2>&1)"
check_lacks "... and not for a class they are not in" "ChatGPT-User" \
    "$(echo "$out" | grep 'may not apply')"

# The list as its operators document it in 2026.
for entry in "search Amzn-SearchBot" "user Amzn-User" "search meta-webindexer" \
    "user Google-Agent" "search DuckAssistBot"; do
	check_eq "the list: $entry" "$entry" \
	    "$(awk -v c="${entry% *}" -v t="${entry#* }" \
	    '$1 == c && $2 == t { print c " " t }' "$LIST")"
done
for gone in OAI-AdsBot facebookexternalhit Applebot PetalBot Spider; do
	check_eq "the list: no $gone" 0 \
	    "$(grep -c "^[a-z]*[[:space:]]\{1,\}$gone\([[:space:]]\|$\)" "$LIST")"
done
# The crawlers owners block, from ai.robots.txt: each in the class its
# function there gives, undocumented where its operator publishes nothing.
for entry in "train Bytespider undocumented may-ignore-robots" \
    "train TikTokSpider undocumented" "user cohere-ai undocumented" \
    "train cohere-training-data-crawler undocumented" \
    "train anthropic-ai undocumented" "user Claude-Web undocumented" \
    "train DeepSeekBot undocumented may-ignore-robots" \
    "search YouBot" "train Diffbot undocumented" \
    "train GoogleOther" "train Google-CloudVertexBot" "train FacebookBot"; do
	check_eq "the list: $entry" "$entry" \
	    "$(awk -v t="$(echo "$entry" | cut -d' ' -f2)" \
	    '$2 == t { $1 = $1; print }' "$LIST")"
done

# ai.robots.txt's robots.json, as it is (tests/ai-robots-txt), read as
# the list: its function gives the class, its respect the flags.
JSON="$SRCDIR/tests/ai-robots-txt/robots.json"
ini "$TMP/json.ini" "$R" "[robots]
ai_train = disallow
ai_crawlers = $JSON"
"$SITEMAPD" -c "$TMP/json.ini" render /robots.txt >"$TMP/json.txt"
check_eq "robots.json: render, exit 0" 0 "$?"
for agent in Bytespider cohere-training-data-crawler TikTokSpider GPTBot \
    ClaudeBot; do
	check_eq "robots.json: ai_train = disallow turns away $agent" \
	    "disallowed	http://x/page" \
	    "$("$SITEMAPD" robots-check "$TMP/json.txt" "$agent" http://x/page)"
done
for agent in Googlebot Bingbot OAI-SearchBot ChatGPT-User; do
	check_eq "robots.json: ... and not $agent" "allowed	http://x/page" \
	    "$("$SITEMAPD" robots-check "$TMP/json.txt" "$agent" http://x/page)"
done
# Past 1000 crawlers it is no such list, in either form.
awk 'BEGIN { printf "{"; for (i = 0; i < 1001; i++)
	printf "%s\"Bot%c%c%c\": {}", i ? ", " : "", 97 + i % 26,
	    97 + int(i / 26) % 26, 97 + int(i / 676); print "}" }' >"$TMP/big.json"
ini "$TMP/big.ini" "$R" "[robots]
ai_train = disallow
ai_crawlers = $TMP/big.json"
"$SITEMAPD" -c "$TMP/big.ini" check >/dev/null 2>"$TMP/err"
check_eq "robots.json of 1001 crawlers: refused, exit 2" 2 "$?"
check_contains "... as more than 1000" "more than 1000 crawlers" \
    "$(cat "$TMP/err")"
check_lacks "robots.json: a name that is no product token is never written" \
    "ChatGPT Agent" "$(cat "$TMP/json.txt")"
out=$("$SITEMAPD" -c "$TMP/json.ini" check 2>&1)
check_contains "robots.json: check counts the list and its undocumented" \
    "ai-robots-txt/robots.json, 161 crawlers, 121 undocumented)" "$out"
check_contains "robots.json: check names the names robots.txt cannot hold" \
    "so robots.txt cannot name them: AI2Bot, Ai2Bot-Dolma, Brightbot 1.0, Datenbank Crawler" \
    "$out"
check_lacks "robots.json: ... nor writes them" "User-agent: AI2Bot" \
    "$(cat "$TMP/json.txt")"
check_contains "robots.json: \"iaskspider/2.0\" is the token iaskspider" \
    "User-agent: iaskspider" "$(sed 's/^ai_train/ai_user/' "$TMP/json.ini" \
    >"$TMP/json-user.ini"; "$SITEMAPD" -c "$TMP/json-user.ini" render /robots.txt)"
printf '{"GPTBot": {}, "Bot (beta)": {}, "x\\u00e9bot": {}, " lead": {}}\n' \
    >"$TMP/odd.json"
ini "$TMP/odd.ini" "$R" "[robots]
ai_train = disallow
ai_crawlers = $TMP/odd.json"
check_contains "robots.json: check names what no User-Agent carries" \
    "[robots] ai_crawlers: 3 names of the list are no name a User-Agent carries, skipped: Bot (beta)" \
    "$("$SITEMAPD" -c "$TMP/odd.ini" check 2>&1)"
# The list's own form: a name with blanks in quotes; other bytes refused.
printf 'train\t"Kangaroo Bot"\nuser\tCrawl4AI undocumented\n' >"$TMP/quoted"
ini "$TMP/quoted.ini" "$R" "[robots]
ai_train = disallow
ai_user = disallow
ai_crawlers = $TMP/quoted"
check_contains "a list line may quote a name with blanks" \
    "(Kangaroo Bot|Crawl4AI)" \
    "$("$SITEMAPD" -c "$TMP/quoted.ini" ai-block nginx)"
printf 'train\t"Bot (beta)"\n' >"$TMP/quoted"
"$SITEMAPD" -c "$TMP/quoted.ini" check >/dev/null 2>"$TMP/err"
check_eq "... and a name no User-Agent carries is refused, exit 2" 2 "$?"
check_contains "... with the list's file and line" \
    "$TMP/quoted:1: a crawler is named by its product token" "$(cat "$TMP/err")"
check_contains "robots.json: its respect of No, said" \
    "their operators say Bytespider," "$out"
# A list that names a search engine's crawler among AI classes would take
# the site out of that search: refused, unless the INI says it is meant.
printf '{"GPTBot": {"function": "AI training"}, "Googlebot": {"function": "training data"}}\n' \
    >"$TMP/search.json"
ini "$TMP/search.ini" "$R" "[robots]
ai_train = disallow
ai_crawlers = $TMP/search.json"
"$SITEMAPD" -c "$TMP/search.ini" check >/dev/null 2>"$TMP/err"
check_eq "a list naming Googlebot an AI trainer: refused, exit 2" 2 "$?"
check_contains "... with the file and line, naming it" \
    "search.ini:4: the list of AI crawlers ($TMP/search.json) names Googlebot, a search engine's crawler, as train" \
    "$(cat "$TMP/err")"
printf 'ai_search_engines = disallow\n' >>"$TMP/search.ini"
out=$("$SITEMAPD" -c "$TMP/search.ini" check 2>&1)
check_contains "... meant (ai_search_engines = disallow): check names it" \
    "robots.txt disallows Googlebot, a search engine's crawler" "$out"
# One crawler under two cases of its name, of two classes: it is of both,
# whichever comes first.
for order in "GPTBot training gptbot search" "gptbot search GPTBot training"; do
	set -- $order
	printf '{"%s": {"function": "%s"}, "%s": {"function": "%s"}}\n' \
	    "$@" >"$TMP/cases.json"
	ini "$TMP/cases.ini" "$R" "[robots]
ai_train = disallow
ai_search = allow
ai_crawlers = $TMP/cases.json"
	"$SITEMAPD" -c "$TMP/cases.ini" render /robots.txt >"$TMP/cases.txt"
	check_eq "$1 first, of $2: GPTBot, a trainer too, is turned away" \
	    "disallowed	http://x/page" \
	    "$("$SITEMAPD" robots-check "$TMP/cases.txt" GPTBot http://x/page)"
done
# The built-in list took its ai.robots.txt entries as this reading gives
# them: the same groups, class by class, for those names.
taken=$(sed -n '/^# Named by ai.robots.txt/,$p' "$LIST" |
    sed -n 's/^\(train\|search\|user\)[[:space:]]\{1,\}\([A-Za-z_-]*\).*/\2/p')
check_eq "the built-in list holds ai.robots.txt's crawlers" yes \
    "$([ "$(echo "$taken" | wc -l)" -ge 100 ] && echo yes)"
for class in train search user; do
	for list in "" "$JSON"; do
		# robots.json names search engines' crawlers (Applebot,
		# PetalBot) as AI search: meant here, to compare the rest.
		ini "$TMP/c.ini" "$R" "[robots]
ai_$class = disallow${list:+
ai_crawlers = $list
ai_search_engines = disallow}"
		"$SITEMAPD" -c "$TMP/c.ini" render /robots.txt |
		    sed -n 's/^User-agent: //p' | sort >"$TMP/agents${list:+.json}"
	done
	check_eq "ai_$class: the built-in list and robots.json agree on ai.robots.txt's" \
	    "" "$(for t in $taken; do
		a=$(grep -cx "$t" "$TMP/agents"); b=$(grep -cx "$t" "$TMP/agents.json")
		[ "$a" = "$b" ] || echo "$t: built-in $a, robots.json $b"
	    done)"
done

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
for label in bots train-genai; do
	refuse "a label the vocabulary dropped: $label" \
	    "bad.ini:4: content_usage = $label=n: a label the vocabulary dropped in 2025; it takes train-ai and search" \
	    "[robots]
content_usage = $label=n"
done
refuse "a path with a blank names the blank" \
    "bad.ini:4: content_usage = /open data/ train-ai=n: a blank in the path; write it as %20: /open%20data/" \
    "[robots]
content_usage = /open data/ train-ai=n"
refuse "a trailing comma names the empty member" \
    "bad.ini:4: content_usage = train-ai=n,: an empty member after a comma" \
    "[robots]
content_usage = train-ai=n,"
refuse "an empty member between commas" \
    "bad.ini:4: content_usage = train-ai=n, , search=y: an empty member after a comma" \
    "[robots]
content_usage = train-ai=n, , search=y"
refuse "a label that never existed" \
    "bad.ini:4: content_usage = train-robots=n: a label the vocabulary does not have; it takes train-ai and search" \
    "[robots]
content_usage = train-robots=n"
for bad in /license.xml ftp://example.org/l.xml "https://example.org/a b.xml" \
    "https://example.org/l.xml#terms" https://; do
	refuse "license = $bad" \
	    "bad.ini:4: license = $bad: an absolute http or https URL, such as https://example.org/license.xml" \
	    "[robots]
license = $bad"
done
refuse "license in a crawler's section" \
    "bad.ini:4: license belongs in [robots], not [robots:GPTBot]" \
    "[robots:GPTBot]
license = https://example.org/license.xml"
refuse "a label twice" "a label given twice" "[robots]
content_usage = train-ai=n, train-ai=y"
refuse "a path twice in one group" \
    "bad.ini:5: content_usage = /a/ search=y: the group has one for this path already" \
    "[robots]
content_usage = /a/ train-ai=n
content_usage = /a/ search=y"
refuse "two signals in one group" \
    "bad.ini:5: content_signal = ai-train=no: the group has one already" \
    "[robots:GPTBot]
content_signal = search=yes
content_signal = ai-train=no"
refuse "a usage path that names the admin path" \
    "names the admin path" \
    "admin_path = secret-admin
[robots]
content_usage = /secret-admin/ train-ai=n"
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
# Names community lists hold that are no RFC 9309 product token.
for bad in "ChatGPT Agent" "Brightbot 1.0" "Bot/1.0" "Ünibot"; do
	printf 'updated 2026-01-01\ntrain GPTBot\nuser %s\n' "$bad" >"$TMP/list"
	refuse "a list with \"$bad\"" \
	    "the list of AI crawlers: $TMP/list:3: " \
	    "[robots]
ai_user = disallow
ai_crawlers = $TMP/list"
	check_contains "... says what a product token is" "[A-Za-z_-]+" \
	    "$(cat "$TMP/err")"
done
printf 'train GPTBot\ntrain gptbot\n' >"$TMP/list"
refuse "a list naming a crawler twice" \
    "$TMP/list:2: the crawler is listed twice" \
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
