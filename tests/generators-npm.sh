#!/bin/sh
# Sites built by generators from npm, each with its own sitemap, served
# by sitemapd with the settings the generator's output asks for and by
# nginx, lighttpd and Apache with what "sitemapd recipe" prints: Astro 5
# with @astrojs/sitemap (trailingSlash never, in the directory and the
# file format, and always) and Eleventy 3 (pagination, tags, a noindex
# page, a meta-refresh page). Every URL listed answers 200 with its file;
# the list is the generator's own sitemap but for the pages named here
# that it lists wrongly (noindex) or forgets (Eleventy writes none).
#
# The generators are installed once, and each site built once for its
# sources (tests/build-cache.sh). Without npm, or without the registry,
# the test is skipped.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need node nodejs
need npm npm
need nginx
need lighttpd
need apache2

. "$SRCDIR/tests/build-cache.sh"

# compare NAME THEIRS [WRONG...]: sitemapd's list, of the INI serve
# wrote last, against the
# generator's sitemap file THEIRS, its URLs passed through the sed
# script MAP, but for the paths it lists wrongly.
compare() {
	_name=$1 _theirs=$2; shift 2
	"$SITEMAPD" -c "$INI" list --host example.org |
	    awk -F '\t' '$2 == "listed" { print $3 }' | sort >"$TMP/ours"
	sed 's/<loc>/\n<loc>/g' "$_theirs" |
	    sed -n 's:^<loc>\(.*\)</loc>.*:\1:p' | sed -e "${MAP:-}" |
	    sort >"$TMP/theirs"
	for _path; do
		check_contains "$_name: its own sitemap lists $_path" \
		    "http://example.org$_path" "$(cat "$TMP/theirs")"
		check_lacks "... sitemapd does not" "http://example.org$_path
" "$(cat "$TMP/ours")
"
		grep -vx "http://example.org$_path" "$TMP/theirs" >"$TMP/right"
		mv "$TMP/right" "$TMP/theirs"
	done
	check_eq "$_name: the pages its own sitemap lists rightly" \
	    "$(cat "$TMP/theirs")" "$(cat "$TMP/ours")"
}

# serve NAME ROOT [INI LINES]: served through each server with its
# recipe; INI names the INI written. Under a url_path, the folder is
# copied where the host publishes it, for the .htaccess.
serve() {
	INI="$TMP/$(printf '%s' "$1" | tr -c 'A-Za-z0-9' -).ini"
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$2" "${3:-}" \
	    >"$INI"
	out=$("$SITEMAPD" -c "$INI" check 2>&1)
	check_eq "$1: check exits ${CHECK_RC:-0}" "${CHECK_RC:-0}" "$?"
	[ -n "$out" ] && printf '%s\n' "$out" | grep -v '^note' | head -5
	_under=$(sed -n 's|^url_path = /\(.*\)|\1|p' "$INI")
	_copy="$TMP/site"
	[ -n "$_under" ] && _copy="$TMP/site-host/${_under%/}"
	rm -rf "$TMP/site" "$TMP/site-host"
	mkdir -p "$(dirname "$_copy")"
	cp -R "$2" "$_copy"
	sed "s|^root = .*|root = $_copy|" "$INI" >"$TMP/served.ini"
	R="$_copy" UNDER="$_under" serve_all "$1" "$TMP/served.ini"
}

. "$SRCDIR/tests/serve-all.sh"

# --- Astro 5 and @astrojs/sitemap ----------------------------------------
install astro astro@5 @astrojs/sitemap@3 ||
    skip "npm could not install astro (no registry?)"
