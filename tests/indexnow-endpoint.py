#!/usr/bin/env python3
# An IndexNow endpoint on 127.0.0.1 for tests/indexnow.sh. Usage:
#   indexnow-endpoint.py PORTFILE SCRIPT LOG
# It writes the port it listens on to PORTFILE. Each POST takes the
# first line of SCRIPT as its answer, and removes it: "200", "202",
# "403", "422", "500", "429 RETRY-AFTER" (the rest of the line its value:
# seconds or an HTTP date), or "hang" (the connection is held, never
# answered); an empty SCRIPT answers 200. Each POST's body is appended to
# LOG, one line each, with the answer given and the time it came.
import http.server
import json
import sys
import threading
import time

portfile, script, log = sys.argv[1:4]
lock = threading.Lock()


def next_answer():
    with lock:
        with open(script) as f:
            lines = f.read().splitlines()
        with open(script, "w") as f:
            f.write("".join(line + "\n" for line in lines[1:]))
        return lines[0].split(None, 1) if lines else ["200"]


class Endpoint(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        answer = next_answer()
        with lock, open(log, "a") as f:
            f.write(json.dumps({"answer": answer[0], "at": time.time(),
                                "type": self.headers["Content-Type"],
                                "body": json.loads(body)}) + "\n")
        if answer[0] == "hang":
            time.sleep(3600)
            return
        self.send_response(int(answer[0]))
        if len(answer) > 1:
            self.send_header("Retry-After", answer[1])
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Endpoint)
server.daemon_threads = True
with open(portfile + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os
os.rename(portfile + ".tmp", portfile)
server.serve_forever()
