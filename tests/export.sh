#!/bin/sh
# sitemapd export, for static hosts. contrib/static/github-pages.yml's own
# shell steps run twice, in two fresh clones of a Hugo site, the lastmod
# store carried between them as the Actions cache carries it: unchanged
# pages keep their dates though every file is new, the edited page moves
# alone and IndexNow is sent exactly it; the export, served as static
# files by nginx with no FastCGI, passes sitemapd audit with every URL
# listed answering 200, and lists what live sitemapd lists (no noindex
# page, the site's own robots.txt rules). Exporting twice writes the same
# bytes; a site in parts writes the index and every part, and removes the
# parts no more, nothing else; the exported robots.txt is never read
# back as the site's rules. And the mistakes a user makes: no host, no
# folder.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need hugo hugo
need git git
need nginx nginx
. "$SRCDIR/tests/endpoint.sh"

KEY=5e1f0a7c3b9d2e48
NGINX_PORT=$(free_port)
HOST=127.0.0.1:$NGINX_PORT
U=http://$HOST
BIN=$TMP/bin
mkdir -p "$BIN"
ln -s "$SITEMAPD" "$BIN/sitemapd"

# --- the site's repository: Hugo, its own robots.txt, a noindex page --------
O=$TMP/origin
mkdir -p "$O/layouts/_default" "$O/content/posts"
cat >"$O/hugo.toml" <<EOF
baseURL = "$U/"
title = "A static site"
enableRobotsTXT = true
disableKinds = ["taxonomy", "term", "RSS"]
EOF
cat >"$O/layouts/_default/single.html" <<'EOF'
<!doctype html><html><head><title>{{ .Title }}</title>
{{ if .Params.noindex }}<meta name="robots" content="noindex">{{ end }}
<link rel="canonical" href="{{ .Permalink }}"></head>
<body><nav><a href="/">Home</a></nav><main>{{ .Content }}</main>
<footer>Built {{ now.Format "2006-01-02 15:04:05.000000000" }}</footer></body></html>
EOF
sed 's/{{ .Content }}/{{ .Content }}{{ range .Site.RegularPages }}<a href="{{ .RelPermalink }}">{{ .Title }}<\/a>{{ end }}/' \
    "$O/layouts/_default/single.html" >"$O/layouts/index.html"
cp "$O/layouts/index.html" "$O/layouts/_default/list.html"
printf 'User-agent: *\nDisallow: /drafts/\n' >"$O/layouts/robots.txt"
for p in one two three; do
	printf -- '---\ntitle: "%s"\n---\nThe %s post.\n' "$p" "$p" \
	    >"$O/content/posts/$p.md"
done
printf -- '---\ntitle: "Private"\nnoindex: true\n---\nNot for search.\n' \
    >"$O/content/posts/private.md"
cat >"$O/sitemapd.ini" <<EOF
[site]
source = docroot
root = public
[http]
allowed_hosts = 127.0.0.1
[docroot]
lastmod_store = .sitemapd-state/lastmod.sqlite
[indexnow]
key = $KEY
host = $HOST
https = no
endpoint = $ENDPOINT
delay = 0
state = .sitemapd-state/indexnow.sqlite
EOF
printf 'public/\n.sitemapd-state/\n' >"$O/.gitignore"
git -C "$O" init -q -b main
git -C "$O" -c user.name=t -c user.email=t@example.org add -A
git -C "$O" -c user.name=t -c user.email=t@example.org commit -qm site

# --- the workflow's steps -----------------------------------------------------
# Each step's "run" of the GitHub Actions workflow, in order, as a script
# of its own; installing is the test's (the binary under test), and the
# site here is served over http on a port of its own, which allowed_hosts
# does not take: the export's --https becomes that --host.
python3 - "$SRCDIR/contrib/static/github-pages.yml" "$TMP/steps" <<'EOF'
import os, re, sys
lines = open(sys.argv[1]).read().splitlines()
os.makedirs(sys.argv[2])
steps, name, run, block = [], None, None, None
for line in lines + ["      - end"]:
    if block is not None:
        if line.startswith(" " * block) or not line.strip():
            run.append(line[block:])
            continue
        block = None
    m = re.match(r"^      - (name: (.*)|.*)$", line)
    if m:
        if run:
            steps.append((name, "\n".join(run) + "\n"))
        name, run = (m.group(2) or m.group(1)), []
        continue
    m = re.match(r"^        run: (.*)$", line)
    if m and m.group(1) == "|":
        block = 10
    elif m:
        run.append(m.group(1))
