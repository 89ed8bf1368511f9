#!/usr/bin/env python3
"""A stand-in for breakingbadapi.com and rickandmortyapi.com that the tests start on 127.0.0.1,
and that misbehaves on demand.

Usage: python3 Tests/Tools/fake_api.py DATA_DIR [RICK_AND_MORTY_DIR]

DATA_DIR holds characters.json, episodes.json and quotes.json in the Breaking Bad API's shapes;
RICK_AND_MORTY_DIR (default: DATA_DIR/../rick-and-morty) holds characters.json, episodes.json and
locations.json, each list joined into one array. The server picks a free port, prints it on the
first line of stdout, and serves until it is killed or its stdin closes (so a test that dies never
leaves it running).

Every URL starts with a scenario, so one server serves every test at once:

  /SCENARIO/api/characters | /characters/ID | /character/random | /episodes | /episodes/ID
               /quotes | /quotes/ID | /quote/random[?author=A] | /quote?author=A | /deaths
  /SCENARIO/rmapi/character | /episode | /location [?page=N]
  /SCENARIO/fixture/NAME     the file NAME.json of $BBFAN_FAKE_FIXTURE (a test's fixture universe),
                             whole; the scenario fewer drops the last record of each longer list
                                 the Rick and Morty lists, 20 records a page, as
                                 {"info": {"count", "pages", "next", "prev"}, "results": [...]}
                                 with absolute next/prev URLs, like the real API
  /SCENARIO/img/NAME-BYTES.EXT   an image of BYTES bytes (MIME type from EXT; .html is text/html)
  /SCENARIO/avatar/ID.jpeg       a real 300 x 300 image, served as image/jpeg like the real API's
                                 avatars: a JPEG for an odd ID (when pdftoppm can make one), a
                                 palette PNG for an even ID (as 336 of the real avatars are)

Scenarios:
  ok            the data, with ETag and Last-Modified, answering If-None-Match/If-Modified-Since
                with 304
  noetag        the data without validators
  fewer         the data less its last 10 characters and 5 quotes (a changed upstream)
  slow-MS       waits MS milliseconds before each answer
  held-NAME     holds every request until /_release/NAME is requested (or 60 s pass), then
                answers as ok: a test decides when a client's request is answered
  status-CODE   answers HTTP CODE
  retry-N-S     the first N requests of each path get 429 with Retry-After: S, then the data
  retry503-N    the first N requests of each path get 503 without Retry-After, then the data
  truncated     declares a longer Content-Length than it sends, then closes
  invalid       a body that is not JSON
  wrongshape    /characters is an object, not an array
  badfield      the fourth character's name is a number
  empty         every list is []
  huge          declares and sends a 64 MiB body (huge-BYTES: BYTES instead)
  hugestream    streams a body without Content-Length until the client gives up (hugestream-BYTES:
                at most BYTES, then closes)
  declared-BYTES  declares Content-Length: BYTES, then waits up to 5 s for the client to close the
                connection before sending any of the body (a client that refuses on the declared
                length sends nothing more and closes); then streams the body
  stall         declares a body, sends half of it, then sends nothing more until the client
                closes (or 60 s pass); /_closed then counts the path
  changing      every answer gets a new ETag (the image changes each time)
  maxage-N      images say Cache-Control: max-age=N (nocache: Cache-Control: no-cache)
  live          behaves as the scenario last set with /_mode/SCENARIO (at first: ok), so one
                base URL can succeed and then fail
Rick and Morty pages only:
  failpage-N    page N of every list answers HTTP 500
  badpage-N     the first character of page N of /character has a number for a name
  loop          the last page of /character links back to page 1
  offsite       page 1 of /character links to a page on another host
  endless       /character never ends: every page links to the next, past the data
  relative      every next link is relative (?page=N), as a server may write it
  oddlinks      every next link names the page it is on too (?page=N&from=N-1), so the pages
                after the second cannot be told from the first
  dotdot        page 1 of /character links to ../api/characters (out of the base URL by a dot segment)
  redirect      page 2 of /character answers 302 to the same page on "localhost"
  avatars       every character's image is this server's /ok/avatar/ID.jpeg (both APIs)
  slowavatars   every character's image is /slow-5000/avatar/ID.jpeg
  noavatars     every character's image is /ok/avatar/missing.jpeg, which is 404

/_release/NAME lets the requests of the scenario held-NAME, waiting or to come, be answered.
/_silent answers the number of a port on 127.0.0.1 that never answers a connection attempt (the
system drops its SYNs), as a host that is down or out of reach.
/_stats answers {"PATH": hits} for every path requested so far; /_sent answers {"PATH": bytes} with
the body bytes the streaming scenarios (huge, hugestream, declared, stall) wrote to the socket, so
a test can tell how much of a body a client read before it stopped; /_closed answers {"PATH": n}
for the stalled answers whose client closed the connection; /_peak answers {"SCENARIO": n}, the
most requests of each scenario it was answering at once (a client's concurrency, seen from
here). Bodies are generated as they are sent: the server stays small whatever their size.
"""
import hashlib
import select
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Thu, 07 Apr 2022 12:00:00 GMT"
MIME = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "html": "text/html; charset=utf-8", "svg": "image/svg+xml"}
PNG_HEADER = b"\x89PNG\r\n\x1a\n"


