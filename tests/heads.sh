# hostile_heads DIR: pages whose head says noindex in ways a reader may
# miss (encodings, BOMs, charset lies, long heads, markup libxml2 reads
# otherwise than a browser), and a few that do not say it. Each file's
# name says its case; those a browser indexes are in HEADS_INDEXED.
# Sourced by tests/fail-closed.sh and tests/browser.sh.
HEADS_INDEXED="commented-out.html in-body.html plain.html unquoted-slash.html
late-charset-replacement.html utf16le-nobom.html noscript-meta.html"
hostile_heads() {
	_d=$1
	_ni='<meta name="robots" content="noindex">'
	_page() { printf '<!DOCTYPE html><html><head><title>t</title>%s</head><body><p>%s</p></body></html>\n' "$2" "$1"; }
	_big() { head -c "$1" /dev/zero | tr '\0' x; }
	_page utf16le "$_ni" | iconv -f UTF-8 -t UTF-16LE | { printf '\377\376'; cat; } >"$_d/utf16le-bom.html"
	_page utf16be "$_ni" | iconv -f UTF-8 -t UTF-16BE | { printf '\376\377'; cat; } >"$_d/utf16be-bom.html"
	_page utf16le-nobom "$_ni" | iconv -f UTF-8 -t UTF-16LE >"$_d/utf16le-nobom.html"
	{ printf '\357\273\277'; _page utf8bom "$_ni"; } >"$_d/utf8-bom.html"
	for cs in utf-32 ibm037 utf-16 utf-16le x-user-defined utf-7 bogus; do
		_page "$cs" "<meta charset=\"$cs\">$_ni" >"$_d/charset-$cs.html"
	done
	_page pragma "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-32\">$_ni" >"$_d/pragma-utf-32.html"
	_page late-replacement "<!-- $(_big 1100) --><meta charset=\"iso-2022-kr\">$_ni" >"$_d/late-charset-replacement.html"
	_page late-sjis "<!-- $(_big 1100) --><meta charset=\"shift_jis\">$_ni" >"$_d/late-charset-sjis.html"
	# ISO-2022-JP as the Encoding Standard reads it: ESC ( I turns the
	# "</title><!--" after it into katakana, and ESC ( B back to ASCII.
	_esc=$(printf '\033')
	_page jp-katakana "<meta charset=\"iso-2022-jp\"><title>${_esc}(I</title><!--${_esc}(B</title>$_ni<!-- -->" |
	    sed 's/<title>t<\/title>//' >"$_d/iso-2022-jp-katakana.html"
	_page jp-pragma "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-2022-jp\"><title>${_esc}(I</title><!--${_esc}(B</title>$_ni<!-- -->" |
	    sed 's/<title>t<\/title>//' >"$_d/iso-2022-jp-katakana-pragma.html"
	_page jp-kanji "<meta charset=\"iso-2022-jp\"><title>${_esc}\$B</title><!--${_esc}(B</title>$_ni<!-- -->" |
	    sed 's/<title>t<\/title>//' >"$_d/iso-2022-jp-jis0208.html"
	_page jp-bad-escape "<meta charset=\"iso-2022-jp\"><!-- ${_esc}(Z-->$_ni<!-- -->" >"$_d/iso-2022-jp-bad-escape.html"
	# A lead byte just before the "-->" that ends a comment: the
	# standard's decoders give the "-" back, as no trail byte is one.
	for _cs in shift_jis:'\201' euc-jp:'\217\241' euc-kr:'\201' gbk:'\201' \
	    gb18030:'\201\060' big5:'\201'; do
		_page "lead-${_cs%%:*}" "<meta charset=\"${_cs%%:*}\"><!-- $(printf "${_cs#*:}")-->$_ni<!-- -->" \
		    >"$_d/lead-byte-${_cs%%:*}.html"
	done
	# A lone surrogate in UTF-16 is one code unit of U+FFFD, not a byte.
	{ printf '\377\376'
	  printf '<!DOCTYPE html><html><head><title>t' | iconv -f UTF-8 -t UTF-16LE
	  printf '\000\330'
	  printf '</title>%s</head><body>x</body></html>\n' "$_ni" | iconv -f UTF-8 -t UTF-16LE
	} >"$_d/utf16le-lone-surrogate.html"
	_page comment "<!-- $(_big 70000) -->$_ni" >"$_d/long-comment.html"
	_page script "<script>var x='$(_big 70000)';</script>$_ni" >"$_d/long-script.html"
	_page style "<style>.x{content:'$(_big 70000)'}</style>$_ni" >"$_d/long-style.html"
	_page attrs "<link rel=\"stylesheet\" href=\"a.css\" $(seq 6000 | sed 's/.*/data-a&="1"/' | tr '\n' ' ')>$_ni" >"$_d/many-attributes.html"
	_page head-2mib "<!-- $(_big 2200000) -->$_ni" >"$_d/head-past-bound.html"
	_page conflicting '<meta name="robots" content="index, follow"><meta name="robots" content="noindex">' >"$_d/conflicting.html"
	_page upper '<META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW">' >"$_d/uppercase.html"
	_page blanks '<meta name=" robots " content=" none ">' >"$_d/blanks.html"
	_page googlebot '<meta name="googlebot" content="none">' >"$_d/googlebot-none.html"
	_page abrupt "<!-->$_ni<!-- -->" >"$_d/comment-abrupt.html"
	_page abrupt2 "<!--->$_ni<!-- -->" >"$_d/comment-abrupt-dash.html"
	_page bang "<!-- x --!>$_ni<!-- -->" >"$_d/comment-bang.html"
	_page bogus "<?php x ?>$_ni" >"$_d/bogus-comment.html"
	printf '<!DOCTYPE html><html><head><title>a<body>b</title>%s</head><body>x</body></html>\n' "$_ni" >"$_d/title-body.html"
	printf '<!DOCTYPE html><html><head><noscript><body></noscript>%s</head><body>x</body></html>\n' "$_ni" >"$_d/noscript-body.html"
	printf '<!DOCTYPE html><html><head><style><body></style>%s</head><body>x</body></html>\n' "$_ni" >"$_d/style-body.html"
	printf '<!DOCTYPE html><html><head><noscript><!--</noscript>%s--></head><body>x</body></html>\n' "$_ni" >"$_d/noscript-comment.html"
	printf '<!DOCTYPE html><html><head><script><!--<script></script>x</script>%s</head><body>x</body></html>\n' "$_ni" >"$_d/script-double-escape.html"
	printf '<!DOCTYPE html><html><head><script>a="</scrip"</script>%s</head><body>x</body></html>\n' "$_ni" >"$_d/script-near-end.html"
	printf '<!DOCTYPE html><html><head><title>t</title></head>%s<body>x</body></html>\n' "$_ni" >"$_d/after-head.html"
	printf '<!DOCTYPE html><html><head><title>t</title><template><body></template>%s</head><body>x</body></html>\n' "$_ni" >"$_d/template-body.html"
	printf '<!DOCTYPE html><html><head><title>caf\351</title>%s</head><body>x</body></html>\n' "$_ni" >"$_d/latin1-bytes.html"
	printf '<!DOCTYPE html><html><head><title>t</title><meta name="robots" content="noindex" content="index"></head><body>x</body></html>\n' >"$_d/duplicate-attr.html"
	printf '<!DOCTYPE html><html><head><title>t</title><meta content="index" name="robots" name="x"><meta name=robots content=noindex/></head><body>x</body></html>\n' >"$_d/unquoted-slash.html"
	printf '<!DOCTYPE html><html><head><title>t</title><meta name="robots"\0 content="noindex"></head><body>x</body></html>\n' >"$_d/nul-in-tag.html"
	# and pages that do not say it, to a browser (that runs scripts: one
	# that does not, as Google's first reading, reads noscript-meta's)
	printf '<!DOCTYPE html><html><head><noscript>%s</noscript></head><body>x</body></html>\n' "$_ni" >"$_d/noscript-meta.html"
	_page plain '' >"$_d/plain.html"
	_page commented "<!-- $_ni -->" >"$_d/commented-out.html"
	printf '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p>%s</body></html>\n' "$_ni" >"$_d/in-body.html"
}
