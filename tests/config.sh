#!/bin/sh
# The INI file and the command line: every invalid configuration is refused
# with its file, line and reason, and nothing starts on a guess.
. "$SRCDIR/tests/lib.sh"

mkdir -p "$TMP/root/content"

# refuse DESCRIPTION EXPECTED-MESSAGE INI-TEXT
refuse() {
	printf '%s\n' "$3" >"$TMP/bad.ini"
	"$SITEMAPD" -c "$TMP/bad.ini" render /robots.txt >"$TMP/out" 2>"$TMP/err"
	rc=$?
	check_eq "$1: exit status 2" 2 "$rc"
	check_contains "$1: message" "$TMP/bad.ini:$2" "$(cat "$TMP/err")"
	check_eq "$1: no output" "" "$(cat "$TMP/out")"
}

refuse "unknown section" "3: unknown section [sitemaps]" \
    "[site]
root = $TMP/root
[sitemaps]
max_urls = 10"
for bad in docs/ /docs//a/ /.git/ "/a b/" /docs/../x/ /%2e/; do
	refuse "url_path $bad" "5: url_path" "[site]
source = docroot
root = $TMP/root
[docroot]
url_path = $bad"
done
refuse "unknown key" "3: unknown key \"base_url\"" \
    "[site]
root = $TMP/root
base_url = https://example.com"
refuse "a near-miss key names the key it meant" \
    "5: unknown key \"exclude_tag\"; did you mean \"exclude_tags\"?" \
    "[site]
root = $TMP/root

[sitemap]
exclude_tag = draft"
refuse "a near-miss key of another section names both" \
    "3: unknown key \"gzp\"; did you mean \"gzip\" in [http]?" \
    "[site]
root = $TMP/root
gzp = yes"
refuse "a key of another section names its section" \
    "3: \"exclude_tags\" belongs in [sitemap], not [site]" \
    "[site]
root = $TMP/root
exclude_tags = draft"
# The hints walk every part's table (config_module.h), not the core's alone.
refuse "a near-miss key of a source's table names it" \
    "5: unknown key \"lastmod_stor\"; did you mean \"lastmod_store\"?" \
    "[site]
source = docroot
root = $TMP/root
[docroot]
lastmod_stor = dates.db"
refuse "a near-miss of a source's key in the core's section names both" \
    "3: unknown key \"clean_url\"; did you mean \"clean_urls\" in [docroot]?" \
    "[site]
root = $TMP/root
clean_url = yes"
refuse "IndexNow's key in the core's section names its section" \
    "3: \"endpoint\" belongs in [indexnow], not [site]" \
    "[site]
root = $TMP/root
endpoint = https://api.indexnow.org/indexnow"
refuse "a core key in a source's section names its section" \
    "4: \"gzip\" belongs in [http], not [docroot]" \
    "[site]
root = $TMP/root
[docroot]
gzip = yes"
refuse "a source's key set twice" "6: index is set twice" \
    "[site]
source = docroot
root = $TMP/root
[docroot]
index = index.html
index = index.htm"
refuse "a value in quotes: quotes are literal" \
    "2: root = \"/srv/site\": quotes are taken literally in this file; write root = /srv/site" \
    "[site]
root = \"/srv/site\""
refuse "a value in single quotes likewise" \
    "3: home_alias = 'home': quotes are taken literally in this file; write home_alias = home" \
    "[site]
root = $TMP/root
home_alias = 'home'"
refuse "key twice" "3: root is set twice" \
    "[site]
root = $TMP/root
root = /elsewhere"
refuse "key outside a section" "1: root is outside any [section]" \
    "root = $TMP/root"
refuse "bad boolean" "4: trailing_slash must be yes or no, not \"maybe\"" \
    "; comment
[site]
root = $TMP/root
trailing_slash = maybe"
refuse "bad watch" "3: watch must be auto, inotify or stat, not \"poll\"" \
    "[site]
root = $TMP/root
watch = poll"
refuse "bad admin path" "3: admin_path: \".\" or \"..\" segment in alias" \
    "[site]
root = $TMP/root
admin_path = /a/../b"
refuse "empty admin path" "2: admin_path: alias is empty" \
    "[site]
