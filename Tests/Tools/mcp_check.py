"""Drives `bbfan mcp` with the official MCP Python SDK (`mcp` 2.x from PyPI), as an assistant would.

Usage: mcp_check.py BBFAN DATA_DIR MODE
  MODE auto:    `Client(mode="auto")`: probes server/discover and speaks 2026-07-28.
  MODE classic: `ClientSession.initialize()`: the 2025-11-25 handshake.

It lists and calls every tool, reads every kind of resource, gets every prompt, and checks a
progress-reporting call, a cancelled call, error results and log messages. Every result the SDK
accepts has passed its own checks (a tool's structuredContent against its outputSchema, each
result against the negotiated revision's types). It prints one line per problem and `ok N` at
the end, and exits 1 when there is a problem.
"""

import asyncio
import base64
import json
import os
import socket
import subprocess
import sys
import threading
import time

import anyio
from mcp import Client, ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
import mcp_types as types
from sdk_checks import bbfan_call, check, finish

BBFAN, DATA_DIR, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
def native(method, params=None):
    """The native method's result, through `bbfan call` on the same data directory."""
    return bbfan_call(BBFAN, DATA_DIR, method, params, ENVIRONMENT)


class Staller:
    """A proxy that accepts connections and never answers: an image download through it hangs."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.held = []
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.held.append(connection)


def refused_port():
    """A port nothing listens on: downloads through it fail at once (no network is used)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


STALLER = Staller()
REFUSED = f"http://127.0.0.1:{refused_port()}"
ENVIRONMENT = dict(os.environ, https_proxy=REFUSED, http_proxy=REFUSED, HTTPS_PROXY=REFUSED, HTTP_PROXY=REFUSED)
ENVIRONMENT.pop("NO_PROXY", None)
ENVIRONMENT.pop("no_proxy", None)


def server(proxy):
    proxies = {"https_proxy": proxy, "http_proxy": proxy, "HTTPS_PROXY": proxy, "HTTP_PROXY": proxy}
    return StdioServerParameters(
        command=BBFAN,
        args=["mcp", "--data-dir", DATA_DIR, "--password-cost", "1000", "--log-level", "off",
              "--http-timeout", "20"],
        env=proxies,
    )


class MCPCalls:
    """The calls the checks make, over either a `Client` (auto) or a `ClientSession` (classic)."""

    def __init__(self, client=None, session=None):
        self.client, self.session = client, session

    async def list_tools(self):
        return await (self.client.list_tools() if self.client else self.session.list_tools())

    async def call_tool(self, name, arguments=None, progress=None):
        target = self.client or self.session
        return await target.call_tool(name, arguments, progress_callback=progress)

    async def list_resources(self, cursor=None):
        if self.client:
            return await self.client.list_resources(cursor=cursor, cache_mode="bypass")
        return await self.session.list_resources(params=types.PaginatedRequestParams(cursor=cursor))

    async def list_resource_templates(self):
        if self.client:
            return await self.client.list_resource_templates()
        return await self.session.list_resource_templates()

    async def read_resource(self, uri):
        if self.client:
            return await self.client.read_resource(uri, cache_mode="bypass")
        return await self.session.read_resource(uri)

    async def list_prompts(self):
        return await (self.client.list_prompts() if self.client else self.session.list_prompts())

    async def get_prompt(self, name, arguments):
        return await (self.client or self.session).get_prompt(name, arguments)


def structured(result):
    return result.structured_content


def text_of(result):
    return " ".join(item.text for item in result.content if getattr(item, "type", "") == "text")


