#!/bin/sh
# The manual pages stay right: mandoc finds nothing to warn about, every
# INI key the code knows is in sitemapd.ini(5) under its section, and
# every command of main.c's table is in sitemapd(8)'s synopsis and in
# sitemapd --help; HACKING names every file of src/, and the README stays
# short.
. "$SRCDIR/tests/lib.sh"
need mandoc

for page in sitemapd.8 sitemapd.ini.5; do
	mandoc -T lint -W warning "$SRCDIR/doc/$page" >"$TMP/lint" 2>&1
	check_eq "$page: mandoc -T lint, no warning" "" "$(cat "$TMP/lint")"
done

# Every part's table of keys (config_module.h), each row opening with
# { "section", "name", ...
# { "section", "name", default, ...: one row a line, joined, "section
# name default" each, the default as written (NULL, "text" or a macro).
for file in "$SRCDIR"/src/*/*.c; do
	sed -n '/struct config_key .*keys\[\] = {/,/^};/p' "$file"
done | tr -d '\n\t' | sed 's/},/}\n/g' |
    sed -n 's/.*{ *"\([a-z]*\)", *"\([a-z_]*\)", *\([^,]*\(, [^,"]*"\)*\),.*/\1 \2 \3/p' \
    >"$TMP/keys"
check_eq "the key tables are found" yes "$([ "$(wc -l <"$TMP/keys")" -ge 30 ] && echo yes)"
while read -r section name default; do
	# The key's entry, inside its section (.Ss [section] to the next .Ss).
	body=$(sed -n "/^\.Ss \[$section\]/,/^\.Ss /p" "$SRCDIR/doc/sitemapd.ini.5")
	check_contains "sitemapd.ini(5): [$section] $name" ".It Ic $name No =" "$body"
	# Its default, the table's, is the manual's: "Default: X", "X (the
	# default)" or "X, the default", in the entry up to the next key.
	case $default in
	NULL) continue ;;
	CONFIG_NUMBER*)
		macro=$(echo "$default" | sed 's/.*(\(.*\))/\1/')
		default=$(sed -n "s/^#define $macro[[:space:]]*\([0-9]*\).*/\1/p" \
		    "$SRCDIR"/src/*/*.h | head -1) ;;
	[A-Z]*)
		default=$(sed -n "s/^#define $default[[:space:]]*\"\(.*\)\"/\1/p" \
		    "$SRCDIR"/src/*/*.h | head -1) ;;
	*) default=$(echo "$default" | sed 's/^"\(.*\)"$/\1/') ;;
	esac
	# As read: mdoc's macros dropped, in lower case.
	entry=$(echo "$body" | sed -n "/^\.It Ic $name No =/,/^\.It /p" |
	    sed '$d' | sed 's/^\.[A-Z][a-z] //' | sed 's/ ,/,/g' | tr '\n' ' ' |
	    tr 'A-Z' 'a-z')
	case $entry in
	*"default: $default"*|*"$default (the default)"*|*"$default, the default"*)
		ok "sitemapd.ini(5): [$section] $name: default $default" ;;
	*)
		not_ok "sitemapd.ini(5): [$section] $name: default $default"
		echo "  in: $entry" ;;
	esac
done <"$TMP/keys"
# The table of commands in main.c: { "name", "args", ini, run }.
sed -n '/^} commands\[\] = {/,/^};/s/^	{ "\([a-z-]*\)", .*/\1/p' \
    "$SRCDIR/src/server/main.c" >"$TMP/commands"
check_eq "the command table is found" yes \
    "$([ "$(wc -l <"$TMP/commands")" -ge 7 ] && echo yes)"
synopsis=$(sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' "$SRCDIR/doc/sitemapd.8")
help=$("$SITEMAPD" --help)
while read -r command; do
	check_contains "sitemapd(8)'s synopsis: $command" ".Cm $command" "$synopsis"
	check_contains "sitemapd --help: $command" " $command" \
	    "$(printf '%s\n' "$help" | grep '^ *\(usage: \)*sitemapd ')"
	check_contains "sitemapd --help says what $command does" \
	    "  $command " "$help"
done <"$TMP/commands"
# The README's synopsis is --help's, however its lines are broken.
usage_of() { sed -n '/sitemapd \[-c FILE\] \[-l LOG\]/,/--help | --version/p' |
    sed 's/^ *\(usage: \)*//' | tr -s ' \n' ' '; }
check_eq "the README's synopsis is --help's" \
    "$(printf '%s\n' "$help" | usage_of)" "$(usage_of <"$SRCDIR/README")"
# audit --help: each option of its usage on a line of its own.
audit_help=$("$SITEMAPD" audit --help)
for option in $(printf '%s\n' "$audit_help" | sed -n '1,/^$/p' |
    grep -o -- '--[a-z-]*' | sort -u); do
	check_contains "sitemapd audit --help explains $option" \
	    "$(printf '\n  %s ' "$option")" "$audit_help"
done
# list's order and first column, said alike by the manual and --help, and
# as list prints them: a document root's pages by URL, a 16-digit id.
check_contains "sitemapd(8): list's order" "a document root's in URL" \
    "$(tr '\n' ' ' <"$SRCDIR/doc/sitemapd.8")"
check_contains "--help: list's order" "a document root's in URL order" \
    "$(printf '%s\n' "$help" | tr -s '\n ' '  ')"
printf '[site]\nsource = docroot\nroot = %s\n' \
    "$SRCDIR/contrib/example-docroot" >"$TMP/list.ini"
"$SITEMAPD" -c "$TMP/list.ini" list >"$TMP/list.out" 2>/dev/null
check_eq "list: a document root's pages in URL order" \
    "$(cut -f 3 "$TMP/list.out" | LC_ALL=C sort)" "$(cut -f 3 "$TMP/list.out")"
check_eq "list: the first column an id of 16 hex digits" "" \
    "$(cut -f 1 "$TMP/list.out" | grep -v '^[0-9a-f]\{16\}$')"
# A server no command knows is said before any INI is read.
for command in recipe ai-block ai-headers; do
	"$SITEMAPD" -c "$TMP/no-such.ini" $command tomcat >/dev/null \
	    2>"$TMP/server.err"
	check_eq "$command tomcat: exit 2, the server named, no INI read" \
	    "2 not tomcat" "$? $(grep -o 'not tomcat' "$TMP/server.err")$(grep -o 'no-such' "$TMP/server.err")"
done
# HACKING's source map names every file of src/, so that it stays true.
unnamed=""
for f in "$SRCDIR"/src/*/*.c "$SRCDIR"/src/*/*.h; do
	name=$(basename "$f")
	grep -q "\(^\|[ ,(]\)${name%.[ch]}\.[ch][ ,):]" "$SRCDIR/HACKING" ||
	    grep -q "\(^\|[ ,(]\)$name\($\|[ ,):]\)" "$SRCDIR/HACKING" ||
	    unnamed="$unnamed ${f#"$SRCDIR"/}"
done
check_eq "HACKING's source map names every file of src/" "" "$unnamed"
# A README a user reads through: under 600 lines, the rest in doc/.
check_eq "the README is under 600 lines" yes \
    "$([ "$(wc -l <"$SRCDIR/README")" -lt 600 ] && echo yes)"
finish
