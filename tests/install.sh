#!/bin/sh
# make install, into a staging directory: the program, the INI, the
# licence, the web-server snippets outside docdir, and systemd units that
# name the paths configure was given.
. "$SRCDIR/tests/lib.sh"

BUILD=$(dirname "$(dirname "$SITEMAPD")")
DEST="$TMP/dest"
# A make of its own: not the jobserver of the make running the tests.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$BUILD" install \
    DESTDIR="$DEST" >"$TMP/install.out" 2>&1 ||
    { not_ok "make install"; cat "$TMP/install.out"; finish; exit 1; }
var() { sed -n "s/^$1 = //p" "$BUILD/Makefile"; }
expand() {	# the Makefile's ${prefix} and ${exec_prefix}, filled in
	printf '%s\n' "$1" | sed -e "s|\${exec_prefix}|$(var exec_prefix)|" \
	    -e "s|\${prefix}|$(var prefix)|g" -e "s|\${datarootdir}|$(var datarootdir)|"
}
prefix=$(var prefix)
bindir=$(expand "$(var bindir)")
sysconfdir=$(expand "$(var sysconfdir)")
datadir=$(expand "$(expand "$(var datadir)")")
docdir=$(expand "$(expand "$(var docdir)" | sed "s|\${PACKAGE_TARNAME}|sitemapd|")")
unitdir=$(var systemdsystemunitdir)

check_eq "the program" yes "$(test -x "$DEST$bindir/sitemapd" && echo yes)"
check_eq "the INI" yes "$(test -f "$DEST$sysconfdir/sitemapd.ini" && echo yes)"
check_eq "the licence" yes "$(test -f "$DEST$docdir/COPYING" && echo yes)"
# Each doc/ file the README sends readers to, beside it.
for f in $(grep -o 'doc/[a-z-]*' "$SRCDIR/README" | sort -u); do
	[ -f "$SRCDIR/$f" ] || continue		# doc/ alone, a folder
	check_eq "$f in $docdir, as the README names it" yes \
	    "$(test -f "$DEST$docdir/${f#doc/}" && echo yes)"
done
for f in lighttpd.conf lighttpd-socket.conf nginx.conf nginx-upstream.conf \
    apache-fcgid.conf \
    apache-proxy-fcgi.conf htaccess ai-crawlers; do
	check_eq "$f in $datadir/sitemapd, not docdir" yes \
	    "$(test -f "$DEST$datadir/sitemapd/$f" && echo yes)"
done
# Configured without a unit option, the units go where systemd looks.
systemd_dir=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)
if [ -n "$systemd_dir" ] &&
    ! "$BUILD/config.status" --config | grep -q with-systemdsystemunitdir; then
	check_eq "configure finds systemd's unit directory by itself" \
	    "$systemd_dir" "$unitdir"
fi
if [ "$unitdir" != no ]; then
	check_eq "the units where systemd looks" yes "$(test -f \
	    "$DEST$unitdir/sitemapd.service" -a -f "$DEST$unitdir/sitemapd.socket" &&
	    echo yes)"
	check_eq "... and the template units, one instance a site" yes \
	    "$(test -f "$DEST$unitdir/sitemapd@.service" -a \
	    -f "$DEST$unitdir/sitemapd@.socket" && echo yes)"
	check_contains "the template names the installed program and INIs" \
	    "ExecStart=$bindir/sitemapd -c $sysconfdir/sitemapd/%i.ini" \
	    "$(cat "$DEST$unitdir/sitemapd@.service")"
	check_contains "the service names the installed program and INI" \
	    "ExecStart=$bindir/sitemapd -c $sysconfdir/sitemapd.ini" \
	    "$(cat "$DEST$unitdir/sitemapd.service")"
fi
mandir=$(expand "$(expand "$(var mandir)")")
check_eq "sitemapd(8) and sitemapd.ini(5)" yes "$(test -f "$DEST$mandir/man8/sitemapd.8" \
    -a -f "$DEST$mandir/man5/sitemapd.ini.5" && echo yes)"
"$DEST$bindir/sitemapd" --version >"$TMP/version"
check_contains "the installed program runs" "sitemapd" "$(cat "$TMP/version")"
finish
