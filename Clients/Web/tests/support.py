"""Starts the installed `bbfan-web` command on a fresh data directory, as a user runs it."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading


def bbfan_binary() -> str:
    """The bbfan the tests drive: BBFAN_BINARY, else bbfan on PATH."""
    binary = os.environ.get("BBFAN_BINARY") or shutil.which("bbfan")
    if not binary:
        raise RuntimeError("set BBFAN_BINARY to the built bbfan (or put bbfan on PATH)")
    return binary


def bbfan_web_command() -> list[str]:
    """The installed console script next to this Python, else the module."""
    script = os.path.join(os.path.dirname(sys.executable), "bbfan-web")
    if os.path.exists(script):
        return [script]
    found = shutil.which("bbfan-web")
    return [found] if found else [sys.executable, "-m", "bbfan_web"]


class WebServer:
    """A running `bbfan-web --port 0` on a data directory of its own; `url` is where it listens."""

    def __init__(self, *extra: str, data_dir: str | None = None):
        self._temporary = None if data_dir else tempfile.TemporaryDirectory()
        self.data_dir = data_dir or self._temporary.name
        self.process = subprocess.Popen(
            [*bbfan_web_command(), "--port", "0", "--data-dir", self.data_dir,
             "--bbfan", bbfan_binary(), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        match = re.search(r"serving (http://\S+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"bbfan-web did not start: {line!r} {self.process.stderr.read()}")
        self.url = match.group(1)
        self.host_port = self.url.removeprefix("http://")
        # Keeps the pipes drained so the server never blocks on a full one.
        self.stderr: list[str] = []
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        # Ends when the bridge closes its stderr (it exits): join it to read everything it said.
        self.stderr_reader = threading.Thread(
            target=lambda: self.stderr.extend(self.process.stderr), daemon=True)
        self.stderr_reader.start()

    def close(self) -> int:
        """Stops the server (SIGTERM) and returns its exit status."""
        self.process.terminate()
        try:
            status = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        if self._temporary is not None:
            self._temporary.cleanup()
        return status


def refresh_breaking_bad(source: str, data_dir: str) -> None:
    """Refreshes the Breaking Bad catalog of `data_dir` from `source` once, as a user would."""
    refreshed = subprocess.run(
        [bbfan_binary(), "call", "catalog.refresh", "{}", "--source", source, "--data-dir", data_dir],
        capture_output=True, text=True, timeout=120)
    if refreshed.returncode != 0:
        raise RuntimeError(f"the Breaking Bad refresh failed: {refreshed.stderr}")


class HeldPortraitsServer:
    """A bbfan-web whose Breaking Bad catalog comes from a FakeAPI(held=True): every portrait is
    on a host that takes the request and answers nothing until `fake.release()`."""

    def __init__(self):
        from fakeapi import FakeAPI
        self.fake = FakeAPI(held=True)
        self.data = tempfile.mkdtemp(prefix="bbfan-web-held-")
        refresh_breaking_bad(self.fake.breaking_bad, self.data)
        self.server = WebServer(data_dir=self.data)

    def close(self) -> None:
        self.server.close()
        self.fake.close()
        shutil.rmtree(self.data, ignore_errors=True)
