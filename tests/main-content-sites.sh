#!/bin/sh
# A lastmod that moves only when the page itself changes, on sites built
# by real generators: Hugo, MkDocs, Jekyll, Pelican and Sphinx (Debian's),
# Astro, Starlight, Docusaurus and Eleventy (npm's). Each site, a home and ten docs
# (and dated posts for Hugo, Jekyll and Pelican), in a theme with a
# header, a nav, a main and a footer where the generator's own has none,
# is deployed six times with a lastmod store and IndexNow: as built,
# rebuilt unchanged, with a page added that the navigation lists, a page
# retitled, the footer's text changed, one page's text edited. Every
# deploy rewrites every file, dated that deploy's day. After each, a
# page's lastmod moves if and only if its main content changed, as read
# apart from sitemapd (tests/main-content.py); IndexNow receives exactly
# those URLs, those added and those gone; and, whatever that reading says,
# no page moves for a rebuild or the footer, and fewer than half for one
# page's edit. Sites are built once (tests/build-cache.sh).
. "$SRCDIR/tests/lib.sh"
need sqlite3
. "$SRCDIR/tests/endpoint.sh"
. "$SRCDIR/tests/build-cache.sh"

KEY=9f2c4e6a8b0d1f3e
STEPS="base same page retitle footer body"

# moves GENERATOR: its six deploys, each checked.
moves() {
	_g=$1 _src="$TMP/$1-src" _root="$TMP/$1-root" _ini="$TMP/$1.ini"
	rm -rf "$_src" "$TMP/$1.db" "$TMP/$1-state.db"
	mkdir -p "$_src"
	"${_g}_sources" "$_src"
	with_figure "$_src"
	printf '[site]\nsource = docroot\nroot = %s\n%s\n[docroot]\nlastmod_store = %s\n[indexnow]\nkey = %s\nhost = example.org\nendpoint = %s\ndelay = 0\nstate = %s\n[sitemap]\nimages = yes\n' \
	    "$_root" "$(settings "$_g")" "$TMP/$_g.db" "$KEY" "$ENDPOINT" \
	    "$TMP/$_g-state.db" >"$_ini"
	_k=0
	: >"$TMP/before"
	for _step in $STEPS; do
		_k=$((_k + 1))
		case $_step in base|same) ;; *) "${_g}_$_step" "$_src" ;; esac
		"${_g}_build" "$_g-$_step" "$_src" || return 0
		rm -rf "$_root"
		cp -R "$BUILT" "$_root"
		find "$_root" -exec touch -h -d "2020-0$_k-01" {} +
		deployed "$_g" "$_step" "2020-0$_k-01"
	done
}

