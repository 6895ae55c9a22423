#!/bin/sh
# Every edit a reader can see moves the lastmod, on sites built by real
# generators: each page of a site carries one class of edit (an aside in
# the content, a tab panel shown by a click, a post's own header or
# footer, a link's target, an image's alt text, code's indentation, an
# image replaced at the same path, a post that states its publication
# date as modified) and one page carries none. Each site is built twice,
# before and after the edits, and deployed with a lastmod store and
# IndexNow, every file rewritten and dated that deploy's day: the edited
# pages' lastmods move and IndexNow receives exactly them; the page with
# no edit keeps its date. Sites are built once (tests/build-cache.sh);
# tests/main-content-sites.sh holds the other direction (no page moves
# but for its own change).
. "$SRCDIR/tests/lib.sh"
need sqlite3
. "$SRCDIR/tests/endpoint.sh"
. "$SRCDIR/tests/build-cache.sh"

KEY=9f2c4e6a8b0d1f3e
# Posts are dated before the first deploy, so that a change seen after
# the date they state is later than it.
POSTED=2019-05-01

# edited GENERATOR: its site before and after, each deploy checked.
edited() {
	_g=$1 _src="$TMP/$1-src" _root="$TMP/$1-root" _ini="$TMP/$1.ini"
	rm -rf "$_src" "$TMP/$1.db" "$TMP/$1-state.db"
	mkdir -p "$_src"
	"${_g}_sources" "$_src"
	printf '[site]\nsource = docroot\nroot = %s\n%s\n[docroot]\nlastmod_store = %s\n[indexnow]\nkey = %s\nhost = example.org\nendpoint = %s\ndelay = 0\nstate = %s\n' \
	    "$_root" "$(eval "echo \"\${${_g}_ini:-}\"")" "$TMP/$_g.db" "$KEY" \
	    "$ENDPOINT" "$TMP/$_g-state.db" >"$_ini"
	"${_g}_build" "$_g-before" "$_src" || return 0
	deploy 2020-01-02
	"$SITEMAPD" -c "$_ini" indexnow >/dev/null 2>"$TMP/indexnow.err"
	check_no_sanitizer_report "$(cat "$TMP/indexnow.err")"
	cp "$TMP/dates" "$TMP/before"
	"${_g}_edit" "$_src"
	"${_g}_build" "$_g-after" "$_src" || return 0
	deploy 2024-01-01
	_from=$(posts)
	"$SITEMAPD" -c "$_ini" indexnow >/dev/null 2>"$TMP/indexnow.err" ||
	    { not_ok "$_g: sitemapd indexnow"; cat "$TMP/indexnow.err"; }
	_sent=$(sent "$_from" | sed 's|^https://example.org||' | sort |
	    tr '\n' ' ')
	_moved=$(awk -F '\t' 'NR == FNR { d[$1] = $2; next }
	    ($1 in d) && d[$1] != $2 { print $1 }' "$TMP/before" "$TMP/dates" |
	    sort | tr '\n' ' ')
	_want=$(eval "echo \$${_g}_moves" | tr ' ' '\n' | sort | tr '\n' ' ')
	echo "# $_g: moved $_moved"
	for _p in $(eval "echo \$${_g}_moves"); do
		check_contains "$_g: $_p moves ($(eval "echo \"\$${_g}_why\"" |
		    sed -n "s|^$_p: ||p"))" " $_p " " $_moved"
	done
	check_eq "$_g: those pages alone move" "$_want" "$_moved"
	check_eq "$_g: IndexNow receives exactly them" "$_want" "$_sent"
	_still=$(eval "echo \$${_g}_still")
	check_lacks "$_g: the page with no edit keeps its date" " $_still " \
	    " $_moved"
}

# deploy DAY: the build copied into the root, dated DAY, and its dates
# ($TMP/dates: path, date, whence) as list gives them.
deploy() {
	rm -rf "$_root"
	cp -R "$BUILT" "$_root"
	find "$_root" -exec touch -h -d "$1" {} +
	"$SITEMAPD" -c "$_ini" list --host example.org >"$TMP/list" \
	    2>"$TMP/list.err" || { not_ok "$_g: list"; cat "$TMP/list.err"; }
	check_no_sanitizer_report "$(cat "$TMP/list.err")"
	awk -F '\t' '$2 == "listed" { sub("^http://example.org", "", $3);
	    print $3 "\t" $4 "\t" $5 }' "$TMP/list" | sort >"$TMP/dates"
}

