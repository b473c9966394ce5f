"""Another server on 127.0.0.1, for the browser test of issue 52: a page on another port of
the same machine (another user's, any development server) that tries to use Sluice's page.

    python3 foreign_page.py SLUICE_PORT FILE

Listens on 127.0.0.1, on a free port, and prints it as its first line; stops when its
standard input ends. Serves:
  /          the foreign page: it asks its own server which cookies the browser sent it, tries
             Sluice's WebSocket (`/ws`, and `/ws?token=…` with any token a cookie gave away),
             and, if one opens, sends commands that would write FILE and send an action; when
             done, it sets `document.body.dataset.ready` and keeps what happened in
             `window.foreign`.
  /cookies   every `Cookie` header the browser sent this server so far, one a line.
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SLUICE_PORT = int(sys.argv[1])
TARGET_FILE = sys.argv[2]
COOKIES = []

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>foreign</title></head><body>
<script>
const sluice = "127.0.0.1:" + SLUICE_PORT;
const foreign = { cookies: "", documentCookie: document.cookie, attempts: [] };
window.foreign = foreign;

// One try at Sluice's socket: whether it opened, and what it was answered.
function attempt(path) {
  return new Promise((resolve) => {
    const result = { path, opened: false, answers: [] };
    foreign.attempts.push(result);
    let socket;
    try { socket = new WebSocket("ws://" + sluice + path); } catch (error) { result.error = String(error); return resolve(); }
    socket.onopen = () => {
      result.opened = true;
      socket.send(JSON.stringify({ id: 1, command: "save " + TARGET_FILE }));
      socket.send(JSON.stringify({ id: 2, command: ".increment" }));
      socket.send(JSON.stringify({ id: 3, command: "log 5" }));
    };
    socket.onmessage = (message) => {
      result.answers.push(message.data);
      if (message.data.includes('"event":"completed"') && message.data.includes('"id":3')) socket.close();
    };
    socket.onclose = () => resolve();
  });
}

(async () => {
  foreign.cookies = await (await fetch("/cookies")).text();
  const tokens = [...(foreign.cookies + ";" + document.cookie).matchAll(/sluice-page-[0-9a-f]+=([0-9a-f]+)/g)].map((m) => m[1]);
  await attempt("/ws");
  for (const token of tokens) await attempt("/ws?token=" + token);
  document.body.dataset.ready = "true";
})();
</script></body></html>
"""


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        cookie = self.headers.get("Cookie")
        if cookie:
            COOKIES.append(cookie)
        if self.path == "/cookies":
            body = "\n".join(COOKIES).encode()
            kind = "text/plain"
        else:
            body = (PAGE.replace("SLUICE_PORT", json.dumps(str(SLUICE_PORT)))
                    .replace("TARGET_FILE", json.dumps(TARGET_FILE))).encode()
            kind = "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Until its standard input ends: the test closes it (a signal may be blocked in the
    # test process, and so in this one).
    sys.stdin.read()


if __name__ == "__main__":
    main()
