"""Subscribes to `bbfan mcp`'s resources with the official MCP Python SDK, as an assistant would,
and changes them from other processes on the same data directory.

Usage: mcp_subscriptions_check.py BBFAN MODE
  MODE classic: the 2025-11-25 handshake; `resources/subscribe`, `resources/unsubscribe` and
                `notifications/resources/updated`.
  MODE auto:    2026-07-28; `Client.listen()` (`subscriptions/listen`) and its stamped events.

Another process hearts a quote (`bbfan call favorites.toggle`) and refreshes the catalog from a
changed upstream (Tests/Tools/fake_api.py, started here); each check waits for the notification
to arrive (never for a time), then reads the resource again. It prints one line per problem and
`ok N` at the end, and exits 1 when there is a problem.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import warnings

import anyio
from mcp import Client, ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.subscriptions import ResourcesListChanged, ResourceUpdated
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
import mcp_types as types
from sdk_checks import bbfan_call, check, finish

# The classic session speaks 2025-11-25, where resources/subscribe is the way.
warnings.filterwarnings("ignore", category=MCPDeprecationWarning)

BBFAN, MODE = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA_DIR = tempfile.mkdtemp(prefix="bbfan-mcp-subscriptions-")
ENVIRONMENT = dict(os.environ, BBFAN_PUBLIC_SOURCES="off")
FAVORITES = "bbfan://me/favorites"
WALTER = "bbfan://breaking-bad/characters/1"
CARD = "bbfan://breaking-bad/characters/1/card.pdf"
PILOT = "bbfan://rick-and-morty/episodes/1"
QUIZZES = "bbfan://me/quizzes"
MISSING = "bbfan://breaking-bad/episodes/999"
# The longest any notification may take to arrive: a bound on a hang, not a measure of speed.
PATIENCE = 60
def call(method, params=None):
    """Another process on the same data directory: `bbfan call`."""
    return bbfan_call(BBFAN, DATA_DIR, method, params, ENVIRONMENT)


class FakeAPI:
    """Tests/Tools/fake_api.py on a free port; its `live` scenario changes on demand."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
             os.path.join(ROOT, "Data/breaking-bad")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())
        self.source = f"http://127.0.0.1:{self.port}/live/api"

    def mode(self, scenario):
        urllib.request.urlopen(f"http://127.0.0.1:{self.port}/_mode/{scenario}").read()

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def server():
    # No --source: the data directory's saved refresh is served, and followed.
    return StdioServerParameters(
        command=BBFAN, args=["mcp", "--data-dir", DATA_DIR, "--log-level", "off"],
        env={"BBFAN_PUBLIC_SOURCES": "off"})


def contents(result):
    return json.loads(result.contents[0].text)


def quote_ids(result):
    return sorted(quote["id"] for quote in contents(result)["quotes"])


async def classic(api):
    news = []
    arrived = anyio.Event()
    state = {"arrived": arrived}

    async def on_message(message):
        if isinstance(message, (types.ResourceUpdatedNotification, types.ResourceListChangedNotification)):
            news.append(message)
            state["arrived"].set()

    async def until(predicate, what):
        with anyio.move_on_after(PATIENCE) as scope:
            while not any(predicate(m) for m in news):
                state["arrived"] = anyio.Event()
                await state["arrived"].wait()
        check(not scope.cancelled_caught, f"no {what} arrived: {news}")

    def updated(uri):
        return lambda m: isinstance(m, types.ResourceUpdatedNotification) and str(m.params.uri) == uri

    async with stdio_client(server()) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            initialized = await session.initialize()
            check(initialized.capabilities.resources.subscribe is True, "subscribe is not declared")
            await session.subscribe_resource(FAVORITES)
            await session.subscribe_resource(WALTER)
            await session.subscribe_resource(CARD)
            for uri, code in ((QUIZZES, -32602), (MISSING, -32002), ("bbfan://nowhere/x", -32002)):
                try:
                    await session.subscribe_resource(uri)
                    check(False, f"{uri} was subscribed to")
                except MCPError as error:
                    check(error.code == code, f"subscribing to {uri}: {error.code} {error}")
            before = quote_ids(await session.read_resource(FAVORITES))
            check(before == [], f"favourites before: {before}")

            # A heart in another process: the favourites are updated, nothing else.
            call("favorites.toggle", {"quoteId": 3})
            await until(updated(FAVORITES), "update of the favourites")
            check(quote_ids(await session.read_resource(FAVORITES)) == [3], "the heart is not read")
            check(not any(updated(WALTER)(m) or updated(CARD)(m) for m in news),
                  f"a record was updated by a heart: {news}")

            # A refresh of a changed upstream in another process: the records, the card and the list.
            news.clear()
            api.mode("fewer")
            refreshed = call("catalog.refresh")
            check(refreshed["changed"] is True, f"the refresh changed nothing: {refreshed}")
            await until(updated(WALTER), "update of a character")
            await until(updated(CARD), "update of a card")
            await until(lambda m: isinstance(m, types.ResourceListChangedNotification), "list change")
            check(not any(updated(FAVORITES)(m) for m in news), f"the favourites were updated by a refresh: {news}")
            # Told once: pushed, and not again after the next reply (the SDK hands notifications
            # to the handler in tasks of their own: two more round trips and a moment let a
            # second one in, were there one).
            await session.read_resource(WALTER)
            await session.send_ping()
            await anyio.sleep(0.5)
            told = [m for m in news if isinstance(m, types.ResourceListChangedNotification)]
            check(len(told) == 1, f"the list change was told {len(told)} times")

            # Unsubscribed: a heart goes unannounced, a refresh still comes.
            await session.unsubscribe_resource(FAVORITES)
            news.clear()
            call("favorites.toggle", {"quoteId": 4})
            api.mode("ok")
            call("catalog.refresh")
            await until(updated(WALTER), "update of a character after unsubscribing")
            check(not any(updated(FAVORITES)(m) for m in news), f"an unsubscribed resource was updated: {news}")
            # The connection still answers.
            check(quote_ids(await session.read_resource(FAVORITES)) == [3, 4], "the second heart is not read")


