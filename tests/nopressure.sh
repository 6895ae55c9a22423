#!/bin/sh
# The content root read as NoPressure reads it (nop/src/public/
# page_meta_cache/scan.rs, flat_storage.rs, seo.rs and their tests, restated
# here): which files are pages, which version is served, the admin path
# from config.yaml, and where sitemapd deliberately fails closed instead.
. "$SRCDIR/tests/lib.sh"

R="$TMP/root"
mkdir -p "$R/state/sys"
ini "$TMP/site.ini" "$R"
printf 'server:\n  secret: hunter2\nadmin:\n  path: /admin\n' >"$R/config.yaml"
cat >"$R/state/sys/tags.yaml" <<'YAML'
public:
  name: Public
  roles: []
admin-only:
  name: Admin Only
  roles: [admin]
tag-a:
  name: tag-a
  roles: [alpha]
  access_rule: union
tag-b:
  name: tag-b
  roles: [beta]
tag-c:
  name: tag-c
  roles: [beta]
  access_rule: intersect
staff:
  name: Staff
  roles: [staff]
YAML

# sidecar ROOT SHARD NAME TEXT: a sidecar under a name of the test's choice.
sidecar() { mkdir -p "$1/content/$2"; printf '%s\n' "$4" >"$1/content/$2/$3"; }
blob() { mkdir -p "$1/content/$2"; printf '# page\n' >"$1/content/$2/$3"; }
sitemap() {
	cgi SITEMAPD_CONFIG="${INI:-$TMP/site.ini}" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=public.example
}

# --- NoPressure's own cases -----------------------------------------------------
# public_sitemap.rs: an alias-less page by id, a reserved alias never.
page "$R" 0000000000000063 1 "$(md '')"
page "$R" 0000000000000064 1 "$(md robots.txt)"
page "$R" 0000000000000065 1 "$(md docs/intro)"
set_mtime '2026-02-01 12:00 UTC' "$R/content/65/0000000000000065.1.ron"
set_mtime '2026-03-04 12:00 UTC' "$R/content/65/0000000000000065.1"
# scan.rs: canonical aliases, tags without roles, role precedence.
page "$R" 0000000000000066 1 "$(md Docs/Getting-Started '"public"')"
page "$R" 0000000000000067 1 "$(md mixed '"public", "admin-only"')"
page "$R" 0000000000000068 1 "$(md union '"tag-a", "tag-b"')"
page "$R" 0000000000000069 1 "$(md intersect '"tag-a", "tag-c"')"

# --- which version is served ----------------------------------------------------
# The newest that validates and whose alias NoPressure does not reserve.
page "$R" 0000000000000101 1 "$(md docs/old)"
page "$R" 0000000000000101 2 "$(md api/docs)"
page "$R" 0000000000000102 1 "$(md about)"
page "$R" 0000000000000102 2 "$(md admin/panel)"
page "$R" 0000000000000103 1 "$(md fallback/ok)"
page "$R" 0000000000000103 2 '(mime: "text/markdown", alias: "fallback/new")'
page "$R" 0000000000000104 1 "$(md admin/stats)"
# validate_sidecar: a blank title is a title; tags are taken as written.
page "$R" 0000000000000105 1 '(alias: "blank/title", title: Some(" "), mime: "text/markdown")'
page "$R" 0000000000000106 1 "$(md spaced/tag '" staff"')"
page "$R" 0000000000000107 1 "$(md nav/ok)"
page "$R" 0000000000000107 2 '(alias: "nav/big", title: Some("T"), mime: "text/markdown", nav_order: Some(2147483648))'

# --- file names, as parse_sidecar_filename and blob_exists_for_sidecar ----------
blob "$R" cd 000000000000abcd.1
sidecar "$R" cd 000000000000ABCD.1.ron "$(md upper/hex)"
blob "$R" de 000000000000bcde.1
sidecar "$R" de bcde.1.ron "$(md short/id)"
blob "$R" ef 000000000000cdef.1
sidecar "$R" ef 000000000000cdef.01.ron "$(md leading/zero)"
echo target >"$TMP/blob-elsewhere"
ln -s "$TMP/blob-elsewhere" "$R/content/10/0000000000000110.1" 2>/dev/null ||
    { mkdir -p "$R/content/10"; ln -s "$TMP/blob-elsewhere" "$R/content/10/0000000000000110.1"; }
