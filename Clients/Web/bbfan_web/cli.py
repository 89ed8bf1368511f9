"""The `bbfan-web` command: serves the fan apps on localhost over one bbfan process."""

import argparse
import asyncio
import os
import shutil
import signal
import re
import sys
from urllib.parse import urlsplit

from aiohttp import web

from .server import WebApp, start_bridge


def _arguments(argv):
    parser = argparse.ArgumentParser(
        prog="bbfan-web",
        description="Serve the fan apps (Breaking Bad, the character explorer, quizzes, Rick and "
        "Morty) in a browser, over bbfan.")
    parser.add_argument("--port", type=int, required=True,
                        help="the port to listen on (0: any free port, printed at start)")
    parser.add_argument("--data-dir", required=True, help="bbfan's data directory")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on "
                        "(default 127.0.0.1)")
    parser.add_argument("--public-name", action="append", default=[], metavar="NAME[:PORT]",
                        help="a Host name browsers reach this bridge by besides 127.0.0.1, "
                        "localhost and --host on its port, such as a proxy's public name "
                        "(repeatable); requests for any other Host get 421")
    parser.add_argument("--bbfan", default=None, help="the bbfan binary (default: bbfan on PATH)")
    parser.add_argument("--source", action="append", default=[], metavar="[UNIVERSE=]URL",
                        help="a live source, as bbfan --source takes it (repeatable)")
    parser.add_argument("--max-message-bytes", type=int, default=None,
                        help="bbfan's --max-message-bytes (default: bbfan's own)")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="a PostgreSQL database the bridges behind one proxy share, "
                        "postgres://USER@HOST/DB, without a password (it comes from PGPASSWORD "
                        "or the file PGPASSFILE names, as libpq reads them); bbfan gets it in "
                        "BBFAN_DATABASE_URL, never on a command line (default: "
                        "BBFAN_DATABASE_URL, else the data directory's SQLite file)")
    parser.add_argument("--secret-file", default=None, metavar="PATH",
                        help="a file holding the secret (at least 32 bytes) the bridges behind "
                        "one proxy share, so that /files/ID links from one work on every one "
                        "(default: a random secret of this bridge's own)")
    parser.add_argument("--name", default=None,
                        help="this bridge's name, sent on every response as X-BBFan-Bridge")
    parser.add_argument("--password-cost", type=int, default=None, metavar="N",
                        help="bbfan's --password-cost (PBKDF2 iterations of new password "
                        "hashes): lower it for tests and benchmarks only")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="mark the cookies Secure: behind a proxy that serves HTTPS")
    return parser.parse_args(argv)


def _has_password(database: str) -> bool:
    """Whether a libpq URL or key=value conninfo carries a password."""
    if "://" in database:
        try:
            return urlsplit(database).password is not None or "password=" in database
        except ValueError:
            return False
    return re.search(r"(^|\s)password\s*=", database) is not None


def _secret(path: str | None) -> bytes | None:
    """The shared secret from --secret-file, or None without one; SystemExit when unusable."""
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            secret = handle.read().strip()
    except OSError as error:
        sys.exit(f"bbfan-web: cannot read --secret-file {path}: {error.strerror}")
    if len(secret) < 32:
        sys.exit(f"bbfan-web: --secret-file {path} holds {len(secret)} bytes; give at least 32 "
                 "(such as: head -c 48 /dev/urandom | base64 > FILE)")
    return secret


async def _serve(options) -> int:
    binary = options.bbfan or shutil.which("bbfan")
    if binary is None:
        print("bbfan-web: bbfan is not on PATH; install it or give --bbfan PATH", file=sys.stderr)
        return 2
    if options.database is not None:
        if _has_password(options.database):
            print("bbfan-web: --database must not hold the password (any user could read it in "
                  "ps); give it in PGPASSWORD or a PGPASSFILE (0600), or the whole URL in "
                  "BBFAN_DATABASE_URL", file=sys.stderr)
            return 2
        # bbfan reads it from its environment, which it inherits: not on its command line.
        os.environ["BBFAN_DATABASE_URL"] = options.database
    secret = _secret(options.secret_file)
    os.makedirs(options.data_dir, exist_ok=True)
    extra = []
    if options.max_message_bytes is not None:
        extra = ["--max-message-bytes", str(options.max_message_bytes)]
    if options.password_cost is not None:
        extra += ["--password-cost", str(options.password_cost)]
    bridge = await start_bridge(binary, options.data_dir, options.source, extra, secret)
    app = WebApp(bridge, secure_cookies=options.secure_cookies, listen_host=options.host,
                 public_names=tuple(options.public_name), name=options.name)
    runner = web.AppRunner(app.application(), access_log=None)
    await runner.setup()
    # The pages' WebSockets are closed first, so nothing is left to wait for long.
    site = web.TCPSite(runner, options.host, options.port, shutdown_timeout=5)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    status = 0
    async with asyncio.TaskGroup() as group:
        pump = group.create_task(bridge.pump_notifications())
        exited = group.create_task(bridge.client.wait_exit())
        stopped = group.create_task(stop.wait())
        try:
            await site.start()
            port = runner.addresses[0][1]
            print(f"bbfan-web: serving http://{options.host}:{port}/", flush=True)
            await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if exited.done():
                # Without bbfan every page would get errors: stop at once, saying why, after
                # answering every call that waited and telling every page (1013: try later).
                print(f"bbfan-web: bbfan exited (status {exited.result()}); stopping",
                      file=sys.stderr, flush=True)
                status = 1
                await bridge.shut_down()
        finally:
            await runner.cleanup()
            pump.cancel()
            stopped.cancel()
            await bridge.client.close()
    return status


def main(argv=None) -> None:
    """Parses the command line and serves until SIGINT or SIGTERM."""
    options = _arguments(argv)
    try:
        sys.exit(asyncio.run(_serve(options)))
    except KeyboardInterrupt:
        sys.exit(130)