async def modern(api):
    unstamped = []

    async def on_message(message):
        # In 2026-07-28 a change notification travels only on a stream that asked for it.
        if isinstance(message, (types.ResourceUpdatedNotification, types.ResourceListChangedNotification)):
            params = message.params.model_dump(by_alias=True) if message.params is not None else {}
            if "io.modelcontextprotocol/subscriptionId" not in (params.get("_meta") or {}):
                unstamped.append(message)

    async with Client(server(), mode="auto", message_handler=on_message) as client:
        check(client.protocol_version == "2026-07-28", f"auto mode negotiated {client.protocol_version}")
        async with client.listen(
            resources_list_changed=True, tools_list_changed=True,
            resource_subscriptions=[FAVORITES, WALTER, PILOT, QUIZZES, MISSING],
        ) as subscription:
            honored = subscription.honored
            check(honored.resources_list_changed is True, f"list changes not honoured: {honored}")
            check(not honored.tools_list_changed, f"tool list changes honoured (they never change): {honored}")
            check(honored.resource_subscriptions == [FAVORITES, WALTER, PILOT],
                  f"honoured resources: {honored.resource_subscriptions}")
            events = subscription.__aiter__()

            async def next_events(predicate, what):
                seen = []
                with anyio.move_on_after(PATIENCE) as scope:
                    while not predicate(seen):
                        seen.append(await events.__anext__())
                check(not scope.cancelled_caught, f"no {what} arrived: {seen}")
                return seen

            call("favorites.toggle", {"quoteId": 5})
            seen = await next_events(lambda s: ResourceUpdated(FAVORITES) in s, "update of the favourites")
            check(seen == [ResourceUpdated(FAVORITES)], f"a heart brought {seen}")
            favorites = await client.read_resource(FAVORITES, cache_mode="bypass")
            check(quote_ids(favorites) == [5], "the heart is not read")

            api.mode("fewer")
            call("catalog.refresh")
            seen = await next_events(
                lambda s: ResourceUpdated(WALTER) in s and ResourcesListChanged() in s, "refresh's events")
            check(ResourceUpdated(FAVORITES) not in seen and ResourceUpdated(PILOT) not in seen,
                  f"a Breaking Bad refresh brought {seen}")
        # The stream ended (the client cancelled it); the connection goes on, and a refresh made
        # elsewhere now is told to nobody: no stream asks.
        api.mode("ok")
        call("catalog.refresh")
        tools = await client.list_tools()
        check(len(tools.tools) > 0, "no tools after the stream ended")
        await client.read_resource(WALTER, cache_mode="bypass")
        await anyio.sleep(0.5)
        check(unstamped == [], f"change notifications outside a stream: {unstamped}")


async def main():
    api = FakeAPI()
    try:
        api.mode("ok")
        call("auth.register", {"username": "ann", "password": "Subscribe 4 changes",
                               "passwordConfirmation": "Subscribe 4 changes"})
        done = subprocess.run(
            [BBFAN, "call", "catalog.refresh", "--source", api.source, "--data-dir", DATA_DIR,
             "--log-level", "off"], capture_output=True, text=True, env=ENVIRONMENT)
        check(done.returncode == 0, f"the first refresh failed: {done.stderr}")
        await (classic(api) if MODE == "classic" else modern(api))
    finally:
        api.stop()
        shutil.rmtree(DATA_DIR, ignore_errors=True)


anyio.run(main)
finish()
