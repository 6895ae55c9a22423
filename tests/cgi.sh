#!/bin/sh
# Runs sitemapd as a CGI, the way a web server does, against the example
# site and against content roots built here for each rule the README and
# doc/ state.
. "$SRCDIR/tests/lib.sh"

# --- the example site, with fixed mtimes so bodies are exact -------------
EX="$TMP/example"
cp -R "$SRCDIR/contrib/example-site" "$EX"
find "$EX" -type f -exec touch -d '2026-01-10 08:00:00 UTC' {} +
touch -d '2026-03-05 23:30:00 UTC' "$EX/content/2a/000000000000002a.2"
ini "$TMP/example.ini" "$EX" "admin_path = /secret-admin-7f3a"
env_ex="SITEMAPD_CONFIG=$TMP/example.ini"

cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=example.com HTTPS=on
check_eq "robots.txt status" 200 "$STATUS"
check_eq "robots.txt type" "text/plain; charset=utf-8" "$(header Content-Type)"
check_eq "robots.txt nosniff" nosniff "$(header X-Content-Type-Options)"
check_eq "robots.txt body" "User-agent: *
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Allow: /

Sitemap: https://example.com/sitemap.xml" "$BODY"
check_eq "robots.txt ends in one newline" "$(printf 'xml\n' | od -c)" \
    "$(tail -c 4 "$TMP/body" | od -c)"
check_lacks "robots.txt hides the admin path" "secret-admin" "$BODY"

cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com HTTPS=on
check_eq "sitemap status" 200 "$STATUS"
check_eq "sitemap type" "application/xml; charset=utf-8" "$(header Content-Type)"
check_eq "sitemap noindex" noindex "$(header X-Robots-Tag)"
check_eq "sitemap body" '<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/css" href="/sitemap.css"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/</loc>
    <lastmod>2026-03-05</lastmod>
  </url>
  <url>
    <loc>https://example.com/about/team</loc>
    <lastmod>2026-01-10</lastmod>
  </url>
  <url>
    <loc>https://example.com/guides/getting-started</loc>
    <lastmod>2026-01-10</lastmod>
  </url>
  <url>
    <loc>https://example.com/id/00000000000001bf</loc>
    <lastmod>2026-01-10</lastmod>
  </url>
  <url>
    <loc>https://example.com/news</loc>
    <lastmod>2026-01-10</lastmod>
  </url>
</urlset>' "$BODY"
check_valid "sitemap valid against sitemap.xsd" "$TMP/body" sitemap.xsd
# A CGI logs one line a request at most; check lists each finding.
check_eq "the problems: one log line, naming check" 1 \
    "$(printf '%s\n' "$LOG" | grep -c 'problems in the site, the first: .*(sitemapd check lists them)')"
out=$("$SITEMAPD" -c "$TMP/example.ini" check 2>&1)
check_contains "broken sidecar in check with file and reason" \
    "content/05/0000000000000505.1.ron: skipped: line 4, column 5: expected ) after the option" "$out"
check_contains "invalid newest version in check" \
    "0000000000000606.3.ron: skipped: markdown needs a title" "$out"

# --- HTTP ------------------------------------------------------------------
cgi "$env_ex" REQUEST_METHOD=HEAD REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "HEAD status" 200 "$STATUS"
check_eq "HEAD type" "application/xml; charset=utf-8" "$(header Content-Type)"
check_eq "HEAD has no body" "" "$BODY"
# The headers a GET would get, its Content-Length too, gzip or not.
for accept in identity gzip; do
	cgi "$env_ex" REQUEST_METHOD=GET REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com HTTP_ACCEPT_ENCODING=$accept
	get_headers=$HEADERS
	cgi "$env_ex" REQUEST_METHOD=HEAD REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com HTTP_ACCEPT_ENCODING=$accept
	check_eq "HEAD ($accept): the headers of a GET, Content-Length too" \
	    "$get_headers" "$HEADERS"
done

for m in POST PUT DELETE OPTIONS; do
	cgi "$env_ex" REQUEST_METHOD=$m REQUEST_URI=/robots.txt HTTP_HOST=example.com
	check_eq "$m is 405" 405 "$STATUS"
	check_eq "$m names allowed methods" "GET, HEAD" "$(header Allow)"
done

