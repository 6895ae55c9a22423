#!/bin/sh
# The include graph of src/ has no cycle, and only the entry point and the
# adapters speak libfcgi. A module is a .c and its .h; an edge runs from
# the module that includes to the one included. tsort(1) names any loop.
. "$SRCDIR/tests/lib.sh"

# "from to" per quoted include of a file in src/ (its folders, which -I
# names each).
edges() {
	for file in "$1"/*.c "$1"/*.h "$1"/*/*.c "$1"/*/*.h; do
		[ -f "$file" ] || continue
		from=$(basename "$file"); from=${from%.[ch]}
		sed -n 's/^#include "\(.*\)\.h".*/\1/p' "$file" |
		while read -r to; do
			for h in "$1/$to.h" "$1"/*/"$to.h"; do
				[ -f "$h" ] && { echo "$from $to"; break; }
			done
		done
	done
}

# The check itself must be able to fail: a made-up loop is found.
mkdir -p "$TMP/loop"
printf '#include "b.h"\n' >"$TMP/loop/a.h"
printf '#include "a.h"\n' >"$TMP/loop/b.c"
: >"$TMP/loop/b.h"
check_eq "tsort finds a made-up loop" yes \
    "$(edges "$TMP/loop" | tsort >/dev/null 2>&1 || echo yes)"

edges "$SRCDIR/src" >"$TMP/edges"
check_eq "the graph has edges" yes "$([ "$(wc -l <"$TMP/edges")" -ge 50 ] && echo yes)"
tsort "$TMP/edges" >/dev/null 2>"$TMP/loops"
check_eq "src/ includes have no cycle" "" "$(cat "$TMP/loops")"

# The core library (Makefile.am) links no libfcgi: only these touch it.
adapters="main fcgi fcgi_server"
check_eq "only the adapters include fcgi.h or fcgiapp.h" "" \
    "$(grep -l '#include [<"]\(fcgi\.h\|fcgiapp\.h\)' "$SRCDIR"/src/*/*.c \
    "$SRCDIR"/src/*/*.h | while read -r f; do
	m=$(basename "$f"); m=${m%.[ch]}
	case " $adapters " in *" $m "*) ;; *) echo "$m" ;; esac
    done)"
unit=$(dirname "$(dirname "$SITEMAPD")")/tests/unit
if [ -x "$unit" ] && command -v ldd >/dev/null; then
	check_lacks "the unit tests do not link libfcgi" libfcgi "$(ldd "$unit")"
fi
finish