for i, (name, run) in enumerate(steps):
    open(os.path.join(sys.argv[2], "%02d %s" % (i, name)), "w").write(run)
EOF
ls "$TMP/steps" >"$TMP/step-names"
check_eq "the workflow's shell steps, in order" "00 Install the generator and sitemapd
01 Build the site
02 Write robots.txt and the sitemaps
03 Tell IndexNow what changed" "$(cat "$TMP/step-names")"
# GitLab's jobs run the same commands.
for step in "$TMP/steps/01 "* "$TMP/steps/02 "* "$TMP/steps/03 "*; do
	check_contains "GitLab's job runs the step $(basename "$step" |
	    cut -c4-)" "    - $(cat "$step")" \
	    "$(cat "$SRCDIR/contrib/static/gitlab-ci.yml")"
done

# build N [BEFORE-EXPORT]: a fresh clone, the cache restored, each step
# but the install (BEFORE-EXPORT run before the export), the cache saved.
build() {
	C=$TMP/clone$1
	git clone -q "$O" "$C"
	[ -d "$TMP/cache" ] && cp -a "$TMP/cache" "$C/.sitemapd-state"
	for step in "$TMP/steps/"*; do
		case $step in
		*" Install "*) continue ;;
		*" Write "*) ${2:-:}
			sed "s/ --https\$/ --host $HOST/" "$step" >"$TMP/step" ;;
		*) cp "$step" "$TMP/step" ;;
		esac
		(cd "$C" && PATH=$BIN:$PATH sh -e "$TMP/step") \
		    >"$TMP/step$1.out" 2>&1 ||
		    not_ok "build $1: $(basename "$step") fails: $(cat "$TMP/step$1.out")"
	done
	rm -rf "$TMP/cache"
	cp -a "$C/.sitemapd-state" "$TMP/cache"
}
# lastmod_of URL FILE: the lastmod the sitemap FILE gives URL.
lastmod_of() {
	awk -v u="<loc>$1</loc>" 'index($0, u) { f = 1; next }
	    f && /<lastmod>/ { gsub(/.*<lastmod>|<\/lastmod>.*/, ""); print; exit }' "$2"
}

# Built long ago: every file of the first build dated a year back.
long_ago() { find public -exec touch -d 2025-12-01T12:00:00Z {} +; }
build 1 "eval cd $TMP/clone1 && long_ago && cd - >/dev/null"
P1=$TMP/clone1/public
check_contains "first build: the sitemap lists the posts" "<loc>$U/posts/one/</loc>" \
    "$(cat "$P1/sitemap.xml")"
check_lacks "... not the noindex page" "/posts/private/" "$(cat "$P1/sitemap.xml")"
check_eq "... dated by the build" 2025-12-01 "$(lastmod_of "$U/posts/two/" "$P1/sitemap.xml")"
check_contains "robots.txt: the site's own rule" "Disallow: /drafts/" \
    "$(cat "$P1/robots.txt")"
check_contains "... and the sitemap" "Sitemap: $U/sitemap.xml" \
    "$(cat "$P1/robots.txt")"
check_eq "... the site's own kept aside" "User-agent: *
Disallow: /drafts/" "$(cat "$P1/.sitemapd/robots.txt")"
check_eq "IndexNow's key file" "$KEY" "$(cat "$P1/indexnow-$KEY.txt")"
test -s "$P1/sitemap.css" && ok "the stylesheet" || not_ok "the stylesheet"
check_eq "first build: nothing sent to IndexNow (all is new)" 0 "$(posts)"

