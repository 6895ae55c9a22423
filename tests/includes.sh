#!/bin/sh
# The include graph of src/ has no cycle, every include runs down the
# floors HACKING gives, and only the entry point and the adapters speak
# libfcgi. A module is a .c and its .h; an edge runs from the module that
# includes to the one included. tsort(1) names any loop. And no file of
# src/ is over 800 lines: past that, a file holds more than one job.
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

# "folder folder-included file header" per include that leaves a folder.
folder_edges() {
	for file in "$1"/*/*.c "$1"/*/*.h; do
		[ -f "$file" ] || continue
		from=$(basename "$(dirname "$file")")
		sed -n 's/^#include "\(.*\.h\)".*/\1/p' "$file" |
		while read -r to; do
			for h in "$1"/*/"$to"; do
				[ -f "$h" ] || continue
				into=$(basename "$(dirname "$h")")
				[ "$into" = "$from" ] ||
				    echo "$from $into ${file#"$1"/} $to"
			done
		done
	done
}

# Each include that does not run to a lower floor, as "file includes
# header (folder/ is not below folder/)". The floors are one line, from
# the top, ">" between floors and folders of one floor side by side:
# those may not include each other either.
upward() {
	folder_edges "$1" | while read -r from into file header; do
		high=$(floor_of "$from"); low=$(floor_of "$into")
		if [ -z "$high" ] || [ -z "$low" ] || [ "$high" -ge "$low" ]; then
			echo "$file includes $header ($into/ is not below $from/)"
		fi
	done
}

# The number of folder's floor, from the top; nothing when it has none.
floor_of() {
	echo "$floors" | tr '>' '\n' | grep -n " $1/ " | cut -d: -f1
}

floors=$(sed -n 's/^    Floors: \(.*\)/ \1 /p' "$SRCDIR/HACKING")
check_contains "HACKING gives the floors" "util/" "$floors"
for dir in "$SRCDIR"/src/*/; do
	folder=$(basename "$dir")
	check_contains "src/$folder/ is on a floor" " $folder/" "$floors"
done

# The check itself must be able to fail: a made-up upward include, and
# one between two folders of a floor, are found; a downward one is not.
mkdir -p "$TMP/up/util" "$TMP/up/core" "$TMP/up/docroot" "$TMP/up/nopressure"
printf '#include "cache.h"\n' >"$TMP/up/util/buf.c"
: >"$TMP/up/core/cache.h"
printf '#include "buf.h"\n#include "tags.h"\n' >"$TMP/up/docroot/head.c"
: >"$TMP/up/util/buf.h"
: >"$TMP/up/nopressure/tags.h"
check_eq "a made-up upward include is found, and one across a floor" \
    "docroot/head.c includes tags.h (nopressure/ is not below docroot/)
util/buf.c includes cache.h (core/ is not below util/)" \
    "$(upward "$TMP/up" | sort)"

check_eq "every include runs down the floors" "" "$(upward "$SRCDIR/src")"

# The document root source's state is its files' own.
check_eq "only src/docroot/ includes docroot_source.h" "" \
    "$(grep -l '#include "docroot_source.h"' "$SRCDIR"/src/*/*.[ch] |
    grep -v '/src/docroot/')"

# The core library (Makefile.am) links no libfcgi: only these touch it.
adapters="main fcgi fcgi_server"
check_eq "only the adapters include fcgi.h or fcgiapp.h" "" \
    "$(grep -l '#include [<"]\(fcgi\.h\|fcgiapp\.h\)' "$SRCDIR"/src/*/*.c \
    "$SRCDIR"/src/*/*.h | while read -r f; do
	m=$(basename "$f"); m=${m%.[ch]}
	case " $adapters " in *" $m "*) ;; *) echo "$m" ;; esac
    done)"
# Calls, from the objects: within a folder, module A calls B when B
# defines a symbol A needs. No circle of calls in a folder, so that each
# file has one job below its callers.
call_edges() {
	for o in "$1"/*.o; do
		[ -f "$o" ] || continue
		from=$(basename "$o" .o); from=${from#*-}
		nm -u "$o" | awk '{ print $NF }' | sort -u >"$TMP/needs"
		for d in "$1"/*.o; do
			to=$(basename "$d" .o); to=${to#*-}
			[ "$to" = "$from" ] && continue
			nm -g --defined-only "$d" | awk '{ print $NF }' | sort -u |
			    comm -12 - "$TMP/needs" | grep -q . &&
			    echo "$from $to"
		done
	done
}
objects=$(dirname "$SITEMAPD")
if command -v nm >/dev/null && [ -f "$objects/audit/libsitemapd_a-audit.o" ]; then
	mkdir -p "$TMP/calls/x"
	printf 'void b(void); void a(void) { b(); }\n' >"$TMP/calls/a.c"
	printf 'void a(void); void b(void) { a(); }\n' >"$TMP/calls/b.c"
	if cc -c -o "$TMP/calls/x/lib-a.o" "$TMP/calls/a.c" &&
	    cc -c -o "$TMP/calls/x/lib-b.o" "$TMP/calls/b.c"; then
		check_eq "a made-up circle of calls is found" yes \
		    "$(call_edges "$TMP/calls/x" | tsort >/dev/null 2>&1 || echo yes)"
	fi
	for dir in "$objects"/*/; do
		folder=$(basename "$dir")
		call_edges "$dir" >"$TMP/calls.$folder"
		loops=$(tsort "$TMP/calls.$folder" 2>&1 >/dev/null)
		check_eq "no circle of calls inside src/$folder/" "" "$loops"
	done
fi
unit=$(dirname "$(dirname "$SITEMAPD")")/tests/unit
if [ -x "$unit" ] && command -v ldd >/dev/null; then
	check_lacks "the unit tests do not link libfcgi" libfcgi "$(ldd "$unit")"
fi
# Small files: a file over 800 lines is to be split by job.
long=$(wc -l "$SRCDIR"/src/*/*.c "$SRCDIR"/src/*/*.h |
    awk '$2 != "total" && $1 > 800 { print $2 ": " $1 }' |
    sed "s|$SRCDIR/||")
check_eq "no file of src/ over 800 lines" "" "$long"
finish
