# Shared helpers for the shell tests: assertions, CGI runs, content roots.
# Each test script sources this, calls its checks, and ends with "finish".

: "${SITEMAPD:?SITEMAPD must name the built binary}"
: "${SRCDIR:?SRCDIR must name the source tree}"

passed=0
failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sitemapd-test.XXXXXX")
cleanup_hooks=""
trap 'for h in $cleanup_hooks; do $h; done; rm -rf "$TMP"' EXIT

on_exit() { cleanup_hooks="$cleanup_hooks $1"; }

ok() { passed=$((passed + 1)); printf 'ok - %s\n' "$1"; }
not_ok() { failed=$((failed + 1)); printf 'not ok - %s\n' "$1"; }

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else
		not_ok "$1"
		printf '  expected: %s\n  actual:   %s\n' "$2" "$3" | head -40
	fi
}

# check_contains DESCRIPTION NEEDLE HAYSTACK
check_contains() {
	case "$3" in
	*"$2"*) ok "$1" ;;
	*) not_ok "$1"; printf '  missing: %s\n  in: %s\n' "$2" "$3" | head -20 ;;
	esac
}

check_lacks() {
	case "$3" in
	*"$2"*) not_ok "$1"; printf '  unwanted: %s\n' "$2" ;;
	*) ok "$1" ;;
	esac
}

# check_valid DESCRIPTION FILE SCHEMA: validates against tests/schemas.
check_valid() {
	if xmllint --noout --nonet --schema "$SRCDIR/tests/schemas/$3" "$2" \
	    >"$TMP/xmllint.out" 2>&1; then ok "$1"; else
		not_ok "$1"; head -20 "$TMP/xmllint.out"
	fi
}

# skip WHY: this test cannot run here (automake's SKIP), saying why.
skip() { echo "$1: skipped"; echo "0 passed, 0 failed"; exit 77; }

# need TOOL [PACKAGE]: skips unless TOOL is on the PATH.
need() {
	command -v "$1" >/dev/null ||
	    skip "$1${2:+ ($2)} is not installed; contrib/install-deps test installs it"
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}

# A command prefix under which file permissions bind even for root, so
# that tests of unreadable files mean the same for every user.
NO_DAC_OVERRIDE=""
[ "$(id -u)" -ne 0 ] ||
    NO_DAC_OVERRIDE="setpriv --bounding-set=-dac_override,-dac_read_search"

# cgi [VAR=VALUE...]: runs sitemapd as a CGI with a clean environment,
# under CGI_PREFIX when set. Sets STATUS, HEADERS (CRLF removed), BODY
# and LOG.
cgi() {
	${CGI_PREFIX:-} env -i PATH="$PATH" GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET \
	    SERVER_NAME=localhost SERVER_PORT=80 "$@" "$SITEMAPD" \
	    >"$TMP/cgi.out" 2>"$TMP/cgi.err" </dev/null
	HEADERS=$(sed -n '1,/^\r$/p' "$TMP/cgi.out" | tr -d '\r')
	BODY=$(sed '1,/^\r$/d' "$TMP/cgi.out")
	sed '1,/^\r$/d' "$TMP/cgi.out" >"$TMP/body"
	STATUS=$(printf '%s\n' "$HEADERS" | sed -n 's/^Status: \([0-9]*\).*/\1/p')
	LOG=$(cat "$TMP/cgi.err")
	check_no_sanitizer_report "$LOG"
}

# In the sanitizer build a report fails the test even when output is right.
check_no_sanitizer_report() {
	case "$1" in
	*Sanitizer*|*"runtime error:"*) not_ok "sanitizer report"; echo "$1" ;;
	esac
}

# header NAME: the value of a header of the last response.
header() {
	printf '%s\n' "$HEADERS" | sed -n "s/^$1: //p"
}