# An edit, committed; the second build in a clone of its own.
printf -- '---\ntitle: "two"\n---\nThe two post, edited.\n' \
    >"$O/content/posts/two.md"
git -C "$O" -c user.name=t -c user.email=t@example.org commit -qam edit
build 2
P2=$TMP/clone2/public
today=$(date -u +%Y-%m-%d)
check_eq "second build, every file new: unchanged posts keep their dates" \
    "2025-12-01 2025-12-01" "$(lastmod_of "$U/posts/one/" "$P2/sitemap.xml") $(lastmod_of "$U/posts/three/" "$P2/sitemap.xml")"
check_eq "... the edited post moves alone" "$today" \
    "$(lastmod_of "$U/posts/two/" "$P2/sitemap.xml")"
check_eq "... IndexNow is sent exactly it" "$U/posts/two/" "$(sent 0)"
check_eq "robots.txt as the first build's" "$(cat "$P1/robots.txt")" \
    "$(cat "$P2/robots.txt")"

# Exported twice into one folder: the same bytes, dates untouched.
cp -a "$P2" "$TMP/before"
touch "$TMP/exported"
(cd "$TMP/clone2" && "$SITEMAPD" -c sitemapd.ini export public --host \
    "$HOST" >"$TMP/again.out" 2>&1) || not_ok "export again: $(cat "$TMP/again.out")"
diff -r "$TMP/before" "$P2" >"$TMP/diff" &&
    ok "exported twice: byte-identical files" ||
    not_ok "exported twice: byte-identical files: $(cat "$TMP/diff")"
check_eq "... none rewritten" "" "$(find "$P2" -newer "$TMP/exported")"

# Deployed: nginx serving the folder, no FastCGI; audited from outside.
NGINX_HTTP="include /etc/nginx/mime.types;" start_nginx "$P2"
"$SITEMAPD" audit "$U/" >"$TMP/audit.out" 2>&1
rc=$?
check_eq "sitemapd audit of the static site: exit 0" 0 "$rc"
n=$(grep -c '<loc>' "$P2/sitemap.xml")
check_contains "... every listed URL fetched (exit 0: each answered 200)" \
    "$n URLs listed, $n fetched" "$(cat "$TMP/audit.out")"
check_lacks "... with no finding on a listed URL" "listed URLs that" \
    "$(cat "$TMP/audit.out")"

# --- a site in parts ----------------------------------------------------------
S=$TMP/parts
mkdir -p "$S/sitemaps"
for i in $(seq 1 30); do
	printf '<!doctype html><title>p%s</title><p>%s</p>\n' "$i" "$i" \
	    >"$S/p$i.html"
done
printf 'User-agent: *\nDisallow: /p1.html\n' >"$S/robots.txt"
echo "the owner's" >"$S/sitemaps/notes.txt"
printf '[site]\nsource = docroot\nroot = %s\n[sitemap]\nmax_urls = 10\n' \
    "$S" >"$TMP/parts.ini"
"$SITEMAPD" -c "$TMP/parts.ini" export "$S" --host www.example.org \
    --https 2>"$TMP/parts.err"
check_eq "29 pages in parts of 10: exit 0" 0 "$?"
parts=$(sed -n 's|.*<loc>https://www.example.org/\(sitemaps/[^<]*\)</loc>.*|\1|p' \
    "$S/sitemap.xml")
check_eq "... the index names three parts" 3 "$(echo "$parts" | wc -l)"
n=0
for p in $parts; do n=$((n + $(grep -c '<loc>' "$S/$p"))); done
check_eq "... each in the folder, 29 URLs between them" 29 "$n"
check_lacks "... the page robots.txt disallows is not listed" "/p1.html" \
    "$(cat "$S/sitemap.xml" "$S/sitemaps/"*.xml)"
cp -a "$S" "$TMP/parts-before"
"$SITEMAPD" -c "$TMP/parts.ini" export "$S" --host www.example.org --https
diff -r "$TMP/parts-before" "$S" >"$TMP/diff" &&
    ok "... exported twice: byte-identical (its robots.txt not read back)" ||
    not_ok "... exported twice: byte-identical: $(cat "$TMP/diff")"
