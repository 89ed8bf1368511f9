"""Files under the data directory that the bridge hands to browsers by opaque ids.

bbfan answers with absolute paths (an image in its cache, an exported card, a profile photo).
The bridge never sends such a path to a browser nor opens a path a browser gives: it registers a
path bbfan gave, if it lies under the data directory, under a random id, and serves
`/files/ID` from that registry only.

A catalog image is anyone's: its id is shared and may be cached. A private file (an export, a
profile photo) is registered for the one browser that asked for it: only that browser's
requests (its `bbfan_browser` cookie) get it, never from a cache, and an export only for a short
time.
"""

import os
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Optional


@dataclass(frozen=True)
class ServedFile:
    """A file a browser may fetch: its path, content type and, for downloads, its file name."""

    path: str
    content_type: str
    download_name: Optional[str]
    owner: Optional[str] = None
    """The browser it is registered for; None for a catalog image, which anyone may fetch."""
    expires: Optional[float] = None
    """When it is forgotten (the clock's seconds); None to keep it while there is room."""


class FileRegistry:
    """Random ids for files under one directory, the oldest forgotten past `capacity`."""

    def __init__(self, root: str, capacity: int = 10_000,
                 clock: Callable[[], float] = time.monotonic):
        self.root = os.path.realpath(root)
        self.capacity = capacity
        self.clock = clock
        self._files: "OrderedDict[str, ServedFile]" = OrderedDict()
        self._ids: dict[tuple, str] = {}
        self._keys: dict[str, tuple] = {}

    def contains(self, path: str) -> bool:
        """Whether a path, with its links resolved, lies under the root."""
        real = os.path.realpath(path)
        return os.path.commonpath([real, self.root]) == self.root and real != self.root

    def register(self, path: str, content_type: str, download: bool = False,
                 owner: Optional[str] = None, keep: Optional[float] = None) -> Optional[str]:
        """The URL a browser fetches the file at, or None when it lies outside the root.

        With `owner`, only that browser may fetch it; with `keep`, only for that many seconds."""
        if not isinstance(path, str) or not self.contains(path):
            return None
        real = os.path.realpath(path)
        name = os.path.basename(real) if download else None
        key = (real, content_type, name, owner)
        file_id = self._ids.get(key)
        if file_id is None:
            file_id = secrets.token_hex(16)
            self._ids[key] = file_id
            self._keys[file_id] = key
        expires = None if keep is None else self.clock() + keep
        self._files[file_id] = ServedFile(real, content_type, name, owner, expires)
        self._files.move_to_end(file_id)
        while len(self._files) > self.capacity:
            old_id, _ = self._files.popitem(last=False)
            self._forget_key(old_id)
        return f"/files/{file_id}"

    def lookup(self, file_id: str, browser: Optional[str] = None) -> Optional[ServedFile]:
        """The file registered under an id, if `browser` may have it, its time has not run out
        and it still lies under the root."""
        served = self._files.get(file_id)
        if served is None:
            return None
        if served.expires is not None and self.clock() >= served.expires:
            self._files.pop(file_id, None)
            self._forget_key(file_id)
            return None
        if served.owner is not None and served.owner != browser:
            return None
        if not self.contains(served.path):
            return None
        return served

    def _forget_key(self, file_id: str) -> None:
        key = self._keys.pop(file_id, None)
        if key is not None:
            self._ids.pop(key, None)