# deployed GENERATOR STEP DATE: what list, IndexNow and the independent
# reading say of this deploy, against the one before ($TMP/before).
deployed() {
	"$SITEMAPD" -c "$_ini" list --host example.org >"$TMP/list" \
	    2>"$TMP/list.err" || { not_ok "$1 $2: list"; cat "$TMP/list.err"; }
	check_no_sanitizer_report "$(cat "$TMP/list.err")"
	# path, date, where it is from, file
	awk -F '\t' '$2 == "listed" { sub("^http://example.org", "", $3);
	    print $3 "\t" $4 "\t" $5 "\t" $6 }' "$TMP/list" | sort >"$TMP/now"
	cut -f 4 "$TMP/now" | python3 "$SRCDIR/tests/main-content.py" \
	    "$_root" >"$TMP/read"
	# path, date, from, digest
	awk -F '\t' 'NR == FNR { split($0, f, " "); d[f[1]] = f[2]; next }
	    { print $1 "\t" $2 "\t" $3 "\t" d[$4] }' "$TMP/read" "$TMP/now" \
	    >"$TMP/after"
	_from=$(posts)
	"$SITEMAPD" -c "$_ini" indexnow >/dev/null 2>"$TMP/indexnow.err" ||
	    { not_ok "$1 $2: sitemapd indexnow"; cat "$TMP/indexnow.err"; }
	check_no_sanitizer_report "$(cat "$TMP/indexnow.err")"
	_sent=$(sent "$_from" | sed 's|^https://example.org||' | tr '\n' ' ')
	# The pages whose main content changed (or are new), and those gone.
	_changed=$(awk -F '\t' 'NR == FNR { d[$1] = $4; next }
	    !($1 in d) || d[$1] != $4 { print $1 }' "$TMP/before" "$TMP/after" |
	    sort | tr '\n' ' ')
	_gone=$(awk -F '\t' 'NR == FNR { d[$1] = 1; next } !($1 in d) {
	    print $1 }' "$TMP/after" "$TMP/before" | sort | tr '\n' ' ')
	# Of the pages the store dates (not those that state their own),
	# those whose lastmod is this deploy's day, and those that changed.
	_moved=$(awk -F '\t' -v day="$3" '$3 != "stated" && $2 == day {
	    print $1 }' "$TMP/after" | tr '\n' ' ')
	_dated_changed=$(for _p in $_changed; do
		awk -F '\t' -v p="$_p" '$1 == p && $3 != "stated" { print $1 }' \
		    "$TMP/after"; done | tr '\n' ' ')
	_n=$(wc -l <"$TMP/after")
	_nmoved=$(echo $_moved | wc -w)
	echo "# $1 $2: $_nmoved of $_n pages moved; $(echo $_sent | wc -w) submitted"
	cp "$TMP/after" "$TMP/before"
	if [ "$2" = base ]; then
		cgi SITEMAPD_CONFIG="$_ini" REQUEST_URI=/sitemap.xml \
		    HTTP_HOST=example.org
		check_valid "$1: valid against the schemas, with images on" \
		    "$TMP/body" sitemap-extensions.xsd
		check_eq "$1: doc 03's figure, on that page alone" \
		    "<image:loc>https://cdn.example.org/fig.png</image:loc>" \
		    "$(grep -o '<image:loc>.*</image:loc>' "$TMP/body")"
		check_contains "... in its entry" "d03" "$(sed -n \
		    '/<image:loc>/{x;p;};/<loc>/h' "$TMP/body")"
		check_eq "$1: IndexNow's first run submits nothing" "" "$_sent"
		check_eq "$1: the first deploy lists pages" 1 \
		    "$([ "$_n" -ge 8 ] && echo 1)"
		return
	fi
	check_eq "$1 $2: the lastmods that move are those of the pages whose main content changed" \
	    "$_dated_changed" "$_moved"
	check_eq "$1 $2: IndexNow receives those, those added and those gone" \
	    "$(printf '%s\n' $_changed $_gone | sort -u | tr '\n' ' ' |
	    sed 's/^ $//')" "$_sent"
	case $2 in
	same|footer)
		check_eq "$1 $2: no page's main content changed" "" "$_changed"
		check_eq "$1 $2: no lastmod moves" "" "$_moved" ;;
	*)
		_url=$(eval echo "\$${1}_$2_url")
		check_contains "$1 $2: $_url changed" " $_url " " $_changed"
		check_eq "$1 $2: fewer than half the pages changed" 1 \
		    "$([ "$(echo $_changed | wc -w)" -lt "$((_n / 2))" ] &&
		    echo 1)" ;;
	esac
}

# with_figure DIR: a picture in doc 03's text, as its markup writes one
# (on a CDN, which no generator looks for among its files).
with_figure() {
	grep -rl 'What doc 03 says\.' "$1" | while read -r _f; do
		case $_f in
		*.rst) sed -i 's|What doc 03 says\.|&\n\n.. image:: https://cdn.example.org/fig.png|' "$_f" ;;
		*.astro|*.sh) sed -i 's|What doc 03 says\.|& <img src="https://cdn.example.org/fig.png" />|' "$_f" ;;
		*) sed -i 's|What doc 03 says\.|& ![A figure](https://cdn.example.org/fig.png)|' "$_f" ;;
		esac
	done
}

# settings GENERATOR: the INI lines its URLs ask, if any.
settings() { eval "echo \"\${${1}_ini:-}\""; }

# doc N: "Doc NN".
nn() { printf '%02d' "$1"; }

# Each generator: NAME_sources DIR writes its site's sources; NAME_page,
# NAME_retitle, NAME_footer and NAME_body make each edit, in the sources;
# NAME_build KEY DIR builds them (BUILT: the output; tests/build-cache.sh
# has those the tests share), 1 when it cannot be
# run here; NAME_page_url, _retitle_url and _body_url name the path of the
# page each edit changes.

