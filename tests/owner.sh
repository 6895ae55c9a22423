#!/bin/sh
# What a site owner sees and controls: [sitemap] exclude_tags, the CSS that
# lays the sitemap out in a browser, and "sitemapd list", which must say of
# every page exactly what the sitemap does with it.
. "$SRCDIR/tests/lib.sh"

R="$TMP/root"
mkdir -p "$R/state/sys"
printf 'staff:\n  name: Staff\n  roles: [staff, editor]\nopen:\n  name: Open\n  roles: []\n' \
    >"$R/state/sys/tags.yaml"
page "$R" 0000000000000001 1 "$(md index)"
page "$R" 0000000000000002 1 "$(md blog/draft '"draft"')"
page "$R" 0000000000000003 1 "$(md blog/Draft-case '"Draft"')"
page "$R" 0000000000000004 1 "$(md blog/open '"open", "noindex"')"
page "$R" 0000000000000005 1 "$(md team '"staff"')"
page "$R" 0000000000000006 1 '(alias: "logo.png", mime: "image/png")'
page "$R" 0000000000000007 1 "$(md search/help)"
page "$R" 0000000000000008 1 "$(md blog/open)"
page "$R" 0000000000000009 1 '(alias: "broken", mime: "text/markdown")'
page "$R" 000000000000000a 1 "$(md login)"
page "$R" 000000000000000b 1 "$(md '')"
set_mtime '2026-03-04 12:00 UTC' "$R"/content/*/*
ini "$TMP/site.ini" "$R" "[sitemap]
exclude_tags = draft, noindex, unused
[robots]
disallow = /search/"
env="SITEMAPD_CONFIG=$TMP/site.ini"

# --- exclusion by tag --------------------------------------------------------
cgi "$env" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_lacks "a page tagged draft is not listed" "/blog/draft<" "$BODY"
check_contains "tags compare as written: Draft is not draft" \
    "/blog/draft-case</loc>" "$BODY"
check_lacks "any of the tags excludes: noindex" "<loc>http://example.com/blog/open" "$BODY"
cgi "$env" REQUEST_URI=/robots.txt HTTP_HOST=example.com
check_lacks "robots.txt is unchanged: excluded pages stay crawlable" "blog" "$BODY"
"$SITEMAPD" -c "$TMP/site.ini" check >"$TMP/check.out" 2>&1
check_contains "check notes a tag no page carries" \
    "[sitemap] exclude_tags: no page has the tag unused" "$(cat "$TMP/check.out")"
check_lacks "check does not call an exclusion a problem" "excluded" \
    "$(cat "$TMP/check.out")"

# --- the stylesheet ------------------------------------------------------------
cgi "$env" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "the sitemap links the stylesheet, second line" \
    '<?xml-stylesheet type="text/css" href="/sitemap.css"?>' \
    "$(sed -n 2p "$TMP/body")"
check_valid "with the stylesheet it still validates" "$TMP/body" sitemap.xsd
etag_with=$(header ETag)
ini "$TMP/split.ini" "$R" "[sitemap]
max_urls = 2"
cgi SITEMAPD_CONFIG="$TMP/split.ini" REQUEST_URI=/sitemap_index.xml HTTP_HOST=example.com
check_eq "the index links it too" \
    '<?xml-stylesheet type="text/css" href="/sitemap.css"?>' \
    "$(sed -n 2p "$TMP/body")"
check_valid "the index still validates" "$TMP/body" siteindex.xsd
cgi "$env" REQUEST_URI=/sitemap.css HTTP_HOST=example.com
check_eq "/sitemap.css: 200" 200 "$STATUS"
check_eq "/sitemap.css: text/css" "text/css; charset=utf-8" "$(header Content-Type)"
check_contains "/sitemap.css: lays out the entries" "url, sitemap {" "$BODY"
etag=$(header ETag)
check_contains "/sitemap.css: a strong ETag" '"' "$etag"
cgi "$env" REQUEST_URI=/sitemap.css HTTP_HOST=example.com \
    HTTP_IF_NONE_MATCH="$etag"
check_eq "/sitemap.css: 304 when unchanged" 304 "$STATUS"
cgi "$env" REQUEST_URI=/sitemap.css HTTP_HOST=example.com REQUEST_METHOD=HEAD
check_eq "/sitemap.css: HEAD has no body" "" "$BODY"
page "$R" 000000000000000c 1 "$(md sitemap.css)"
cgi "$env" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_lacks "sitemap.css is a reserved path" "/sitemap.css</loc>" "$BODY"
rm -r "$R/content/0c"

ini "$TMP/plain.ini" "$R" "[sitemap]
stylesheet = no"
cgi SITEMAPD_CONFIG="$TMP/plain.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_lacks "stylesheet = no: no instruction" "xml-stylesheet" "$BODY"
check_eq "stylesheet = no: another ETag" yes \
    "$([ "$(header ETag)" != "$etag_with" ] && echo yes)"
cgi SITEMAPD_CONFIG="$TMP/plain.ini" REQUEST_URI=/sitemap.css HTTP_HOST=example.com
check_eq "stylesheet = no: /sitemap.css is 404" 404 "$STATUS"
printf '[site]\nroot = %s\n[sitemap]\nstylesheet = maybe\n' "$R" >"$TMP/bad.ini"
"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
check_contains "stylesheet: a bad value is refused with its line" \
    "bad.ini:4: stylesheet must be yes or no" "$(cat "$TMP/err")"

# --- sitemapd list -------------------------------------------------------------
"$SITEMAPD" -c "$TMP/site.ini" list --host example.com --https \
    >"$TMP/list" 2>"$TMP/list.err"
check_eq "list: exit 0" 0 "$?"
T=$(printf '\t')
check_eq "list: every page, by id, in the words of the interface" \
"0000000000000001${T}listed${T}https://example.com/${T}2026-03-04${T}file
0000000000000002${T}left-out${T}https://example.com/blog/draft${T}excluded by tag draft
0000000000000003${T}listed${T}https://example.com/blog/draft-case${T}2026-03-04${T}file
0000000000000004${T}left-out${T}https://example.com/blog/open${T}excluded by tag noindex
0000000000000005${T}left-out${T}https://example.com/team${T}restricted (editor, staff)
0000000000000006${T}left-out${T}https://example.com/logo.png${T}not markdown
0000000000000007${T}left-out${T}https://example.com/search/help${T}blocked by robots.txt rule line 2, \"Disallow: /search/\"
0000000000000008${T}left-out${T}https://example.com/blog/open${T}alias taken by page 0000000000000004
0000000000000009${T}left-out${T}-${T}broken sidecar (0000000000000009.1.ron: markdown needs a title)
000000000000000a${T}left-out${T}-${T}reserved path
000000000000000b${T}listed${T}https://example.com/id/000000000000000b${T}2026-03-04${T}file" \
    "$(cat "$TMP/list")"
check_eq "list: nothing on stderr" "" "$(cat "$TMP/list.err")"
"$SITEMAPD" -c "$TMP/site.ini" render /sitemap.xml --host example.com --https |
    sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p' | sort >"$TMP/sitemap-urls"
awk -F "$T" '$2 == "listed" { print $3 }' "$TMP/list" | sort >"$TMP/listed-urls"
check_eq "list: the listed lines are exactly the sitemap's URLs" \
    "$(cat "$TMP/sitemap-urls")" "$(cat "$TMP/listed-urls")"
check_eq "list: and there are some" 3 "$(wc -l <"$TMP/listed-urls")"
"$SITEMAPD" -c "$TMP/nonexistent.ini" list >/dev/null 2>&1
check_eq "list: unusable config: exit 2" 2 "$?"
"$SITEMAPD" -c "$TMP/site.ini" list --host 'bad host' >/dev/null 2>"$TMP/err"
check_eq "list: a bad --host: exit 2" 2 "$?"
check_contains "... saying why" "--host bad host" "$(cat "$TMP/err")"

finish
