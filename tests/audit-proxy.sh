#!/bin/sh
# sitemapd audit through a proxy, as curl takes one from the environment:
# a recording proxy on loopback (which is fine) fetches a public site,
# answering for a public address itself, so that no DNS is asked and no
# socket leaves loopback. The target is judged, never the proxy: a redirect to a private or loopback target is
# refused before anything is asked of the proxy; no_proxy sends a host
# straight, and HTTP_PROXY, which a CGI's client can set, is not read.
. "$SRCDIR/tests/lib.sh"
need python3

PUBLIC=93.184.215.14	# a public address: only the proxy "reaches" it
PORT=$(free_port)
LOG=$TMP/proxy.log
: >"$LOG"
# One server: a proxy for absolute request URIs (their site's pages its
# own answers), an origin for paths; each request line logged.
cat >"$TMP/proxy.py" <<'PY'
import http.server, sys

port, log, public = int(sys.argv[1]), sys.argv[2], sys.argv[3]
site = "http://%s" % public
pages = {
    "/robots.txt": (200, "text/plain", "User-agent: *\nAllow: /\nSitemap: %s/sitemap.xml\n" % site),
    "/sitemap.xml": (200, "application/xml",
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/</loc></url></urlset>' % site),
    "/": (200, "text/html", "<!doctype html><title>t</title><p>page"),
    "/private.xml": (302, "http://10.0.0.1/sitemap.xml", ""),
    "/looped.xml": (302, "http://localhost:%d/sitemap.xml" % port, ""),
}

class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        proxied = self.path.startswith("http://")
        with open(log, "a") as f:
            f.write("%s %s\n" % ("proxy" if proxied else "origin", self.path))
        path = self.path
        if proxied:
            if not path.startswith(site + "/"):
                self.send_error(502)
                return
            path = path[len(site):]
        status, kind, body = pages.get(path.split("?")[0], (404, "text/plain", "no"))
        if path == "/robots.txt" and not proxied:
            body = "User-agent: *\nAllow: /\n"
        self.send_response(status)
        if status == 302:
            self.send_header("Location", kind)
        else:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body.encode())
    def log_message(self, *a):
        pass

http.server.ThreadingHTTPServer(("127.0.0.1", port), H).serve_forever()
PY
python3 "$TMP/proxy.py" "$PORT" "$LOG" "$PUBLIC" &
server=$!
stop_proxy() { kill "$server"; }
on_exit stop_proxy
wait_for sh -c "curl -s --noproxy '*' -o /dev/null http://127.0.0.1:$PORT/"
: >"$LOG"
PROXY=http://127.0.0.1:$PORT

# audit NAME URL [VAR=VALUE...]: the JSON report of URL, audited in an
# environment of no proxy but VAR=VALUE..., into $TMP/NAME.json.
audit() {
	_n=$1 _url=$2; shift 2
	env -u http_proxy -u https_proxy -u all_proxy -u no_proxy \
	    -u HTTP_PROXY -u HTTPS_PROXY -u ALL_PROXY -u NO_PROXY "$@" \
	    "$SITEMAPD" audit --json --rate 1000 --timeout 20 "$_url" \
	    >"$TMP/$_n.json" 2>"$TMP/$_n.err"
}

audit public "http://$PUBLIC/" http_proxy=$PROXY
check_contains "a public site through a proxy on loopback: fetched" \
    "proxy http://$PUBLIC/sitemap.xml" "$(cat "$LOG")"
check_lacks "... the proxy's address no reason to refuse" "refused" \
    "$(cat "$TMP/public.json")"
check_eq "... and its page too" "proxy http://$PUBLIC/" \
    "$(grep -x "proxy http://$PUBLIC/" "$LOG" | head -1)"

: >"$LOG"
audit private "http://$PUBLIC/private.xml" http_proxy=$PROXY
check_contains "a redirect to 10.0.0.1 through the proxy: refused, named" \
    "refused: http://10.0.0.1/sitemap.xml is on a private address" \
    "$(cat "$TMP/private.json")"
check_lacks "... and never asked of the proxy" "10.0.0.1" "$(cat "$LOG")"
: >"$LOG"
audit looped "http://$PUBLIC/looped.xml" http_proxy=$PROXY
check_contains "a redirect to localhost through the proxy: refused, named" \
    "refused: http://localhost:$PORT/sitemap.xml is on a loopback address" \
    "$(cat "$TMP/looped.json")"
check_lacks "... and never asked of the proxy" "localhost" "$(cat "$LOG")"

: >"$LOG"
audit loopback "http://127.0.0.1:$PORT/" http_proxy=$PROXY
check_contains "a site on loopback, itself audited, through the proxy" \
    "proxy http://127.0.0.1:$PORT/robots.txt" "$(cat "$LOG")"
: >"$LOG"
audit straight "http://127.0.0.1:$PORT/" http_proxy=$PROXY \
    no_proxy=localhost,127.0.0.0/8
check_eq "no_proxy naming its range: asked straight, never of the proxy" \
    "origin /robots.txt" "$(grep robots.txt "$LOG")"
: >"$LOG"
audit upper "http://127.0.0.1:$PORT/" HTTP_PROXY=$PROXY
check_eq "HTTP_PROXY, which a CGI's client can set: not read" \
    "origin /robots.txt" "$(grep robots.txt "$LOG")"
: >"$LOG"
audit all "http://$PUBLIC/" all_proxy=$PROXY
check_contains "all_proxy, where no http_proxy is set: taken" \
    "proxy http://$PUBLIC/robots.txt" "$(cat "$LOG")"
finish