# --- Hugo, with a layout of header, nav, main and footer -----------------
hugo_sources() {
	mkdir -p "$1/layouts/_default" "$1/content/docs" "$1/content/posts"
	printf 'baseURL = "http://example.org/"\ntitle = "Demo"\n[params]\nfooter = "Built on Monday"\n' \
	    >"$1/config.toml"
	printf '<!doctype html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><header><a href="/">{{ .Site.Title }}</a></header><nav>{{ range .Site.RegularPages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}</nav><main>{{ block "main" . }}{{ end }}</main><footer>{{ .Site.Params.footer }}</footer></body></html>\n' \
	    >"$1/layouts/_default/baseof.html"
	printf '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n' \
	    >"$1/layouts/_default/single.html"
	printf '{{ define "main" }}<h1>{{ .Title }}</h1>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}{{ end }}\n' \
	    >"$1/layouts/_default/list.html"
	cp "$1/layouts/_default/list.html" "$1/layouts/index.html"
	for i in $(seq 10); do
		printf -- '---\ntitle: Doc %s\n---\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$(nn "$i")" >"$1/content/docs/d$(nn "$i").md"
	done
	for i in 1 2 3; do
		printf -- '---\ntitle: Post %s\ndate: 2025-0%s-02\n---\nPost %s.\n' \
		    "$i" "$i" "$i" >"$1/content/posts/p$i.md"
	done
}
hugo_page() { printf -- '---\ntitle: Doc 11\n---\nNew.\n' >"$1/content/docs/d11.md"; }
hugo_retitle() { sed -i 's/^title: Doc 03/title: Doc three/' "$1/content/docs/d03.md"; }
hugo_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/config.toml"; }
hugo_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/content/docs/d05.md"; }
hugo_page_url=/docs/d11/ hugo_retitle_url=/docs/d03/ hugo_body_url=/docs/d05/

# --- MkDocs, its own theme: role="main" on a div --------------------------
mkdocs_sources() {
	mkdir -p "$1/docs"
	{ printf 'site_name: Demo\nsite_url: http://example.org/\ncopyright: Built on Monday\nnav:\n  - Home: index.md\n'
	for i in $(seq 10); do
		printf '  - Doc %s: d%s.md\n' "$(nn "$i")" "$(nn "$i")"
	done; } >"$1/mkdocs.yml"
	printf '# Home\n\nWelcome.\n' >"$1/docs/index.md"
	for i in $(seq 10); do
		printf '# Doc %s\n\nWhat doc %s says.\n' "$(nn "$i")" "$(nn "$i")" \
		    >"$1/docs/d$(nn "$i").md"
	done
}
mkdocs_page() {
	printf '# Doc 11\n\nNew.\n' >"$1/docs/d11.md"
	printf '  - Doc 11: d11.md\n' >>"$1/mkdocs.yml"
}
mkdocs_retitle() {
	sed -i 's/Doc 03/Doc three/' "$1/mkdocs.yml" "$1/docs/d03.md"
}
mkdocs_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/mkdocs.yml"; }
mkdocs_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/docs/d05.md"; }
mkdocs_page_url=/d11/ mkdocs_retitle_url=/d03/ mkdocs_body_url=/d05/