# Each generator: NAME_sources DIR, its site with every edit's page;
# NAME_edit DIR makes every edit; NAME_build KEY DIR, tests/build-cache.sh's, builds (BUILT: the
# output), 1 when it cannot here; NAME_moves the paths that must move,
# NAME_why what each's edit is, NAME_still the page with none.

# --- Sphinx, alabaster: docutils writes <aside> for sidebars, topics and
# footnotes, inside the section inside role="main" -----------------------
sphinx_sources() {
	printf '%s\n' 'project = "Demo"' >"$1/conf.py"
	printf 'Home\n====\n\n.. toctree::\n\n   aside\n   topic\n   footnote\n   link\n   code\n   shot\n   alt\n   still\n' \
	    >"$1/index.rst"
	printf 'Aside\n=====\n\nText.\n\n.. sidebar:: Side\n\n   Sidebar text A.\n' >"$1/aside.rst"
	printf 'Topic\n=====\n\nText.\n\n.. topic:: A topic\n\n   Topic text A.\n' >"$1/topic.rst"
	printf 'Footnote\n========\n\nText [#f1]_.\n\n.. [#f1] Footnote A.\n' >"$1/footnote.rst"
	printf 'Link\n====\n\n`Download <https://example.org/files/setup-1.0.exe>`_\n' >"$1/link.rst"
	printf 'Code\n====\n\n.. code-block:: python\n\n   for x in y:\n       a()\n       b()\n' >"$1/code.rst"
	printf 'Shot\n====\n\n.. image:: shot.png\n' >"$1/shot.rst"
	printf 'screenshot 1' >"$1/shot.png"
	printf 'Alt\n===\n\n.. image:: pic.png\n   :alt: A drawing of a cat\n' >"$1/alt.rst"
	printf 'a picture' >"$1/pic.png"
	printf 'Still\n=====\n\nNothing changes here.\n' >"$1/still.rst"
}
sphinx_edit() {
	sed -i 's/Sidebar text A/Sidebar text B/' "$1/aside.rst"
	sed -i 's/Topic text A/Topic text B/' "$1/topic.rst"
	sed -i 's/Footnote A/Footnote B/' "$1/footnote.rst"
	sed -i 's/setup-1.0.exe/setup-2.0.exe/' "$1/link.rst"
	sed -i 's/^       b()/   b()/' "$1/code.rst"
	printf 'screenshot 2' >"$1/shot.png"
	sed -i 's/of a cat/of a dog/' "$1/alt.rst"
}
sphinx_moves="/aside.html /topic.html /footnote.html /link.html /code.html /shot.html /alt.html"
sphinx_still=/still.html
sphinx_why="/aside.html: a sidebar
/topic.html: a topic
/footnote.html: a footnote
/link.html: a link's target
/code.html: a line moved out of its loop
/shot.html: an image replaced at the same path
/alt.html: an image's alt text"

# --- Hugo, a layout shaped as PaperMod's, and Hugo's own opengraph
# template, which states each post's date as article:modified_time --------
hugo_sources() {
	mkdir -p "$1/layouts/_default" "$1/content/posts" "$1/static/img"
	printf 'baseURL = "http://example.org/"\ntitle = "Demo"\n' >"$1/config.toml"
	printf '<!doctype html><html><head><meta charset="utf-8"><title>{{ .Title }}</title>{{ template "_internal/opengraph.html" . }}</head><body><header class="header"><a href="/">{{ .Site.Title }}</a></header><main class="main">{{ block "main" . }}{{ end }}</main><footer class="footer">Demo</footer></body></html>\n' \
	    >"$1/layouts/_default/baseof.html"
	printf '{{ define "main" }}<article class="post-single"><header class="post-header"><h1 class="post-title">{{ .Title }}</h1>{{ with .Description }}<div class="post-description">{{ . }}</div>{{ end }}<div class="post-meta">{{ .Date.Format "January 2, 2006" }}</div></header><div class="post-content">{{ .Content }}</div><footer class="post-footer"><nav class="paginav">{{ with .PrevInSection }}<a class="prev" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a class="next" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></footer></article>{{ end }}\n' \
	    >"$1/layouts/_default/single.html"
	printf '{{ define "main" }}<h1>{{ .Title }}</h1>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}{{ end }}\n' \
	    >"$1/layouts/_default/list.html"
	cp "$1/layouts/_default/list.html" "$1/layouts/index.html"
	hugo_post "$1" desc "description: Its first description." "Text."
	hugo_post "$1" body "" "Its text."
	hugo_post "$1" shot "" "![A shot](/img/shot.png)"
	hugo_post "$1" link "" "[Download](/files/setup-1.0.exe)"
	hugo_post "$1" still "" "Nothing changes here."
	printf 'screenshot 1' >"$1/static/img/shot.png"
}
hugo_post() {	# hugo_post DIR NAME FRONT-MATTER-LINE TEXT
	printf -- '---\ntitle: Post %s\ndate: %s\n%s\n---\n%s\n' "$2" "$POSTED" \
	    "$3" "$4" >"$1/content/posts/$2.md"
}
hugo_edit() {
	sed -i 's/Its first description/Its second description/' "$1/content/posts/desc.md"
	sed -i 's/Its text\./Its text, edited./' "$1/content/posts/body.md"
	sed -i 's/setup-1.0.exe/setup-2.0.exe/' "$1/content/posts/link.md"
	printf 'screenshot 2' >"$1/static/img/shot.png"
}
hugo_moves="/posts/desc/ /posts/body/ /posts/shot/ /posts/link/"
hugo_still=/posts/still/
hugo_why="/posts/desc/: the post header's description, its stated date its publication's
/posts/body/: its text, its stated date its publication's
/posts/shot/: an image replaced at the same path
/posts/link/: a link's target"