sidecar "$R" 10 0000000000000110.1.ron "$(md symlinked/blob)"
mkdir -p "$R/content/11"
ln -s "$TMP/nothing-here" "$R/content/11/0000000000000111.1"
sidecar "$R" 11 0000000000000111.1.ron "$(md dangling/blob)"
blob "$R" 13 0000000000000112.1
sidecar "$R" 13 0000000000000112.1.ron "$(md wrong/shard)"
blob "$R" 14 notapage.1
sidecar "$R" 14 notapage.1.ron "$(md no/name)"
sidecar "$R" 15 0000000000000115.1.ron "$(md no/blob)"
sidecar "$R" 15 .0000000000000115.1.ron.tmp "$(md hidden)"
mkdir -p "$R/content/AB" "$R/content/legacy"
printf '%s\n' "$(md outside)" >"$R/content/00000000000000ab.1.ron"

# --- a newest version that cannot be read leaves the page out -----------------
page "$R" 0000000000000116 1 "$(md was/public)"
page "$R" 0000000000000116 2 "$(md now/private '"staff"')"
chmod 000 "$R/content/16/0000000000000116.2.ron"
page "$R" 0000000000000117 1 "$(md was/public2)"
blob "$R" 17 0000000000000117.2
ln -s 0000000000000117.1.ron "$R/content/17/0000000000000117.2.ron"
page "$R" 0000000000000118 1 "$(md was/public3)"
page "$R" 0000000000000118 2 "$(md huge)"
head -c 1100000 /dev/zero | tr '\0' ' ' >>"$R/content/18/0000000000000118.2.ron"

CGI_PREFIX=$NO_DAC_OVERRIDE
sitemap
check_eq "the sitemap lists what NoPressure serves publicly" \
"http://public.example/about
http://public.example/blank/title
http://public.example/docs/getting-started
http://public.example/docs/intro
http://public.example/docs/old
http://public.example/fallback/ok
http://public.example/id/0000000000000063
http://public.example/leading/zero
http://public.example/nav/ok
http://public.example/short/id
http://public.example/spaced/tag
http://public.example/symlinked/blob
http://public.example/upper/hex" "$(locs)"
check_contains "lastmod is the newer of blob and sidecar" \
    "<loc>http://public.example/docs/intro</loc>
    <lastmod>2026-03-04</lastmod>" "$BODY"
check_eq "a CGI logs one line for all the problems" 1 "$(printf '%s\n' "$LOG" | wc -l)"
check_contains "... naming check" "(sitemapd check lists them)" "$LOG"
check_lacks "config.yaml's other values are never logged" hunter2 "$LOG"
CHECK=$($NO_DAC_OVERRIDE "$SITEMAPD" -c "$TMP/site.ini" check 2>&1)
check_contains "v2's alias is reserved" \
    "0000000000000101.2.ron: skipped: its alias api/docs is reserved" "$CHECK"
check_contains "config.yaml's admin path reserves v2's alias" \
    "0000000000000102.2.ron: skipped: its alias admin/panel is reserved" "$CHECK"
check_contains "a wrong shard" \
    "content/13/0000000000000112.1.ron: ignored: page 0000000000000112 belongs in shard 12" "$CHECK"
check_contains "a name that does not parse" \
    "content/14/notapage.1.ron: ignored: not a sidecar name" "$CHECK"
check_contains "a sidecar without a blob" \
    "content/15/0000000000000115.1.ron: ignored: no blob 0000000000000115.1 beside it" "$CHECK"
check_contains "a dangling symlink is no blob" \
    "0000000000000111.1.ron: ignored: no blob" "$CHECK"
check_lacks "hidden files are not looked at" "hidden" "$CHECK"
check_contains "a directory that is no shard" \
    "content/AB: ignored: content/ holds only shard directories" "$CHECK"