# --- Jekyll, with jekyll-seo-tag, in layouts shaped as minima's (whose
# footer shows the description, which jekyll-seo-tag also puts in the
# home's title: here the footer's text is one of its own) ----------------
jekyll_sources() {
	mkdir -p "$1/_layouts" "$1/_posts"
	printf '%s\n' 'title: Demo' 'footer: Built on Monday' \
	    'url: "http://example.org"' 'plugins: [jekyll-seo-tag]' \
	    >"$1/_config.yml"
	printf '<!DOCTYPE html><html><head><meta charset="utf-8">{%% seo %%}</head><body><header class="site-header"><a href="/">{{ site.title }}</a><nav class="site-nav">{%% for p in site.pages %%}{%% if p.title %%}<a href="{{ p.url }}">{{ p.title }}</a> {%% endif %%}{%% endfor %%}</nav></header><main class="page-content">{{ content }}</main><footer class="site-footer">{{ site.footer }}</footer></body></html>\n' \
	    >"$1/_layouts/default.html"
	printf -- '---\nlayout: default\n---\n<article class="post"><h1>{{ page.title }}</h1>{{ content }}</article>\n' \
	    >"$1/_layouts/page.html"
	printf -- '---\nlayout: default\n---\n<article class="post"><h1>{{ page.title }}</h1><time datetime="{{ page.date | date_to_xmlschema }}">{{ page.date | date: "%%b %%-d, %%Y" }}</time>{{ content }}</article>\n' \
	    >"$1/_layouts/post.html"
	printf -- '---\nlayout: default\n---\n<div class="home">{{ content }}<ul>{%% for post in site.posts %%}<li><a href="{{ post.url }}">{{ post.title }}</a></li>{%% endfor %%}</ul></div>\n' \
	    >"$1/_layouts/home.html"
	printf -- '---\nlayout: home\n---\nWelcome.\n' >"$1/index.md"
	for i in $(seq 10); do
		printf -- '---\nlayout: page\ntitle: Doc %s\n---\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$(nn "$i")" >"$1/d$(nn "$i").md"
	done
	for i in 1 2 3; do
		printf -- '---\nlayout: post\ntitle: Post %s\n---\nPost %s.\n' \
		    "$i" "$i" >"$1/_posts/2025-0$i-02-p$i.md"
	done
}
jekyll_page() {
	printf -- '---\nlayout: page\ntitle: Doc 11\n---\nNew.\n' >"$1/d11.md"
}
jekyll_retitle() { sed -i 's/^title: Doc 03/title: Doc three/' "$1/d03.md"; }
jekyll_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/_config.yml"; }
jekyll_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/d05.md"; }
jekyll_page_url=/d11.html jekyll_retitle_url=/d03.html jekyll_body_url=/d05.html

# --- Pelican, its simple theme: a header, a nav and a footer around the
# content; the subtitle, in the header, is its footer's text -------------
pelican_sources() {
	mkdir -p "$1/content/pages"
	printf '%s\n' 'SITENAME = "Demo"' 'SITESUBTITLE = "Built on Monday"' \
	    'SITEURL = "http://example.org"' 'TIMEZONE = "UTC"' \
	    'DEFAULT_LANG = "en"' 'FEED_ALL_ATOM = None' \
	    'CATEGORY_FEED_ATOM = None' 'RELATIVE_URLS = False' \
	    >"$1/pelicanconf.py"
	for i in $(seq 10); do
		printf 'Title: Doc %s\nSlug: d%s\n\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$(nn "$i")" "$(nn "$i")" \
		    >"$1/content/pages/d$(nn "$i").md"
	done
	for i in 1 2 3; do
		printf 'Title: Post %s\nDate: 2025-0%s-02\nCategory: news\n\nPost %s.\n' \
		    "$i" "$i" "$i" >"$1/content/p$i.md"
	done
}
pelican_page() { printf 'Title: Doc 11\nSlug: d11\n\nNew.\n' >"$1/content/pages/d11.md"; }
pelican_retitle() { sed -i 's/^Title: Doc 03/Title: Doc three/' "$1/content/pages/d03.md"; }
pelican_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/pelicanconf.py"; }
pelican_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/content/pages/d05.md"; }
pelican_page_url=/pages/d11.html pelican_retitle_url=/pages/d03.html
pelican_body_url=/pages/d05.html

# --- Sphinx, its default theme: role="main" ------------------------------
sphinx_sources() {
	mkdir -p "$1"
	printf '%s\n' 'project = "Demo"' 'copyright = "Built on Monday"' \
	    >"$1/conf.py"
	{ printf 'Home\n====\n\nWelcome.\n\n.. toctree::\n\n'
	for i in $(seq 10); do printf '   d%s\n' "$(nn "$i")"; done; } \
	    >"$1/index.rst"
	for i in $(seq 10); do
		printf 'Doc %s\n======\n\nWhat doc %s says.\n' "$(nn "$i")" \
		    "$(nn "$i")" >"$1/d$(nn "$i").rst"
	done
}
sphinx_page() {
	printf 'Doc 11\n======\n\nNew.\n' >"$1/d11.rst"
	printf '   d11\n' >>"$1/index.rst"
}
sphinx_retitle() { sed -i 's/^Doc 03/Doc 3rd/' "$1/d03.rst"; }
sphinx_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/conf.py"; }
sphinx_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/d05.rst"; }
sphinx_page_url=/d11.html sphinx_retitle_url=/d03.html sphinx_body_url=/d05.html