RM_PAGE_SIZE = 20
RM_LISTS = {"character": "characters", "episode": "episodes", "location": "locations"}


class State:
    def __init__(self, data_dir, rm_dir):
        self.data = {}
        for name in ("characters", "episodes", "quotes"):
            with open(os.path.join(data_dir, name + ".json"), encoding="utf-8") as handle:
                self.data[name] = json.load(handle)
        self.rm = {}
        for name in RM_LISTS.values():
            with open(os.path.join(rm_dir, name + ".json"), encoding="utf-8") as handle:
                self.rm[name] = json.load(handle)
        self.hits = {}
        self.silent = []
        self.sent = {}
        self.closed = {}
        self.active = {}
        self.peak = {}
        self.lock = threading.Lock()
        self.serial = 0
        self.mode = "ok"
        self.released = set()
        self.release = threading.Condition(self.lock)
        self.avatars = make_avatars()

    def silent_port(self):
        """A port on 127.0.0.1 that never answers a connection attempt: its socket listens with
        no room in its queue, which three connections fill and nothing accepts, so the system
        drops every further SYN (as a host that is down or out of reach would)."""
        with self.lock:
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            listener.listen(0)
            port = listener.getsockname()[1]
            self.silent.append(listener)
            for _ in range(3):
                filler = socket.socket()
                filler.setblocking(False)
                try:
                    filler.connect(("127.0.0.1", port))
                except BlockingIOError:
                    pass
                self.silent.append(filler)
        time.sleep(0.3)
        return port

    def wait_for_release(self, name):
        with self.release:
            self.release.wait_for(lambda: name in self.released, timeout=60)

    def let_go(self, name):
        with self.release:
            self.released.add(name)
            self.release.notify_all()

    def hit(self, path):
        with self.lock:
            self.hits[path] = self.hits.get(path, 0) + 1
            return self.hits[path]

    def begin(self, scenario):
        with self.lock:
            self.active[scenario] = self.active.get(scenario, 0) + 1
            self.peak[scenario] = max(self.peak.get(scenario, 0), self.active[scenario])

    def end(self, scenario):
        with self.lock:
            self.active[scenario] -= 1

    def count_sent(self, path, size):
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size

    def next_serial(self):
        with self.lock:
            self.serial += 1
            return self.serial