admin_path = /
root = $TMP/root"
refuse "bad home alias" "3: home_alias: character not allowed in alias" \
    "[site]
root = $TMP/root
home_alias = home page"
refuse "bad reserved path" "5: reserved path: backslash in alias" \
    "[site]
root = $TMP/root

[reserved]
path = a\\b"
refuse "bad trusted proxy" "4: trusted_proxies: \"10.0.0.1/8\": address has bits set past the prefix length" \
    "[site]
root = $TMP/root
[http]
trusted_proxies = 127.0.0.0/8, 10.0.0.1/8"
refuse "trusted proxy by name" "4: trusted_proxies: \"proxy.example\": not an IP address" \
    "[site]
root = $TMP/root
[http]
trusted_proxies = ::1 proxy.example"
refuse "allowed host with a port" "4: allowed_hosts: \"example.com:443\": allowed hosts take no port" \
    "[site]
root = $TMP/root
[http]
allowed_hosts = example.com:443"
refuse "allowed host wildcard in the middle" "4: allowed_hosts: \"a.*.example\": invalid host name" \
    "[site]
root = $TMP/root
[http]
allowed_hosts = a.*.example"
refuse "allowed_hosts twice" "5: allowed_hosts is set twice" \
    "[site]
root = $TMP/root
[http]
allowed_hosts = a.example
allowed_hosts = b.example"
for v in 0 50001 1e3 010 -5 "" 99999999999999999999999; do
	refuse "max_urls = $v" "4: max_urls must be a number from 1 to 50000" \
	    "[site]
root = $TMP/root
[sitemap]
max_urls = $v"
done
for v in 1023 52428801 1k; do
	refuse "max_bytes = $v" "4: max_bytes must be a number from 1024 to 52428800" \
	    "[site]
root = $TMP/root
[sitemap]
max_bytes = $v"
done
refuse "syntax error" "3: expected \"name = value\" or \"[section]\"" \
    "[site]
root = $TMP/root
this line has no equals sign"
refuse "empty root" "2: root is empty" \
    "[site]
root ="
refuse "line too long" "3: line is longer than" \
    "[site]
root = $TMP/root
path_comment = $(printf '%0300d' 0)"
printf '[site]\nadmin_path = /x\n' >"$TMP/noroot.ini"
"$SITEMAPD" -c "$TMP/noroot.ini" render /robots.txt >/dev/null 2>"$TMP/err"
check_eq "missing root: exit status 2" 2 "$?"
check_contains "missing root: message" "noroot.ini: [site] root is not set" "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/absent.ini" render /robots.txt >/dev/null 2>"$TMP/err"
check_eq "unreadable file: exit status 2" 2 "$?"
check_contains "unreadable file: message" "absent.ini: No such file or directory" "$(cat "$TMP/err")"

# A valid configuration with every key, a relative root and comments.
mkdir -p "$TMP/conf.d/site/content"
cat >"$TMP/conf.d/good.ini" <<INI
; all keys
[site]
root = site                ; relative to this file
admin_path = /Hidden
home_alias = start
trailing_slash = off

[reserved]
path = drafts/
robots = search/
robots = old.html
INI
out=$("$SITEMAPD" -c "$TMP/conf.d/good.ini" render /robots.txt --host example.org --https)
check_eq "valid configuration renders" "User-agent: *
Disallow: /login/
Disallow: /builtin/
Disallow: /api/
Disallow: /search/
Disallow: /old.html\$
Allow: /

Sitemap: https://example.org/sitemap.xml" "$out"
out=$(SITEMAPD_CONFIG="$TMP/conf.d/good.ini" "$SITEMAPD" render /sitemap.xml)
check_contains "SITEMAPD_CONFIG is read; relative root found" "<urlset" "$out"

# The shipped example, with every documented key switched on, is valid:
# for NoPressure without [docroot], for a docroot without the
# NoPressure keys.
every_key='s/^;\([a-z_]* = \)/\1/; s/^;\(\[[a-z]*:*[A-Za-z]*\]\)$/\1/'
sed -e '/^;\[docroot\]/,/^\[reserved\]/{/^\[reserved\]/!d;}' \
    -e "$every_key" \
    -e "s|^root = .*|root = $TMP/root|" \
    -e "s|^ai_crawlers = .*|ai_crawlers = $SRCDIR/etc/ai-crawlers|" \
    "$SRCDIR/etc/sitemapd.ini" >"$TMP/example.ini"