# --- Astro 5, a layout of header, nav, main and footer -------------------
astro_sources() {
	mkdir -p "$1/src/pages/docs" "$1/src/layouts" "$1/src/data"
	printf "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'http://example.org' });\n" \
	    >"$1/astro.config.mjs"
	{ printf 'export const nav = [\n'
	for i in $(seq 10); do
		printf "  { url: '/docs/d%s/', title: 'Doc %s' },\n" "$(nn "$i")" \
		    "$(nn "$i")"
	done; printf '];\n'; } >"$1/src/data/nav.mjs"
	printf "export const footer = 'Built on Monday';\n" >"$1/src/data/site.mjs"
	cat >"$1/src/layouts/Layout.astro" <<'EOF'
---
import { nav } from '../data/nav.mjs';
import { footer } from '../data/site.mjs';
const { title } = Astro.props;
---
<html><head><meta charset="utf-8"><title>{title}</title></head><body><header><a href="/">Demo</a></header><nav>{nav.map((p) => <a href={p.url}>{p.title}</a>)}</nav><main><h1>{title}</h1><slot /></main><footer>{footer}</footer></body></html>
EOF
	printf -- '---\nimport Layout from "../layouts/Layout.astro";\n---\n<Layout title="Home"><p>Welcome.</p></Layout>\n' \
	    >"$1/src/pages/index.astro"
	for i in $(seq 10); do
		astro_doc "$1" "$(nn "$i")" "Doc $(nn "$i")" "What doc $(nn "$i") says."
	done
}
astro_doc() {	# astro_doc DIR NN TITLE TEXT
	printf -- '---\nimport Layout from "../../layouts/Layout.astro";\n---\n<Layout title="%s"><p>%s</p></Layout>\n' \
	    "$3" "$4" >"$1/src/pages/docs/d$2.astro"
}
astro_page() {
	astro_doc "$1" 11 "Doc 11" "New."
	sed -i "s|^];|  { url: '/docs/d11/', title: 'Doc 11' },\n];|" "$1/src/data/nav.mjs"
}
astro_retitle() {
	sed -i 's/Doc 03/Doc three/' "$1/src/data/nav.mjs" "$1/src/pages/docs/d03.astro"
}
astro_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/src/data/site.mjs"; }
astro_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/src/pages/docs/d05.astro"; }
astro_build() {
	npm_ready astro astro@5 @astrojs/sitemap@3 || return 1
	built "$1" "$2" "ln -s '$CACHE/npm/astro/node_modules' node_modules &&
	    node_modules/.bin/astro build --silent"
	BUILT="$OUT/dist"
}
astro_page_url=/docs/d11/ astro_retitle_url=/docs/d03/ astro_body_url=/docs/d05/

# --- Starlight: its footer, of no section, inside <main>: the edit link
# (its base the "footer" edit) and the previous and next pages' titles --
starlight_sources() {
	mkdir -p "$1/src/content/docs"
	cat >"$1/astro.config.mjs" <<'EOF'
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
export default defineConfig({ site: 'http://example.org',
  integrations: [starlight({ title: 'Demo',
    editLink: { baseUrl: 'https://git.example.org/demo/edit/monday/' } })] });
EOF
	cat >"$1/src/content.config.ts" <<'EOF'
import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
EOF
	printf -- '---\ntitle: Home\n---\nWelcome.\n' >"$1/src/content/docs/index.md"
	for i in $(seq 10); do
		printf -- '---\ntitle: Doc %s\n---\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$(nn "$i")" >"$1/src/content/docs/d$(nn "$i").md"
	done
}
starlight_page() {
	printf -- '---\ntitle: Doc 11\n---\nNew.\n' >"$1/src/content/docs/d11.md"
}
starlight_retitle() { sed -i 's/^title: Doc 03/title: Doc three/' "$1/src/content/docs/d03.md"; }
starlight_footer() { sed -i 's|/edit/monday/|/edit/tuesday/|' "$1/astro.config.mjs"; }
starlight_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/src/content/docs/d05.md"; }
starlight_page_url=/d11/ starlight_retitle_url=/d03/ starlight_body_url=/d05/