A="$TMP/astro-src"
mkdir -p "$A/src/pages/blog" "$A/src/components" "$A/public"
cat >"$A/astro.config.mjs" <<'EOF'
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
export default defineConfig({
  site: 'http://example.org',
  trailingSlash: process.env.SLASH,
  build: { format: process.env.FORMAT },
  integrations: [sitemap()],
});
EOF
cat >"$A/src/components/Head.astro" <<'EOF'
---
const { title, noindex } = Astro.props;
const canonical = new URL(Astro.url.pathname, Astro.site);
---
<head><meta charset="utf-8"><title>{title}</title><link rel="canonical" href={canonical} />{noindex && <meta name="robots" content="noindex" />}</head>
EOF
for p in index about blog/index blog/first-post blog/release-1.0 secret; do
	case $p in */*) up=../../ ;; *) up=../ ;; esac
	noindex=false
	[ "$p" = secret ] && noindex=true
	printf -- '---\nimport Head from "%scomponents/Head.astro";\n---\n<html><Head title="%s" noindex={%s} /><body><p>%s</p></body></html>\n' \
	    "$up" "$p" "$noindex" "$p" >"$A/src/pages/$p.astro"
done
printf 'User-agent: *\nAllow: /\nSitemap: http://example.org/sitemap-index.xml\n' \
    >"$A/public/robots.txt"
astro_build() {	# astro_build NAME TRAILING-SLASH FORMAT
	built "$1" "$A" "ln -s '$CACHE/npm/astro/node_modules' node_modules &&
	    SLASH=$2 FORMAT=$3 node_modules/.bin/astro build --silent"
}

astro_build astro-never never directory
serve "astro never" "$OUT/dist" "trailing_slash = no"
compare "astro never" "$OUT/dist/sitemap-0.xml" /secret
printf '[site]\nsource = docroot\nroot = %s\n' "$OUT/dist" >"$TMP/slashes.ini"
out=$("$SITEMAPD" -c "$TMP/slashes.ini" check 2>&1)
check_contains "astro never, read with slashes: the setting named" \
    "as [site] trailing_slash = no would list them, pages: 4" "$out"
cgi SITEMAPD_CONFIG="$INI" REQUEST_URI=/robots.txt \
    HTTP_HOST=example.org
check_lacks "astro: its robots.txt's sitemap-index.xml replaced" \
    "sitemap-index.xml" "$BODY"
check_contains "... by sitemapd's" "Sitemap: http://example.org/sitemap.xml" \
    "$BODY"

# In the file format, Astro.url names about.html, and so does the page's
# canonical; @astrojs/sitemap lists /about. The page's own word wins:
# /about.html, which clean_urls would list as the canonical asks too.
astro_build astro-file never file
serve "astro file" "$OUT/dist"
MAP='s|\(org/.*[^/]\)$|\1.html|' compare "astro file" \
    "$OUT/dist/sitemap-0.xml" /secret.html
serve "astro file, clean_urls" "$OUT/dist" "[docroot]
clean_urls = yes"
MAP='s|\(org/.*[^/]\)$|\1.html|' compare "astro file, clean_urls" \
    "$OUT/dist/sitemap-0.xml" /secret.html

astro_build astro-always always directory
serve "astro always" "$OUT/dist"
compare "astro always" "$OUT/dist/sitemap-0.xml" /secret/

# --- Docusaurus 3: trailingSlash unset (two locales), true, and false
# under baseUrl /docs/ ----------------------------------------------------
install docusaurus @docusaurus/core@3 @docusaurus/preset-classic@3 \
    react@18 react-dom@18 ||
    skip "npm could not install docusaurus (no registry?)"
D="$TMP/docusaurus-src"
mkdir -p "$D/docs" "$D/blog" "$D/src/pages"
cat >"$D/docusaurus.config.js" <<'EOF'
module.exports = {
  title: 'Demo', url: 'http://example.org', baseUrl: process.env.BASE,
  onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore',
  trailingSlash: process.env.SLASH === 'true' ? true :
    process.env.SLASH === 'false' ? false : undefined,
  i18n: { defaultLocale: 'en', locales: process.env.LOCALES.split(' ') },
  presets: [['classic', { docs: {}, blog: { showReadingTime: false } }]],
};
EOF
printf -- '---\ntitle: Intro\n---\nHello.\n' >"$D/docs/intro.md"
printf -- '---\ntitle: Guide\n---\nGuide.\n' >"$D/docs/guide.md"
printf -- '---\ntitle: Secret\n---\n<head><meta name="robots" content="noindex" /></head>\nSecret.\n' \
    >"$D/docs/secret.md"
printf -- '---\ntitle: First\ndate: 2024-01-02\n---\nPost.\n' \
    >"$D/blog/2024-01-02-first.md"
printf "import React from 'react';\nexport default function Home() { return <main><h1>Home</h1></main>; }\n" \
    >"$D/src/pages/index.js"
docusaurus_build() {	# docusaurus_build NAME BASE SLASH LOCALES
	built "$1" "$D" "ln -s '$CACHE/npm/docusaurus/node_modules' node_modules &&
	    BASE='$2' SLASH='$3' LOCALES='$4' node_modules/.bin/docusaurus build"
}

docusaurus_build docusaurus-unset / unset "en fr"
serve "docusaurus" "$OUT/build" "trailing_slash = no"
cat "$OUT/build/sitemap.xml" "$OUT/build/fr/sitemap.xml" >"$TMP/both.xml"
compare "docusaurus" "$TMP/both.xml"
"$SITEMAPD" -c "$INI" list --host example.org >"$TMP/list"
check_contains "docusaurus: its noindex doc left out" \
    "http://example.org/docs/secret	noindex" "$(cat "$TMP/list")"
cgi SITEMAPD_CONFIG="$INI" REQUEST_URI=/sitemap.xml \
    HTTP_HOST=example.org
check_contains "docusaurus: the two locales name each other" \
    'hreflang="fr" href="http://example.org/fr/docs/intro"' "$BODY"
printf '[site]\nsource = docroot\nroot = %s\n' "$OUT/build" >"$TMP/slashes.ini"
out=$("$SITEMAPD" -c "$TMP/slashes.ini" check 2>&1)
check_eq "docusaurus read with slashes: check exits 1" 1 "$?"
check_contains "... naming trailing_slash = no" \
    "as [site] trailing_slash = no would list them" "$out"

docusaurus_build docusaurus-true / true en
serve "docusaurus trailingSlash true" "$OUT/build"
compare "docusaurus trailingSlash true" "$OUT/build/sitemap.xml"

docusaurus_build docusaurus-docs /docs/ false "en fr"
# trailingSlash false writes blog.html, not blog/index.html: clean_urls.
serve "docusaurus baseUrl /docs/" "$OUT/build" "[docroot]
clean_urls = yes
url_path = /docs/"
cat "$OUT/build/sitemap.xml" "$OUT/build/fr/sitemap.xml" >"$TMP/both.xml"
compare "docusaurus baseUrl /docs/" "$TMP/both.xml"
# Its alternates name /docs/ and /docs/fr/...: read under url_path.
cgi SITEMAPD_CONFIG="$INI" REQUEST_URI=/docs/sitemap.xml HTTP_HOST=example.org
check_contains "docusaurus baseUrl /docs/: the two locales name each other" \
    'hreflang="fr" href="http://example.org/docs/fr/docs/intro"' "$BODY"
check_eq "... on every page listed" "$(printf '%s\n' "$BODY" | grep -c '<loc>')" \
    "$(printf '%s\n' "$BODY" | grep -c 'hreflang="fr"')"
check_lacks "... and check says none is unlisted" "is not listed" \
    "$("$SITEMAPD" -c "$INI" check 2>&1)"

# --- Next.js 15's static export: trailingSlash false writes about.html
# beside about.txt (its payload, which MultiViews would serve) and
# blog.html beside a folder blog/; true writes folders ---------------------
install next next@15 react@19 react-dom@19 ||
    skip "npm could not install next (no registry?)"
N="$TMP/next-src"
mkdir -p "$N/app"
printf "module.exports = { output: 'export', trailingSlash: process.env.SLASH === 'true' };\n" \
    >"$N/next.config.js"
printf "export const metadata = { metadataBase: new URL('http://example.org') };\nexport default function Layout({ children }) { return <html><body>{children}</body></html>; }\n" \
    >"$N/app/layout.js"
for p in "" about blog blog/first blog/release-1.0 secret; do
	mkdir -p "$N/app/$p"
	index=true
	[ "$p" = secret ] && index=false
	printf "export const metadata = { title: '%s', alternates: { canonical: '/%s' }, robots: { index: %s } };\nexport default function Page() { return <p>%s</p>; }\n" \
	    "${p:-home}" "$p" "$index" "${p:-home}" >"$N/app/$p/page.js"
done
next_build() {	# next_build NAME SLASH
	built "$1" "$N" "ln -s '$CACHE/npm/next/node_modules' node_modules &&
	    NEXT_TELEMETRY_DISABLED=1 SLASH=$2 node_modules/.bin/next build"
}
next_build next-false false
[ -f "$OUT/out/about.txt" ] && [ -d "$OUT/out/blog" ] ||
    not_ok "next: about.txt beside about.html, blog/ beside blog.html"
serve "next trailingSlash false" "$OUT/out" "[docroot]
clean_urls = yes"
check_eq "next trailingSlash false: its pages, not the noindex one" \
    "/ /about /blog /blog/first /blog/release-1.0" \
    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"
# Next gives a dotted slug's canonical no slash (/blog/release-1.0, a
# redirect to its folder): that page is left out, a problem.
next_build next-true true
CHECK_RC=1 serve "next trailingSlash true" "$OUT/out"
check_eq "next trailingSlash true: its pages, not the noindex one" \
    "/ /about/ /blog/ /blog/first/" \
    "$(cut -f 1 "$TMP/listed" | sort | tr '\n' ' ' | sed 's/ $//')"
check_contains "... the dotted slug whose canonical has no slash, named" \
    "pages: 1, such as blog/release-1.0/index.html" "$out"

# --- Eleventy 3: pagination, tags, noindex, a redirect page ---------------
install eleventy @11ty/eleventy@3 ||
    skip "npm could not install eleventy (no registry?)"
E="$TMP/eleventy-src"
mkdir -p "$E/posts" "$E/_includes"
printf '<!doctype html><html><head><title>{{ title }}</title>{%% if noindex %%}<meta name="robots" content="noindex">{%% endif %%}</head><body>{{ content }}</body></html>\n' \
    >"$E/_includes/base.njk"
for i in 1 2 3 4 5; do
	printf -- '---\nlayout: base.njk\ntitle: Post %s\ntags: [posts, t%s]\n---\nPost %s.\n' \
	    "$i" "$((i % 2))" "$i" >"$E/posts/p$i.md"
done
printf -- '---\nlayout: base.njk\ntitle: Private\nnoindex: true\n---\nNo.\n' \
    >"$E/private.md"
printf -- '---\npermalink: /old/\n---\n<!doctype html><meta http-equiv="refresh" content="0; url=/posts/p1/"><title>moved</title>\n' \
    >"$E/old.njk"
printf -- '---\nlayout: base.njk\ntitle: Blog\npagination:\n  data: collections.posts\n  size: 2\npermalink: "/blog/{%% if pagination.pageNumber > 0 %%}{{ pagination.pageNumber + 1 }}/{%% endif %%}"\n---\n{%% for p in pagination.items %%}<a href="{{ p.url }}">{{ p.data.title }}</a>{%% endfor %%}\n' \
    >"$E/blog.njk"
printf -- '---\nlayout: base.njk\ntitle: Tag\npagination:\n  data: collections\n  size: 1\n  alias: tag\n  filter: [all, posts]\npermalink: "/tags/{{ tag }}/"\n---\n{{ tag }}\n' \
    >"$E/tags.njk"
printf -- '---\nlayout: base.njk\ntitle: Home\n---\nHome.\n' >"$E/index.md"
built eleventy "$E" "ln -s '$CACHE/npm/eleventy/node_modules' node_modules &&
    node_modules/.bin/eleventy --quiet --output=_site"
serve eleventy "$OUT/_site"
"$SITEMAPD" -c "$INI" list --host example.org >"$TMP/list"
for path in / /blog/ /blog/2/ /blog/3/ /posts/p1/ /posts/p5/ /tags/t0/ /tags/t1/; do
	check_contains "eleventy: $path listed (Eleventy writes no sitemap)" \
	    "	listed	http://example.org$path	" "$(cat "$TMP/list")"
done
check_contains "eleventy: the noindex page left out" \
    "http://example.org/private/	noindex" "$(cat "$TMP/list")"
check_contains "eleventy: the refresh page left out" \
    "http://example.org/old/	a redirect to /posts/p1/" "$(cat "$TMP/list")"
finish
