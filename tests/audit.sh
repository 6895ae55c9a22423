#!/bin/sh
# sitemapd audit against static sites that one nginx serves on loopback,
# each fixture on its own port: one per pass, warning and failure
# criterion of the Sitemap check 1.0.0 (seed 002), each asserted by its
# step's ID in --json; the faults a crawler meets URL by URL; the
# hostile cases (a gzip bomb, a loop of indexes, entities, control
# characters, megabytes of robots.txt, a host that never answers); and
# the crawler's manners (its User-Agent, robots.txt, the rate, a sample
# picked again). The sites sitemapd itself serves are audited where
# they are served: tests/demo.sh and tests/serve-all.sh.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need nginx
need python3
need gzip

SERVERS=""
# site NAME [LINES]: the files of $D, served at $U with nginx's LINES.
site() {
	_p=$(free_port)
	D="$TMP/fx/$1" U="http://127.0.0.1:$_p"
	eval "url_$1=\$U"
	mkdir -p "$D"
	SERVERS="$SERVERS
	server { listen 127.0.0.1:$_p; root $D;
		access_log $TMP/$1.log fx; ${2:-} }"
}
# u NAME: the URL of fixture NAME.
u() { eval "echo \$url_$1/"; }
# urlset URL...: a sitemap of those URLs, on standard output.
urlset() {
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
	for _u; do echo "<url><loc>$_u</loc></url>"; done
	echo '</urlset>'
}
# index URL...: a sitemap index of those sitemaps.
index() {
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
	for _u; do echo "<sitemap><loc>$_u</loc></sitemap>"; done
	echo '</sitemapindex>'
}
# page FILE [HEAD]: a page whose head holds HEAD.
page() {
	mkdir -p "$(dirname "$1")"
	printf '<!doctype html><html><head><title>t</title>%s</head><body>%s</body></html>\n' \
	    "${2:-}" "$1" >"$1"
}

# audit NAME ARGS...: sitemapd audit --json of ARGS into $TMP/NAME.json;
# RC its exit status. Fast on loopback: the rate is the tests' to set.
audit() {
	_n=$1; shift
	"$SITEMAPD" audit --json --rate 1000 --timeout 20 "$@" \
	    >"$TMP/$_n.json" 2>"$TMP/$_n.err"
	RC=$?
}
# j NAME EXPR: EXPR of the report j, with step(ID), kinds([SEVERITY])
# and urls(KIND).
j() {
	python3 - "$TMP/$1.json" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
step = lambda i: [s["status"] for s in j["steps"] if s["id"] == i][0]
kinds = lambda sev=None: " ".join(sorted({f["kind"] for f in j["findings"]
                                         if sev in (None, f["severity"])}))
urls = lambda k: " ".join(sorted(f["url"] or "-" for f in j["findings"]
                                 if f["kind"] == k))
steps = lambda: " ".join(s["id"] + "=" + s["status"] for s in j["steps"])
print(eval(sys.argv[2]))
PY
}
# requests NAME: the paths nginx answered for fixture NAME, sorted.
requests() { awk '{ print $2 }' "$TMP/$1.log" | sort; }

ALL_PASS="discover=pass fetch=pass parse=pass field-quality=pass scope=pass"

# --- The fixtures. ---

# Every pass criterion: robots.txt names an index; one child gzipped as
# a file; extensions whole; hreflang alternates that answer each other.
site good
GOOD=$U
printf 'User-agent: *\nDisallow: /private/\nSitemap: %s/sitemap_index.xml\n' \
    "$U" >"$D/robots.txt"
index "$U/pages.xml" "$U/posts.xml.gz" >"$D/sitemap_index.xml"
cat >"$D/pages.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
  xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
  xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>$U/</loc><lastmod>2026-01-02</lastmod><changefreq>daily</changefreq>