# --- Jekyll, a post layout shaped as minima's, and jekyll-seo-tag, whose
# JSON-LD states dateModified as the post's date -------------------------
jekyll_sources() {
	mkdir -p "$1/_layouts" "$1/_posts"
	printf '%s\n' 'title: Demo' 'url: "http://example.org"' \
	    'plugins: [jekyll-seo-tag]' >"$1/_config.yml"
	printf '<!DOCTYPE html><html><head><meta charset="utf-8">{%% seo %%}</head><body><header class="site-header"><a href="/">{{ site.title }}</a></header><main class="page-content">{{ content }}</main><footer class="site-footer">Demo</footer></body></html>\n' \
	    >"$1/_layouts/default.html"
	printf -- '---\nlayout: default\n---\n<article class="post h-entry"><header class="post-header"><h1 class="post-title">{{ page.title }}</h1><p class="post-meta"><time class="dt-published" datetime="{{ page.date | date_to_xmlschema }}">{{ page.date | date: "%%b %%-d, %%Y" }}</time>{%% if page.author %%} &bull; <span class="p-author">{{ page.author }}</span>{%% endif %%}</p></header><div class="post-content e-content">{{ content }}</div></article>\n' \
	    >"$1/_layouts/post.html"
	jekyll_post "$1" author "author: Ann Smith" "Text."
	jekyll_post "$1" body "" "Its text."
	jekyll_post "$1" still "" "Nothing changes here."
}
jekyll_post() {	# jekyll_post DIR NAME FRONT-MATTER-LINE TEXT
	printf -- '---\nlayout: post\ntitle: Post %s\n%s\n---\n%s\n' "$2" "$3" \
	    "$4" >"$1/_posts/$POSTED-$2.md"
}
jekyll_edit() {
	sed -i 's/Ann Smith/Bob Jones/' "$1/_posts/$POSTED-author.md"
	sed -i 's/Its text\./Its text, edited./' "$1/_posts/$POSTED-body.md"
}
jekyll_moves="/2019/05/01/author.html /2019/05/01/body.html"
jekyll_still=/2019/05/01/still.html
jekyll_why="/2019/05/01/author.html: the post header's author, its stated date its publication's
/2019/05/01/body.html: its text, its stated date its publication's"

# --- Pelican, its simple theme: the post's dates in a footer inside its
# article ------------------------------------------------------------------
pelican_sources() {
	mkdir -p "$1/content"
	printf '%s\n' 'SITENAME = "Demo"' 'SITEURL = "http://example.org"' \
	    'TIMEZONE = "UTC"' 'DEFAULT_LANG = "en"' 'FEED_ALL_ATOM = None' \
	    'CATEGORY_FEED_ATOM = None' 'RELATIVE_URLS = False' \
	    >"$1/pelicanconf.py"
	printf 'Title: Modified\nDate: %s\nModified: 2019-06-01\nCategory: news\n\nText.\n' \
	    "$POSTED" >"$1/content/modified.md"
	printf 'Title: Still\nDate: %s\nCategory: news\n\nNothing changes here.\n' \
	    "$POSTED" >"$1/content/still.md"
}
pelican_edit() { sed -i 's/^Modified: 2019-06-01/Modified: 2019-07-01/' "$1/content/modified.md"; }
pelican_moves=/modified.html
pelican_still=/still.html
pelican_why="/modified.html: its Modified date, in the article's footer"