async def exercise(calls, messages):
    # Tools: the list, fixed and small.
    listed = await calls.list_tools()
    names = [tool.name for tool in listed.tools]
    check(names == sorted(names), f"tools are not listed in a fixed (sorted) order: {names}")
    check(all(len(n) <= 64 and all(c.isalnum() or c in "_-" for c in n) for n in names), f"a tool name is not portable: {names}")
    check("auth_login" not in names and "auth_register" not in names, "a tool takes a password")
    for tool in listed.tools:
        check(tool.output_schema is not None and tool.output_schema.get("type") == "object", f"{tool.name}: no object outputSchema")
        check("token" not in json.dumps(tool.input_schema.get("properties", {})), f"{tool.name}: inputSchema offers a token")
        check(tool.annotations is not None and tool.annotations.read_only_hint is not None, f"{tool.name}: no readOnlyHint")
    called = set()

    async def call(name, arguments=None, compare=None):
        result = await calls.call_tool(name, arguments)
        called.add(name)
        check(not result.is_error, f"{name}({arguments}) failed: {text_of(result)}")
        if not result.is_error:
            check(json.loads(text_of(result)) == structured(result), f"{name}: the text content is not the JSON")
            if compare is not None:
                check(structured(result) == native(*compare), f"{name}: differs from the native {compare[0]}")
        return structured(result)

    # Per-user tools before anyone signs in: an error result that says how to sign in.
    result = await calls.call_tool("favorites_list", {})
    check(result.is_error and "bbfan call auth.login" in text_of(result), f"favorites_list without a user: {result}")
    # The user signs in from a terminal while the server runs; the next call acts for them.
    native("auth.register", {"username": "walt", "password": "Heisenberg1!", "passwordConfirmation": "Heisenberg1!"})

    await call("auth_session", {}, ("auth.session", {}))
    await call("profile_get", {}, ("profile.get", {}))
    await call("episodes_filter", {"season": 2, "limit": 3}, ("episodes.filter", {"season": 2, "limit": 3}))
    await call("episodes_get", {"id": 1, "universe": "rick-and-morty"}, ("episodes.get", {"id": 1, "universe": "rick-and-morty"}))
    await call("characters_filter", {"name": "rick", "universe": "rick-and-morty", "limit": 2},
               ("characters.filter", {"name": "rick", "universe": "rick-and-morty", "limit": 2}))
    await call("characters_get", {"id": 1}, ("characters.get", {"id": 1}))
    await call("locations_list", {"universe": "rick-and-morty", "limit": 2}, ("locations.list", {"universe": "rick-and-morty", "limit": 2}))
    await call("locations_get", {"id": 3, "universe": "rick-and-morty"}, ("locations.get", {"id": 3, "universe": "rick-and-morty"}))
    quote = await call("quotes_random", {"series": "breaking-bad"})
    check(quote and quote.get("series") == "breaking-bad", f"quotes_random: {quote}")
    await call("quotes_byCharacter", {"id": 1}, ("quotes.byCharacter", {"id": 1}))
    toggled = await call("favorites_toggle", {"quoteId": 1})
    check(toggled and toggled.get("isFavorite") is True, f"favorites_toggle: {toggled}")
    await call("favorites_list", {}, ("favorites.list", {}))
    await call("favorites_top", {"limit": 3}, ("favorites.top", {"limit": 3}))
    created = await call("quizzes_create", {"title": "Blue sky", "facts": ["99.1% pure", "Made in an RV"]})
    quiz_id = (created or {}).get("id")
    check(isinstance(quiz_id, int), f"quizzes_create: {created}")
    await call("quizzes_get", {"id": quiz_id}, ("quizzes.get", {"id": quiz_id}))
    online = await call("quizzes_online", {"search": "toddler"}, ("quizzes.online", {"search": "toddler"}))
    first_online = ((online or {}).get("quizzes") or [{}])[0].get("id")
    added = await call("quizzes_add", {"onlineId": first_online})
    check(added and added.get("title", "").startswith("Toddler"), f"quizzes_add: {added}")
    await call("quizzes_list", {}, ("quizzes.list", {}))
    due = await call("quizzes_due", {}, ("quizzes.due", {}))
    check(due and due.get("total") == 2, f"quizzes_due: {due}")
    reviewed = await call("quizzes_review", {"id": quiz_id, "grade": "good"})
    check(reviewed and reviewed.get("state", {}).get("repetitions") == 1 or "interval" in json.dumps(reviewed), f"quizzes_review: {reviewed}")
    deleted = await call("quizzes_delete", {"id": quiz_id})
    check(deleted and deleted.get("id") == quiz_id, f"quizzes_delete: {deleted}")

    # A tool's own failure is a result with isError and the native error's sentence.
    result = await calls.call_tool("episodes_get", {"id": 9999})
    check(result.is_error, "episodes_get 9999 is not an error result")
    try:
        native("episodes.get", {"id": 9999})
        check(False, "the native episodes.get 9999 did not fail")
    except RuntimeError as error:
        check(json.loads(str(error).split("failed: ", 1)[1])["message"] == text_of(result), f"the sentences differ: {text_of(result)}")
    result = await calls.call_tool("quizzes_create", {"title": ""})
    check(result.is_error and "title" in text_of(result).lower(), f"a quiz without a title: {text_of(result)}")
    # A protocol failure (an unknown tool) is a JSON-RPC error.
    try:
        await calls.call_tool("episodes_gte", {"id": 1})
        check(False, "an unknown tool did not fail")
    except MCPError as error:
        check(error.code == -32602 and "episodes_get" in json.dumps(error.error.data), f"unknown tool: {error.code} {error.error}")

    # Progress: a card export reports its steps.
    updates = []

    async def progress(value, total, message):
        updates.append((value, total))

    result = await calls.call_tool("characters_export", {"id": 1, "format": "csv"}, progress=progress)
    called.add("characters_export")
    check(not result.is_error, f"characters_export: {text_of(result)}")
    check(updates and updates[0][0] == 0 and updates[-1] == (2, 2), f"progress of a CSV export: {updates}")

    check(called == set(names), f"tools not called: {sorted(set(names) - called)}")

    # Resources: every page of the list, the templates, and a read of every kind.
    uris, cursor, pages = [], None, 0
    while True:
        page = await calls.list_resources(cursor)
        pages += 1
        uris += [str(resource.uri) for resource in page.resources]
        cursor = page.next_cursor
        if not cursor or pages > 100:
            break
    check(len(uris) == len(set(uris)) == 2 + 102 + 62 + 51 + 826 + 126, f"resources/list gave {len(uris)} ({len(set(uris))} distinct) in {pages} pages")
    check(pages == 12, f"resources/list took {pages} pages of 100, not 12")
    check(uris[:2] == ["bbfan://me/favorites", "bbfan://me/quizzes"], f"the user's resources come first: {uris[:2]}")
    templates = await calls.list_resource_templates()
    check(len(templates.resource_templates) == 4, f"templates: {templates}")
    for uri, method, params in [
        ("bbfan://breaking-bad/episodes/1", "episodes.get", {"id": 1}),
        ("bbfan://breaking-bad/characters/8", "characters.get", {"id": 8}),
        ("bbfan://rick-and-morty/locations/1", "locations.get", {"id": 1, "universe": "rick-and-morty"}),
        ("bbfan://me/favorites", "favorites.list", {}),
        ("bbfan://me/quizzes", "quizzes.list", {}),
    ]:
        read = await calls.read_resource(uri)
        content = read.contents[0]
        check(content.mime_type == "application/json" and json.loads(content.text) == native(method, params), f"read {uri}")
    exports = os.path.join(DATA_DIR, "exports")
    before = sorted(os.listdir(exports)) if os.path.isdir(exports) else []
    read = await calls.read_resource("bbfan://rick-and-morty/characters/1/card.pdf")
    blob = base64.b64decode(read.contents[0].blob)
    check(read.contents[0].mime_type == "application/pdf" and blob.startswith(b"%PDF-"), "a card is not a PDF")
    after = sorted(os.listdir(exports)) if os.path.isdir(exports) else []
    check(after == before, f"reading a card wrote a file: {after}")
    try:
        await calls.read_resource("bbfan://breaking-bad/episodes/9999")
        check(False, "an unknown resource was read")
    except MCPError as error:
        expected = -32602 if MODE == "auto" else -32002
        check(error.code == expected, f"unknown resource: {error.code}, expected {expected}")

    # Prompts: each with its arguments.
    prompts = await calls.list_prompts()
    check([p.name for p in prompts.prompts] == ["compare_characters", "episode_recap", "quiz_me"], f"prompts: {prompts}")
    got = await calls.get_prompt("episode_recap", {"episode": "S01E01"})
    check("Pilot" in got.messages[0].content.text, "episode_recap S01E01 is not about the Pilot")
    got = await calls.get_prompt("compare_characters", {"first": "Heisenberg", "second": "Jesse"})
    text = got.messages[0].content.text
    check("Walter White" in text and "Jesse Pinkman" in text, "compare_characters lacks a character")
    got = await calls.get_prompt("compare_characters", {"first": "Rick", "second": "Morty", "universe": "rick-and-morty"})
    text = got.messages[0].content.text
    check('"name":"Rick Sanchez"' in text and '"name":"Morty Smith"' in text, "compare_characters Rick and Morty picked others")
    try:
        await calls.get_prompt("episode_recap", {"episode": "99999"})
        check(False, "a recap of an episode that does not exist was given")
    except MCPError as error:
        check(error.code == -32602, f"recap of an unknown episode: {error.code}")
    got = await calls.get_prompt("quiz_me", {"count": "3"})
    check("Toddler" in got.messages[0].content.text, "quiz_me lacks the due quiz")
    try:
        await calls.get_prompt("episode_recap", {})
        check(False, "a prompt without its required argument was given")
    except MCPError as error:
        check(error.code == -32602, f"missing argument: {error.code}")

    # Log messages arrive only as asked (see the caller), for the calls above.
    check(any("episodes_get: running episodes.get" in str(m.data) for m in messages), f"no log message for a call: {len(messages)}")