<priority>0.8</priority>
<image:image><image:loc>$U/a.png</image:loc></image:image>
<video:video><video:thumbnail_loc>$U/t.jpg</video:thumbnail_loc>
<video:title>T</video:title><video:description>D</video:description>
<video:player_loc>$U/player</video:player_loc></video:video></url>
<url><loc>$U/en/</loc><lastmod>2026-01-03T10:00:00+01:00</lastmod>
<xhtml:link rel="alternate" hreflang="en" href="$U/en/"/>
<xhtml:link rel="alternate" hreflang="fr" href="$U/fr/"/>
<news:news><news:publication><news:name>N</news:name>
<news:language>en</news:language></news:publication>
<news:publication_date>2026-01-03</news:publication_date>
<news:title>T</news:title></news:news></url>
<url><loc>$U/fr/</loc><lastmod>2026-01-04</lastmod>
<xhtml:link rel="alternate" hreflang="en" href="$U/en/"/>
<xhtml:link rel="alternate" hreflang="fr" href="$U/fr/"/></url>
</urlset>
XML
urlset "$U/post.html" | sed "s|</loc>|</loc><lastmod>2026-01-05</lastmod>|" |
    gzip >"$D/posts.xml.gz"
page "$D/index.html" "<link rel=canonical href=\"$U/\">"
# A conventional path robots.txt does not name, the same list again (as
# sitemapd serves one): no URL is said to be in two sitemaps for it.
cp "$D/pages.xml" "$D/sitemap.xml"
page "$D/en/index.html"
page "$D/fr/index.html" '<link rel="canonical" href="./">'
page "$D/post.html"

# No robots.txt: a conventional path alone passes (robots is additive).
site conventional
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"
# The other formats.
site text
printf '%s/\n\n%s/b.html\n' "$U" "$U" >"$D/sitemap.txt"
page "$D/index.html"; page "$D/b.html"
site rss
printf 'Sitemap: %s/feed.rss\n' "$U" >"$D/robots.txt"
cat >"$D/feed.rss" <<XML
<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
<link>$U/</link><item><title>a</title><link>$U/a.html</link></item>
</channel></rss>
XML
page "$D/a.html"
site atom
printf 'Sitemap: %s/atom.xml\n' "$U" >"$D/robots.txt"
cat >"$D/atom.xml" <<XML
<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
<entry><title>a</title><link rel="alternate" href="$U/a.html"/>
<updated>2026-01-01T00:00:00Z</updated></entry></feed>
XML
page "$D/a.html"

# Failure criteria.
site nothing
site dead
printf 'Sitemap: %s/gone.xml\n' "$U" >"$D/robots.txt"
site html
page "$D/sitemap.xml"
site relative
urlset /a/ "$U/" >"$D/sitemap.xml"
page "$D/index.html"
site controls
# A tab, a DEL and a space: XML allows each; a URL holds none.
printf '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/a\tb</loc></url><url><loc>%s/a\177b</loc></url><url><loc>%s/a b</loc></url><url><loc>%s/</loc></url></urlset>\n' \
    "$U" "$U" "$U" "$U" >"$D/sitemap.xml"
page "$D/index.html"
site many
awk -v u="$U" 'BEGIN { print "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    for (i = 0; i <= 50000; i++) printf "<url><loc>%s/p%d</loc></url>\n", u, i
    print "</urlset>" }' >"$D/sitemap.xml"
site bigindex
awk -v u="$U" 'BEGIN { print "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    for (i = 0; i <= 50000; i++) printf "<sitemap><loc>%s/s%d.xml</loc></sitemap>\n", u, i
    print "</sitemapindex>" }' >"$D/sitemap_index.xml"
# A body of gigabytes, sent gzipped: libcurl decodes it, the bound stops it.
site bomb 'location = /sitemap.xml { add_header Content-Encoding gzip;
    types { } default_type application/xml; }'
{ echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
  head -c 1073741824 /dev/zero; } | gzip -1 >"$D/sitemap.xml"
# A .gz file over 50 MB once uncompressed.
site gzfile
printf 'Sitemap: %s/big.xml.gz\n' "$U" >"$D/robots.txt"
{ echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
  head -c 60000000 /dev/zero | tr '\0' ' '; } | gzip -1 >"$D/big.xml.gz"

# Warning criteria.
site fields
cat >"$D/sitemap.xml" <<XML
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>$U/</loc><lastmod>yesterday</lastmod><changefreq>sometimes</changefreq>
<priority>1.5</priority></url></urlset>
XML
page "$D/index.html"
site extensions
cat >"$D/sitemap.xml" <<XML
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
  xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
  xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>$U/</loc><image:image><image:caption>c</image:caption></image:image>
<video:video><video:title>T</video:title></video:video>
<news:news><news:title>T</news:title></news:news>
<xhtml:link rel="alternate" hreflang="fr" href="/fr/"/></url></urlset>
XML
page "$D/index.html"
site scope
urlset "$U/" "http://elsewhere.example/x" >"$D/sitemap.xml"
page "$D/index.html"