for p in / /index.html /robots.txt/x /sitemap.xmlx /Robots.txt //robots.txt \
    /robots%2etxt /sitemaps/ /sitemap_index.xmlx; do
	cgi "$env_ex" REQUEST_URI="$p" HTTP_HOST=example.com
	check_eq "$p is 404" 404 "$STATUS"
done

cgi "$env_ex" REQUEST_URI='/sitemap.xml?utm=1' HTTP_HOST=example.com
check_eq "query string is ignored in routing" 200 "$STATUS"
cgi "$env_ex" SCRIPT_NAME=/robots.txt HTTP_HOST=example.com
check_eq "routes on SCRIPT_NAME without REQUEST_URI" 200 "$STATUS"
cgi "$env_ex" SCRIPT_NAME=/cgi-bin/sitemapd.cgi PATH_INFO=/x HTTP_HOST=example.com
check_eq "SCRIPT_NAME + PATH_INFO elsewhere is 404" 404 "$STATUS"

# --- base URL ----------------------------------------------------------------
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=WWW.Example.COM:80
check_contains "host lowercased, default port dropped" \
    "Sitemap: http://www.example.com/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/robots.txt REQUEST_SCHEME=https HTTP_HOST=example.com:8443
check_contains "REQUEST_SCHEME https, port kept" \
    "Sitemap: https://example.com:8443/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/robots.txt SERVER_NAME=fallback.example SERVER_PORT=8080
check_contains "SERVER_NAME and SERVER_PORT without Host" \
    "Sitemap: http://fallback.example:8080/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST='[::1]:8080'
check_contains "IPv6 host" "<loc>http://[::1]:8080/news</loc>" "$BODY"

for h in 'evil.com/x' 'a b' 'ex"ample.com' 'example.com:99999' '<x>' \
    'user@host' '' 'example.com:80:80' "$(printf 'a.com\r\nX-Evil: 1')"; do
	cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST="$h"
	check_eq "hostile Host '$h' is 400" 400 "$STATUS"
	check_lacks "hostile Host not echoed" "X-Evil" "$HEADERS$BODY"
done
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST='bad host'
check_eq "hostile Host on robots.txt is 400, not 5xx" 400 "$STATUS"

# --- index and parts -------------------------------------------------------
cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
whole=$(locs)
cgi "$env_ex" REQUEST_URI=/sitemap_index.xml HTTP_HOST=example.com
check_eq "index of an unsplit site: 200" 200 "$STATUS"
check_valid "index of an unsplit site: valid" "$TMP/body" siteindex.xsd
check_eq "index of an unsplit site: one part" \
    "http://example.com/sitemaps/sitemap-0001.xml" "$(locs)"
cgi "$env_ex" REQUEST_URI=/sitemaps/sitemap-0001.xml HTTP_HOST=example.com
check_eq "the one part is the whole sitemap" "$whole" "$(locs)"

ini "$TMP/split.ini" "$EX" "admin_path = /secret-admin-7f3a
[sitemap]
max_urls = 2"
env_split="SITEMAPD_CONFIG=$TMP/split.ini"
cgi "$env_split" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "split: /sitemap.xml is the index" 200 "$STATUS"
check_valid "split: index valid" "$TMP/body" siteindex.xsd
check_eq "split: index names three parts" \
"http://example.com/sitemaps/sitemap-0001.xml
http://example.com/sitemaps/sitemap-0002.xml
http://example.com/sitemaps/sitemap-0003.xml" "$(locs)"
check_contains "split: a part's lastmod is its newest entry" \
    "sitemap-0001.xml</loc>
    <lastmod>2026-03-05</lastmod>" "$BODY"
index=$BODY
cgi "$env_split" REQUEST_URI=/sitemap_index.xml HTTP_HOST=example.com
check_eq "split: /sitemap_index.xml is the same index" "$index" "$BODY"
parts=""
for n in 0001 0002 0003; do
	cgi "$env_split" REQUEST_URI=/sitemaps/sitemap-$n.xml HTTP_HOST=example.com
	check_eq "split: part $n 200" 200 "$STATUS"
	check_valid "split: part $n valid" "$TMP/body" sitemap.xsd
	check_eq "split: part $n within max_urls" yes \
	    "$([ "$(locs | wc -l)" -le 2 ] && echo yes || echo no)"
	parts="$parts$(locs)
"
done
check_eq "split: parts are the whole list, in order" "$whole" \
    "$(printf '%s' "$parts")"
