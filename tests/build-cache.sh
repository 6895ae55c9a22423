# Generators from npm installed once, and sites built once, into CACHE
# (NPM_CACHE, default ~/.cache/sitemapd-tests): the sanitizer run reuses
# what the plain run built, and tests run side by side take turns (flock)
# rather than install or build the same thing at once. Sourced after
# tests/lib.sh.
CACHE=${NPM_CACHE:-${HOME:-/root}/.cache/sitemapd-tests}
mkdir -p "$CACHE/npm" "$CACHE/sites"

# install NAME PACKAGES...: the generator's node_modules, once; 1 when
# npm cannot install them (no registry).
install() {
	_dir="$CACHE/npm/$1"; shift
	exec 9>"$_dir.lock"
	flock 9
	if ! [ -f "$_dir/installed" ] ||
	    [ "$(cat "$_dir/installed")" != "$*" ]; then
		rm -rf "$_dir"
		mkdir -p "$_dir"
		(cd "$_dir" && printf '{"private":true}\n' >package.json &&
		    npm install --no-audit --no-fund --loglevel=error "$@") \
		    >"$TMP/npm.log" 2>&1 || {
			cat "$TMP/npm.log"
			exec 9>&-
			return 1
		}
		echo "$*" >"$_dir/installed"
	fi
	exec 9>&-
}

# built NAME SOURCE-DIR COMMAND: SOURCE-DIR built by COMMAND, in OUT,
# made again only when the sources or the command change.
built() {
	_name=$1 _src=$2 _cmd=$3
	_key=$( (cd "$_src" && find . -type f | LC_ALL=C sort | xargs cat;
	    echo "$_cmd") | cksum | cut -d ' ' -f 1)
	_site="$CACHE/sites/$_name"
	OUT="$_site/src"
	exec 9>"$_site.lock"
	flock 9
	if ! [ -f "$_site/key" ] || [ "$(cat "$_site/key")" != "$_key" ]; then
		rm -rf "$_site"
		mkdir -p "$_site"
		cp -R "$_src" "$OUT"
		(cd "$OUT" && eval "$_cmd") >"$TMP/build.log" 2>&1 || {
			cat "$TMP/build.log"; exec 9>&-
			not_ok "$_name builds"; finish; exit 1
		}
		echo "$_key" >"$_site/key"
	fi
	exec 9>&-
}

# npm_ready NAME PACKAGES...: the generator installed, unless npm cannot.
npm_ready() {
	command -v npm >/dev/null || { echo "# $1: no npm"; return 1; }
	install "$@" || { echo "# $1: npm could not install it"; return 1; }
}

# debian_built KEY DIR TOOL COMMAND OUTPUT: a Debian generator's build.
debian_built() {
	command -v "$3" >/dev/null || { echo "# $3: not installed"; return 1; }
	built "$1" "$2" "$4"
	BUILT="$OUT/$5"
}

# NAME_build KEY DIR: the site whose sources are in DIR built by that
# generator, once for those sources (BUILT: its output); 1, said, where
# the generator cannot run here. The tests that build sites of their own
# sources share them.
hugo_build() {
	debian_built "$1" "$2" hugo "hugo --quiet -d public" public
}
mkdocs_build() {
	debian_built "$1" "$2" mkdocs "mkdocs build -q -d site" site
}
jekyll_build() {
	debian_built "$1" "$2" jekyll "jekyll build -q -s . -d _site" _site
}
pelican_build() {
	debian_built "$1" "$2" pelican \
	    "pelican -q content -o output -s pelicanconf.py" output
}
sphinx_build() {
	debian_built "$1" "$2" sphinx-build "sphinx-build -q -b html . _build" \
	    _build
}
docusaurus_build() {
	npm_ready docusaurus @docusaurus/core@3 @docusaurus/preset-classic@3 \
	    react@18 react-dom@18 || return 1
	# Not minified: what a reader sees is the same, at half the time.
	built "$1" "$2" "ln -s '$CACHE/npm/docusaurus/node_modules' node_modules &&
	    node_modules/.bin/docusaurus build --no-minify"
	BUILT="$OUT/build"
}
starlight_build() {
	npm_ready starlight astro@5 @astrojs/starlight@0.37 || return 1
	built "$1" "$2" "ln -s '$CACHE/npm/starlight/node_modules' node_modules &&
	    node_modules/.bin/astro build --silent"
	BUILT="$OUT/dist"
}
