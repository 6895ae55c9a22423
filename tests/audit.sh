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
# logged NAME PATTERN N: nginx has logged N requests of fixture NAME that
# match PATTERN. It logs a request once the client has gone, which may be
# after the audit exits: counts wait for that, as long as wait_for allows.
logged() { [ "$(grep -c "$2" "$TMP/$1.log")" -ge "$3" ]; }

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

# --- Seed 002, sentence by sentence, and what an audit must bound. ---
# An index of 100 children, each the same 50,000 URLs: 4,950,000 URLs
# in two sitemaps, counted; memory grows with the sitemaps, not that.
site overlap 'location ~ ^/c[0-9]+[.]xml$ { try_files /same.xml =404; }'
awk -v u="$U" 'BEGIN { print "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    for (i = 0; i < 50000; i++) printf "<url><loc>%s/page-%06d.html</loc></url>\n", u, i
    print "</urlset>" }' >"$D/same.xml"
awk -v u="$U" 'BEGIN { print "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    for (i = 0; i < 100; i++) printf "<sitemap><loc>%s/c%d.xml</loc></sitemap>\n", u, i
    print "</sitemapindex>" }' >"$D/sitemap_index.xml"
# "Robots discovery is additive": robots.txt answering 503.
site robots503 'location = /robots.txt { return 503; }'
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"
# "At least one candidate responds": one named sitemap gone, one fine.
site onedead
printf 'Sitemap: %s/gone.xml\n' "$U" >"$D/robots.txt"
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"
# An index whose children are all gone: nothing read, no pass.
site deadkids
index "$U/a.xml" "$U/b.xml" >"$D/sitemap_index.xml"
# An index naming /sitemap.xml, itself a conventional path: no loop.
site notaloop
printf 'Sitemap: %s/sitemap_index.xml\n' "$U" >"$D/robots.txt"
index "$U/sitemap.xml" >"$D/sitemap_index.xml"
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"
# An app's shell at /sitemap.xml, a comment first; the sitemap robots.txt
# names is fine.
site shell
printf 'Sitemap: %s/real.xml\n' "$U" >"$D/robots.txt"
printf '<!-- built by the app -->\n<!doctype html><html><head><title>app</title></head><body><div id=app></div></body></html>\n' \
    >"$D/sitemap.xml"