out=$("$SITEMAPD" -c "$TMP/example.ini" render /robots.txt --host www.example.com 2>&1)
check_eq "etc/sitemapd.ini with every key set: valid" 0 "$?"
check_contains "etc/sitemapd.ini: its keys take effect" "Disallow: /search/" "$out"
check_contains "etc/sitemapd.ini: its [robots] keys take effect" "Allow: /search/help" "$out"
check_contains "etc/sitemapd.ini: its [robots:NAME] group too" "User-agent: GPTBot" "$out"
check_contains "etc/sitemapd.ini: its AI classes too" "User-agent: ClaudeBot" "$out"
check_contains "etc/sitemapd.ini: and its content signal" \
    "Content-Signal: search=yes, ai-input=yes, ai-train=no" "$out"
sed -e '/NoPressure only/{N;N;d;}' -e '/^;exclude_tags/d' -e "$every_key" \
    -e "s|^source = .*|source = docroot|" \
    -e "s|^root = .*|root = $SRCDIR/contrib/example-docroot|" \
    -e "s|^ai_crawlers = .*|ai_crawlers = $SRCDIR/etc/ai-crawlers|" \
    -e "s|^lastmod_store = .*|lastmod_store = $TMP/lastmod.db|" \
    "$SRCDIR/etc/sitemapd.ini" >"$TMP/example-docroot.ini"
out=$("$SITEMAPD" -c "$TMP/example-docroot.ini" render /sitemap.xml --host www.example.com 2>&1)
check_eq "etc/sitemapd.ini as a docroot with every key set: valid" 0 "$?"
check_contains "etc/sitemapd.ini as a docroot: its sections" \
    "<loc>http://www.example.com/sitemaps/docs-0001.xml</loc>" "$out"
out=$("$SITEMAPD" -c "$TMP/example-docroot.ini" render /sitemaps/docs-0001.xml \
    --host www.example.com 2>&1)
check_contains "etc/sitemapd.ini as a docroot: its pages listed" "<loc>http://www.example.com/docs/</loc>" "$out"
out=$("$SITEMAPD" -c "$TMP/example-docroot.ini" list --host www.example.com 2>&1)
check_contains "etc/sitemapd.ini as a docroot: its exclude applies" \
    "left-out	http://www.example.com/drafts/" "$out"
check_eq "etc/sitemapd.ini as a docroot: its lastmod store made" yes \
    "$(test -s "$TMP/lastmod.db" && echo yes)"

# --- the command line ------------------------------------------------------
out=$("$SITEMAPD" --help)
check_eq "--help exits 0" 0 "$?"
check_contains "--help shows usage" "usage: sitemapd" "$out"
out=$("$SITEMAPD" --version)
check_contains "--version" "sitemapd " "$out"
"$SITEMAPD" frobnicate >/dev/null 2>&1
check_eq "unknown subcommand: exit 2" 2 "$?"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" render >/dev/null 2>&1
check_eq "render without a path: exit 2" 2 "$?"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" render /nope >/dev/null 2>"$TMP/err"
check_eq "render of an unknown path: exit 1" 1 "$?"
check_contains "render says the status" "status 404" "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" render /robots.txt --host 'bad host' >/dev/null 2>&1
check_eq "render with a bad host: exit 1" 1 "$?"
env -u GATEWAY_INTERFACE "$SITEMAPD" -c "$TMP/conf.d/good.ini" </dev/null >/dev/null 2>"$TMP/err"
check_eq "not under a web server: exit 2" 2 "$?"
check_contains "and says so" "not started by a web server" "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" -s tcp::9 >/dev/null 2>"$TMP/err"
check_eq "-s tcp without a host is refused" 2 "$?"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" -s tcp:127.0.0.1:0x50 >/dev/null 2>"$TMP/err"
check_eq "-s tcp with a bad port is refused" 2 "$?"
"$SITEMAPD" -c "$TMP/conf.d/good.ini" -s foo:bar >/dev/null 2>"$TMP/err"
check_eq "-s with an unknown scheme is refused" 2 "$?"