# An index naming itself, and a child that is an index naming it back.
site loop
printf 'Sitemap: %s/loop.xml\n' "$U" >"$D/robots.txt"
index "$U/loop.xml" "$U/child.xml" "$U/pages.xml" >"$D/loop.xml"
index "$U/loop.xml" >"$D/child.xml"
urlset "$U/" >"$D/pages.xml"; page "$D/index.html"
# A billion laughs.
site entities
cat >"$D/sitemap.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE urlset [
<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
<!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://x/&g;</loc></url></urlset>
XML
site bigrobots
{ printf 'Sitemap: %s/sitemap.xml\nUser-agent: *\n' "$U"
  awk 'BEGIN { for (i = 0; i < 200000; i++) printf "Disallow: /n%d\n", i }'
  echo 'Disallow: /'; } >"$D/robots.txt"
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"

# What a crawler meets, URL by URL.
site faults 'location = /moved { return 301 /ok/; }
    location = /loop { return 302 /loop2; } location = /loop2 { return 302 /loop; }
    location /xrt/ { add_header X-Robots-Tag "googlebot: noindex, nofollow"; }
    location /other-bot/ { add_header X-Robots-Tag "otherbot: noindex"; }'
FAULTS=$U
printf 'User-agent: *\nDisallow: /private/\nUser-agent: Googlebot\nDisallow: /private/\nDisallow: /nogoogle/\nSitemap: %s/a.xml\nSitemap: %s/b.xml\n' \
    "$U" "$U" >"$D/robots.txt"
cat >"$D/a.xml" <<XML
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>$U/ok/</loc><lastmod>2026-01-01</lastmod>
<xhtml:link rel="alternate" hreflang="en" href="$U/ok/"/>
<xhtml:link rel="alternate" hreflang="de" href="$U/de.html"/></url>
<url><loc>$U/de.html</loc><lastmod>2026-01-01</lastmod></url>
<url><loc>$U/moved</loc></url>
<url><loc>$U/loop</loc></url>
<url><loc>$U/gone</loc></url>
<url><loc>$U/xrt/</loc></url>
<url><loc>$U/other-bot/</loc></url>
<url><loc>$U/meta.html</loc></url>
<url><loc>$U/canon.html</loc></url>
<url><loc>$U/private/p.html</loc></url>
<url><loc>$U/nogoogle/p.html</loc></url>
<url><loc>$U/dup.html</loc></url>
<url><loc>$U/dup.html</loc></url>
<url><loc>$U/two.html</loc></url>
<url><loc>$U/future.html</loc><lastmod>2999-01-01</lastmod></url>
</urlset>
XML
urlset "$U/two.html" >"$D/b.xml"
for p in ok/index.html de.html xrt/index.html other-bot/index.html \
    private/p.html nogoogle/p.html dup.html two.html future.html; do
	page "$D/$p"
done
page "$D/meta.html" '<meta name="robots" content="noindex">'
page "$D/canon.html" "<link rel=canonical href=\"$U/ok/\">"
site uniform
urlset "$U/a.html" "$U/b.html" "$U/c.html" |
    sed 's|</loc>|</loc><lastmod>2026-02-02T10:00:00Z</lastmod>|' >"$D/sitemap.xml"
for p in a b c; do page "$D/$p.html"; done

# The crawler's manners.
site polite
printf 'User-agent: sitemapd-audit\nDisallow: /secret/\n' >"$D/robots.txt"
urlset "$U/pub.html" "$U/secret/x.html" >"$D/sitemap.xml"
page "$D/pub.html"; page "$D/secret/x.html"
site rate
urlset "$U/1.html" "$U/2.html" "$U/3.html" "$U/4.html" >"$D/sitemap.xml"
for p in 1 2 3 4; do page "$D/$p.html"; done
site sample
{ echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
  for i in $(seq 1 40); do echo "<url><loc>$U/$i.html</loc></url>"; page "$D/$i.html"; done
  echo '</urlset>'; } >"$D/sitemap.xml"

NGINX_HTTP="log_format fx '\$msec \$request_uri \"\$http_user_agent\"';
    types { text/html html; application/xml xml; text/plain txt; }
    $SERVERS" NGINX_CONNECTIONS=128 start_nginx "$TMP/fx"

