#!/bin/sh
# contrib/sitemapd.socket and sitemapd.service pass systemd-analyze verify
# without a single complaint, and agree with the other contrib files; the
# network they leave open is what IndexNow and a PostgreSQL store need.
# (The inherited-socket mode they use is driven for real by nginx.sh, where
# spawn-fcgi hands sitemapd its socket on fd 0 exactly as systemd does.)
. "$SRCDIR/tests/lib.sh"

need systemd-analyze systemd

ini "$TMP/sitemapd.ini" "$SRCDIR/contrib/example-site"
mkdir -p "$TMP/units" "$TMP/typo"
# The unit as built, with configure's paths in it.
UNIT="$(dirname "$(dirname "$SITEMAPD")")/contrib/sitemapd.service"
check_eq "the built unit names the program and INI (install.sh checks where)" \
    1 "$(grep -c '^ExecStart=/.*/sitemapd -c /.*/sitemapd.ini$' "$UNIT")"
check_lacks "... with configure's paths filled in" "@bindir@" "$(cat "$UNIT")"
# verify insists that ExecStart exists: point it at this build.
sed "s|^ExecStart=.*|ExecStart=$SITEMAPD -c $TMP/sitemapd.ini|" \
    "$UNIT" >"$TMP/units/sitemapd.service"
cp "$SRCDIR/contrib/sitemapd.socket" "$TMP/units/"

# verify runs man for each Documentation= page: these, not installed ones.
mkdir -p "$TMP/man/man5" "$TMP/man/man8"
cp "$SRCDIR/doc/sitemapd.8" "$TMP/man/man8/"
cp "$SRCDIR/doc/sitemapd.ini.5" "$TMP/man/man5/"
MANPATH="$TMP/man"
export MANPATH

# verify exits 0 on unknown keys, so its output must be empty as well.
(cd "$TMP/units" && systemd-analyze verify ./sitemapd.socket ./sitemapd.service) \
    >"$TMP/verify.out" 2>&1
check_eq "systemd-analyze verify: exit 0" 0 "$?"
check_eq "systemd-analyze verify: no complaint" "" "$(cat "$TMP/verify.out")"

sed 's/^StandardInput=socket$/StandardInput=socket\nStandrdOutput=journal/' \
    "$TMP/units/sitemapd.service" >"$TMP/typo/sitemapd.service"
cp "$TMP/units/sitemapd.socket" "$TMP/typo/"
(cd "$TMP/typo" && systemd-analyze verify ./sitemapd.socket ./sitemapd.service) \
    >"$TMP/typo.out" 2>&1
check_contains "the check itself notices a typo" "StandrdOutput" "$(cat "$TMP/typo.out")"

# stdin is the listening socket; stdout inheriting it would corrupt it.
unit=$(cat "$UNIT")
check_contains "service: socket on stdin" "StandardInput=socket" "$unit"
check_contains "service: stdout not the socket" "StandardOutput=journal" "$unit"
check_contains "service: restarted however it ends" "Restart=always" "$unit"
check_contains "service: /var/lib/sitemapd its own, for the lastmod store \
etc/sitemapd.ini suggests" "StateDirectory=sitemapd" "$unit"
check_contains "... which is the path suggested" \
    ";lastmod_store = /var/lib/sitemapd/" "$(cat "$SRCDIR/etc/sitemapd.ini")"
# The template units: sitemapd@NAME reads /etc/sitemapd/NAME.ini and
# listens on /run/sitemapd/NAME.sock, each instance its own user.
TUNIT="$(dirname "$(dirname "$SITEMAPD")")/contrib/sitemapd@.service"
check_eq "the built template names the program and the instance's INI" 1 \
    "$(grep -c '^ExecStart=/.*/sitemapd -c /.*/sitemapd/%i.ini$' "$TUNIT")"
mkdir -p "$TMP/tunits"
sed "s|^ExecStart=.*|ExecStart=$SITEMAPD -c $TMP/%i.ini|" "$TUNIT" \
    >"$TMP/tunits/sitemapd@.service"
