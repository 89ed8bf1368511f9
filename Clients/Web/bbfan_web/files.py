"""Files under the data directory that the bridge hands to browsers by opaque ids.

bbfan answers with absolute paths (an image in its cache, an exported card, a profile photo).
The bridge never sends such a path to a browser nor opens a path a browser gives: it registers a
path bbfan gave, if it lies under the data directory, under a random id, and serves
`/files/ID` from that registry only.
"""

import os
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class ServedFile:
    """A file a browser may fetch: its path, content type and, for downloads, its file name."""

    path: str
    content_type: str
    download_name: Optional[str]


class FileRegistry:
    """Random ids for files under one directory, the oldest forgotten past `capacity`."""

    def __init__(self, root: str, capacity: int = 10_000):
        self.root = os.path.realpath(root)
        self.capacity = capacity
        self._files: "OrderedDict[str, ServedFile]" = OrderedDict()
        self._ids: dict[tuple, str] = {}

    def contains(self, path: str) -> bool:
        """Whether a path, with its links resolved, lies under the root."""
        real = os.path.realpath(path)
        return os.path.commonpath([real, self.root]) == self.root and real != self.root

    def register(self, path: str, content_type: str, download: bool = False) -> Optional[str]:
        """The URL a browser fetches the file at, or None when it lies outside the root."""
        if not isinstance(path, str) or not self.contains(path):
            return None
        real = os.path.realpath(path)
        name = os.path.basename(real) if download else None
        key = (real, content_type, name)
        file_id = self._ids.get(key)
        if file_id is None:
            file_id = secrets.token_hex(16)
            self._ids[key] = file_id
        self._files[file_id] = ServedFile(real, content_type, name)
        self._files.move_to_end(file_id)
        while len(self._files) > self.capacity:
            old_id, old = self._files.popitem(last=False)
            self._ids.pop((old.path, old.content_type, old.download_name), None)
        return f"/files/{file_id}"

    def lookup(self, file_id: str) -> Optional[ServedFile]:
        """The file registered under an id, if it still lies under the root."""
        served = self._files.get(file_id)
        if served is None or not self.contains(served.path):
            return None
        return served