for p in sitemap-0004.xml sitemap-1.xml sitemap-00001.xml sitemap-0000.xml \
    sitemap-0001.xml.gz sitemap-0001.xmlx x/sitemap-0001.xml; do
	cgi "$env_split" REQUEST_URI=/sitemaps/$p HTTP_HOST=example.com
	check_eq "split: /sitemaps/$p 404" 404 "$STATUS"
done
cgi "$env_split" REQUEST_URI=/sitemaps/sitemap-0002.xml REQUEST_METHOD=HEAD \
    HTTP_HOST=example.com
check_eq "split: HEAD of a part" "200." "$STATUS.$BODY"

# --- proxies: believed only from trusted_proxies --------------------------
proxy_headers="HTTP_X_FORWARDED_PROTO=https HTTP_X_FORWARDED_HOST=www.example.com"
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=backend:8080 \
    REMOTE_ADDR=127.0.0.1 $proxy_headers
check_contains "loopback proxy trusted by default" \
    "Sitemap: https://www.example.com/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=backend:8080 \
    REMOTE_ADDR=203.0.113.5 $proxy_headers
check_contains "untrusted client's proxy headers ignored" \
    "Sitemap: http://backend:8080/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST=backend:8080 \
    REMOTE_ADDR=::1 HTTP_FORWARDED='for=192.0.2.1;proto=https;host="pub.example"'
check_contains "Forwarded from a trusted proxy" \
    "<loc>https://pub.example/news</loc>" "$BODY"
# Both from a trusted proxy, as sitemapd.ini(5) says: each of Forwarded's
# wins, its host with its own port; what it lacks, X-Forwarded-* gives.
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=backend:8080 \
    REMOTE_ADDR=127.0.0.1 HTTP_FORWARDED='proto=https;host="a.example"' \
    HTTP_X_FORWARDED_PROTO=http HTTP_X_FORWARDED_HOST=b.example \
    HTTP_X_FORWARDED_PORT=8443
check_contains "Forwarded and X-Forwarded-* both: Forwarded's proto and host, no X-Forwarded-Port" \
    "Sitemap: https://a.example/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=backend:8080 \
    REMOTE_ADDR=127.0.0.1 HTTP_FORWARDED='proto=https' \
    HTTP_X_FORWARDED_HOST=b.example
check_contains "... the host Forwarded lacks, X-Forwarded-Host's" \
    "Sitemap: https://b.example/sitemap.xml" "$BODY"
cgi "$env_ex" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com \
    REMOTE_ADDR=127.0.0.1 HTTP_X_FORWARDED_HOST='a.example, b.example'
check_eq "X-Forwarded-Host list: 400" 400 "$STATUS"
check_contains "X-Forwarded-Host list: logged with the reason" \
    "400 for /sitemap.xml: X-Forwarded-Host holds a list" "$LOG"
cgi "$env_ex" REQUEST_URI=/robots.txt HTTP_HOST=example.com \
    REMOTE_ADDR=127.0.0.1 HTTP_FORWARDED='proto=https;proto=http'
check_eq "Forwarded repeating a parameter: 400" 400 "$STATUS"
check_contains "Forwarded repeating a parameter: logged" \
    "Forwarded header repeats a parameter" "$LOG"

ini "$TMP/strict.ini" "$EX" "[http]
trusted_proxies = 10.0.0.0/8
allowed_hosts = example.com, *.example.org"
env_strict="SITEMAPD_CONFIG=$TMP/strict.ini"
cgi "$env_strict" REQUEST_URI=/robots.txt HTTP_HOST=example.com \
    REMOTE_ADDR=127.0.0.1 $proxy_headers
check_contains "trusted_proxies replaces the loopback default" \
    "Sitemap: http://example.com/sitemap.xml" "$BODY"
cgi "$env_strict" REQUEST_URI=/robots.txt HTTP_HOST=example.com \
    REMOTE_ADDR=10.1.2.3 HTTP_X_FORWARDED_HOST=www.example.org
check_contains "configured proxy trusted" \
    "Sitemap: http://www.example.org/sitemap.xml" "$BODY"
cgi "$env_strict" REQUEST_URI=/robots.txt HTTP_HOST=evil.example
check_eq "host outside allowed_hosts: 400" 400 "$STATUS"
check_contains "host outside allowed_hosts: logged" \
    "host is not in allowed_hosts" "$LOG"
