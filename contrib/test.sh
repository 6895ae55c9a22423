#!/bin/sh
# Installs what the tests need, builds sitemapd twice -- plainly, and with
# AddressSanitizer and UndefinedBehaviorSanitizer -- and runs the whole
# suite (make check) in each build.
set -u
cd "$(dirname "$0")/.."
sh contrib/install-deps test || exit 1
autoreconf -fi || exit 1

jobs=$(nproc 2>/dev/null || echo 2)
status=0
run() {	# run NAME CONFIGURE-ARGS...
	name=$1; shift
	echo "=== $name build"
	mkdir -p "_build/$name"
	(cd "_build/$name" && ../../configure -q "$@" && make -j"$jobs" &&
	    make -j"$jobs" check) || {
		status=1
		cat "_build/$name/test-suite.log" 2>/dev/null
	}
}
run plain
run sanitize CFLAGS="-O1 -g -fno-omit-frame-pointer \
-fsanitize=address,undefined -fno-sanitize-recover=all"

# One line for all of it: every check of every test, in both builds.
passed=0
failed=0
for log in _build/*/tests/*.log; do
	[ -f "$log" ] || continue
	set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p;
	    s/^ *asserts *[0-9]* *[0-9]* *\([0-9]*\) *\([0-9]*\).*/\1 \2/p' "$log")
	[ $# -eq 2 ] || { failed=$((failed + 1)); continue; }
	passed=$((passed + $1))
	failed=$((failed + $2))
done
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "checks: $passed passed, $failed failed"
exit $status