cp "$SRCDIR/contrib/sitemapd@.socket" "$TMP/tunits/"
(cd "$TMP/tunits" && systemd-analyze verify ./sitemapd@shop.socket \
    ./sitemapd@shop.service) >"$TMP/tverify.out" 2>&1
check_eq "systemd-analyze verify sitemapd@shop: exit 0" 0 "$?"
check_eq "systemd-analyze verify sitemapd@shop: no complaint" "" \
    "$(cat "$TMP/tverify.out")"
check_eq "the template socket: one per instance" \
    "/run/sitemapd/%i.sock" \
    "$(sed -n 's/^ListenStream=//p' "$SRCDIR/contrib/sitemapd@.socket")"
tunit=$(cat "$TUNIT")
check_contains "the template: a user of its own per instance" \
    "DynamicUser=yes
User=sitemapd-%i
StateDirectory=sitemapd/%i" "$tunit"
# Every other line of the single unit's [Service] holds for each instance.
sed -n '/^\[Service\]/,/^\[Install\]/p' "$UNIT" | grep -v '^#' |
    grep -v '^\(ExecStart\|StateDirectory\)=' | grep . >"$TMP/service-lines"
check_eq "the template keeps every rule of sitemapd.service" "" \
    "$(grep -vxF -f "$(printf '%s\n' "$tunit" >"$TMP/t"; echo "$TMP/t")" \
    "$TMP/service-lines")"
check_eq "... and the single socket's" "" \
    "$(grep -v '^\(#\|ListenStream=\|Description=\)' "$SRCDIR/contrib/sitemapd.socket" |
    grep . | grep -vxF -f "$SRCDIR/contrib/sitemapd@.socket")"

sock=$(sed -n 's/^ListenStream=//p' "$SRCDIR/contrib/sitemapd.socket")
check_contains "nginx-upstream.conf points at the socket unit's path" \
    "unix:$sock;" "$(cat "$SRCDIR/contrib/nginx-upstream.conf")"
check_contains "apache-proxy-fcgi.conf names the same path" "$sock" \
    "$(cat "$SRCDIR/contrib/apache-proxy-fcgi.conf")"

# --- the network each documented feature needs -----------------------------
# IndexNow posts to its endpoint, and a postgresql:// lastmod store
# connects to its database: each unit's address families hold theirs, and
# an IndexNow submission made in the network namespace the unit asks for
# (a new, empty one under PrivateNetwork=yes) reaches the endpoint.
. "$SRCDIR/tests/endpoint.sh"
N=$TMP/netsite
mkdir -p "$N"
printf '<!doctype html><title>a</title><p>A page.\n' >"$N/a.html"
printf '[site]\nsource = docroot\nroot = %s\n[indexnow]\nkey = 9f2c4e6a8b0d1f3e\nhost = www.example.org\nendpoint = %s\ndelay = 0\nstate = %s\n' \
    "$N" "$ENDPOINT" "$TMP/state.db" >"$TMP/net.ini"
"$SITEMAPD" -c "$TMP/net.ini" indexnow >/dev/null 2>&1	# the state made
for u in "$UNIT" "$TUNIT"; do
	name=$(basename "$u")
	families=" $(sed -n 's/^RestrictAddressFamilies=//p' "$u") "
	for family in AF_UNIX AF_INET AF_INET6; do
		check_contains "$name: RestrictAddressFamilies lets $family through" \
		    " $family " "$families"
	done
	in_unit=""
	if grep -qx 'PrivateNetwork=yes' "$u"; then
		[ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null ||
		    { echo "# $name asks for a network namespace: not tried"; continue; }
		in_unit="unshare --net"
	fi
	before=$(posts)
	printf '<!doctype html><title>%s</title><p>New.\n' "$name" \
	    >"$N/$name.html"
	$in_unit "$SITEMAPD" -c "$TMP/net.ini" indexnow >"$TMP/net.out" 2>&1
	check_eq "$name: an IndexNow submission from inside reaches the endpoint" \
	    "$((before + 1))" "$(posts)"
done
finish
