"""A local stand-in for the catalog APIs and an image host, built from the repository's Data/.

Breaking Bad is served whole (`/bbapi/characters`, `/bbapi/episodes`, `/bbapi/quotes`), Rick and
Morty page by page as its API does (`/rmapi/character?page=N`, 20 records a page). Images are
small PNG files at `/img/NAME.png`; some Breaking Bad portraits point at a closed port instead,
an image host that is down. With `held=True`, every Breaking Bad portrait is at `/held/NAME.png`
instead, a host that takes the request and answers nothing until `release()`.
"""

import json
import os
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

DATA = Path(os.environ.get("BBFAN_DATA") or Path(__file__).resolve().parents[3] / "Data")
"""The repository's Data/ (BBFAN_DATA when the tests run from a copy)."""
DOWN_HOST = "http://127.0.0.1:9"
"""Nothing listens there: an image host that is down."""
DOWN_PORTRAITS = {9, 23}
"""Breaking Bad characters (Gustavo Fring, Andrea Cantillo) whose portraits' host is down."""


def png(width: int, height: int, rgb: tuple[int, int, int], level: int = 6) -> bytes:
    """A PNG file of one colour (level 0: stored, as large as its pixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, level)) + chunk(b"IEND", b""))


def _colour(name: str) -> tuple[int, int, int]:
    seed = zlib.crc32(name.encode())
    return (60 + seed % 160, 60 + (seed >> 8) % 160, 60 + (seed >> 16) % 160)


class FakeAPI:
    """The server, on a free port of 127.0.0.1, until close()."""

    def __init__(self, held: bool = False):
        api = self
        self.held = held
        self.released = threading.Event()
        self.held_requests = 0
        self._lock = threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path.startswith("/held/"):
                    with api._lock:
                        api.held_requests += 1
                    # Answers only once released (or after 120 s, so no test hangs for ever).
                    api.released.wait(120)
                body, content_type = api.answer(self.path)
                if body is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def breaking_bad(self) -> str:
        return f"{self.base}/bbapi"

    @property
    def rick_and_morty(self) -> str:
        return f"{self.base}/rmapi"

    def answer(self, raw_path: str):
        url = urlparse(raw_path)
        parts = url.path.strip("/").split("/")
        if parts[0] in ("img", "held") and len(parts) == 2 and parts[1].endswith(".png"):
            return png(60, 80, _colour(parts[1])), "image/png"
        if parts[0] == "bbapi" and len(parts) == 2 and parts[1] in ("characters", "episodes", "quotes"):
            records = json.loads((DATA / "breaking-bad" / f"{parts[1]}.json").read_text())
            if parts[1] == "characters":
                for record in records:
                    identifier = record.get("char_id")
                    record["img"] = (f"{self.base}/held/bb-{identifier}.png" if self.held
                                     else f"{DOWN_HOST}/img/bb-{identifier}.png" if identifier in DOWN_PORTRAITS
                                     else f"{self.base}/img/bb-{identifier}.png")
            return json.dumps(records).encode(), "application/json"
        if parts[0] == "rmapi" and len(parts) == 2 and parts[1] in ("character", "episode", "location"):
            records = json.loads((DATA / "rick-and-morty" / f"{parts[1]}s.json").read_text())
            if parts[1] == "character":
                for record in records:
                    record["image"] = f"{self.base}/img/rm-{record['id']}.png"
            page = int(parse_qs(url.query).get("page", ["1"])[0])
            pages = (len(records) + 19) // 20
            link = f"{self.rick_and_morty}/{parts[1]}?page="
            body = {"info": {"count": len(records), "pages": pages,
                             "next": f"{link}{page + 1}" if page < pages else None,
                             "prev": f"{link}{page - 1}" if page > 1 else None},
                    "results": records[(page - 1) * 20:page * 20]}
            return json.dumps(body).encode(), "application/json"
        return None, None

    def release(self) -> None:
        """Lets every held request (and every later one) be answered."""
        self.released.set()

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()