async def cancelled_call(calls):
    """A card whose image hangs is cancelled; nothing is written and the server answers next."""
    card = os.path.join(DATA_DIR, "exports")
    before = set(os.listdir(card)) if os.path.isdir(card) else set()
    with anyio.move_on_after(1.5) as scope:
        await calls.call_tool("characters_export", {"id": 2, "format": "pdf"})
    check(scope.cancelled_caught, "the hanging export finished before it was cancelled")
    await anyio.sleep(0.3)
    after = set(os.listdir(card)) if os.path.isdir(card) else set()
    check(after == before, f"a cancelled export wrote {after - before}")
    result = await calls.call_tool("episodes_get", {"id": 2})
    check(not result.is_error and structured(result)["id"] == 2, "no answer after a cancellation")


def cancelled_is_not_answered():
    """On the raw wire: after notifications/cancelled, no reply for that request (MCP: SHOULD
    NOT), and the next request is answered."""
    env = dict(os.environ)
    for name in ("https_proxy", "http_proxy", "HTTPS_PROXY", "HTTP_PROXY"):
        env[name] = f"http://127.0.0.1:{STALLER.port}"
    process = subprocess.Popen([BBFAN, "mcp", "--data-dir", DATA_DIR, "--log-level", "off", "--http-timeout", "20"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    def send(message):
        process.stdin.write((json.dumps(message) + "\n").encode())
        process.stdin.flush()
    send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "characters_export", "arguments": {"id": 3, "format": "pdf"}}})
    time.sleep(0.5)
    send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "the user gave up"}})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "episodes_get", "arguments": {"id": 3}}})
    process.stdin.close()
    lines = [json.loads(line) for line in process.stdout.read().splitlines()]
    process.wait(timeout=30)
    check([line.get("id") for line in lines] == [2], f"replies after a cancellation: {lines}")