urlset "$U/" >"$D/real.xml"; page "$D/index.html"
# "Sitemaps may be cross-submitted": robots.txt names a sitemap on
# another host (localhost, beside 127.0.0.1), which lists this host's
# pages; and a conventional path that redirects there.
site cross
CROSS_PORT=${U##*:}
printf 'Sitemap: http://localhost:%s/on-cdn.xml\n' "$CROSS_PORT" >"$D/robots.txt"
urlset "$U/" >"$D/on-cdn.xml"; page "$D/index.html"
site crossmoved "location = /sitemap.xml { return 301 http://localhost:$CROSS_PORT/on-cdn.xml; }"
# Redirects an audit must not follow: to a cloud's metadata address, to
# a private one, to a file, in a circle.
site unsafe 'location = /robots.txt { return 302 http://169.254.169.254/latest/meta-data/; }
    location = /private.xml { return 302 http://10.0.0.1/sitemap.xml; }
    location = /file.xml { return 302 file:///etc/passwd; }
    location = /circle.xml { return 302 /circle.xml; }
    location = /compat.xml { return 302 http://[::10.0.0.1]/sitemap.xml; }
    location = /nat64.xml { return 302 http://[64:ff9b::a00:1]/sitemap.xml; }
    location = /sixtofour.xml { return 302 http://[2002:c0a8:101::1]/sitemap.xml; }
    location = /sitelocal.xml { return 302 http://[fec0::1]/sitemap.xml; }
    location = /bench.xml { return 302 http://198.18.0.1/sitemap.xml; }
    location = /broadcast.xml { return 302 http://255.255.255.255/sitemap.xml; }'
urlset "$U/" >"$D/sitemap.xml"; page "$D/index.html"
site unsafe2 'location = /robots.txt { return 302 gopher://127.0.0.1/; }'
# Crawl-delay for the auditor's group: the minimum gap.
site delay
printf 'User-agent: sitemapd-audit\nCrawl-delay: 1\n\nUser-agent: *\nCrawl-delay: 0.1\n' \
    >"$D/robots.txt"
urlset "$U/1.html" "$U/2.html" "$U/3.html" >"$D/sitemap.xml"
for p in 1 2 3; do page "$D/$p.html"; done
# robots.txt disallowing the auditor everything.
site shut
printf 'User-agent: sitemapd-audit\nDisallow: /\n' >"$D/robots.txt"
urlset "$U/" >"$D/sitemap.xml"
# The protocol's smaller rules: a loc of 3 MB, ISO-8859-1, an entity
# a DTD declares.
site smaller
{ printf '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/' "$U"
  head -c 3000000 /dev/zero | tr '\0' a; printf '</loc></url><url><loc>%s/</loc></url></urlset>\n' "$U"; } \
    >"$D/long.xml"
printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/</loc></url></urlset>\n' \
    "$U" >"$D/latin1.xml"
printf '<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY x "secret">]>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/&x;</loc></url><url><loc>%s/</loc></url></urlset>\n' \
    "$U" "$U" >"$D/entity.xml"
# A root element of 200,000 attributes (2.4 MB), which libxml2 takes a
# minute to check, each against those before it.
python3 -c 'import sys
sys.stdout.write("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
    + " ".join("a%d=\"x\"" % i for i in range(200000))
    + "><url><loc>" + sys.argv[1] + "/</loc></url></urlset>\n")' "$U" \
    >"$D/attributes.xml"
page "$D/index.html"

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
wait_for logged polite '/secret/' 1
check_eq "--ignore-robots fetches it" "/secret/x.html" "$(requests polite | grep secret)"
"$SITEMAPD" audit --json --rate 2 "$(u rate)" >"$TMP/rate.json"
wait_for logged rate '\.html ' 4
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
wait_for logged sample '\.html ' 5
requests sample | grep html >"$TMP/sample1"
: >"$TMP/sample.log"	# nginx appends: the next run's lines alone
audit sample2 "$(u sample)" --sample 5
wait_for logged sample '\.html ' 5
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

# --- Seed 002, sentence by sentence. ---
# Rows: a fixture, then its steps, verdict, score and exit status, as
# the seed's criteria give them (pass, then warning, then failure).
while read -r name want; do
	audit "seed-$name" "$(u "$name")" --no-urls
	check_eq "seed 002, $name: $want" "$want" "$(j "seed-$name" \
	    'steps() + " " + j["verdict"] + " " + str(j["score"])') $RC"
done <<'ROWS'
good discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
conventional discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
text discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
rss discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
atom discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
scope discover=pass fetch=pass parse=pass field-quality=pass scope=warning warn 0.9 0
fields discover=pass fetch=pass parse=pass field-quality=warning scope=pass warn 0.95 0
extensions discover=pass fetch=pass parse=pass field-quality=warning scope=pass warn 0.95 0
nothing discover=failure fetch=failure parse=failure field-quality=failure scope=failure fail 0.0 1
dead discover=pass fetch=failure parse=failure field-quality=failure scope=failure fail 0.2 1
html discover=pass fetch=pass parse=failure field-quality=failure scope=failure fail 0.45 1
relative discover=pass fetch=pass parse=failure field-quality=pass scope=pass fail 0.75 1
many discover=pass fetch=pass parse=pass field-quality=failure scope=pass fail 0.9 1
bomb discover=pass fetch=pass parse=pass field-quality=failure scope=pass fail 0.9 1
robots503 discover=pass fetch=pass parse=pass field-quality=pass scope=pass warn 1.0 0
onedead discover=pass fetch=pass parse=pass field-quality=pass scope=pass warn 1.0 0
deadkids discover=pass fetch=pass parse=failure field-quality=failure scope=failure fail 0.45 1
notaloop discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
shell discover=pass fetch=pass parse=pass field-quality=pass scope=pass pass 1.0 0
cross discover=pass fetch=pass parse=pass field-quality=pass scope=warning warn 0.9 0
crossmoved discover=pass fetch=pass parse=pass field-quality=pass scope=warning warn 0.9 0
gzfile discover=pass fetch=pass parse=pass field-quality=failure scope=pass fail 0.9 1
ROWS
check_contains "robots.txt answering 503: said, as a warning" \
    "robots-unavailable" "$(j seed-robots503 'kinds("warning")')"
check_contains "an index whose children are gone: parse says so" \
    "the indexes name 2 sitemaps, and none of them could be read" \
    "$(j seed-deadkids 'j["steps"][2]["evidence"]')"
check_eq "an index naming a conventional path: no index-loop" "" \
    "$(j seed-notaloop 'kinds()')"
check_eq "an app's shell, a comment first: an info note, not xml-invalid" \
    "conventional-not-a-sitemap" "$(j seed-shell 'kinds()')"
check_eq "a sitemap on another host: fetched, and scope says where" \
    "sitemap-off-host 1" "$(j seed-cross 'kinds()') $(j seed-cross 'j["summary"]["listed"]')"
check_contains "a conventional path redirected to another host: fetch names it" \
    "(redirected to http://localhost:$CROSS_PORT/on-cdn.xml)" \
    "$(j seed-crossmoved 'j["steps"][1]["evidence"]')"

# Bounded: findings of a kind are counted past the first 20, in the JSON
# as in the text; the peak memory is the sitemaps', read one at a time.
python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:], stdout=open(sys.argv[1], "w"))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
    "$TMP/overlap.json" "$SITEMAPD" audit --json --rate 1000 --no-urls \
    "$(u overlap)" >"$TMP/overlap.kb"
check_eq "100 children of the same 50,000 URLs: each repeat counted" \
    "4950000 20 50000" "$(j overlap 'j["counts"]["in-two-sitemaps"]') $(j overlap \
    'len([f for f in j["findings"] if f["kind"] == "in-two-sitemaps"])') $(j overlap 'j["summary"]["listed"]')"
# AddressSanitizer's shadow memory and quarantine: four times as much.
bound_kb=262144
grep -q __asan_init "$SITEMAPD" && bound_kb=$((bound_kb * 4))
check_eq "... in under $((bound_kb / 1024)) MB (8.36 GB before)" yes \
    "$([ "$(cat "$TMP/overlap.kb")" -lt "$bound_kb" ] && echo yes || cat "$TMP/overlap.kb")"

# One deadline per fetch, redirects included; one for the run.
ORIGIN_PORT=$(free_port)
python3 "$SRCDIR/tests/audit-origin.py" "$ORIGIN_PORT" "$TMP/origin.log" &
ORIGIN_PID=$!
stop_origin() { kill "$ORIGIN_PID" 2>/dev/null; }
on_exit stop_origin
wait_for curl -sf -o /dev/null "http://127.0.0.1:$ORIGIN_PORT/robots.txt"
ORIGIN="http://127.0.0.1:$ORIGIN_PORT"
"$SITEMAPD" audit --json --rate 1000 --timeout 3 --no-urls "$ORIGIN/slow.xml" \
    >"$TMP/slow.json"
check_contains "six slow redirects under --timeout 3: one deadline for them all" \
    "Timeout: no answer within --timeout, redirects and retries included" \
    "$(j slow 'j["steps"][1]["evidence"]')"
check_eq "... so the chain was not followed to its end" yes \
    "$([ "$(grep -c ' /slow/' "$TMP/origin.log")" -lt 5 ] && echo yes)"
"$SITEMAPD" audit --json --timeout 20 --max-time 2 "http://127.0.0.1:$HANG_PORT/" \
    >"$TMP/maxtime.json"
check_eq "--max-time 2 on a host that never answers: the run ends, and says so" \
    "1 max-time" "$? $(j maxtime 'kinds("warning").split()[0]')"
check_contains "... in the fetch's words" "the audit's --max-time passed" \
    "$(j maxtime 'j["steps"][1]["evidence"]')"

# Polite as crawlers are: 429's Retry-After obeyed, the page asked again.
: >"$TMP/origin.log"
"$SITEMAPD" audit --json --rate 1000 "$ORIGIN/" >"$TMP/limited.json"
check_eq "429 with Retry-After: each page asked again and judged, the run slowed" \
    "slowed 3" "$(j limited 'kinds()') $(j limited 'j["summary"]["fetched"]')"
check_eq "... never sooner than the second it was told to wait" "" \
    "$(awk '$2 ~ /^\/limited\/[0-9]/ { if ($2 in first) { if ($1 - first[$2] < 0.9) print $2, $1 - first[$2] } else first[$2] = $1 }' \
    "$TMP/origin.log")"
"$SITEMAPD" audit --json --rate 1000 --timeout 600 --max-time 4 "$ORIGIN/long.xml" \
    >"$TMP/long.json"
check_eq "Retry-After: 3600, --timeout 600, --max-time 4: the run ends, slowed, and says so" \
    "1 max-time slowed" "$? $(j long 'kinds("warning")')"
audit delay "$(u delay)"
check_contains "Crawl-delay for the auditor's own group: kept to" \
    "robots.txt asks 1 s between requests" "$(j delay 'str(j["findings"])')"
check_eq "... each page a second after the one before (a quarter allowed)" "" \
    "$(awk '$2 ~ /^\/[0-9]\.html$/ { if (last && $1 - last < 0.75) print $2, $1 - last; last = $1 }' \
    "$TMP/delay.log")"

# Redirects held to http(s), and away from addresses the site is not on.
audit unsafe "$(u unsafe)"
check_contains "robots.txt redirected to 169.254.169.254: refused, named" \
    "refused: http://169.254.169.254/latest/meta-data/ is on a link-local address" \
    "$(j unsafe 'str(j["findings"])')"
for target in private file circle; do
	audit "unsafe-$target" "$(u unsafe)$target.xml"
done
check_contains "a sitemap redirected to 10.0.0.1: refused, named" \
    "refused: http://10.0.0.1/sitemap.xml is on a private address" \
    "$(j unsafe-private 'j["steps"][1]["evidence"]')"
# Every special-purpose range that is no loopback (which the audited host
# is on): each a row of tests/test_addresses.c's table, here connected
# to not at all.
for target in "compat [::10.0.0.1] private" "nat64 [64:ff9b::a00:1] private" \
    "sixtofour [2002:c0a8:101::1] private" "sitelocal [fec0::1] private" \
    "bench 198.18.0.1 reserved" "broadcast 255.255.255.255 reserved"; do
	set -- $target
	audit "unsafe-$1" "$(u unsafe)$1.xml"
	check_contains "a sitemap redirected to $2: refused, named" \
	    "refused: http://$2/sitemap.xml is on a $3" \
	    "$(j "unsafe-$1" 'j["steps"][1]["evidence"]')"
done
check_contains "a sitemap redirected to file://: not http or https" \
    "redirects to file:///etc/passwd: not http or https" \
    "$(j unsafe-file 'j["steps"][1]["evidence"]')"
check_contains "a redirect in a circle: too many redirects, not 302" \
    "too many redirects (more than 5), the last to $(u unsafe)circle.xml" \
    "$(j unsafe-circle 'j["steps"][1]["evidence"]')"
audit unsafe2 "$(u unsafe2)"
check_contains "robots.txt redirected to gopher://: not http or https" \
    "redirects to gopher://127.0.0.1/: not http or https" \
    "$(j unsafe2 'str(j["findings"])')"

# The smaller rules.
audit shut "$(u shut)"
check_eq "robots.txt shuts the auditor out: said, not 'No findings'" \
    "sitemap-not-asked" "$(j shut 'kinds()')"
check_contains "... and discover says why nothing was found" \
    "disallows the auditor the conventional paths" "$(j shut 'j["steps"][0]["evidence"]')"
audit long "$(u smaller)long.xml"
check_contains "a loc of 3 MB: past the protocol's 2,048 characters" \
    "longer than the protocol's 2,048 characters" "$(j long 'str(j["findings"])')"
audit attributes "$(u smaller)attributes.xml" --max-time 60
check_contains "a root element of 200,000 attributes: not parsed, said why" \
    "an element with more than 256 attributes: not read" \
    "$(j attributes 'str(j["findings"])')"
check_lacks "... and ended before its --max-time" "max-time" \
    "$(j attributes 'kinds()')"
audit latin1 "$(u smaller)latin1.xml"
check_eq "a sitemap declared ISO-8859-1: field-quality warns" \
    "field-quality=warning encoding-not-utf8" \
    "$(j latin1 'steps().split()[3]') $(j latin1 'kinds()')"
audit entity "$(u smaller)entity.xml"
check_eq "an entity a DTD declares: the URL is invalid, not a duplicate" \
    "url-invalid 1" "$(j entity 'kinds()') $(j entity 'j["summary"]["listed"]')"

# --- Usage. ---
"$SITEMAPD" audit --help >"$TMP/help.out"
check_eq "audit --help: its usage, exit 0" "0 yes" \
    "$? $(grep -q -- '--max-time S' "$TMP/help.out" && echo yes)"
"$SITEMAPD" audit -h >/dev/null
check_eq "audit -h too" 0 "$?"
for bad in "" "ftp://example.org/" "http:///x" "$GOOD/ --sample 0" \
    "$GOOD/ --rate x" "$GOOD/ --bogus" "$GOOD/ $GOOD/"; do
	# shellcheck disable=SC2086
	"$SITEMAPD" audit $bad >/dev/null 2>"$TMP/usage.err"
	check_eq "usage error, exit 2: audit $bad" "2" "$?"
done
check_contains "... saying what is wrong" "sitemapd: audit: one URL" "$(cat "$TMP/usage.err")"
finish
