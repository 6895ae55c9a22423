#!/bin/sh
# The sitemap in a real browser: headless Chromium loads /sitemap.xml from
# lighttpd (contrib/lighttpd.conf, which routes /sitemap.css too). With the
# stylesheet it renders the document; without, it shows its "no style
# information" tree, which proves the check can tell the two apart.
# Then the browser as the reference for what a page says: of a document
# root of hostile heads (tests/heads.sh), no page whose head Chromium
# finds a robots noindex in is listed.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
. "$SRCDIR/tests/heads.sh"

browser=$(command -v chromium || command -v chromium-browser) ||
    skip "chromium is not installed"
banner="does not appear to have any style information"

# dom PATH: the document Chromium builds for $URL/PATH.
dom() {
	HOME=$TMP timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$TMP/chromium" --dump-dom "$URL$1" 2>"$TMP/chromium.err"
}

cp -R "$SRCDIR/contrib/example-site" "$TMP/root"
ini "$TMP/sitemapd.ini" "$TMP/root"
start_lighttpd "$TMP/sitemapd.ini"

get /sitemap.css
check_eq "lighttpd routes /sitemap.css to sitemapd" "200 text/css; charset=utf-8" \
    "$STATUS $(hdr Content-Type)"
out=$(dom /sitemap.xml)
check_contains "Chromium renders the sitemap itself" "<urlset" "$out"
check_lacks "... styled: no \"no style information\" banner" "$banner" "$out"

printf '[sitemap]\nstylesheet = no\n' >>"$TMP/sitemapd.ini"
get /sitemap.xml
check_lacks "stylesheet = no reaches the running process" "xml-stylesheet" "$BODY"
out=$(dom /sitemap.xml)
check_contains "without the stylesheet Chromium shows its banner" "$banner" "$out"

check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"
stop_lighttpd

# The probe reads each page in a frame of another origin (localhost, not
# 127.0.0.1), so that none takes the probe's own encoding, as a frame of
# the same origin would; the pages go out as text/html without a charset,
# as nginx and lighttpd send them.
H="$TMP/heads"
mkdir -p "$H"
hostile_heads "$H"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nexclude = probe.html\n' \
    "$H" >"$TMP/heads.ini"
LIGHTTPD_EXTRA='mimetype.assign = ( ".html" => "text/html" )'
start_lighttpd "$TMP/heads.ini" "$H"
names=$(cd "$H" && ls | sed 's/.*/"&",/' | tr -d '\n')
cat >"$H/probe.html" <<PROBE
<!DOCTYPE html><meta charset="utf-8"><title>probe</title><pre id="out"></pre>
<script>
const names = [$names], out = [];
let left = names.length;
function says(doc) {
	for (const m of doc.head ? doc.head.querySelectorAll('meta') : []) {
		const n = (m.getAttribute('name') || '').trim().toLowerCase();
		const c = (m.getAttribute('content') || '').toLowerCase()
		    .split(',').map(t => t.trim());
		if ((n === 'robots' || n === 'googlebot') &&
		    (c.includes('noindex') || c.includes('none')))
			return 'noindex';
	}
	return 'index';
}
for (const name of names) {
	const f = document.createElement('iframe');
	f.onload = () => {
		out.push(name + ' ' + says(f.contentDocument));
		if (--left === 0)
			document.getElementById('out').textContent =
			    out.sort().join('\\n') + '\\nDONE';
	};
	f.src = 'http://localhost:$PORT/' + name;
	document.body.appendChild(f);
}
</script>
PROBE
HOME=$TMP timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
    --disable-web-security --disable-site-isolation-trials \
    --user-data-dir="$TMP/chromium-heads" --virtual-time-budget=20000 \
    --dump-dom "$URL/probe.html" 2>"$TMP/chromium.err" |
    sed -n 's/^<[^ ]*<pre id="out">//; /DONE/q; / \(no\)*index$/p' >"$TMP/verdicts"
check_eq "Chromium read every page of the corpus" \
    "$(cd "$H" && ls | grep -vx probe.html | wc -l)" "$(wc -l <"$TMP/verdicts")"
check_eq "... and found a noindex where the corpus says it is" \
    "$(echo $HEADS_INDEXED | tr ' ' '\n' | sort)" \
    "$(sed -n 's/ index$//p' "$TMP/verdicts" | sort)"
get /sitemap.xml
check_eq "the hostile heads: sitemap 200" 200 "$STATUS"
leaks=""
for name in $(sed -n 's/ noindex$//p' "$TMP/verdicts"); do
	case "$BODY" in *"<loc>$URL/$name</loc>"*) leaks="$leaks $name" ;; esac
done
check_eq "no page Chromium sees noindex in is listed" "" "$leaks"
for name in $(sed -n 's/ index$//p' "$TMP/verdicts"); do
	case "$BODY" in *"<loc>$URL/$name</loc>"*) ;;
	*) echo "# left out, though Chromium indexes it: $name" ;; esac
done
check_no_sanitizer_report "$(cat "$TMP/lighttpd.log" "$TMP/lighttpd.out")"
finish