async def main():
    messages = []

    async def on_log(params):
        messages.append(params)

    if MODE == "auto":
        async with Client(server(REFUSED), mode="auto", log_level="debug", logging_callback=on_log) as client:
            check(client.protocol_version == "2026-07-28", f"auto mode negotiated {client.protocol_version}")
            check(client.server_info is not None and client.server_info.name == "bbfan", f"serverInfo: {client.server_info}")
            check(bool(client.instructions) and "universe" in client.instructions, "no instructions")
            await exercise(MCPCalls(client=client), messages)
        async with Client(server(f"http://127.0.0.1:{STALLER.port}"), mode="auto") as client:
            await cancelled_call(MCPCalls(client=client))
    else:
        async with stdio_client(server(REFUSED)) as (read, write):
            async with ClientSession(read, write, logging_callback=on_log) as session:
                initialized = await session.initialize()
                check(initialized.protocol_version == "2025-11-25", f"classic mode negotiated {initialized.protocol_version}")
                check(initialized.server_info.name == "bbfan", f"serverInfo: {initialized.server_info}")
                await session.send_ping()
                await session.call_tool("episodes_get", {"id": 1})
                check(messages == [], f"log messages before logging/setLevel: {messages}")
                await session.set_logging_level("debug")
                await exercise(MCPCalls(session=session), messages)
        async with stdio_client(server(f"http://127.0.0.1:{STALLER.port}")) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                await cancelled_call(MCPCalls(session=session))


asyncio.run(main())
if MODE == "classic":
    cancelled_is_not_answered()
finish()
