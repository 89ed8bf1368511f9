"""The `bbfan-web` command: serves the fan apps on localhost over one bbfan process."""

import argparse
import asyncio
import os
import shutil
import signal
import sys

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
    return parser.parse_args(argv)


async def _serve(options) -> int:
    binary = options.bbfan or shutil.which("bbfan")
    if binary is None:
        print("bbfan-web: bbfan is not on PATH; install it or give --bbfan PATH", file=sys.stderr)
        return 2
    os.makedirs(options.data_dir, exist_ok=True)
    extra = []
    if options.max_message_bytes is not None:
        extra = ["--max-message-bytes", str(options.max_message_bytes)]
    bridge = await start_bridge(binary, options.data_dir, options.source, extra)
    app = WebApp(bridge, listen_host=options.host, public_names=tuple(options.public_name))
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
