#!/bin/sh
# The manual pages stay right: mandoc finds nothing to warn about, every
# INI key the code knows is in sitemapd.ini(5) under its section, and
# every command of main.c's table is in sitemapd(8)'s synopsis and in
# sitemapd --help.
. "$SRCDIR/tests/lib.sh"
need mandoc

for page in sitemapd.8 sitemapd.ini.5; do
	mandoc -T lint -W warning "$SRCDIR/doc/$page" >"$TMP/lint" 2>&1
	check_eq "$page: mandoc -T lint, no warning" "" "$(cat "$TMP/lint")"
done

# Every part's table of keys (config_module.h), each row opening with
# { "section", "name", ...
for file in "$SRCDIR"/src/*/*.c; do
	sed -n '/struct config_key .*keys\[\] = {/,/^};/p' "$file"
done | sed -n 's/.*{ "\([a-z]*\)", "\([a-z_]*\)", .*/\1 \2/p' >"$TMP/keys"
check_eq "the key tables are found" yes "$([ "$(wc -l <"$TMP/keys")" -ge 30 ] && echo yes)"
while read -r section name; do
	# The key's entry, inside its section (.Ss [section] to the next .Ss).
	body=$(sed -n "/^\.Ss \[$section\]/,/^\.Ss /p" "$SRCDIR/doc/sitemapd.ini.5")
	check_contains "sitemapd.ini(5): [$section] $name" ".It Ic $name No =" "$body"
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
done <"$TMP/commands"
finish
