#!/bin/sh
# Builds each libFuzzer target in tests/fuzz with clang, AddressSanitizer
# and UndefinedBehaviorSanitizer, and runs it for FUZZ_SECONDS (default
# 30) from its seeds in tests/fuzz/seeds. FUZZ_SECONDS=0 only replays the
# seeds. Any crash, leak, sanitizer report or timeout fails the check, and
# the input that caused it is printed.
. "$SRCDIR/tests/lib.sh"

seconds=${FUZZ_SECONDS:-30}
cc=$(command -v clang || command -v clang-14)
if [ -z "$cc" ]; then
	echo "clang not found: fuzzing skipped (contrib/install-deps test installs it)"
	echo "0 passed, 0 failed"
	exit 77
fi

builddir=$(dirname "$(dirname "$SITEMAPD")")
deps="inih yaml-0.1 libdeflate libxml-2.0 sqlite3 libpq json-c libcurl libcmark"
cflags="-std=c11 -g -O1 -fno-omit-frame-pointer -D_DEFAULT_SOURCE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
    $(for d in "$SRCDIR"/src/*/; do printf ' -I%s' "$d"; done)
    -I$builddir $(pkg-config --cflags $deps)"

# The core once (not the entry point, not the adapters that speak
# libfcgi), then one link per target. Objects are named folder-file, as
# several folders have a source.c.
mkdir -p "$TMP/obj"
for src in "$SRCDIR"/src/*/*.c; do
	case $(basename "$src") in main.c|fcgi.c|fcgi_server.c) continue;; esac
	obj=$(basename "$(dirname "$src")")-$(basename "$src" .c).o
	$cc $cflags -c "$src" -o "$TMP/obj/$obj" ||
	    { not_ok "fuzz: compile $(basename "$src")"; finish; exit 1; }
done

for target in ron tags ini request robots robots_file ai_crawlers fastcgi \
    number docroot head date encoding jsonld sitemap_doc markdown_images \
    proxy_env; do
	if ! $cc $cflags -fsanitize=fuzzer "$SRCDIR/tests/fuzz/$target.c" \
	    "$TMP"/obj/*.o $(pkg-config --libs $deps) -o "$TMP/fuzz-$target" \
	    2>"$TMP/cc.err"; then
		not_ok "fuzz $target: builds"
		cat "$TMP/cc.err"
		continue
	fi
	# New inputs go to a scratch corpus; the seeds stay as shipped.
	mkdir -p "$TMP/corpus-$target" "$TMP/crash-$target"
	if [ "$seconds" -gt 0 ]; then
		set -- -max_total_time="$seconds" "$TMP/corpus-$target"
	else
		set -- -runs=0
	fi
	# The RON reader also starts from the 1,500 sidecars of its corpus.
	[ "$target" = ron ] && set -- "$@" "$SRCDIR/tests/ron-corpus"
	if TMPDIR="$TMP" "$TMP/fuzz-$target" "$@" \
	    "$SRCDIR/tests/fuzz/seeds/$target" \
	    -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	    -artifact_prefix="$TMP/crash-$target/" >"$TMP/fuzz.log" 2>&1; then
		ok "fuzz $target: ${seconds}s, $(sed -n 's/.*#\([0-9]*\).*DONE.*/\1/p' \
		    "$TMP/fuzz.log" | tail -1) inputs, nothing found"
	else
		not_ok "fuzz $target: found a problem"
		grep -A12 -E '^==[0-9]+==|runtime error|^SUMMARY' "$TMP/fuzz.log" |
		    head -40
		for crash in "$TMP/crash-$target"/*; do
			[ -f "$crash" ] && od -c "$crash" | head -20
		done
	fi
done
finish
