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