# --- Docusaurus 3, its classic theme: <main> holds the previous and next
# links, in a <nav> ---------------------------------------------------------
docusaurus_sources() {
	mkdir -p "$1/docs" "$1/src/pages"
	cat >"$1/docusaurus.config.js" <<'EOF'
module.exports = {
  title: 'Demo', url: 'http://example.org', baseUrl: '/',
  onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore',
  presets: [['classic', { docs: {}, blog: false }]],
  themeConfig: { footer: { copyright: 'Built on Monday' } },
};
EOF
	printf "import React from 'react';\nimport Layout from '@theme/Layout';\nexport default function Home() { return <Layout title=\"Home\"><main><h1>Home</h1><p>Welcome.</p></main></Layout>; }\n" \
	    >"$1/src/pages/index.js"
	for i in $(seq 10); do
		printf -- '---\ntitle: Doc %s\nsidebar_position: %s\n---\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$i" "$(nn "$i")" >"$1/docs/d$(nn "$i").md"
	done
}
docusaurus_page() {
	printf -- '---\ntitle: Doc 11\nsidebar_position: 11\n---\nNew.\n' \
	    >"$1/docs/d11.md"
}
docusaurus_retitle() { sed -i 's/^title: Doc 03/title: Doc three/' "$1/docs/d03.md"; }
docusaurus_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/docusaurus.config.js"; }
docusaurus_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/docs/d05.md"; }
docusaurus_ini="trailing_slash = no"
docusaurus_page_url=/docs/d11 docusaurus_retitle_url=/docs/d03 docusaurus_body_url=/docs/d05

# --- Eleventy 3, a layout of header, nav, main and footer ----------------
eleventy_sources() {
	mkdir -p "$1/docs" "$1/_includes" "$1/_data"
	printf '{ "footer": "Built on Monday" }\n' >"$1/_data/site.json"
	printf '<!doctype html><html><head><meta charset="utf-8"><title>{{ title }}</title></head><body><header><a href="/">Demo</a></header><nav>{%% for p in collections.all %%}<a href="{{ p.url }}">{{ p.data.title }}</a> {%% endfor %%}</nav><main><h1>{{ title }}</h1>{{ content | safe }}</main><footer>{{ site.footer }}</footer></body></html>\n' \
	    >"$1/_includes/base.njk"
	printf -- '---\nlayout: base.njk\ntitle: Home\n---\nWelcome.\n' >"$1/index.md"
	for i in $(seq 10); do
		printf -- '---\nlayout: base.njk\ntitle: Doc %s\n---\nWhat doc %s says.\n' \
		    "$(nn "$i")" "$(nn "$i")" >"$1/docs/d$(nn "$i").md"
	done
}
eleventy_page() {
	printf -- '---\nlayout: base.njk\ntitle: Doc 11\n---\nNew.\n' >"$1/docs/d11.md"
}
eleventy_retitle() { sed -i 's/^title: Doc 03/title: Doc three/' "$1/docs/d03.md"; }
eleventy_footer() { sed -i 's/Built on Monday/Built on Tuesday/' "$1/_data/site.json"; }
eleventy_body() { sed -i 's/What doc 05 says/What doc 05 says now/' "$1/docs/d05.md"; }
eleventy_build() {
	npm_ready eleventy @11ty/eleventy@3 || return 1
	built "$1" "$2" "ln -s '$CACHE/npm/eleventy/node_modules' node_modules &&
	    node_modules/.bin/eleventy --quiet --output=_site"
	BUILT="$OUT/_site"
}
eleventy_page_url=/docs/d11/ eleventy_retitle_url=/docs/d03/ eleventy_body_url=/docs/d05/

for g in ${MAIN_CONTENT_SITES:-hugo mkdocs jekyll pelican sphinx astro \
    starlight docusaurus eleventy}; do
	moves "$g"
done
finish
