#!/usr/bin/env python3
"""A site that answers as tests/audit.sh needs what nginx cannot do:
slowly, or with 429 first. Each request is logged as "SECONDS PATH"
to LOG, the monotonic clock's seconds.

    audit-origin.py PORT LOG

/robots.txt             names /limited.xml
/limited.xml            a sitemap of /limited/1.html ... /limited/3.html
/limited/N.html         429 with Retry-After: 1 the first time, then a page
/slow/N                 1.5 s, then a redirect to /slow/N+1
/slow.xml               redirects to /slow/1
/long.xml               a sitemap of /long/1.html, which always answers
                        429 with Retry-After: 3600
"""
import http.server
import socketserver
import sys
import threading
import time

PORT, LOG = int(sys.argv[1]), sys.argv[2]
seen = set()
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        with lock, open(LOG, "a") as log:
            log.write("%.3f %s\n" % (time.monotonic(), self.path))
        base = "http://127.0.0.1:%d" % PORT
        if self.path == "/robots.txt":
            self.answer(200, ("User-agent: *\nAllow: /\nSitemap: %s/limited.xml\n"
                              % base).encode())
        elif self.path == "/limited.xml":
            urls = "".join("<url><loc>%s/limited/%d.html</loc></url>" % (base, i)
                           for i in (1, 2, 3))
            self.answer(200, ('<urlset xmlns="http://www.sitemaps.org/schemas/'
                              'sitemap/0.9">%s</urlset>' % urls).encode(),
                        [("Content-Type", "application/xml")])
        elif self.path.startswith("/limited/"):
            with lock:
                first = self.path not in seen
                seen.add(self.path)
            if first:
                self.answer(429, b"slow down", [("Retry-After", "1")])
            else:
                self.answer(200, b"<!doctype html><title>t</title><p>page",
                            [("Content-Type", "text/html")])
        elif self.path == "/long.xml":
            self.answer(200, ('<urlset xmlns="http://www.sitemaps.org/schemas/'
                              'sitemap/0.9"><url><loc>%s/long/1.html</loc></url>'
                              '</urlset>' % base).encode(),
                        [("Content-Type", "application/xml")])
        elif self.path.startswith("/long/"):
            self.answer(429, b"come back in an hour", [("Retry-After", "3600")])
        elif self.path == "/slow.xml":
            self.answer(302, headers=[("Location", "/slow/1")])
        elif self.path.startswith("/slow/"):
            time.sleep(1.5)
            n = int(self.path[6:]) + 1
            self.answer(302, headers=[("Location", "/slow/%d" % n)])
        else:
            self.answer(404, b"no")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


Server(("127.0.0.1", PORT), Handler).serve_forever()
