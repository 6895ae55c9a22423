#!/bin/sh
# robots.txt truth: robots-check reads any robots.txt as Google does, the
# INI's [robots] rules reach the served robots.txt, the sitemap never
# lists what that robots.txt disallows, and "check" says what is wrong.
. "$SRCDIR/tests/lib.sh"

# --- sitemapd robots-check ------------------------------------------------
printf 'User-agent: FooBot\r\nDisallow: /private\r\nAllow: /private/ok$\r\n\r\nUser-agent: *\r\nDisallow: /*.pdf$\r\n' \
    >"$TMP/robots.txt"
out=$("$SITEMAPD" robots-check "$TMP/robots.txt" FooBot \
    http://example.com/private/x /private/ok /public.pdf)
check_eq "robots-check: exit 0" 0 "$?"
check_eq "robots-check: one verdict per URL, tab-separated" \
    "$(printf 'disallowed\thttp://example.com/private/x\nallowed\t/private/ok\nallowed\t/public.pdf')" \
    "$out"
out=$("$SITEMAPD" robots-check "$TMP/robots.txt" foobot /private/okay)
check_eq "robots-check: agents match case-insensitively; \$ anchors" \
    "$(printf 'disallowed\t/private/okay')" "$out"
out=$("$SITEMAPD" robots-check "$TMP/robots.txt" BarBot /a.pdf /a.pdf?x /private)
check_eq "robots-check: other agents get the * group" \
    "$(printf 'disallowed\t/a.pdf\nallowed\t/a.pdf?x\nallowed\t/private')" "$out"
out=$(printf 'useragent BarBot\ndisalow /x\n' | "$SITEMAPD" robots-check - BarBot /x/y /y)
check_eq "robots-check: stdin, typos and a missing colon as Google reads them" \
    "$(printf 'disallowed\t/x/y\nallowed\t/y')" "$out"
out=$("$SITEMAPD" robots-check "$TMP/robots.txt" Googlebot/2.1 /a.pdf 2>"$TMP/err")
check_eq "robots-check: a full UA string still gets a verdict" \
    "$(printf 'disallowed\t/a.pdf')" "$out"
check_contains "robots-check: and a warning" "not a product token" "$(cat "$TMP/err")"
"$SITEMAPD" robots-check "$TMP/robots.txt" FooBot >/dev/null 2>&1
check_eq "robots-check without URLs: exit 2" 2 "$?"
"$SITEMAPD" robots-check "$TMP/absent.txt" FooBot / >/dev/null 2>"$TMP/err"
check_eq "robots-check of a missing file: exit 2" 2 "$?"
check_contains "robots-check of a missing file: says why" \
    "absent.txt: No such file or directory" "$(cat "$TMP/err")"

# --- [robots] in the INI, through the CGI ----------------------------------
R="$TMP/root"
for i in 1 2 3 4 5 6 7 8 9; do
	page "$R" "000000000000010$i" 1 "$(md "docs/page-$i")"
done
page "$R" 0000000000000201 1 "$(md docs/drafts/one)"
page "$R" 0000000000000202 1 "$(md docs/drafts/help)"
page "$R" 0000000000000203 1 "$(md print/a.pdf)"
page "$R" 0000000000000204 1 "$(md print/a.pdf.html)"
page "$R" 0000000000000205 1 "$(md search/index.html)"
page "$R" 0000000000000206 1 "$(md '')"
cat >"$TMP/rules.ini" <<INI
[site]
root = $R
[robots]
disallow = /docs/drafts/
allow = /docs/drafts/help
disallow = /*.pdf\$
disallow = /search
allow = /search/index.html
[robots:GPTBot]
disallow = /
[robots:CCBot]
disallow = /docs/
INI
env_rules="SITEMAPD_CONFIG=$TMP/rules.ini"
cgi "$env_rules" REQUEST_URI=/robots.txt HTTP_HOST=example.com
cp "$TMP/body" "$TMP/served-robots.txt"
check_eq "[robots]: served robots.txt" "User-agent: GPTBot
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Disallow: /

User-agent: CCBot
Disallow: /docs/
Disallow: /login/
Disallow: /builtin/
Disallow: /api/

User-agent: *
Allow: /docs/drafts/help
Disallow: /docs/drafts/
Allow: /search/index.html
Allow: /search/\$
Disallow: /search
Disallow: /login/
Disallow: /builtin/
Disallow: /*.pdf\$
Disallow: /api/
Allow: /

Sitemap: http://example.com/sitemap.xml" "$BODY"
check_eq "[robots]: never more than 500 KiB" yes \
    "$(test "$(wc -c <"$TMP/served-robots.txt")" -le 512000 && echo yes)"

cgi "$env_rules" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
printf '%s\n' "$BODY" >"$TMP/sitemap.xml"
check_valid "[robots]: the sitemap is valid" "$TMP/sitemap.xml" sitemap.xsd
locs >"$TMP/listed"
check_eq "[robots]: what is listed" "http://example.com/docs/drafts/help
http://example.com/docs/page-1
http://example.com/docs/page-2
http://example.com/docs/page-3
http://example.com/docs/page-4
http://example.com/docs/page-5
http://example.com/docs/page-6
http://example.com/docs/page-7
http://example.com/docs/page-8
http://example.com/docs/page-9
http://example.com/id/0000000000000206
http://example.com/print/a.pdf.html
http://example.com/search/index.html" "$(cat "$TMP/listed")"

# The rule itself, checked by the Google reading of the served file: any
# crawler without a group of its own may fetch every listed URL, and the
# pages left out are exactly the ones it may not.
verdicts=$("$SITEMAPD" robots-check "$TMP/served-robots.txt" AnyBot \
    $(cat "$TMP/listed") | cut -f1 | sort | uniq -c | tr -s ' ')
check_eq "consistency: every listed URL allowed for *" " 13 allowed" "$verdicts"
out=$("$SITEMAPD" robots-check "$TMP/served-robots.txt" AnyBot \
    http://example.com/docs/drafts/one http://example.com/print/a.pdf)
check_eq "consistency: the left-out pages are disallowed for *" \
    "$(printf 'disallowed\thttp://example.com/docs/drafts/one\ndisallowed\thttp://example.com/print/a.pdf')" \
    "$out"
out=$("$SITEMAPD" robots-check "$TMP/served-robots.txt" GPTBot \
    http://example.com/docs/page-1 | cut -f1)
check_eq "[robots:GPTBot]: its group applies" disallowed "$out"
out=$("$SITEMAPD" robots-check "$TMP/served-robots.txt" CCBot \
    http://example.com/search/index.html http://example.com/docs/page-1 | cut -f1)
check_eq "[robots:CCBot]: its group, not the * group, applies" \
    "allowed
disallowed" "$out"

# --- sitemapd check ---------------------------------------------------------
"$SITEMAPD" -c "$TMP/rules.ini" check >"$TMP/out" 2>"$TMP/err"
check_eq "check: pages hidden by the INI's own rules are notes: exit 0" 0 "$?"
check_eq "check: one line per page robots.txt hides" \
    "note: page 0000000000000201 (/docs/drafts/one): left out: blocked by robots.txt rule line 15, \"Disallow: /docs/drafts/\"
note: page 0000000000000203 (/print/a.pdf): left out: blocked by robots.txt rule line 21, \"Disallow: /*.pdf\$\"" \
    "$(cat "$TMP/out")"

C="$TMP/clean"
page "$C" 0000000000000301 1 "$(md about)"
ini "$TMP/clean.ini" "$C"
"$SITEMAPD" -c "$TMP/clean.ini" check >"$TMP/out" 2>"$TMP/err"
check_eq "check: a clean site: exit 0" 0 "$?"
check_eq "check: a clean site: nothing on stdout" "" "$(cat "$TMP/out")"
check_contains "check: a clean site: says so" "no problems" "$(cat "$TMP/err")"

# Every kind of problem at once.
B="$TMP/broken"
page "$B" 0000000000000401 1 "$(md about)"
page "$B" 0000000000000402 1 "(broken"
page "$B" 0000000000000403 1 "$(md shared)"
page "$B" 0000000000000404 1 "$(md shared)"
page "$B" 0000000000000405 1 "$(md login/help)"
page "$B" 0000000000000406 1 "$(md hidden/page)"
page "$B" 0000000000000407 1 "$(md '')"
ini "$TMP/broken.ini" "$B" "[robots]
disallow = /hidden
disallow = /sitemap
disallow = /id/"
"$SITEMAPD" -c "$TMP/broken.ini" check >"$TMP/out" 2>"$TMP/err"
check_eq "check: problems: exit 1" 1 "$?"
out=$(cat "$TMP/out")
check_contains "check: a rule that blocks the sitemap" \
    'robots.txt: line 3, "Disallow: /sitemap" blocks the sitemap itself for "*"' "$out"
check_contains "check: a rule that blocks /id/ pages" \
    'robots.txt: line 4, "Disallow: /id/" blocks the /id/ pages' "$out"
check_contains "check: a skipped sidecar, with the reason" \
    "content/02/0000000000000402.1.ron: skipped: " "$out"
check_contains "check: an alias collision" \
    'page 0000000000000404 (/shared): left out: alias taken by page 0000000000000403' "$out"
check_contains "check: an alias NoPressure reserves" \
    "0000000000000405.1.ron: skipped: its alias login/help is reserved" "$out"
check_contains "check: an alias robots.txt hides" \
    "page 0000000000000406 (/hidden/page): left out: blocked by robots.txt rule" "$out"
check_contains "check: an /id/ page robots.txt hides" \
    "page 0000000000000407 (/id/0000000000000407): left out:" "$out"
check_eq "check: one line per problem" 7 "$(wc -l <"$TMP/out")"
check_eq "check: nothing on stderr" "" "$(cat "$TMP/err")"

ini "$TMP/gone.ini" "$TMP/no-such-root"
"$SITEMAPD" -c "$TMP/gone.ini" check >"$TMP/out" 2>&1
check_eq "check: a missing root: exit 1" 1 "$?"
check_contains "check: a missing root: says so" "the content root $TMP/no-such-root cannot be read" \
    "$(cat "$TMP/out")"

# Three groups of 800 long rules: about 430 KiB.
ini "$TMP/limits.ini" "$C"
for bot in A B C; do
	printf '[robots:Bot%s]\n' "$bot"
	seq 800 | awk '{ printf "disallow = /%0170d\n", $1 }'
done >>"$TMP/limits.ini"
"$SITEMAPD" -c "$TMP/limits.ini" check >"$TMP/out" 2>&1
check_eq "check: robots.txt near 500 KiB: exit 1" 1 "$?"
check_contains "check: robots.txt near 500 KiB: says so" \
    "near the 512000 crawlers read" "$(cat "$TMP/out")"

printf '[site]\nroot = %s\n[robots]\ndisallow = search\n' "$C" >"$TMP/bad.ini"
"$SITEMAPD" -c "$TMP/bad.ini" check >"$TMP/out" 2>"$TMP/err"
check_eq "check: an unusable INI: exit 2" 2 "$?"
check_contains "check: an unusable INI: file, line and reason" \
    "bad.ini:4: disallow = search: a pattern starts with" "$(cat "$TMP/err")"
printf '[site]\nroot = %s\n[robots:Googlebot/2.1]\ndisallow = /\n' "$C" >"$TMP/bad.ini"
"$SITEMAPD" -c "$TMP/bad.ini" check >"$TMP/out" 2>"$TMP/err"
check_eq "check: a group named by a full UA string: exit 2" 2 "$?"
check_contains "check: ... and why" "bad.ini:3: [robots:Googlebot/2.1]: a group is named by a crawler's product token" \
    "$(cat "$TMP/err")"

# What the sitemap lists, every crawler that reads it may fetch: "*", and
# each search engine's crawler by a group of its own. One kept from the
# whole site reads no sitemap, and a crawler for Google's news search
# fetches no page for the web's.
G="$TMP/groups"
page "$G" 0000000000000501 1 "$(md open/page)"
page "$G" 0000000000000502 1 "$(md x/page)"
page "$G" 0000000000000503 1 "$(md news/page)"
ini "$TMP/groups.ini" "$G" "[robots:Googlebot]
disallow = /x/
[robots:Applebot]
disallow = /
[robots:Googlebot-News]
disallow = /news/"
cgi SITEMAPD_CONFIG="$TMP/groups.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "groups: what googlebot may not fetch is not listed; the rest is" \
    "http://example.com/news/page
http://example.com/open/page" "$(locs)"
"$SITEMAPD" -c "$TMP/groups.ini" check >"$TMP/out" 2>"$TMP/err"
check_contains "groups: check says which group keeps it out" \
    'page 0000000000000502 (/x/page): left out: blocked by robots.txt rule line 2, "Disallow: /x/" for "googlebot"' \
    "$(cat "$TMP/out")"
check_lacks "groups: a crawler kept from the site is not the sitemap's problem" \
    "blocks the sitemap" "$(cat "$TMP/out")"

check_no_sanitizer_report "$(cat "$TMP/err")"
finish
