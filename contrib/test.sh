#!/bin/sh
# Installs what the tests need, builds sitemapd twice -- plainly, and with
# AddressSanitizer and UndefinedBehaviorSanitizer -- and runs the whole
# suite (make check) in each build. The plain run fuzzes each parser for
# FUZZ_SECONDS (default 30); the sanitizer run replays the fuzz seeds.
# Between them, make distcheck.
set -u
cd "$(dirname "$0")/.."
sh contrib/install-deps test || exit 1
# Built in place by the README's steps: its builds of their own need the
# tree unconfigured (configure refuses one configured in place).
if [ -f config.status ]; then
	echo "=== the source tree was configured in place: make distclean"
	make -s distclean || exit 1
fi
autoreconf -fi || exit 1

jobs=$(nproc 2>/dev/null || echo 2)
status=0
run() {	# run NAME FUZZ-SECONDS CONFIGURE-ARGS...
	name=$1 fuzz=$2; shift 2
	echo "=== $name build"
	mkdir -p "_build/$name"
	(cd "_build/$name" && ../../configure -q "$@" && make -j"$jobs" &&
	    make -j"$jobs" check FUZZ_SECONDS="$fuzz") || {
		status=1
		cat "_build/$name/test-suite.log" 2>/dev/null
	}
}
run plain "${FUZZ_SECONDS:-30}"
# make distcheck: the tarball builds, installs and uninstalls from a
# read-only source tree. The whole suite ran above; a few scripts suffice.
echo "=== distcheck"
(cd _build/plain && make distcheck TESTS="tests/cgi.sh tests/install.sh \
    tests/man.sh" >distcheck.log 2>&1) || { status=1; tail -40 _build/plain/distcheck.log; }
run sanitize 0 CFLAGS="-O1 -g -fno-omit-frame-pointer \
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