# page ROOT ID VERSION SIDECAR: writes a blob and its sidecar.
page() {
	_shard=$(printf '%s' "$2" | cut -c15-16)
	mkdir -p "$1/content/$_shard"
	printf '# page %s\n' "$2" >"$1/content/$_shard/$2.$3"
	printf '%s\n' "$4" >"$1/content/$_shard/$2.$3.ron"
}

# md ALIAS [TAGS]: a valid markdown sidecar.
md() {
	printf '(\n    alias: "%s",\n    title: Some("T"),\n    mime: "text/markdown",\n    tags: [%s],\n)' "$1" "${2:-}"
}

# ini FILE ROOT [EXTRA LINES]: writes a configuration.
ini() {
	printf '[site]\nroot = %s\n%s\n' "$2" "${3:-}" >"$1"
}

# locs: the <loc> values of BODY, one per line.
locs() {
	printf '%s\n' "$BODY" | sed -n 's:.*<loc>\(.*\)</loc>.*:\1:p'
}

# fcgi_body SOCK URI: the body a FastCGI process on SOCK answers for URI,
# asked for host example.com.
fcgi_body() {
	env -i REQUEST_METHOD=GET HTTP_HOST=example.com REQUEST_URI="$2" \
	    timeout 60 cgi-fcgi -bind -connect "$1" 2>/dev/null |
	    sed '1,/^\r$/d'
}

# start_fcgi INI SOCK: sitemapd -c INI listening on SOCK, its log added
# to $TMP/server.log, once its first scan is done (the sitemap answers);
# pid is its process.
start_fcgi() {
	rm -f "$2"
	"$SITEMAPD" -c "$1" -s "unix:$2" 2>>"$TMP/server.log" &
	pid=$!
	wait_for test -S "$2"
	for _i in $(seq 200); do
		fcgi_body "$2" /sitemap.xml | grep -q '<urlset' && return 0
		sleep 0.1
	done
	return 1
}

# stop_process PID [SIGNAL]: signals a background child (default TERM) and
# returns its exit status; one still running after 15 seconds is killed
# and gives 124, so a test never hangs on a process that ignores signals.
stop_process() {
	kill "-${2:-TERM}" "$1" 2>/dev/null
	for _i in $(seq 150); do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$1" 2>/dev/null; then
		kill -KILL "$1" 2>/dev/null
		wait "$1" 2>/dev/null
		return 124
	fi
	wait "$1" 2>/dev/null
}

# wait_for COMMAND...: polls until COMMAND succeeds, at most 20 seconds,
# a margin for a loaded machine; it returns as soon as it does.
wait_for() {
	for _i in $(seq 200); do "$@" && return 0; sleep 0.1; done
	return 1
}

# free_port: a loopback TCP port no socket uses, below the ephemeral range
# so that no client connection can take it before the server binds, and
# never one this test already picked. SITEMAPD_TEST_PORTS=LOW-HIGH sets
# the range on a machine where another one suits better.
free_port() {
	_from=10000
	_low=$(cut -f 1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
	[ "${_low:-0}" -gt 11000 ] || _low=32768
	case ${SITEMAPD_TEST_PORTS:-} in
	[0-9]*-[0-9]*)
		_from=${SITEMAPD_TEST_PORTS%-*}
		_low=$((${SITEMAPD_TEST_PORTS#*-} + 1)) ;;
	esac
	while :; do
		_port=$((_from + $(od -An -N2 -tu2 /dev/urandom) % (_low - _from)))
		_hex=$(printf '%04X' "$_port")
		grep -q "^ *[0-9]*: [0-9A-F]*:$_hex " /proc/net/tcp /proc/net/tcp6 \
		    2>/dev/null && continue
		grep -qx "$_port" "$TMP/ports" 2>/dev/null && continue
		echo "$_port" >>"$TMP/ports"
		break
	done
	echo "$_port"
}

# set_mtime DATE FILE...: for lastmod checks.
set_mtime() {
	_d=$1; shift
	touch -d "$_d" "$@"
}