# --- Pass criteria. ---
audit good "$GOOD/"
check_eq "good: every step passes" "$ALL_PASS" "$(j good 'steps()')"
check_eq "good: verdict pass, score 1, exit 0" "pass 1.0 0" \
    "$(j good 'j["verdict"] + " " + str(j["score"])') $RC"
check_eq "good: no finding" "" "$(j good 'kinds()')"
check_eq "good: the index's two children read, gzip too; and the guessed path" "4 4" \
    "$(j good 'str(j["summary"]["sitemaps"]) + " " + str(j["summary"]["listed"])')"
check_eq "good: each listed page fetched once" "/ /en/ /fr/ /post.html" \
    "$(requests good | grep -E '^/($|en/$|fr/$|post\.html$)' | tr '\n' ' ' | sed 's/ $//')"
check_eq "good: every request says who asks" "" \
    "$(grep -vE '"sitemapd-audit/[0-9.]+( \(\+[^)]+\))?"$' "$TMP/good.log")"
check_contains "good: discover names where the sitemap came from" \
    "$GOOD/sitemap_index.xml (robots.txt)" "$(j good 'j["steps"][0]["evidence"]')"
audit good_given "$GOOD/pages.xml"
check_eq "a sitemap's URL: that sitemap is audited" "$ALL_PASS 3" \
    "$(j good_given 'steps()') $(j good_given 'j["summary"]["listed"]')"
audit conventional "$(u conventional)"
check_eq "no robots.txt, /sitemap.xml alone: robots is additive" "$ALL_PASS" \
    "$(j conventional 'steps()')"
for f in text rss atom; do
	audit "$f" "$(u "$f")"
	check_eq "$f sitemap: every step passes" "$ALL_PASS" "$(j "$f" 'steps()')"
	check_contains "$f sitemap: parse says its format" ": $f," \
	    "$(j "$f" 'j["steps"][2]["evidence"]')"
done

# --- Failure criteria. ---
audit nothing "$(u nothing)"
check_eq "nothing to find: discover and fetch fail, the rest is not reached" \
    "discover=failure fetch=failure parse=failure field-quality=failure scope=failure fail 0.0 1" \
    "$(j nothing 'steps() + " " + j["verdict"] + " " + str(j["score"])') $RC"
audit dead "$(u dead)"
check_eq "robots.txt names a sitemap that is gone: found, not fetched" \
    "discover=pass fetch=failure sitemap-unreachable" \
    "$(j dead '" ".join(steps().split()[:2])') $(j dead 'kinds()')"
audit html "$(u html)"
check_eq "HTML at /sitemap.xml: fetched, not a sitemap" \
    "fetch=pass parse=failure conventional-not-a-sitemap 1" \
    "$(j html 'steps().split()[1] + " " + steps().split()[2]') $(j html 'kinds()') $RC"
audit relative "$(u relative)"
check_eq "a relative URL value: parse fails" "parse=failure url-invalid" \
    "$(j relative 'steps().split()[2]') $(j relative 'kinds("error")')"
audit controls "$(u controls)"
check_eq "URLs holding a control character or a space: invalid, kept out" \
    "parse=failure 3 1" "$(j controls 'steps().split()[2]') $(j controls \
    'len([f for f in j["findings"] if f["kind"] == "url-invalid"])') $(j controls 'j["summary"]["listed"]')"
audit many "$(u many)" --no-urls
check_eq "50,001 URLs: field-quality fails" "field-quality=failure too-many-entries" \
    "$(j many 'steps().split()[3]') $(j many 'kinds("error")')"
audit bigindex "$(u bigindex)sitemap_index.xml" --no-urls
check_eq "an index of 50,001 sitemaps: field-quality fails, and the audit reads 1000 of them" \
    "field-quality=failure 1000" "$(j bigindex 'steps().split()[3]') $(grep -c '/s[0-9]*\.xml ' "$TMP/bigindex.log")"
check_contains "... and says it read no more" "not-all-read" "$(j bigindex 'kinds()')"
audit bomb "$(u bomb)"
check_eq "a gigabyte sent gzipped: cut at 50 MB, field-quality fails" \
    "field-quality=failure too-big" "$(j bomb 'steps().split()[3]') $(j bomb 'kinds("error")')"
audit gzfile "$(u gzfile)"
check_eq "a .gz file over 50 MB uncompressed: field-quality fails" \
    "field-quality=failure too-big" "$(j gzfile 'steps().split()[3]') $(j gzfile 'kinds("error")')"