cgi "$env_strict" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com \
    REMOTE_ADDR=10.1.2.3 HTTP_X_FORWARDED_HOST=example.org
check_eq "forwarded host outside allowed_hosts: 400" 400 "$STATUS"

# --- content rules built here --------------------------------------------
R="$TMP/root"
mkdir -p "$R/content" "$R/state/sys"
ini "$TMP/root.ini" "$R" "admin_path = /Admin-Area
[reserved]
path = drafts/
robots = search/"
env_r="SITEMAPD_CONFIG=$TMP/root.ini"

page "$R" 0000000000000011 1 "$(md listed)"
# Names that are not sidecars of this layout.
page "$R" 0000000000000012 1 "$(md uppercase-shard)"
mv "$R/content/12" "$R/content/AB"
mkdir -p "$R/content/legacy" "$R/content/.hidden" "$R/content/abc" "$R/content/13/nested"
cp "$R/content/11/0000000000000011.1"* "$R/content/legacy/"
cp "$R/content/11/0000000000000011.1"* "$R/content/.hidden/"
cp "$R/content/11/0000000000000011.1"* "$R/content/abc/"
printf '%s\n' "$(md nested)" >"$R/content/13/nested/0000000000000013.1.ron"
: >"$R/content/13/nested/0000000000000013.1"
: >"$R/content/ff"
page "$R" 0000000000000014 1 "$(md temp-files)"
for n in .nop-upload-0000000000000014.2.ron 0000000000000014.2.ron.tmp \
    0000000000000014.2.ron.upload 0000000000000014.2.upload; do
	printf '%s\n' "$(md temp-file-won)" >"$R/content/14/$n"
done
: >"$R/content/14/0000000000000014.2"
page "$R" 0000000000000015 1 "$(md wrong-shard)"
mv "$R/content/15/0000000000000015.1"* "$R/content/11/"
page "$R" 0000000000000016 1 "$(md no-blob)"
rm "$R/content/16/0000000000000016.1"
mkdir -p "$R/content/17"
: >"$R/content/17/0000000000000017.1"
page "$R" 000000000000001A 1 "$(md uppercase-id)"
page "$R" 0000000000000018 01 "$(md leading-zero)"
page "$R" 0000000000000019 1 "$(md symlinked)"
mv "$R/content/19/0000000000000019.1.ron" "$TMP/outside.ron"
ln -s "$TMP/outside.ron" "$R/content/19/0000000000000019.1.ron"
# Version choice, lastmod, access, aliases.
page "$R" 0000000000000021 1 "$(md versioned-old)"
page "$R" 0000000000000021 2 "$(md versioned)"
page "$R" 0000000000000021 10 '(mime: "text/markdown", alias: "v10-no-title")'
page "$R" 0000000000000022 1 "$(md blob-newer)"
page "$R" 0000000000000023 1 "$(md sidecar-newer)"
page "$R" 0000000000000031 1 "$(md staff-only '"staff"')"
page "$R" 0000000000000032 1 "$(md open-tag '"open", "nosuch"')"
page "$R" 0000000000000033 1 '(alias: "photo", mime: "image/jpeg")'
page "$R" 0000000000000041 1 "$(md Same/Alias)"
page "$R" 0000000000000042 1 "$(md same/alias/)"
page "$R" 0000000000000043 1 "$(md admin-area/users)"
page "$R" 0000000000000044 1 "$(md drafts/plan)"
page "$R" 0000000000000045 1 "$(md search/help)"
page "$R" 0000000000000046 1 "$(md login)"
page "$R" 0000000000000047 1 "$(md sitemap.xml)"
page "$R" 0000000000000048 1 "$(md searching)"
page "$R" 0000000000000049 1 "$(md "a/../b")"
printf 'staff:\n  name: Staff\n  roles: [staff]\nopen:\n  name: Open\n  roles: []\n' >"$R/state/sys/tags.yaml"
find "$R" -type f -exec touch -h -d '2026-02-01 12:00:00 UTC' {} +
touch -d '2026-04-02 10:00:00 UTC' "$R/content/22/0000000000000022.1"
touch -d '2026-05-03 10:00:00 UTC' "$R/content/23/0000000000000023.1.ron"

cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "built root: status" 200 "$STATUS"
check_eq "built root: exactly the listable pages, sorted" \
"http://site.test/blob-newer
http://site.test/listed
http://site.test/open-tag
http://site.test/same/alias
http://site.test/searching
http://site.test/sidecar-newer
http://site.test/temp-files
http://site.test/versioned" "$(locs)"
check_valid "built root: valid sitemap" "$TMP/body" sitemap.xsd
check_contains "lastmod from a newer blob" \
    "<loc>http://site.test/blob-newer</loc>
    <lastmod>2026-04-02</lastmod>" "$BODY"
check_contains "lastmod from a newer sidecar" \
    "<loc>http://site.test/sidecar-newer</loc>
    <lastmod>2026-05-03</lastmod>" "$BODY"
check_contains "alias collision: the lowest id keeps it" \
    "<loc>http://site.test/same/alias</loc>" "$BODY"
check_eq "alias collision: listed once" 1 \
    "$(printf '%s\n' "$BODY" | grep -c '<loc>http://site.test/same/alias</loc>')"
check_contains "alias collision: check names both pages" \
    'page 0000000000000042 (/same/alias): left out: alias taken by page 0000000000000041' \
    "$("$SITEMAPD" -c "$(echo "$env_r" | sed 's/^SITEMAPD_CONFIG=//')" check 2>&1)"
check_eq "one log line for all the problems" 1 "$(printf '%s\n' "$LOG" | wc -l)"
out=$("$SITEMAPD" -c "$TMP/root.ini" check 2>&1)
check_contains "sidecar without blob in check" \
    "0000000000000016.1.ron: ignored: no blob 0000000000000016.1 beside it" "$out"
check_contains "invalid alias in check" \
    "0000000000000049.1.ron: skipped:" "$out"
check_contains "version 10 invalid, in check" \
    "0000000000000021.10.ron: skipped: markdown needs a title" "$out"

cgi "$env_r" REQUEST_URI=/robots.txt HTTP_HOST=site.test
check_eq "robots.txt with [reserved] robots" "User-agent: *
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Disallow: /search/
Allow: /

Sitemap: http://site.test/sitemap.xml" "$BODY"
check_lacks "robots.txt hides the admin path" "dmin" "$BODY"
check_lacks "robots.txt does not publish [reserved] path" "drafts" "$BODY"

# trailing_slash and home_alias
ini "$TMP/slash.ini" "$R" "trailing_slash = yes
home_alias = listed"
cgi SITEMAPD_CONFIG="$TMP/slash.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "trailing slash policy and home alias" \
"http://site.test/
http://site.test/admin-area/users/
http://site.test/blob-newer/
http://site.test/drafts/plan/
http://site.test/open-tag/
http://site.test/same/alias/
http://site.test/search/help/
http://site.test/searching/
http://site.test/sidecar-newer/
http://site.test/temp-files/
http://site.test/versioned/" "$(locs)"

# Freshness: every CGI request reads the disk as it is.
page "$R" 0000000000000051 1 "$(md brand-new)"
cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_contains "a new page shows at once" "http://site.test/brand-new" "$BODY"
rm "$R/content/51/0000000000000051.1.ron"
cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_lacks "a removed page goes at once" "brand-new" "$BODY"

# A site with nothing to list says so: an empty <urlset>, not an error.
mkdir -p "$TMP/empty/content"
ini "$TMP/empty.ini" "$TMP/empty"
cgi SITEMAPD_CONFIG="$TMP/empty.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "empty site: 200" 200 "$STATUS"
check_eq "empty site: empty urlset" '<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/css" href="/sitemap.css"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
</urlset>' "$BODY"

# --- failures: 503, never an empty or partial sitemap ---------------------
printf 'staff: [unclosed\n' >"$R/state/sys/tags.yaml"
cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "broken tags.yaml: sitemap 503" 503 "$STATUS"
check_eq "503 says when to retry" 60 "$(header Retry-After)"
check_lacks "503 lists nothing" "<loc>" "$BODY"
check_contains "broken tags.yaml logged" "tags.yaml" "$LOG"
cgi "$env_r" REQUEST_URI=/robots.txt HTTP_HOST=site.test
check_eq "broken tags.yaml: robots.txt still 200" 200 "$STATUS"
printf 'staff:\n  name: Staff\n  roles: [staff]\n' >"$R/state/sys/tags.yaml"