check_no_sanitizer_report "$(cat "$TMP/err")"
# render, for cron: a failure writes nothing, --output replaces only a whole
# body, and the file gets the usual mode, not mkstemp's.
printf '[site]\nroot = %s/nonexistent\n' "$TMP" >"$TMP/gone.ini"
"$SITEMAPD" -c "$TMP/gone.ini" render /sitemap.xml >"$TMP/out" 2>"$TMP/err"
check_eq "render that fails: exit 1" 1 "$?"
check_eq "render that fails: nothing on stdout" 0 "$(wc -c <"$TMP/out")"
check_contains "render that fails: the reason on stderr" \
    "gone.ini:2: the content root $TMP/nonexistent cannot be read: no such folder" \
    "$(cat "$TMP/err")"
echo good >"$TMP/export.xml"
"$SITEMAPD" -c "$TMP/gone.ini" render /sitemap.xml --output "$TMP/export.xml" 2>/dev/null
check_eq "render --output that fails: the old file stays" good "$(cat "$TMP/export.xml")"
check_eq "render --output that fails: no temporary file left" "" \
    "$(ls -A "$TMP" | grep '^\.export')"
ini "$TMP/ok.ini" "$SRCDIR/contrib/example-site"
(umask 022 && "$SITEMAPD" -c "$TMP/ok.ini" render /sitemap.xml \
    --output "$TMP/export.xml" 2>/dev/null)
check_eq "render --output: exit 0" 0 "$?"
check_contains "render --output: the file is replaced" "<urlset" "$(cat "$TMP/export.xml")"
check_eq "render --output: mode 644 under umask 022" 644 "$(stat -c %a "$TMP/export.xml")"
check_eq "render --output: nothing on stdout" "" \
    "$("$SITEMAPD" -c "$TMP/ok.ini" render /robots.txt --output "$TMP/r.txt" 2>/dev/null)"
# What is no regular file is written into, never replaced: renamed over,
# /dev/null was a file of the sitemap for every program after.
ln -s export.xml "$TMP/link.xml"
"$SITEMAPD" -c "$TMP/ok.ini" render /robots.txt --output "$TMP/link.xml" \
    2>"$TMP/err"
check_eq "render --output through a symlink: exit 0" 0 "$?"
check_eq "... the link stays" export.xml "$(readlink "$TMP/link.xml")"
check_contains "... and the file it names is replaced" "User-agent" \
    "$(cat "$TMP/export.xml")"
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/from-fifo" &
reader=$!
"$SITEMAPD" -c "$TMP/ok.ini" render /sitemap.xml --output "$TMP/fifo" \
    2>"$TMP/err"
check_eq "render --output into a FIFO: exit 0" 0 "$?"
wait "$reader"
check_eq "... it is still a FIFO" fifo \
    "$(test -p "$TMP/fifo" && echo fifo || stat -c %F "$TMP/fifo")"
check_contains "... its reader has the body" "</urlset>" "$(cat "$TMP/from-fifo")"
check_eq "... no temporary file beside it" "" "$(ls -A "$TMP" | grep '^\.fifo')"

# A mistaken argument: what is wrong in one line, then where the help is.
mistake() {	# DESCRIPTION SAYS ARGS...
	_what=$1 _says=$2; shift 2
	"$SITEMAPD" "$@" >/dev/null 2>"$TMP/err"
	check_eq "$_what: exit 2" 2 "$?"
	check_contains "$_what: says what is wrong" "$_says" "$(cat "$TMP/err")"
	check_eq "$_what: in one line, then the pointer to --help" \
	    "(sitemapd --help shows every command and option)" \
	    "$(sed -n 2p "$TMP/err")$(sed -n 3p "$TMP/err")"
}
mistake "render without the slash" 'PATH starts with "/", as in /sitemap.xml' \
    -c "$TMP/ok.ini" render sitemap.xml