# --- MkDocs, its own theme ------------------------------------------------
mkdocs_sources() {
	mkdir -p "$1/docs/img"
	printf 'site_name: Demo\nsite_url: http://example.org/\n' >"$1/mkdocs.yml"
	printf '# Home\n\nWelcome.\n' >"$1/docs/index.md"
	printf '# Shot\n\n![A shot](img/shot.png)\n' >"$1/docs/shot.md"
	printf 'screenshot 1' >"$1/docs/img/shot.png"
	printf '# Alt\n\n![A drawing of a cat](img/pic.png)\n' >"$1/docs/alt.md"
	printf 'a picture' >"$1/docs/img/pic.png"
	printf '# Code\n\n    for x in y:\n        a()\n        b()\n' >"$1/docs/code.md"
	printf '# Link\n\n[Download](https://example.org/files/setup-1.0.exe)\n' >"$1/docs/link.md"
	printf '# Still\n\nNothing changes here.\n' >"$1/docs/still.md"
}
mkdocs_edit() {
	printf 'screenshot 2' >"$1/docs/img/shot.png"
	sed -i 's/of a cat/of a dog/' "$1/docs/alt.md"
	sed -i 's/^        b()/    b()/' "$1/docs/code.md"
	sed -i 's/setup-1.0.exe/setup-2.0.exe/' "$1/docs/link.md"
}
mkdocs_moves="/shot/ /alt/ /code/ /link/"
mkdocs_still=/still/
mkdocs_why="/shot/: an image replaced at the same path
/alt/: an image's alt text
/code/: a line moved out of its loop
/link/: a link's target"

# --- Docusaurus 3: its tabs, the second hidden until clicked --------------
docusaurus_sources() {
	mkdir -p "$1/docs" "$1/src/pages"
	cat >"$1/docusaurus.config.js" <<'EOF'
module.exports = {
  title: 'Demo', url: 'http://example.org', baseUrl: '/',
  onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore',
  presets: [['classic', { docs: {}, blog: false }]],
};
EOF
	printf "import React from 'react';\nimport Layout from '@theme/Layout';\nexport default function Home() { return <Layout title=\"Home\"><main><h1>Home</h1></main></Layout>; }\n" \
	    >"$1/src/pages/index.js"
	printf -- "---\ntitle: Tabs\n---\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n<TabItem value=\"npm\" label=\"npm\">\n\nnpm install demo\n\n</TabItem>\n<TabItem value=\"yarn\" label=\"Yarn\">\n\nyarn add demo-a\n\n</TabItem>\n</Tabs>\n" \
	    >"$1/docs/tabs.mdx"
	printf -- '---\ntitle: Still\n---\nNothing changes here.\n' >"$1/docs/still.md"
}
docusaurus_edit() { sed -i 's/yarn add demo-a/yarn add demo-b/' "$1/docs/tabs.mdx"; }
docusaurus_ini="trailing_slash = no"
docusaurus_moves=/docs/tabs
docusaurus_still=/docs/still
docusaurus_why="/docs/tabs: the second tab's text"

# --- Starlight: notes are <aside>s inside <main>; tabs as Docusaurus's ----
starlight_sources() {
	mkdir -p "$1/src/content/docs"
	cat >"$1/astro.config.mjs" <<'EOF'
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
export default defineConfig({ site: 'http://example.org',
  integrations: [starlight({ title: 'Demo' })] });
EOF
	cat >"$1/src/content.config.ts" <<'EOF'
import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
EOF
	printf -- '---\ntitle: Home\n---\nWelcome.\n' >"$1/src/content/docs/index.md"
	printf -- '---\ntitle: Note\n---\nText.\n\n:::note\nA note, first said.\n:::\n' \
	    >"$1/src/content/docs/note.md"
	printf -- "---\ntitle: Tabs\n---\nimport { Tabs, TabItem } from '@astrojs/starlight/components';\n\n<Tabs>\n  <TabItem label=\"npm\">npm install demo</TabItem>\n  <TabItem label=\"Yarn\">yarn add demo-a</TabItem>\n</Tabs>\n" \
	    >"$1/src/content/docs/tabs.mdx"
	printf -- '---\ntitle: Still\n---\nNothing changes here.\n' \
	    >"$1/src/content/docs/still.md"
}
starlight_edit() {
	sed -i 's/A note, first said/A note, said again/' "$1/src/content/docs/note.md"
	sed -i 's/yarn add demo-a/yarn add demo-b/' "$1/src/content/docs/tabs.mdx"
}
starlight_moves="/note/ /tabs/"
starlight_still=/still/
starlight_why="/note/: a note, an aside inside main
/tabs/: the second tab's text"

for g in ${MAIN_CONTENT_EDITS:-sphinx hugo jekyll pelican mkdocs \
    docusaurus starlight}; do
	edited "$g"
done
finish