# --- Warning criteria. ---
audit fields "$(u fields)"
check_eq "invalid lastmod, changefreq, priority: field-quality warns" \
    "field-quality=warning changefreq-invalid lastmod-invalid priority-invalid warn 0" \
    "$(j fields 'steps().split()[3] + " " + kinds() + " " + j["verdict"]') $RC"
check_eq "... a score of 0.95 (0.1 weighs half)" 0.95 "$(j fields 'j["score"]')"
check_eq "... each finding names its entry's URL" "$(u fields)" \
    "$(j fields 'urls("lastmod-invalid")')"
"$SITEMAPD" audit --strict --rate 1000 "$(u fields)" >"$TMP/strict.out"
check_eq "--strict: a warning exits 1" 1 "$?"
check_contains "... and the report says why" \
    "warning: priority values outside 0.0 to 1.0 (priority-invalid): 1" \
    "$(cat "$TMP/strict.out")"
audit extensions "$(u extensions)"
check_eq "incomplete image, video, news, hreflang records: field-quality warns" \
    "field-quality=warning hreflang-incomplete image-incomplete news-incomplete video-incomplete" \
    "$(j extensions 'steps().split()[3] + " " + kinds()')"
audit scope "$(u scope)"
check_eq "a URL on another host: scope warns, and it is not fetched" \
    "scope=warning off-host http://elsewhere.example/x 1" \
    "$(j scope 'steps().split()[4] + " " + kinds() + " " + urls("off-host")') $(j scope 'j["summary"]["fetched"]')"

# --- Hostile. ---
audit loop "$(u loop)"
check_eq "an index naming itself, a child naming it back: read once each" \
    "index-loop nested-index $ALL_PASS" "$(j loop 'kinds()') $(j loop 'steps()')"
check_eq "... each fetched once" "1 1" \
    "$(grep -c ' /loop.xml ' "$TMP/loop.log") $(grep -c ' /child.xml ' "$TMP/loop.log")"
audit entities "$(u entities)"
check_eq "a billion laughs: not expanded, nothing listed" "0 fail" \
    "$(j entities 'j["summary"]["listed"]') $(j entities 'j["verdict"]')"
audit bigrobots "$(u bigrobots)"
check_eq "3 MB of robots.txt: read to 500 KiB, as Google reads it; its Disallow: / past that ignored" \
    "robots-too-big 1" "$(j bigrobots 'kinds()') $(j bigrobots 'j["summary"]["fetched"]')"
audit silent "http://127.0.0.1:$(free_port)/"
check_eq "a host that does not answer: findings, exit 1" \
    "robots-unavailable fetch=failure 1" "$(j silent 'kinds()') $(j silent 'steps().split()[1]') $RC"
# A host that takes the connection and never answers.
HANG_PORT=$(free_port)
python3 -c 'import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(16); held = []
open(sys.argv[2], "w").close()
while True: held.append(s.accept()[0])' "$HANG_PORT" "$TMP/hang.ready" &
HANG_PID=$!
stop_hang() { kill "$HANG_PID" 2>/dev/null; }
on_exit stop_hang
wait_for test -f "$TMP/hang.ready"
"$SITEMAPD" audit --json --timeout 2 "http://127.0.0.1:$HANG_PORT/" >"$TMP/hang.json"
check_eq "a host that never answers: the timeout ends each request" \
    "1 robots-unavailable fetch=failure" "$? $(j hang 'kinds()') $(j hang 'steps().split()[1]')"
check_contains "... and the evidence says so" "Timeout" "$(j hang 'j["steps"][1]["evidence"]')"

# --- URL by URL. ---
audit faults "$FAULTS/"
for case in "redirect $FAULTS/loop $FAULTS/moved" "status $FAULTS/gone" \
    "noindex $FAULTS/meta.html $FAULTS/xrt/" \
    "canonical-elsewhere $FAULTS/canon.html" \
    "robots-disallowed $FAULTS/nogoogle/p.html $FAULTS/private/p.html" \
    "duplicate $FAULTS/dup.html" "in-two-sitemaps $FAULTS/two.html" \
    "lastmod-future $FAULTS/future.html" \
    "hreflang-not-reciprocal $FAULTS/ok/"; do
	kind=${case%% *}
	check_eq "a listed URL at fault: $kind" "${case#* }" \
	    "$(j faults "urls('$kind')")"