check_eq "... sitemap.xml is never a page" "" \
    "$("$SITEMAPD" -c "$TMP/parts.ini" list | cut -f 3 |
    grep -i 'sitemap\|robots')"
# A rule of the INI, exported, then dropped from the INI: gone from the
# next export, which reads the site's rules, not what it wrote.
cp "$TMP/parts.ini" "$TMP/parts-rule.ini"
printf '[robots]\ndisallow = /p2.html\n' >>"$TMP/parts-rule.ini"
"$SITEMAPD" -c "$TMP/parts-rule.ini" export "$S" --host www.example.org --https
check_contains "an INI's rule exported" "Disallow: /p2.html" "$(cat "$S/robots.txt")"
"$SITEMAPD" -c "$TMP/parts.ini" export "$S" --host www.example.org --https
check_lacks "... dropped from the INI, gone from the next export" "/p2.html" \
    "$(cat "$S/robots.txt")"
check_contains "... and its page listed again" "/p2.html" \
    "$(cat "$S/sitemaps/"*.xml)"
rm "$S"/p1[0-9].html
"$SITEMAPD" -c "$TMP/parts.ini" export "$S" --host www.example.org --https \
    2>"$TMP/parts.err"
left=$(sed -n 's|.*<loc>https://www.example.org/\(sitemaps/[^<]*\)</loc>.*|\1|p' \
    "$S/sitemap.xml")
check_eq "19 pages: two parts named" 2 "$(echo "$left" | wc -l)"
check_eq "... the third removed, the owner's file left" "notes.txt
$(echo "$left" | sed 's|sitemaps/||')" "$(ls "$S/sitemaps" | sort)"
check_contains "... and said" "removed, as the sitemap names it no more" \
    "$(cat "$TMP/parts.err")"
check_eq "... the site's own rule still there" 1 \
    "$(grep -c '^Disallow: /p1.html$' "$S/robots.txt")"

# --- a site under a path ------------------------------------------------------
# [docroot] url_path: the files where the site's URLs are, its sitemap
# named in no robots.txt of its own, which is the host's.
D=$TMP/under
mkdir -p "$D"
printf '<!doctype html><title>a</title><p>a</p>\n' >"$D/a.html"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nurl_path = /docs/\n[indexnow]\nkey = %s\nhost = www.example.org\nstate = %s\n' \
    "$D" "$KEY" "$TMP/under.db" >"$TMP/under.ini"
"$SITEMAPD" -c "$TMP/under.ini" export "$D" --host www.example.org \
    2>"$TMP/under.err"
check_eq "url_path: exit 0" 0 "$?"
check_contains "... its pages under the path" \
    "<loc>http://www.example.org/docs/a.html</loc>" "$(cat "$D/sitemap.xml")"
test -s "$D/sitemap.css" && test -s "$D/sitemap_index.xml" &&
    ok "... the stylesheet and the index beside it" ||
    not_ok "... the stylesheet and the index beside it"
check_eq "... IndexNow's key file there" "$KEY" "$(cat "$D/indexnow-$KEY.txt")"
test -e "$D/robots.txt" && not_ok "... no robots.txt" || ok "... no robots.txt"
check_contains "... and said" "robots.txt not written" "$(cat "$TMP/under.err")"

# --- mistakes -----------------------------------------------------------------
"$SITEMAPD" -c "$TMP/parts.ini" export "$S" 2>"$TMP/err"
check_eq "no --host and no one host in allowed_hosts: exit 2" 2 "$?"
check_contains "... saying what to give" "which host? Give --host HOST" \
    "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/parts.ini" export "$TMP/none" --host a.example 2>"$TMP/err"
check_eq "a folder that is not there: exit 1" 1 "$?"
check_contains "... named" "$TMP/none: No such file or directory" \
    "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/parts.ini" export 2>"$TMP/err"
check_eq "no folder: exit 2" 2 "$?"

finish