def make_avatars():
    """A palette PNG and, when pdftoppm is there, a JPEG, both 300 x 300, made by hand."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import make_test_pngs
    folder = tempfile.mkdtemp(prefix="fake-api-avatars-")
    try:
        colours = [(151, 206, 76), (68, 40, 31), (240, 230, 220), (42, 140, 200)]
        png_path = os.path.join(folder, "avatar.png")
        make_test_pngs.png(png_path, 300, 300, 3, 8,
                           lambda x, y: (((x // 30) + (y // 30)) % 4,), colours)
        with open(png_path, "rb") as handle:
            avatars = {"png": handle.read()}
        if shutil.which("pdftoppm"):
            # A one-page PDF with a few coloured squares, rendered to a 300 x 300 JPEG.
            content = b"".join(b"%.2f %.2f %.2f rg %d %d 60 60 re f\n" % (r / 255, g / 255, b / 255, x, y)
                               for (r, g, b), x, y in zip(colours * 4, range(0, 240, 15), range(0, 240, 15)))
            objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
                       b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>",
                       b"<< /Length %d >>\nstream\n%sendstream" % (len(content), content)]
            pdf = b"%PDF-1.4\n"
            offsets = []
            for number, body in enumerate(objects, 1):
                offsets.append(len(pdf))
                pdf += b"%d 0 obj\n%s\nendobj\n" % (number, body)
            xref = len(pdf)
            pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
            pdf += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
            pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
            with open(os.path.join(folder, "square.pdf"), "wb") as handle:
                handle.write(pdf)
            subprocess.run(["pdftoppm", "-jpeg", "-r", "72", "-singlefile",
                            os.path.join(folder, "square.pdf"), os.path.join(folder, "avatar")],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(os.path.join(folder, "avatar.jpg"), "rb") as handle:
                avatars["jpeg"] = handle.read()
        return avatars
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def capitalise(name):
    return " ".join(word[:1].upper() + word[1:] for word in name.split(" "))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        # Headers and body go out without waiting for the client's ACK (no Nagle delay).
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        scenario = urlsplit(self.path).path.strip("/").split("/")[0]
        self.state.begin(scenario)
        try:
            self.answer()
        finally:
            self.state.end(scenario)

    def answer(self):
        url = urlsplit(self.path)
        count = self.state.hit(url.path)
        if url.path == "/_stats":
            return self.send_body(200, json.dumps(self.state.hits).encode(), "application/json")
        if url.path in ("/_sent", "/_closed", "/_peak"):
            with self.state.lock:
                counts = dict({"/_sent": self.state.sent, "/_closed": self.state.closed,
                               "/_peak": self.state.peak}[url.path])
            return self.send_body(200, json.dumps(counts).encode(), "application/json")
        if url.path == "/_silent":
            return self.send_body(200, json.dumps(self.state.silent_port()).encode(),
                                  "application/json")
        if url.path.startswith("/_release/"):
            self.state.let_go(url.path[len("/_release/"):])
            return self.send_body(200, b"{}", "application/json")
        if url.path.startswith("/_mode/"):
            self.state.mode = url.path[len("/_mode/"):]
            return self.send_body(200, b"{}", "application/json")
        parts = url.path.strip("/").split("/")
        if len(parts) < 3 or parts[1] not in ("api", "img", "rmapi", "avatar", "fixture"):
            return self.send_body(404, b"no such route\n", "text/plain")
        scenario, kind, rest = parts[0], parts[1], parts[2:]
        if scenario == "live":
            scenario = self.state.mode
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        if scenario.startswith("slow-"):
            time.sleep(int(scenario[5:]) / 1000)
        if scenario.startswith("held-"):
            self.state.wait_for_release(scenario[5:])
        if scenario.startswith("status-"):
            code = int(scenario[7:])
            return self.send_body(code, b'{"error":"scripted failure"}', "application/json")
        if scenario.startswith("retry-"):
            _, limit, seconds = scenario.split("-")
            if count <= int(limit):
                return self.send_body(429, b"slow down\n", "text/plain", {"Retry-After": seconds})
        if scenario.startswith("retry503-"):
            if count <= int(scenario.split("-")[1]):
                return self.send_body(503, b"busy\n", "text/plain")
        if scenario == "truncated":
            body = json.dumps(self.state.data["characters"]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        content_type = "image/png" if kind == "img" else "application/json"
        if scenario == "huge" or scenario.startswith(("huge-", "declared-")):
            name, _, digits = scenario.partition("-")
            size = int(digits) if digits else 64 * 1024 * 1024
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            self.wfile.flush()
            if name == "declared" and self.client_closes(5):
                self.close_connection = True
                return
            return self.stream(url.path, size)
        if scenario == "hugestream" or scenario.startswith("hugestream-"):
            digits = scenario.partition("-")[2]
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            return self.stream(url.path, int(digits) if digits else None)
        if scenario == "stall":
            size = 1 << 20
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            self.close_connection = True
            self.stream(url.path, size // 2)
            if self.client_closes(60):
                with self.state.lock:
                    self.state.closed[url.path] = self.state.closed.get(url.path, 0) + 1
            return
        if kind == "img":
            return self.image(scenario, rest[-1])
        if kind == "avatar":
            stem = rest[-1].split(".")[0]
            if not stem.isdigit():
                return self.send_body(404, b"no such avatar\n", "text/plain")
            avatars = self.state.avatars
            body = avatars.get("jpeg" if int(stem) % 2 else "png", avatars["png"])
            etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
            if self.headers.get("If-None-Match") == etag:
                return self.send_body(304, b"", None, {"ETag": etag})
            return self.send_body(200, body, "image/jpeg", {"ETag": etag})
        if scenario == "invalid":
            return self.send_body(200, b'[{"char_id": 1, "name": ', "application/json")
        if kind == "rmapi" and scenario == "redirect" and query.get("page") == "2":
            location = "http://localhost:%d/ok/rmapi/%s?page=2" % (self.server.server_address[1], rest[0])
            return self.send_body(302, b"", "text/plain", {"Location": location})
        if kind == "fixture":
            value = self.fixture(scenario, rest)
        elif kind == "rmapi":
            value = self.rm_page(scenario, parts[0], rest, query)
            if value == 500:
                return self.send_body(500, b'{"error":"scripted failure"}', "application/json")
        else:
            value = self.route(scenario, rest, query)
        if value is None:
            return self.send_body(404, b'{"error":"not found"}', "application/json")
        self.send_json(scenario, value)

    def fixture(self, scenario, rest):
        folder = os.environ.get("BBFAN_FAKE_FIXTURE")
        if not folder or len(rest) != 1 or not rest[0].isidentifier():
            return None
        path = os.path.join(folder, rest[0] + ".json")
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8") as handle:
            records = json.load(handle)
        return records[:-1] if scenario == "fewer" and len(records) > 1 else records

    def route(self, scenario, rest, query):
        data = self.state.data
        characters, episodes, quotes = data["characters"], data["episodes"], data["quotes"]
        if scenario == "fewer":
            characters, quotes = characters[:-10], quotes[:-5]
        if scenario == "empty":
            characters, episodes, quotes = [], [], []
        if scenario == "wrongshape" and rest == ["characters"]:
            return {"characters": characters}
        if scenario == "badfield" and rest == ["characters"]:
            characters = [dict(c) for c in characters]
            characters[3]["name"] = 42
        if self.avatar_url(scenario, 0) and rest == ["characters"]:
            characters = [dict(c, img=self.avatar_url(scenario, c["char_id"])) for c in characters]
        by_id = {"characters": ("char_id", characters), "episodes": ("episode_id", episodes),
                 "quotes": ("quote_id", quotes)}
        if len(rest) == 1 and rest[0] in by_id:
            return by_id[rest[0]][1]
        if len(rest) == 2 and rest[0] in by_id:
            key, items = by_id[rest[0]]
            return [item for item in items if str(item[key]) == rest[1]]
        if rest == ["character", "random"]:
            return characters[: int(query.get("limit", 1))]
        if rest == ["quote", "random"]:
            author = query.get("author")
            matching = [q for q in quotes if author is None or q["author"] == capitalise(author)]
            return matching[:1]
        if rest == ["quote"]:
            return [q for q in quotes if q["author"] == capitalise(query.get("author", ""))]
        if rest == ["deaths"]:
            return []
        return None

    def avatar_url(self, scenario, number):
        """The image URL a character gets in the avatar scenarios, else None."""
        port = self.server.server_address[1]
        if scenario == "avatars":
            return "http://127.0.0.1:%d/ok/avatar/%d.jpeg" % (port, number)
        if scenario == "slowavatars":
            return "http://127.0.0.1:%d/slow-5000/avatar/%d.jpeg" % (port, number)
        if scenario == "noavatars":
            return "http://127.0.0.1:%d/ok/avatar/missing.jpeg" % port
        return None

    def rm_page(self, scenario, token, rest, query):
        """One page of a Rick and Morty list, as rickandmortyapi.com serves it."""
        if len(rest) != 1 or rest[0] not in RM_LISTS:
            return None
        route = rest[0]
        items = self.state.rm[RM_LISTS[route]]
        if scenario == "fewer" and route == "character":
            items = items[:-10]
        if scenario == "empty":
            items = []
        if scenario == "wrongshape" and route == "character":
            return {"characters": items}
        try:
            page = int(query.get("page", "1"))
        except ValueError:
            return None
        pages = (len(items) + RM_PAGE_SIZE - 1) // RM_PAGE_SIZE
        if scenario.startswith("failpage-") and page == int(scenario.split("-")[1]):
            return 500
        endless = scenario == "endless" and route == "character"
        if page < 1 or (page > max(pages, 1) and not endless):
            return None
        start = (page - 1) * RM_PAGE_SIZE
        if endless and start >= len(items):  # past the data: the last page again
            start = max(0, (pages - 1) * RM_PAGE_SIZE)
        results = [dict(item) for item in items[start:start + RM_PAGE_SIZE]]
        if route == "character":
            for result in results:
                avatar = self.avatar_url(scenario, result["id"])
                if avatar:
                    result["image"] = avatar
        if scenario == "badfield" and route == "character" and page == 1 and len(results) > 3:
            results[3]["name"] = 42
        if (scenario.startswith("badpage-") and route == "character"
                and page == int(scenario.split("-")[1]) and results):
            results[0]["name"] = 42

        def link(number):
            return "http://127.0.0.1:%d/%s/rmapi/%s?page=%d" % (
                self.server.server_address[1], token, route, number)

        next_link = link(page + 1) if page < pages or endless else None
        if scenario == "loop" and route == "character" and page == pages:
            next_link = link(1)
        if scenario == "offsite" and route == "character" and page == 1:
            next_link = "http://elsewhere.invalid/api/character?page=2"
        if scenario == "dotdot" and route == "character" and page == 1:
            next_link = "http://127.0.0.1:%d/%s/rmapi/../api/characters" % (
                self.server.server_address[1], token)
        if scenario == "oddlinks" and next_link is not None:
            next_link += "&from=%d" % page
        if scenario == "relative" and next_link is not None:
            next_link = "?page=%d" % (page + 1)
        info = {"count": len(items), "pages": pages, "next": next_link,
                "prev": link(page - 1) if page > 1 else None}
        return {"info": info, "results": results}

    def send_json(self, scenario, value):
        body = json.dumps(value).encode()
        headers = {}
        if scenario not in ("noetag",):
            etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
            headers = {"ETag": etag, "Last-Modified": LAST_MODIFIED}
            if self.headers.get("If-None-Match") == etag:
                return self.send_body(304, b"", None, headers)
        self.send_body(200, body, "application/json; charset=utf-8", headers)

    def image(self, scenario, name):
        stem, _, ext = name.rpartition(".")
        size = int(stem.rsplit("-", 1)[-1]) if stem.rsplit("-", 1)[-1].isdigit() else 100
        body = (PNG_HEADER + (stem.encode() * (size // max(1, len(stem)) + 1)))[:size]
        serial = self.state.next_serial() if scenario == "changing" else 0
        etag = '"%s-%d"' % (hashlib.sha256(body).hexdigest()[:12], serial)
        headers = {"ETag": etag, "Last-Modified": LAST_MODIFIED}
        if scenario.startswith("maxage-"):
            headers["Cache-Control"] = "max-age=" + scenario[len("maxage-"):]
        if scenario == "nocache":
            headers["Cache-Control"] = "no-cache"
        if scenario == "noetag":
            headers = {}
        elif self.headers.get("If-None-Match") == etag:
            return self.send_body(304, b"", None, headers)
        self.send_body(200, body, MIME.get(ext, "application/octet-stream"), headers)

    def stream(self, path, size):
        """Sends `size` spaces (None: until the client goes), counting what the socket took."""
        chunk = b" " * 65536
        sent = 0
        try:
            while size is None or sent < size:
                piece = chunk if size is None else chunk[: size - sent]
                self.wfile.write(piece)
                sent += len(piece)
                self.state.count_sent(path, len(piece))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def client_closes(self, seconds):
        """Whether the client closes its end within `seconds` (anything it sends is ignored)."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            readable, _, _ = select.select([self.connection], [], [], left)
            if readable:
                try:
                    if not self.connection.recv(65536):
                        return True
                except (ConnectionResetError, OSError):
                    return True

    def send_body(self, code, body, content_type, headers=None):
        self.send_response(code)
        if content_type:
            self.send_header("Content-Type", content_type)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        if code != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if code != 304:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    rm_dir = sys.argv[2] if len(sys.argv) == 3 else os.path.join(sys.argv[1], "..", "rick-and-morty")
    Handler.state = State(sys.argv[1], rm_dir)
    # The default backlog of 5 drops connections when many tests call at once, and a dropped
    # SYN is retried only after 1, 2, 4... seconds.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # returns when the test closes stdin or dies


if __name__ == "__main__":
    main()
