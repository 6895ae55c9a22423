# serve_all, for tests that serve a document root with what "sitemapd
# recipe" prints: every listed URL fetched through nginx, Caddy (Debian's
# stock Caddyfile, its ":80" block replaced), lighttpd, an
# Apache virtual host (mod_proxy_fcgi, and mod_fcgid with its route from
# contrib/apache-fcgid.conf) and the .htaccess CGI; and through each,
# neither the INI, nor a file sitemapd keeps, nor a dotfile, however its
# URL is spelled. Sourced after lib.sh and http.sh; R is the root, UNDER
# its url_path ("docs/") if any. With INDEXABLE=no ([site] indexable =
# no), each answer must also say X-Robots-Tag: noindex, robots.txt keep
# every crawler out and the sitemap answer 404.
MODULES=/usr/lib/apache2/modules

chmod 755 "$TMP"
mkdir -p "$TMP/bin"
cp "$SITEMAPD" "$TMP/bin/sitemapd"

# serve_all NAME INI: each listed URL, through each server.
serve_all() {
	_name=$1 _ini=$2
	"$SITEMAPD" -c "$_ini" list --host example.org >"$TMP/list" 2>"$TMP/list.err"
	awk -F '\t' '$2 == "listed" { sub("^http://example.org", "", $3);
	    print $3 "\t" $6 }' "$TMP/list" >"$TMP/listed"
	[ -s "$TMP/listed" ] || { not_ok "$_name: lists pages"; return; }
	plant_secrets "$_ini"
	"$SITEMAPD" -c "$_ini" recipe nginx >"$TMP/recipe.nginx" &&
	"$SITEMAPD" -c "$_ini" recipe lighttpd >"$TMP/recipe.lighttpd" &&
	"$SITEMAPD" -c "$_ini" recipe apache >"$TMP/recipe.apache" &&
	"$SITEMAPD" -c "$_ini" recipe htaccess >"$R/.htaccess" ||
	    { not_ok "$_name: sitemapd recipe"; return; }

	NGINX_HTTP="upstream sitemapd { server unix:$TMP/none.sock; }" \
	    start_nginx "" "$(cat "$TMP/recipe.nginx")"
	fetch_all "$_name: nginx" "$NGINX"
	deny_all "$_name: nginx" "$NGINX"
	stop_nginx

	# Caddy, where Debian's package is installed; the site at the host's
	# root, as recipe caddy makes it.
	if command -v caddy >/dev/null && [ -f /etc/caddy/Caddyfile ] &&
	    [ -z "${UNDER:-}" ]; then
		if "$SITEMAPD" -c "$_ini" recipe caddy >"$TMP/recipe.caddy" \
		    2>"$TMP/recipe.err"; then
			start_caddy "$(cat "$TMP/recipe.caddy")"
			check_eq "$_name: caddy validate" 0 "$CADDY_VALID"
			fetch_all "$_name: caddy" "$CADDY"
			deny_all "$_name: caddy" "$CADDY"
			stop_caddy
		else
			case $R in
			*[{}\`]*) ;;	# refused, and said: caddy.sh
			*) not_ok "$_name: sitemapd recipe caddy"
			   cat "$TMP/recipe.err" ;;
			esac
		fi
	fi

	# Under url_path, the host's own files are in the folder above.
	_host_root=$R
	[ -n "${UNDER:-}" ] && _host_root=$(dirname "$R")
	_port=$(free_port)
	cat >"$TMP/lighttpd.conf" <<CONF
${UNDER:+server.document-root = \"$_host_root\"}
server.bind = "127.0.0.1"
server.port = $_port
server.pid-file = "$TMP/lighttpd.pid"
server.errorlog = "$TMP/lighttpd.log"
var.sitemapd_bin = "$TMP/bin/sitemapd"
var.sitemapd_config = "$_ini"
var.sitemapd_socket = "$TMP/lighttpd-sitemapd.sock"
include "$TMP/recipe.lighttpd"
CONF
	lighttpd -D -f "$TMP/lighttpd.conf" >"$TMP/lighttpd.out" 2>&1 &
	LIGHTTPD_PID=$!
	if wait_http "http://127.0.0.1:$_port/${UNDER:-}sitemap.xml" \
	    "$LIGHTTPD_PID"; then
		fetch_all "$_name: lighttpd" "http://127.0.0.1:$_port"
		deny_all "$_name: lighttpd" "http://127.0.0.1:$_port"
		check_sitemap "$_name: lighttpd" "http://127.0.0.1:$_port"
		check_audit "$_name: lighttpd" \
		    "http://127.0.0.1:$_port/${UNDER:-}sitemap.xml"
	else
		not_ok "$_name: lighttpd starts"; cat "$TMP/lighttpd.out"
	fi
	stop_spawner "$LIGHTTPD_PID"

	# The CGI beside the .htaccess: the files the INI names, copied.
	cp "$SITEMAPD" "$R/sitemapd.cgi"
	sed "s|^root = .*|root = .|" "$_ini" >"$R/sitemapd.ini"
	chmod -R go+rX "$R"
	_p1=$(free_port); _p2=$(free_port); _p3=$(free_port)
	# mod_fcgid: the recipe's rules, its route contrib/apache-fcgid.conf's.
	sed '/^<LocationMatch/,/^<\/LocationMatch>/d' "$TMP/recipe.apache" \
	    >"$TMP/recipe.fcgid"
	sed "s|\"\^/(robots|\"^/${UNDER:-}(robots|" \
	    "$SRCDIR/contrib/apache-fcgid.conf" >>"$TMP/recipe.fcgid"
	rm -rf "$TMP/apache"
	apache_conf "$TMP/apache.conf" <<CONF
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
LoadModule dir_module $MODULES/mod_dir.so
LoadModule alias_module $MODULES/mod_alias.so
LoadModule negotiation_module $MODULES/mod_negotiation.so
TypesConfig /etc/mime.types
LoadModule rewrite_module $MODULES/mod_rewrite.so
LoadModule headers_module $MODULES/mod_headers.so
LoadModule cgi_module $MODULES/mod_cgi.so
LoadModule proxy_module $MODULES/mod_proxy.so
LoadModule proxy_fcgi_module $MODULES/mod_proxy_fcgi.so
LoadModule fcgid_module $MODULES/mod_fcgid.so
FcgidIPCDir "$TMP/apache/fcgid"
FcgidProcessTableFile "$TMP/apache/fcgid_shm"
Listen 127.0.0.1:$_p1
Listen 127.0.0.1:$_p2
Listen 127.0.0.1:$_p3
<Directory />
	AllowOverride None
	Require all denied
	# MultiViews on, as some hosts have it: the rules turn it off.
	Options +MultiViews
</Directory>
<Directory "$_host_root">
	Require all granted
</Directory>
<VirtualHost 127.0.0.1:$_p1>
	Define SITEMAPD_SOCKET "$TMP/none.sock"
	${UNDER:+DocumentRoot \"$_host_root\"}
	Include "$TMP/recipe.apache"
</VirtualHost>
<VirtualHost 127.0.0.1:$_p3>
	Define SITEMAPD_BIN "$TMP/bin/sitemapd"
	Define SITEMAPD_CONFIG "$_ini"
	${UNDER:+DocumentRoot \"$_host_root\"}
	Include "$TMP/recipe.fcgid"
</VirtualHost>
<VirtualHost 127.0.0.1:$_p2>
	DocumentRoot "$_host_root"
	<Directory "$R">
		AllowOverride FileInfo Options=ExecCGI,MultiViews Indexes
		Require all granted
	</Directory>
</VirtualHost>
CONF
	if start_apache "$TMP/apache.conf" "http://127.0.0.1:$_p1/" \
	    "http://127.0.0.1:$_p2/${UNDER:-}sitemap.xml" \
	    "http://127.0.0.1:$_p3/${UNDER:-}sitemap.xml"; then
		fetch_all "$_name: apache" "http://127.0.0.1:$_p1"
		deny_all "$_name: apache" "http://127.0.0.1:$_p1"
		fetch_all "$_name: apache mod_fcgid" "http://127.0.0.1:$_p3"
		check_sitemap "$_name: apache mod_fcgid" "http://127.0.0.1:$_p3"
		fetch_all "$_name: apache .htaccess" "http://127.0.0.1:$_p2"
		deny_all "$_name: apache .htaccess" "http://127.0.0.1:$_p2"
		check_sitemap "$_name: apache .htaccess" "http://127.0.0.1:$_p2"
		stop_apache
	else
		not_ok "$_name: apache starts"
	fi
	rm -f "$R/sitemapd.cgi" "$R/sitemapd.ini" "$R/.htaccess"
	# What was planted; a generator's own sitemap of a build kept stays.
	for _f in $SECRETS; do
		grep -qx '\[site\] SECRET' "$R/$_f" 2>/dev/null && rm -f "$R/$_f"
	done
	rmdir "$R/kept-below" 2>/dev/null
}

# plant_secrets INI: in R and in a folder below it, files no rule may
# serve: the INI's name, a CGI's sitemapd.ini, the names of the SQLite
# files it keeps, each with its journals, and a dotfile; at the root, the
# sitemaps generators leave (recipe.h), sitemapd's own paths among them.
# SECRETS: them.
plant_secrets() {
	_names="$(basename "$1") sitemapd.ini"
	for _k in lastmod_store page_facts state; do
		_v=$(sed -n "s|^$_k = ||p" "$1" | tail -n 1)
		case $_v in ""|postgres*) ;; *) _names="$_names $(basename "$_v")" ;;
		esac
	done
	SECRETS=".secret kept-below/.secret sitemap.xml sitemap_index.xml
	    sitemap.xml.gz sitemap_index.xml.gz sitemap-index.xml
	    sitemap-index.xml.gz sitemap-0.xml sitemap-12.xml.gz"
	mkdir -p "$R/kept-below"
	for _n in $_names; do
		for _s in "" -wal -shm -journal; do
			SECRETS="$SECRETS $_n$_s kept-below/$_n$_s"
		done
	done
	for _f in $SECRETS; do
		[ -e "$R/$_f" ] || echo "[site] SECRET" >"$R/$_f"
	done
	chmod -R go+rX "$R"
}

# deny_all NAME BASE: none of SECRETS answered, however its URL is
# spelled: as it is, with "//", "/./" or ".." before it, "." escaped.
deny_all() {
	_bad=""
	for _f in $SECRETS; do
		for _u in "$_f" "/$_f" "./$_f" "kept-below/../$_f" \
		    "$(printf '%s' "$_f" | sed 's/[.]/%2E/g')"; do
			curl -s --path-as-is -o "$TMP/got" "$2/${UNDER:-}$_u"
			grep -q -e SECRET -e '^\[site\]' -e 'SQLite format' \
			    "$TMP/got" 2>/dev/null && _bad="$_bad /${UNDER:-}$_u"
		done
	done
	check_eq "$1: no INI, file sitemapd keeps, dotfile or generator's sitemap served" "" \
	    "$_bad"
}

# fetch_all NAME BASE: every listed URL, its file's bytes with 200.
fetch_all() {
	_bad=""
	_n=0
	while IFS='	' read -r _path _file; do
		_n=$((_n + 1))
		_code=$(curl -s -o "$TMP/got" -D "$TMP/got.head" -w '%{http_code}' \
		    -H 'Accept: */*' "$2$_path")
		if [ "${INDEXABLE:-yes}" = no ] &&
		    ! grep -qi '^X-Robots-Tag: noindex' "$TMP/got.head"; then
			_bad="$_bad $_path:no-X-Robots-Tag"
		elif [ "$_code" != 200 ]; then
			_bad="$_bad $_path:$_code"
		elif ! cmp -s "$TMP/got" "$R/$_file"; then
			_bad="$_bad $_path:not-$_file($(head -c 60 "$TMP/got"))"
		elif grep -q noindex "$TMP/got"; then
			_bad="$_bad $_path:noindex"
		fi
	done <"$TMP/listed"
	check_eq "$1: each of the $_n URLs listed answers 200 with its file" \
	    "" "$_bad"
}

# check_not_indexable NAME BASE: robots.txt keeps every crawler out, and
# the sitemap, and a page that is not there, answer 404 saying noindex.
check_not_indexable() {
	check_eq "$1: indexable = no: robots.txt keeps every crawler out" \
	    "User-agent: *
Disallow: /" "$(curl -s "$2/robots.txt")"
	for _u in "${UNDER:-}sitemap.xml" "${UNDER:-}no-such-page.html"; do
		_code=$(curl -s -o /dev/null -D "$TMP/got.head" -w '%{http_code}' \
		    "$2/$_u")
		check_eq "$1: indexable = no: /$_u answers 404 saying noindex" \
		    "404 noindex" "$_code $(sed -n \
		    's/^X-Robots-Tag: \(noindex\).*/\1/Ip' "$TMP/got.head" | head -1)"
	done
}

# check_sitemap NAME BASE: the sitemap sitemapd answers there lists what
# list listed.
check_sitemap() {
	if [ "${INDEXABLE:-yes}" = no ]; then
		check_not_indexable "$@"
		return
	fi
	BODY=$(curl -s "$2/${UNDER:-}sitemap.xml")
	check_eq "$1: sitemapd's sitemap lists them" \
	    "$(cut -f 1 "$TMP/listed" | sort)" "$(locs | sed -e "s|^$2||" \
	    -e "s/&apos;/'/g" -e 's/&amp;/\&/g' | sort)"
}
