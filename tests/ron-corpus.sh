#!/bin/sh
# sitemapd's RON reader against ron 0.8.1, NoPressure's own: 1,500 sidecars
# (tests/ron-corpus, see its README) must get the same verdict and, when
# they parse, the same alias, title, mime, tags and nav_order.
. "$SRCDIR/tests/lib.sh"

DUMP=${RON_DUMP:-$(dirname "$SITEMAPD")/../tests/ron-dump}
[ -x "$DUMP" ] || { echo "tests/ron-dump not built"; exit 1; }
need jq
CORPUS="$SRCDIR/tests/ron-corpus"

# normalize: FILE, verdict and, for OK, the fields as jq writes them.
normalize() {
	while IFS="$(printf '\t')" read -r file verdict rest; do
		if [ "$verdict" = OK ]; then
			printf '%s\tOK\t%s\n' "$file" "$(printf '%s' "$rest" | jq -cS .)"
		else
			printf '%s\tERR\n' "$file"
		fi
	done
}
normalize <"$CORPUS/expected.tsv" | sort >"$TMP/want"
(cd "$CORPUS" && "$DUMP" ./*.ron) | normalize | sort >"$TMP/got"
check_eq "every file read" "$(wc -l <"$TMP/want")" "$(wc -l <"$TMP/got")"
join -t "$(printf '\t')" -j 1 -o 1.2,1.3,2.2,2.3 -a 1 "$TMP/want" "$TMP/got" \
    >/dev/null 2>&1
# One check per file: same verdict, same fields.
diff "$TMP/want" "$TMP/got" | sed -n 's/^< \([0-9]*\.ron\).*/\1/p' | sort -u \
    >"$TMP/differ"
total=$(wc -l <"$TMP/want")
bad=$(wc -l <"$TMP/differ")
passed=$((passed + total - bad))
failed=$((failed + bad))
for f in $(head -20 "$TMP/differ"); do
	echo "not ok - $f"
	printf '  ron 0.8.1: %s\n  sitemapd:  %s\n' \
	    "$(grep "^$f	" "$TMP/want" | cut -f2-)" \
	    "$(grep "^$f	" "$TMP/got" | cut -f2-)"
	(cd "$CORPUS" && "$DUMP" "$f" | cut -f3 | sed 's/^/  reason:    /')
done
[ "$bad" -le 20 ] || echo "... and $((bad - 20)) more"
echo "$((total - bad)) of $total files agree"
finish