mv "$R/content" "$R/content.away"
cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "missing content/: 503" 503 "$STATUS"
cgi "$env_r" REQUEST_URI=/robots.txt HTTP_HOST=site.test
check_eq "missing content/: robots.txt 200" 200 "$STATUS"
mv "$R/content.away" "$R/content"
chmod 000 "$R/content/11"
CGI_PREFIX=$NO_DAC_OVERRIDE cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "unreadable shard: 503" 503 "$STATUS"
check_lacks "unreadable shard: nothing listed" "<loc>" "$BODY"
chmod 755 "$R/content/11"
chmod 000 "$R/content"
CGI_PREFIX=$NO_DAC_OVERRIDE cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "unreadable content/: 503" 503 "$STATUS"
check_contains "unreadable content/: logged" "Permission denied" "$LOG"
CGI_PREFIX=$NO_DAC_OVERRIDE cgi "$env_r" REQUEST_URI=/robots.txt HTTP_HOST=site.test
check_eq "unreadable content/: robots.txt 200" 200 "$STATUS"
chmod 755 "$R/content"
CGI_PREFIX=$NO_DAC_OVERRIDE cgi "$env_r" REQUEST_URI=/sitemap.xml HTTP_HOST=site.test
check_eq "readable again: 200" 200 "$STATUS"

# --- where a CGI finds its configuration ----------------------------------
mkdir -p "$TMP/htdocs"
ini "$TMP/htdocs/sitemapd.ini" "$EX"
cgi REQUEST_URI=/robots.txt HTTP_HOST=example.com \
    SCRIPT_FILENAME="$TMP/htdocs/sitemapd.cgi"
check_eq "sitemapd.ini beside the CGI script" 200 "$STATUS"

# robots.txt answers 5xx (which crawlers read as "hold off") only where
# the site's own rules cannot be known, and never another source's: an
# INI that cannot be read says nothing of its site (tests/bad-root.sh
# has the rest); the sitemaps are a 503, never a guess.
cgi SITEMAPD_CONFIG="$TMP/nonexistent.ini" REQUEST_URI=/robots.txt HTTP_HOST=example.com
check_eq "missing INI: robots.txt is a 503, its rules unknown" 503 "$STATUS"
check_contains "... asked again later" "Retry-After: 60" "$HEADERS"
check_contains "missing INI: the log says why" "nonexistent.ini" "$LOG"
check_contains "missing INI: and what is served" "serving no robots.txt (503)" "$LOG"
cgi SITEMAPD_CONFIG="$TMP/nonexistent.ini" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
check_eq "missing INI: the sitemap is a 503, never a guess" 503 "$STATUS"
printf '[site]\nroot = %s\nadmin_path = /hidden-admin\nbogus = 1\n' "$EX" \
    >"$TMP/invalid.ini"
cgi SITEMAPD_CONFIG="$TMP/invalid.ini" REQUEST_URI=/robots.txt HTTP_HOST=example.com
check_eq "invalid INI of a NoPressure root: its built-in robots.txt, 200" \
    200 "$STATUS"
check_contains "... NoPressure's reserved paths" "Disallow: /login/" "$BODY"
check_lacks "invalid INI: the built-in robots.txt names no admin path" \
    "hidden-admin" "$BODY"
check_contains "invalid INI: the log names file and line" "invalid.ini:4:" "$LOG"
cgi SITEMAPD_CONFIG="$TMP/invalid.ini" REQUEST_URI=/sitemaps/sitemap-0001.xml \
    HTTP_HOST=example.com
check_eq "invalid INI: a sitemap part is a 503" 503 "$STATUS"

# A URL path of 1,781 bytes is listed, one of 1,782 left out, whatever
# the host: the same pages for a one-letter host as for a 253-byte one.
L="$TMP/long"
page "$L" 00000000000006f4 1 "$(md "$(printf '%1780s' | tr ' ' a)")"
page "$L" 00000000000006f5 1 "$(md "$(printf '%1781s' | tr ' ' b)")"
ini "$TMP/long.ini" "$L"
long_host=$(printf '%63s.%63s.%63s.%61s' | tr ' ' h)
for host in x "$long_host"; do
	out=$("$SITEMAPD" -c "$TMP/long.ini" list --host "$host" | cut -f 1,2)
	check_eq "a path of 1,781 bytes listed, 1,782 not (host of ${#host})" \
	    "00000000000006f4	listed
00000000000006f5	left-out" "$out"
done
check_contains "... and check says why" "left out: URL too long" \
    "$("$SITEMAPD" -c "$TMP/long.ini" check 2>&1)"

finish