mistake "--host=VALUE" 'write "--host VALUE", not --host=example.org' \
    -c "$TMP/ok.ini" render /sitemap.xml --host=example.org
mistake "render without a path" "which PATH?" -c "$TMP/ok.ini" render
mistake "robots-check without a URL" "robots-check: give at least one URL" \
    robots-check /dev/null Googlebot
mistake "an unknown command" "unknown command frobnicate" frobnicate
mistake "check with an argument" "check: unexpected argument now" \
    -c "$TMP/ok.ini" check now
mistake "-c before and after the command" "check: -c is given twice" \
    -c "$TMP/ok.ini" check -c "$TMP/ok.ini"

# Options after the command count as before it.
out=$("$SITEMAPD" check -c "$TMP/ok.ini" 2>&1)
check_eq "check -c FILE: exit 1 for the example's broken pages" 1 "$?"
check_contains "check -c FILE: the INI after the command is read" \
    "example-site/content/06/0000000000000606.3.ron: skipped" "$out"
check_contains "render PATH -c FILE likewise" "Sitemap: http://localhost/" \
    "$("$SITEMAPD" render /robots.txt -c "$TMP/ok.ini" 2>&1)"

# Without --host, render and list ask as the first allowed host.
printf '[site]\nroot = %s\n[http]\nallowed_hosts = *.example.org, example.com\n' \
    "$SRCDIR/contrib/example-site" >"$TMP/hosts.ini"
check_contains "render without --host: the first allowed name" \
    "Sitemap: http://example.com/sitemap.xml" \
    "$("$SITEMAPD" -c "$TMP/hosts.ini" render /robots.txt 2>&1)"
out=$("$SITEMAPD" -c "$TMP/hosts.ini" list 2>&1)
check_eq "list without --host: exit 0" 0 "$?"
check_contains "list without --host: URLs of the first allowed name" \
    "http://example.com/" "$out"
printf '[site]\nroot = %s\n[http]\nallowed_hosts = *.example.org\n' \
    "$SRCDIR/contrib/example-site" >"$TMP/hosts.ini"
check_contains "only wildcards: www. in place of *" \
    "Sitemap: http://www.example.org/sitemap.xml" \
    "$("$SITEMAPD" -c "$TMP/hosts.ini" render /robots.txt 2>&1)"

# A root set to content/ itself: the message says to name its parent.
mkdir -p "$TMP/site/content"
ini "$TMP/content.ini" "$TMP/site/content"
check_contains "a root named content: name its parent" \
    "[site] root is the directory that holds content/: $TMP/site" \
    "$("$SITEMAPD" -c "$TMP/content.ini" check 2>&1)"

# Paths in messages are shown as resolved, not as typed.
mkdir -p "$TMP/pc/mysite"
printf '[site]\nroot = ../nowhere/./root\n' >"$TMP/pc/mysite/site.ini"
out=$(cd "$TMP/pc" && "$SITEMAPD" -c ././mysite/../mysite/site.ini check 2>&1)
check_contains "a relative root is shown resolved" "$TMP/pc/nowhere/root " "$out"
check_lacks "... with no ./ or ../ left" "/./" "$out"
out=$(cd "$TMP/pc" && "$SITEMAPD" -c ./nope/../x.ini check 2>&1)
check_contains "so is the INI's path" "sitemapd: $TMP/pc/x.ini: No such file" "$out"

# Arguments first, as git does: a bad argument is said before the INI is
# opened, whichever command; then the INI, opened in one place for all.
for cmd in "check extra" "list --bogus" "render" "recipe" "ai-block" \
    "ai-headers x y" "indexnow extra"; do
	# shellcheck disable=SC2086
	"$SITEMAPD" -c "$TMP/none.ini" $cmd >/dev/null 2>"$TMP/err"
	check_eq "sitemapd $cmd with a missing INI: the argument said, exit 2" \
	    "2 0" "$? $(grep -c 'none.ini' "$TMP/err")"
done
"$SITEMAPD" -c "$TMP/none.ini" recipe nginx >/dev/null 2>"$TMP/err"
check_contains "... and with right arguments, the INI" "none.ini: No such file" \
    "$(cat "$TMP/err")"

finish
