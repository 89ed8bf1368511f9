"""Files the bridge hands to browsers by signed ids, which every bridge sharing the secret serves.

bbfan answers with absolute paths (an image in its cache, an exported card, a profile photo).
The bridge never sends such a path to a browser nor opens a path a browser gives. It gives each
file an id that says how to get it again from bbfan, signed with HMAC-SHA256 under a secret the
bridges behind one proxy share (`--secret-file`): `/files/ID` then works on any of them.

- A catalog image's id names its URL: a bridge that has not fetched it asks its bbfan
  (images.fetch, from its own cache or the image's host). Anyone may fetch it, and cache it.
- A profile photo's id names the account and the browser it was given to: only that browser's
  requests (its `bbfan_browser` cookie) get it, and only while its cookie holds a live session of
  that account (profile.get gives the photo, which PostgreSQL holds for every bridge).
- An export's id names the export (character, format, universe), the browser and when it runs
  out (EXPORT_KEEP_SECONDS): a bridge that did not make it makes it again (characters.export).

A bridge that made or fetched a file keeps its path (the most recent `capacity` ones) and serves
it without asking bbfan again.
"""

import base64
import hashlib
import hmac
import json
import os
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Optional


@dataclass(frozen=True)
class ServedFile:
    """A file a browser may fetch: its path, content type and, for downloads, its file name."""

    path: str
    content_type: str
    download_name: Optional[str]
    owner: Optional[str] = None
    """The browser it is for; None for a catalog image, which anyone may fetch."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class FileIds:
    """Signed ids for files (what to ask bbfan for them), and the paths this bridge already has."""

    def __init__(self, root: str, secret: bytes, capacity: int = 10_000,
                 clock: Callable[[], float] = time.time):
        self.root = os.path.realpath(root)
        self.secret = secret
        self.capacity = capacity
        self.clock = clock
        self._paths: "OrderedDict[str, ServedFile]" = OrderedDict()

    def contains(self, path: str) -> bool:
        """Whether a path, with its links resolved, lies under the root."""
        real = os.path.realpath(path)
        return os.path.commonpath([real, self.root]) == self.root and real != self.root

    def sign(self, recipe: dict) -> str:
        """The id of a recipe: its JSON and its HMAC-SHA256, both base64url."""
        body = json.dumps(recipe, separators=(",", ":"), sort_keys=True).encode()
        mac = hmac.new(self.secret, body, hashlib.sha256).digest()
        return f"{_b64(body)}.{_b64(mac)}"

    def recipe(self, file_id: str) -> Optional[dict]:
        """The recipe an id names, when its signature holds and it has not run out; else None."""
        body_text, dot, mac_text = file_id.partition(".")
        if not dot or len(file_id) > 4096:
            return None
        try:
            body, mac = _unb64(body_text), _unb64(mac_text)
        except (ValueError, TypeError):
            return None
        if not hmac.compare_digest(mac, hmac.new(self.secret, body, hashlib.sha256).digest()):
            return None
        try:
            recipe = json.loads(body)
        except ValueError:
            return None
        if not isinstance(recipe, dict):
            return None
        expires = recipe.get("x")
        if isinstance(expires, (int, float)) and self.clock() >= expires:
            return None
        return recipe

    def register(self, recipe: dict, path: Any, content_type: str, download: bool = False,
                 owner: Optional[str] = None) -> Optional[str]:
        """The URL a browser fetches the file at (this bridge keeps its path), or None when the
        path is not a file under the root."""
        served = self.served(path, content_type, download, owner)
        if served is None:
            return None
        file_id = self.sign(recipe)
        self.remember(file_id, served)
        return f"/files/{file_id}"

    def served(self, path: Any, content_type: str, download: bool = False,
               owner: Optional[str] = None) -> Optional[ServedFile]:
        """What to serve for a path bbfan gave, or None when it does not lie under the root."""
        if not isinstance(path, str) or not self.contains(path):
            return None
        real = os.path.realpath(path)
        return ServedFile(real, content_type, os.path.basename(real) if download else None, owner)

    def remember(self, file_id: str, served: ServedFile) -> None:
        """Keeps the path of an id this bridge has, the oldest forgotten past `capacity`."""
        self._paths[file_id] = served
        self._paths.move_to_end(file_id)
        while len(self._paths) > self.capacity:
            self._paths.popitem(last=False)

    def local(self, file_id: str) -> Optional[ServedFile]:
        """The path this bridge keeps for an id, while it still lies under the root."""
        served = self._paths.get(file_id)
        if served is None or not self.contains(served.path):
            return None
        return served
