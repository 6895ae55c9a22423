#!/bin/sh
# The Debian package: dpkg-buildpackage -b builds it from exactly what
# make dist ships, and it holds the program, both manual pages, the INI as
# a conffile, the units, the sysusers.d user and the tmpfiles.d socket
# directory; lintian finds no error in it.
. "$SRCDIR/tests/lib.sh"
need dpkg-buildpackage dpkg-dev
need dh debhelper
need lintian

BUILD=$(dirname "$(dirname "$SITEMAPD")")
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$BUILD/Makefile")
TREE="$TMP/sitemapd-$version"
# A make of its own: not the jobserver of the make running the tests.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$BUILD" distdir \
    distdir="$TREE" >"$TMP/distdir.out" 2>&1 ||
    { not_ok "make distdir"; cat "$TMP/distdir.out"; finish; exit 1; }
check_eq "make dist ships debian/" yes "$(test -x "$TREE/debian/rules" && echo yes)"
for built in contrib/sitemapd.service contrib/sitemapd@.service bench/genpages \
    tests/fcgi-client; do
	check_eq "make dist ships no $built built here" no \
	    "$(test -e "$TREE/$built" && echo yes || echo no)"
done

# nocheck: this test runs inside the suite the package build would run.
(cd "$TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS \
    DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b -Pnocheck) \
    >"$TMP/build.out" 2>&1
check_eq "dpkg-buildpackage -us -uc -b: exit 0" 0 "$?"
deb=$(ls "$TMP"/sitemapd_"$version"_*.deb 2>/dev/null)
[ -f "$deb" ] || { not_ok "the .deb is built"; tail -30 "$TMP/build.out"; finish; exit 1; }

# The package build's tests: the quick ones, and none under nocheck.
(cd "$TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS \
    DEB_BUILD_OPTIONS= debian/rules override_dh_auto_test) \
    >"$TMP/test.out" 2>&1
check_eq "the package build's tests pass" 0 "$?"
for t in tests/unit tests/cgi.sh tests/config.sh; do
	check_contains "... running $t" "PASS: $t" "$(cat "$TMP/test.out")"
done
check_lacks "... and not the web servers" "tests/nginx.sh" \
    "$(cat "$TMP/test.out")"
(cd "$TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
    DEB_BUILD_OPTIONS=nocheck debian/rules override_dh_auto_test) \
    >"$TMP/nocheck.out" 2>&1
check_lacks "DEB_BUILD_OPTIONS=nocheck runs no test" "PASS:" \
    "$(cat "$TMP/nocheck.out")"

# readme_docs: where each doc/ file the README names is installed.
readme_docs() {
	for _f in $(grep -o 'doc/[a-z-]*' "$SRCDIR/README" | sort -u); do
		[ -f "$SRCDIR/$_f" ] && echo "/usr/share/doc/sitemapd/${_f#doc/}"
	done
}
dpkg -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >"$TMP/files"
for f in /usr/bin/sitemapd /etc/sitemapd.ini \
    /usr/share/man/man8/sitemapd.8.gz /usr/share/man/man5/sitemapd.ini.5.gz \
    /lib/systemd/system/sitemapd.service /lib/systemd/system/sitemapd.socket \
    /lib/systemd/system/sitemapd@.service /lib/systemd/system/sitemapd@.socket \
    /usr/lib/sysusers.d/sitemapd.conf /usr/lib/tmpfiles.d/sitemapd.conf \
    /usr/share/sitemapd/nginx.conf /usr/share/sitemapd/htaccess \
    /usr/share/sitemapd/ai-crawlers \
    /usr/share/doc/sitemapd/copyright $(readme_docs); do
	check_eq "dpkg -c: $f" "$f" "$(grep -x "$f" "$TMP/files")"
done
check_eq "dpkg -c: no COPYING beside debian/copyright" "" \
    "$(grep COPYING "$TMP/files")"

dpkg-deb -e "$deb" "$TMP/control"
check_eq "/etc/sitemapd.ini is a conffile" "/etc/sitemapd.ini" \
    "$(cat "$TMP/control/conffiles")"
dpkg-deb -x "$deb" "$TMP/root"
check_contains "the service runs the packaged program on the packaged INI" \
    "ExecStart=/usr/bin/sitemapd -c /etc/sitemapd.ini" \
    "$(cat "$TMP/root/lib/systemd/system/sitemapd.service")"
check_contains "a system user sitemapd" "u sitemapd " \
    "$(cat "$TMP/root/usr/lib/sysusers.d/sitemapd.conf")"
check_contains "/run/sitemapd, owned by it, reachable by www-data" \
    "d /run/sitemapd 0750 sitemapd www-data" \
    "$(cat "$TMP/root/usr/lib/tmpfiles.d/sitemapd.conf")"
# The user must exist before tmpfiles.d names it.
line() { grep -n "$1" "$TMP/control/postinst" | head -1 | cut -d: -f1; }
check_eq "postinst: the user is made before the directory that names it" yes \
    "$([ "$(line systemd-sysusers)" -lt "$(line 'systemd-tmpfiles ')" ] && echo yes)"
postinst=$(cat "$TMP/control/postinst")
check_contains "postinst: the socket is started" \
    "deb-systemd-invoke \$_dh_action 'sitemapd.socket'" "$postinst"
check_lacks "postinst: the service is not (the socket starts it)" \
    "deb-systemd-invoke \$_dh_action 'sitemapd.service'" "$postinst"
check_contains "Depends: something that runs sysusers.d" "systemd-sysusers" \
    "$(dpkg-deb -f "$deb" Depends)"
"$TMP/root/usr/bin/sitemapd" --version >"$TMP/version" 2>&1
check_contains "the packaged program runs" "sitemapd $version" "$(cat "$TMP/version")"

if command -v man >/dev/null; then
	for page in man8/sitemapd.8.gz man5/sitemapd.ini.5.gz; do
		MANWIDTH=80 man --warnings -l "$TMP/root/usr/share/man/$page" \
		    >/dev/null 2>"$TMP/man.err"
		check_eq "man --warnings $page: silent" "" "$(cat "$TMP/man.err")"
	done
fi

lintian --tag-display-limit 0 "$TMP"/sitemapd_"$version"_*.changes \
    >"$TMP/lintian.out" 2>&1
cat "$TMP/lintian.out"
check_eq "lintian: no error" "" "$(grep '^E:' "$TMP/lintian.out")"
check_eq "lintian: no warning" "" "$(grep '^W:' "$TMP/lintian.out")"
finish