done
check_eq "... and none for the page that is right, or another bot's noindex" "" \
    "$(j faults 'urls("x")' ; j faults '" ".join(f["kind"] for f in j["findings"] if f["url"] in ("'"$FAULTS/ok/"'x", "'"$FAULTS/other-bot/"'"))')"
check_eq "... a finding of error severity exits 1, whatever the steps" \
    "$ALL_PASS fail 1" "$(j faults 'steps() + " " + j["verdict"]') $RC"
check_eq "... a redirect loop stops after 5 redirects" 6 \
    "$(grep -cE ' /loop2? ' "$TMP/faults.log")"
audit uniform "$(u uniform)"
check_eq "the same lastmod on every entry" "lastmod-uniform" "$(j uniform 'kinds()')"

# --- Manners. ---
audit polite "$(u polite)"
check_eq "robots.txt keeps the auditor out of /secret/" \
    "not-fetched $(u polite)secret/x.html" "$(j polite 'kinds() + " " + urls("not-fetched")')"
check_eq "... so it asks nothing there" "" "$(requests polite | grep secret)"
audit polite_ignoring "$(u polite)" --ignore-robots
check_eq "--ignore-robots fetches it" "/secret/x.html" "$(requests polite | grep secret)"
"$SITEMAPD" audit --json --rate 2 "$(u rate)" >"$TMP/rate.json"
# A late start is made up, by one interval at most: request i comes no
# sooner than i - 1 half-seconds after the first. nginx logs a request
# when it ends, and the first one's new connection may reach it late on
# a loaded machine: a quarter interval is allowed for that, which twice
# the rate would still overrun by request 4.
check_eq "--rate 2: at most one more request than half-seconds gone by" "" \
    "$(awk 'NR == 1 { first = $1 } $1 - first < (NR - 2) * 0.5 - 0.25 {
    print "request", NR, "at", $1 - first }' "$TMP/rate.log")"
check_eq "... and every page was asked" 4 "$(grep -c '\.html ' "$TMP/rate.log")"
audit sample1 "$(u sample)" --sample 5
requests sample | grep html >"$TMP/sample1"
: >"$TMP/sample.log"	# nginx appends: the next run's lines alone
audit sample2 "$(u sample)" --sample 5
requests sample | grep html >"$TMP/sample2"
check_eq "--sample 5: five pages, the same in each run" "5 same" \
    "$(wc -l <"$TMP/sample1" | tr -d ' ') $(cmp -s "$TMP/sample1" "$TMP/sample2" && echo same)"

# --- What a program and a person read. ---
check_eq "the JSON: steps as the specification weighs them" \
    "discover:0.2 fetch:0.25 parse:0.25 field-quality:0.1 scope:0.2" \
    "$(j fields '" ".join(s["id"] + ":" + str(s["weight"]) for s in j["steps"])')"
check_eq "... each finding a kind, a severity and a URL" "ok" \
    "$(j faults '"ok" if all(set(f) >= {"kind", "severity", "url"} and f["severity"] in ("error", "warning", "info") for f in j["findings"]) else j["findings"]')"
check_eq "... the score is the weighted sum of the steps" "ok" \
    "$(j html '"ok" if abs(j["score"] - sum(s["weight"] * {"pass": 1, "warning": 0.5, "failure": 0}[s["status"]] for s in j["steps"])) < 1e-9 else j["score"]')"
"$SITEMAPD" audit --rate 1000 "$FAULTS/" >"$TMP/faults.txt"
check_contains "the report: a table of the steps" \
    "field-quality  0.10   pass     Validate sitemap field quality" "$(cat "$TMP/faults.txt")"
check_contains "... findings grouped by kind, counted" \
    "error: listed URLs that redirect (redirect): 2" "$(cat "$TMP/faults.txt")"

# --- Usage. ---
for bad in "" "ftp://example.org/" "http:///x" "$GOOD/ --sample 0" \
    "$GOOD/ --rate x" "$GOOD/ --bogus" "$GOOD/ $GOOD/"; do
	# shellcheck disable=SC2086
	"$SITEMAPD" audit $bad >/dev/null 2>"$TMP/usage.err"
	check_eq "usage error, exit 2: audit $bad" "2" "$?"
done
check_contains "... saying what is wrong" "sitemapd: audit: one URL" "$(cat "$TMP/usage.err")"
finish