check_contains "a page file outside the shards" \
    "content/00000000000000ab.1.ron: ignored: content/ holds only" "$CHECK"
check_lacks "legacy/ is skipped as NoPressure skips it" "legacy" "$CHECK"
check_contains "unreadable newest sidecar: the page is left out" \
    "page 0000000000000116: left out: $R/content/16/0000000000000116.2.ron cannot be read: Permission denied" "$CHECK"
check_contains "a symlinked sidecar: left out" \
    "page 0000000000000117: left out: $R/content/17/0000000000000117.2.ron cannot be read: not a regular file" "$CHECK"
check_contains "a sidecar over 1 MiB: left out" \
    "page 0000000000000118: left out: $R/content/18/0000000000000118.2.ron cannot be read: over 1 MiB" "$CHECK"
check_lacks "... nor checked" hunter2 "$CHECK"
chmod 644 "$R/content/16/0000000000000116.2.ron"

# --- the admin path: config.yaml, the INI, or unknown ---------------------------
chmod 000 "$R/config.yaml"
sitemap
check_eq "config.yaml unreadable, no admin_path: sitemap 503" 503 "$STATUS"
check_contains "... with a log line saying what to do" \
    "the admin path is unknown" "$LOG"
check_contains "... naming the fix" "set [site] admin_path" "$LOG"
cgi SITEMAPD_CONFIG="$TMP/site.ini" REQUEST_URI=/robots.txt HTTP_HOST=public.example
check_eq "... robots.txt still 200" 200 "$STATUS"
$NO_DAC_OVERRIDE "$SITEMAPD" -c "$TMP/site.ini" check >"$TMP/check.out" 2>&1
check_contains "... check says so" "the admin path is unknown" "$(cat "$TMP/check.out")"
ini "$TMP/admin.ini" "$R" "admin_path = /backstage"
INI="$TMP/admin.ini" sitemap
check_eq "config.yaml unreadable, admin_path in the INI: 200" 200 "$STATUS"
$NO_DAC_OVERRIDE "$SITEMAPD" -c "$TMP/admin.ini" check >"$TMP/check.out" 2>&1
check_contains "... check says config.yaml could not be read" \
    "config.yaml: Permission denied; using [site] admin_path /backstage" \
    "$(cat "$TMP/check.out")"
chmod 644 "$R/config.yaml"
"$SITEMAPD" -c "$TMP/admin.ini" check >"$TMP/check.out" 2>&1
check_contains "both set and different: check notes it" \
    "[site] admin_path /backstage differs from config.yaml's admin.path /admin" \
    "$(cat "$TMP/check.out")"
printf '[site]\nroot = %s\n[robots]\ndisallow = /Admin/x\n' "$R" >"$TMP/bad.ini"
"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
check_eq "a rule naming config.yaml's admin path: INI refused" 2 "$?"
check_contains "... saying why" \
    "bad.ini:4: \"/Admin/x\" names the admin path (admin.path in config.yaml)" \
    "$(cat "$TMP/err")"
printf 'admin:\n  path: [not, a, path]\n' >"$R/config.yaml"
sitemap
check_eq "config.yaml without a usable admin.path: 503" 503 "$STATUS"
rm "$R/config.yaml"
sitemap
check_eq "no config.yaml at all: only the INI's admin path" 200 "$STATUS"
check_contains "... so admin/stats is served" "/admin/stats</loc>" "$BODY"

# doc/nopressure-root's minimal site, built by its own commands.
mkdir -p "$TMP/readme" && cd "$TMP/readme" || exit 1
sed -n '/A minimal site by hand:/,/render \/sitemap.xml/p' "$SRCDIR/doc/nopressure-root" |
    sed -n 's/^    //p' | sed "s|^sitemapd |\"\$SITEMAPD\" |" >"$TMP/readme.sh"
out=$(SITEMAPD="$SITEMAPD" sh "$TMP/readme.sh" 2>&1)
check_contains "doc/nopressure-root's minimal site lists its page" \
    "<loc>http://localhost/about</loc>" "$out"
cd "$TMP" || exit 1

finish
