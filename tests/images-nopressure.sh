#!/bin/sh
# [sitemap] images = yes on a NoPressure root: each listed page shows the
# images its markdown shows, as NoPressure's renderer lets them through
# (nop/src/public/markdown/parser.rs, process_event and
# version_asset_url_if_needed, restated here): an http(s) image as
# written, a site image as its content object's path with ?v=VERSION,
# and only where that object is a public image. Then live, under
# lighttpd, as the image objects change apart from the page.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"
need xmllint libxml2-utils

R="$TMP/root"
mkdir -p "$R/state/sys"
cat >"$R/state/sys/tags.yaml" <<'YAML'
staff:
  name: Staff
  roles: [staff]
YAML
# object ID VERSION MIME ALIAS [TAGS] [BLOB]: a content object.
object() {
	page "$R" "$1" "$2" "(alias: \"$4\", title: Some(\"T\"), mime: \"$3\", tags: [${5:-}])"
	[ -z "${6:-}" ] || printf '%s' "$6" >"$R/content/$(printf '%s' "$1" | cut -c15-16)/$1.$2"
}
object 0000000000000101 1 text/markdown blog/post '' '---
title: front matter
cover: ![fm](fm.png)
---
# A post

![a](pic.png) and ![b](/shared/logo.png), twice: ![again](pic.png)
![cdn](<https://cdn.example/a b.jpg?w=1&h=2#top>)
![dot](./dot.png) ![up](../up.png) ![img](/img/x.png)
![md](notes.md) ![query](pic.png?x=1) ![missing](missing.png)
![private](secret.png) ![text](notes.png) ![id](/id/0000000000000102)
![HTTP](HTTP://cdn.example/upper.png) ![hostless](http:///x.png)

    ![indented code](code.png)

```
![fenced code](code.png)
```

A [link](pic2.png), not an image; a reference ![ref][r].

[r]: deep/figure.png
'
object 0000000000000102 3 image/png blog/pic.png '' PNG
object 0000000000000103 1 image/svg+xml shared/logo.png '' SVG
object 0000000000000104 1 image/png blog/secret.png '"staff"' PNG
object 0000000000000105 1 text/plain blog/notes.png '' TXT
object 0000000000000106 1 image/png blog/deep/figure.png '' PNG
object 0000000000000107 1 image/png blog/pic2.png '' PNG
object 0000000000000108 1 image/png fm.png '' PNG
object 0000000000000109 1 image/png blog/code.png '' PNG
object 000000000000010d 1 image/png blog/dot.png '' PNG
object 000000000000010e 1 image/png up.png '' PNG
object 000000000000010f 1 image/png img/x.png '' PNG
object 000000000000010a 1 text/markdown staff/only '"staff"' '![s](/shared/logo.png)'
object 000000000000010b 1 text/markdown index '' '![home](shared/logo.png)'

ask() {	# ask INI: the sitemap as a CGI answers it
	cgi SITEMAPD_CONFIG="$1" REQUEST_URI=/sitemap.xml HTTP_HOST=example.com
}
images_of() {	# images_of URL: the <image:loc>s of its entry in BODY
	printf '%s\n' "$BODY" | sed -n "\\|<loc>$1</loc>|,\\|</url>|p" |
	    sed -n 's:.*<image\:loc>\(.*\)</image\:loc>.*:\1:p'
}
POST_IMAGES="http://example.com/blog/pic.png?v=3
http://example.com/shared/logo.png?v=1
https://cdn.example/a%20b.jpg?w=1&amp;h=2
http://example.com/blog/deep/figure.png?v=1"

# --- off, the default -----------------------------------------------------
ini "$TMP/off.ini" "$R"
ask "$TMP/off.ini"
check_eq "NoPressure, images off: 200" 200 "$STATUS"
check_lacks "... no image namespace" "sitemap-image" "$BODY"

# --- on, as a CGI ---------------------------------------------------------
ini "$TMP/on.ini" "$R" "[sitemap]
images = yes"
ask "$TMP/on.ini"
check_eq "images on: 200" 200 "$STATUS"
check_contains "... the image namespace on the urlset" \
    'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' "$BODY"
check_eq "... a post's images: in order, once each, site ones with ?v=VERSION" \
    "$POST_IMAGES" "$(images_of http://example.com/blog/post)"
check_lacks "... not a restricted image object" "secret.png" "$BODY"
check_lacks "... not an object that is no image" "notes.png" "$BODY"
check_lacks "... not one that names no object" "missing.png" "$BODY"
check_lacks "... not ./, which NoPressure refuses" "dot.png" "$BODY"
check_lacks "... nor ../" "up.png" "$BODY"
check_lacks "... not /img, refused too" "/img/" "$BODY"
check_lacks "... not from the front matter" "fm.png" "$BODY"
check_lacks "... not from code" "code.png" "$BODY"
check_lacks "... not a link" "pic2.png" "$BODY"
check_lacks "... not a path with a query, which names no object" "x=1" "$BODY"
check_lacks "... not an uppercase scheme, a path to NoPressure" "upper.png" "$BODY"
check_lacks "... not a URL without host" "http:///" "$BODY"
check_lacks "... not an id route" "/id/" "$BODY"
check_lacks "... a restricted page is not listed, nor its images" "staff/only" "$BODY"
check_eq "... the home page's, relative to the root" \
    "http://example.com/shared/logo.png?v=1" "$(images_of http://example.com/)"
check_valid "... valid against sitemap.xsd with image-loc.xsd" "$TMP/body" \
    sitemap-extensions.xsd
n_images=$(xmllint --xpath 'count(//*[local-name()="image"])' "$TMP/body")
n_locs=$(xmllint --xpath 'count(//*[local-name()="image"]/*[local-name()="loc"])' "$TMP/body")
check_eq "... every image:image holds one image:loc" "$n_images" "$n_locs"
ini "$TMP/robots.ini" "$R" "[sitemap]
images = yes
[robots]
disallow = /shared/"
ask "$TMP/robots.ini"
check_lacks "... not a site image robots.txt disallows" "logo.png" "$BODY"
check_contains "... the others still" "blog/pic.png?v=3" "$BODY"

# --- live, under lighttpd: the image objects change apart from the page ---
start_lighttpd "$TMP/on.ini"
get /sitemap.xml
check_contains "lighttpd: the post's image" "/blog/pic.png?v=3</image:loc>" "$BODY"
# put FILE TEXT: as NoPressure writes, a finished file renamed over it.
put() { printf '%s\n' "$2" >"$1.tmp-upload" && mv "$1.tmp-upload" "$1"; }
put "$R/content/02/0000000000000102.1.ron" '(alias: "blog/pic.png", mime: "image/png", tags: [])'
printf 'PNG4' >"$R/content/02/0000000000000102.4"
put "$R/content/02/0000000000000102.4.ron" '(alias: "blog/pic.png", mime: "image/png", tags: [])'
get /sitemap.xml
check_contains "... a new version of an image: its ?v= at once" \
    "/blog/pic.png?v=4</image:loc>" "$BODY"
put "$R/content/03/0000000000000103.1.ron" '(alias: "shared/logo.png", mime: "image/svg+xml", tags: ["staff"])'
get /sitemap.xml
check_lacks "... an image made restricted: gone from every page at once" \
    "logo.png" "$BODY"
put "$R/content/03/0000000000000103.1.ron" '(alias: "shared/logo.png", mime: "image/svg+xml", tags: [])'
get /sitemap.xml
check_eq "... public again: back on each page that shows it" \
    "http://127.0.0.1:$PORT/shared/logo.png?v=1" "$(images_of "http://127.0.0.1:$PORT/")"
object 000000000000010c 1 image/png blog/missing.png '' PNG
get /sitemap.xml
check_contains "... an image object uploaded after the page: shown" \
    "/blog/missing.png?v=1</image:loc>" "$BODY"
rm "$R/content/0c/000000000000010c.1.ron"
get /sitemap.xml
check_lacks "... and deleted: gone" "missing.png" "$BODY"
printf '# A post\n\n![only](pic.png)\n' >"$R/content/01/0000000000000101.2"
put "$R/content/01/0000000000000101.2.ron" "$(md blog/post)"
get /sitemap.xml
check_eq "... the page's new version: its images" \
    "http://127.0.0.1:$PORT/blog/pic.png?v=4" "$(images_of "http://127.0.0.1:$PORT/blog/post")"
# A page of a lower id claims the image's alias: NoPressure's cache then
# gives that page for it, no image.
object 0000000000000100 1 text/markdown blog/pic.png '' '# a page'
get /sitemap.xml
check_lacks "... an image's alias taken by a page of a lower id: not shown" \
    "pic.png?v=" "$BODY"
rm "$R/content/00/0000000000000100.1.ron"
get /sitemap.xml
check_contains "... the alias given back: shown again" \
    "/blog/pic.png?v=4</image:loc>" "$BODY"
stop_lighttpd

finish
