"""The web server: the pages, the sign-in endpoints, the files, and the WebSocket bridge to bbfan.

One bbfan process (`bbfan serve --data-dir DIR`) serves every browser, through the Python client.
Each browser speaks JSON-RPC over a WebSocket at /rpc; the bridge checks each request against the
allow-list, adds the token of the browser's current account (from its HttpOnly cookie), forwards
it, and rewrites what it answers (file paths become /files/ID URLs). Signing in, registering,
switching and signing out go through POST /auth/ACTION, the only requests that set the cookie.
"""

import asyncio
import base64
import binascii
import json
import os
import re
import secrets
import sys
import time
from collections import OrderedDict
from importlib import resources
from typing import Any, Optional

from aiohttp import WSMsgType, web

from bbfan import BBFanClient, BBFanError

from . import allowlist, sessions
from .brief import quoted
from .files import FileIds, ServedFile

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
"""Every response's policy: the pages' own scripts and styles only, no inline code, no framing."""

MAX_IN_FLIGHT = 32
"""The most requests one WebSocket may have waiting at once; more are refused at once."""

FORWARDED_PER_BROWSER = 8
"""The most of one browser's requests that wait on bbfan at once; its others wait in the bridge.

bbfan answers every browser over one connection: its user-state calls run one at a time in
arrival order and its expensive searches on a lane of their own, so one browser with many
requests there would queue ahead of everyone else's. Holding each browser to a few at a time
shares bbfan fairly: another browser's request has at most this many of each other browser's
ahead of it."""

SLOW_PER_BROWSER = 6
"""The most of one browser's network requests (images.fetch, catalog.refresh, characters.export)
that wait on bbfan at once: they wait on other hosts, so they have slots of their own and never
take those the browser's catalog calls need."""

SLOW_METHODS = frozenset(method for method, entry in allowlist.TABLE.items() if entry.slow)

AUTH_BODY_LIMIT = 64 * 1024

EXPORTS_PER_BROWSER = 2
"""The most characters.export one browser may have under way at once; more are refused at once.
An export writes into the data directory, and the explorers export without an account."""

REFRESHES_PER_BROWSER = 1
"""The most catalog.refresh one browser may have under way at once (bbfan runs one per universe)."""

EXPORT_KEEP_SECONDS = 600
"""How long an export's /files/ID link works, for the browser that made it only."""

BROWSER_COOKIE = "bbfan_browser"
"""The HttpOnly cookie naming a browser to the bridge: its files, its bounds, its sign-in failures."""

BROWSER_COOKIE_MAX_AGE = 365 * 24 * 3600

MAX_BROWSERS = 10_000
"""The most browsers whose bounds and sign-in failures the bridge keeps (the oldest go first)."""

LOGIN_FREE_FAILURES = 5
LOGIN_MAX_WAIT = 3600
"""A browser's own sign-in failures: the first five cost nothing, then each attempt from it waits
1 s, doubling up to an hour, whatever the username (bbfan throttles each username too)."""

LOCAL_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})
"""Host names that always reach the bridge on the port it listens on."""

SERVICE_UNAVAILABLE = "Service unavailable: bbfan stopped; this bridge is stopping too."

_BROWSER_ID = re.compile(r"^[0-9a-f]{32}$")

_REASONS = {400: "bad-request", 403: "forbidden", 404: "not-found", 405: "method-not-allowed",
            413: "too-large", 415: "unsupported-media-type", 421: "wrong-host"}

_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
}


def _error(code: int, message: str, data: Any = None) -> dict:
    error = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return error


def _static_files() -> dict[str, tuple[bytes, str]]:
    """The pages' files by name, read once from the package (no path from a request is opened)."""
    files = {}
    for entry in resources.files("bbfan_web").joinpath("static").iterdir():
        suffix = os.path.splitext(entry.name)[1]
        if entry.is_file() and suffix in _CONTENT_TYPES:
            files[entry.name] = (entry.read_bytes(), _CONTENT_TYPES[suffix])
    return files


def _walk_image_urls(value: Any, found: set) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "imageURL" and isinstance(item, str):
                found.add(item)
            else:
                _walk_image_urls(item, found)
    elif isinstance(value, list):
        for item in value:
            _walk_image_urls(item, found)


_SIGNED_IN_MEMBERS = frozenset({"isFavorite", "inCollection"})
"""Members bbfan adds for whoever is signed in (favourites, a quiz already collected)."""


def _for_no_account(value: Any) -> Any:
    """A result without isFavorite or inCollection: bbfan's answer for whoever signed in last,
    not this browser, which has no account."""
    if isinstance(value, dict):
        return {key: _for_no_account(item) for key, item in value.items()
                if key not in _SIGNED_IN_MEMBERS}
    if isinstance(value, list):
        return [_for_no_account(item) for item in value]
    return value


class BrowserState:
    """What the bridge keeps of one browser across its pages: its bounds and sign-in failures."""

    def __init__(self):
        self.exports = 0
        self.refreshes = 0
        self.login_failures = 0
        self.last_failure = 0.0

    def login_wait(self, now: float) -> Optional[int]:
        """Seconds before this browser may try to sign in again, or None when it may now."""
        if self.login_failures < LOGIN_FREE_FAILURES:
            return None
        wait = min(2 ** min(self.login_failures - LOGIN_FREE_FAILURES, 12), LOGIN_MAX_WAIT)
        left = self.last_failure + wait - now
        return int(left) + (left % 1 > 0) if left > 0 else None


class Bridge:
    """The state every browser shares: the bbfan client, the files served, the image URLs seen."""

    def __init__(self, client: BBFanClient, data_dir: str, message_limit: int,
                 secret: Optional[bytes] = None):
        self.client = client
        # Without a secret shared with other bridges, one of its own: its ids work here only.
        self.files = FileIds(data_dir, secret or secrets.token_bytes(32))
        self.message_limit = message_limit
        self.image_urls: set[str] = set()
        # Whether every image URL of the current catalogs is in image_urls (see allows_image).
        self._catalog_images = False
        self.sockets: set["BrowserSocket"] = set()
        self.progress: dict[str, tuple["BrowserSocket", Any]] = {}
        self._progress_counter = 0
        self.browsers: "OrderedDict[str, BrowserState]" = OrderedDict()
        self.down = False

    def browser(self, browser_id: str) -> BrowserState:
        """The state of one browser, made on first use; the least recently seen go past
        MAX_BROWSERS."""
        state = self.browsers.get(browser_id)
        if state is None:
            state = self.browsers[browser_id] = BrowserState()
            while len(self.browsers) > MAX_BROWSERS:
                self.browsers.popitem(last=False)
        self.browsers.move_to_end(browser_id)
        return state

    async def call(self, method: str, params: Optional[dict] = None) -> Any:
        """bbfan's answer to one call; while bbfan is gone, the error that says the service is
        unavailable instead of a broken pipe."""
        if self.down:
            raise BBFanError(-32000, SERVICE_UNAVAILABLE, {"reason": "service-unavailable"})
        try:
            return await self.client.call(method, params)
        except BBFanError as error:
            if self.down or error.code == -32603 and "exited" in str(error.args[0]):
                self.down = True
                raise BBFanError(-32000, SERVICE_UNAVAILABLE,
                                 {"reason": "service-unavailable"}) from None
            raise
        except (ConnectionError, RuntimeError):
            self.down = True
            raise BBFanError(-32000, SERVICE_UNAVAILABLE,
                             {"reason": "service-unavailable"}) from None

    async def shut_down(self) -> None:
        """After bbfan stopped: every call waiting is answered (with the error saying so), then
        every page's WebSocket closes with 1013 (try again later)."""
        self.down = True
        for socket in list(self.sockets):
            await socket.finish(1013, b"bbfan stopped")

    def next_progress_token(self) -> str:
        """A progress token of the bridge's own, unique among the requests in flight."""
        self._progress_counter += 1
        return f"web-{self._progress_counter}"

    async def subscribe(self) -> bool:
        """Asks bbfan for favorites.changed and catalog.changed, whoever makes the change; False
        (saying so on stderr) when this bbfan is older and has no notifications.subscribe."""
        try:
            await self.client.call("notifications.subscribe",
                                   {"topics": ["favorites", "catalog"]})
        except BBFanError as error:
            if error.code != -32601:
                raise
            print("bbfan-web: this bbfan has no notifications.subscribe; pages see only this "
                  "bridge's own catalog refreshes, and no other browser's hearts",
                  file=sys.stderr, flush=True)
            return False
        return True

    async def allows_image(self, url: Any) -> bool:
        """Whether a URL is an image URL of the catalogs: one a result gave a browser here, or,
        on a bridge that has not given it (another bridge did), one of the catalogs' characters
        (read once per catalog: a URL they lack costs bbfan nothing more)."""
        if not isinstance(url, str):
            return False
        if url in self.image_urls or self._catalog_images:
            return url in self.image_urls
        info = await self.call("service.info")
        for universe in info.get("universes", []):
            cursor = None
            while True:
                params = {"universe": universe["universe"], "limit": 1000}
                if cursor:
                    params["cursor"] = cursor
                page = await self.call("characters.list", params)
                _walk_image_urls(page, self.image_urls)
                cursor = page.get("nextCursor")
                if not cursor:
                    break
        self._catalog_images = True
        return url in self.image_urls

    async def pump_notifications(self) -> None:
        """Routes bbfan's notifications: progress to the socket that asked, catalog.changed and
        favorites.changed to every page."""
        while True:
            message = await self.client.notifications.get()
            method = message.get("method")
            params = message.get("params") or {}
            if method == "notifications/progress":
                route = self.progress.get(str(params.get("progressToken")))
                if route is not None:
                    socket, browser_token = route
                    await socket.send({"jsonrpc": "2.0", "method": method,
                                       "params": {**params, "progressToken": browser_token}})
            elif method == "catalog.changed":
                # A new catalog may have new images: read them again on the next unknown URL.
                self._catalog_images = False
                for socket in list(self.sockets):
                    await socket.notify_after_refreshes(
                        {"jsonrpc": "2.0", "method": method, "params": params})
            elif method == "favorites.changed":
                # Counts and Top 3 only, the same for everyone: every page gets it.
                for socket in list(self.sockets):
                    await socket.send({"jsonrpc": "2.0", "method": method, "params": params})

    # Results as browsers get them

    def present(self, method: str, result: Any, browser: Optional[str] = None,
                params: Optional[dict] = None) -> Any:
        """A result as a browser gets it: paths become signed /files/ID URLs (an export's and a
        photo's for `browser` only), the machine's details go."""
        _walk_image_urls(result, self.image_urls)
        if not isinstance(result, dict):
            return result
        presented = allowlist.TABLE[method].present if method in allowlist.TABLE else None
        if presented == "service-info":
            result = {key: value for key, value in result.items()
                      if key not in ("dataDirectory", "storage")}
            result.pop("catalog", None)
            result["universes"] = [
                {key: value for key, value in universe.items() if key != "liveSource"}
                for universe in result.get("universes", [])]
            return result
        if presented == "file":
            result = dict(result)
            result["href"] = self.files.register(
                {"k": "image", "url": result.get("url")}, result.pop("path", ""),
                result.get("mimeType", ""))
            return result
        if presented == "download":
            result = dict(result)
            export = {key: value for key, value in (params or {}).items()
                      if key in ("id", "format", "universe")}
            result["href"] = self.files.register(
                {"k": "export", "o": browser, "export": export,
                 "x": int(time.time()) + EXPORT_KEEP_SECONDS},
                result.pop("path", ""), result.get("mediaType", ""), download=True, owner=browser)
            return result
        if presented == "profile":
            return self.present_profile(result, browser)
        return result

    def present_profile(self, profile: dict, browser: Optional[str]) -> dict:
        """A profile with its photo's path replaced by the URL the bridge serves it at, to
        `browser` only."""
        profile = dict(profile)
        photo = profile.get("photo")
        if isinstance(photo, dict):
            photo = dict(photo)
            user = profile.get("user") if isinstance(profile.get("user"), dict) else {}
            photo["href"] = self.files.register(
                {"k": "photo", "o": browser, "user": user.get("id"), "sha256": photo.get("sha256")},
                photo.pop("path", ""), photo.get("mediaType", ""), owner=browser)
            profile["photo"] = photo
        return profile

    async def served_file(self, file_id: str, browser: str,
                          tokens: list[str]) -> Optional[ServedFile]:
        """The file a signed id names, for `browser` (whose cookie holds `tokens`): the path this
        bridge has, else the one its bbfan gives for the id's recipe; None when the id is not
        signed, has run out, is another browser's or bbfan has no such file (any more)."""
        recipe = self.files.recipe(file_id)
        if recipe is None or recipe.get("o") not in (None, browser):
            return None
        served = self.files.local(file_id)
        if served is not None:
            return served
        kind = recipe.get("k")
        try:
            # The signature says a bridge gave this URL from the catalog: no need to check again.
            if kind == "image" and isinstance(recipe.get("url"), str):
                fetched = await self.call("images.fetch", {"url": recipe["url"]})
                served = self.files.served(fetched.get("path"), fetched.get("mimeType", ""))
            elif kind == "export" and isinstance(recipe.get("export"), dict):
                made = await self.call("characters.export", dict(recipe["export"]))
                served = self.files.served(made.get("path"), made.get("mediaType", ""),
                                           download=True, owner=browser)
            elif kind == "photo":
                for token in tokens:
                    profile = await self.call("profile.get", {"token": token})
                    photo = profile.get("photo")
                    if profile.get("user", {}).get("id") == recipe.get("user") \
                            and isinstance(photo, dict) \
                            and photo.get("sha256") == recipe.get("sha256"):
                        served = self.files.served(photo.get("path"), photo.get("mediaType", ""),
                                                   owner=browser)
                        break
        except BBFanError:
            if self.down:
                raise
            return None
        if served is not None:
            self.files.remember(file_id, served)
        return served

    # Accounts of one browser

    async def accounts(self, tokens: list[str], browser: Optional[str]) -> list[dict]:
        """The accounts a browser holds live tokens for, current first, with name and photo."""
        found = []
        for index, token in enumerate(tokens):
            try:
                profile = await self.call("profile.get", {"token": token})
            except BBFanError:
                if self.down:
                    raise
                continue
            found.append({**self.present_profile(profile, browser), "current": index == 0})
        return found

    async def live_tokens(self, tokens: list[str]) -> list[str]:
        """The tokens whose sessions are still live, in order."""
        live = []
        for token in tokens:
            try:
                session = await self.call("auth.session", {"token": token})
            except BBFanError:
                if self.down:
                    raise
                continue
            if session.get("user"):
                live.append(token)
        return live


class BrowserSocket:
    """One browser's WebSocket: its requests, forwarded with the tokens its cookie held."""

    def __init__(self, bridge: Bridge, ws: web.WebSocketResponse, tokens: list[str],
                 browser: str):
        self.bridge = bridge
        self.ws = ws
        self.tokens = tokens
        self.browser = browser
        self.state = bridge.browser(browser)
        self.tasks: set[asyncio.Task] = set()
        self.in_flight = 0
        self._forwarded = asyncio.Semaphore(FORWARDED_PER_BROWSER)
        self._slow = asyncio.Semaphore(SLOW_PER_BROWSER)
        self._send_lock = asyncio.Lock()
        # catalog.changed follows the reply of the refresh that caused it: held while one runs.
        self._refreshing = 0
        self._held: list[dict] = []

    async def notify_after_refreshes(self, message: dict) -> None:
        """Sends a notification now, or after the replies of the refreshes this page awaits."""
        if self._refreshing:
            self._held.append(message)
        else:
            await self.send(message)

    async def send(self, message: dict) -> None:
        """Sends one message, unless the browser has gone."""
        if self.ws.closed:
            return
        async with self._send_lock:
            try:
                await self.ws.send_str(json.dumps(message, separators=(",", ":")))
            except (ConnectionError, RuntimeError):
                pass

    async def finish(self, code: int, message: bytes) -> None:
        """Lets the requests under way be answered, then closes the WebSocket with `code`."""
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=5)
        await self.ws.close(code=code, message=message)

    async def reply_error(self, request_id: Any, error: dict) -> None:
        """Answers a request with an error."""
        await self.send({"jsonrpc": "2.0", "id": request_id, "error": error})

    def read(self, text: str) -> tuple[Any, Optional[dict], Optional[dict]]:
        """A message's id, the request when it may go on, or the error to answer."""
        if len(text.encode()) > self.bridge.message_limit:
            request_id = None
            try:
                request_id = json.loads(text).get("id")
            except (ValueError, AttributeError):
                pass
            return request_id, None, _error(
                -32600, f"Invalid Request: the message is over the limit of "
                f"{self.bridge.message_limit} bytes.",
                {"reason": "too-large", "limit": self.bridge.message_limit})
        try:
            message = json.loads(text)
        except ValueError:
            return None, None, _error(-32700, "Parse error: the message is not JSON.",
                                      {"reason": "parse-error"})
        if not isinstance(message, dict):
            return None, None, _error(
                -32600, "Invalid Request: send one request object (no batches).",
                {"reason": "invalid-request"})
        request_id = message.get("id")
        if message.get("jsonrpc") != "2.0" or not isinstance(request_id, (int, str)) \
                or isinstance(request_id, bool):
            return request_id if isinstance(request_id, (int, str)) else None, None, _error(
                -32600, "Invalid Request: a request has jsonrpc \"2.0\", an id and a method.",
                {"reason": "invalid-request"})
        refused = allowlist.check(message.get("method"), message.get("params"))
        if refused is not None:
            return request_id, None, _error(*refused)
        return request_id, message, None

    async def handle(self, request_id: Any, message: dict) -> None:
        """Answers one allowed request, from bbfan or from the bridge's own state."""
        refresh = "hold-changes" in allowlist.TABLE[message["method"]].rules
        self._refreshing += refresh
        try:
            try:
                result = await self.answer(message["method"], dict(message.get("params") or {}))
            except BBFanError as error:
                await self.reply_error(request_id, _error(
                    error.code, str(error.args[0]) if error.args else "Error", error.data))
                return
            await self.send({"jsonrpc": "2.0", "id": request_id, "result": result})
        finally:
            self._refreshing -= refresh
            if not self._refreshing:
                held, self._held = self._held, []
                for notification in held:
                    await self.send(notification)

    async def answer(self, method: str, params: dict) -> Any:
        """The result of one allowed request; raises BBFanError to answer an error."""
        bridge = self.bridge
        if method == "auth.session":
            accounts = await bridge.accounts(self.tokens[:1], self.browser)
            return {"user": accounts[0]["user"] if accounts else None}
        if method == "auth.accounts":
            return {"accounts": await bridge.accounts(self.tokens, self.browser)}
        entry = allowlist.TABLE[method]
        rule = allowlist.RULES[method]
        if rule.token == "required":
            if not self.tokens:
                raise BBFanError(-32001, "Unauthorized: sign in first (this browser holds no "
                                 "session).", {"reason": "unauthorized"})
            params["token"] = self.tokens[0]
        anonymous = rule.token == "optional" and not self.tokens
        if rule.token == "optional" and self.tokens:
            params["token"] = self.tokens[0]
        if "image-url" in entry.rules and not await bridge.allows_image(params.get("url")):
            raise BBFanError(-32602, "Invalid params: url is not an image URL the catalog gave.",
                             {"reason": "not-allowed", "field": "url"})
        if "photo-bytes" in entry.rules and isinstance(params.get("photo"), dict):
            try:
                base64.b64decode(params["photo"]["data"], validate=True)
            except (binascii.Error, ValueError):
                raise BBFanError(-32602, "Invalid params: photo.data is not base64.",
                                 {"field": "photo"}) from None
        state = self.state
        if entry.limit == "exports" and state.exports >= EXPORTS_PER_BROWSER:
            raise BBFanError(-32000, f"Server busy: this browser already has {state.exports} "
                             "exports under way; wait for one to finish.",
                             {"reason": "busy", "limit": EXPORTS_PER_BROWSER})
        if entry.limit == "refreshes" and state.refreshes >= REFRESHES_PER_BROWSER:
            raise BBFanError(-32015, "Refresh in progress: this browser's refresh is still "
                             "running; wait for its reply.", {"reason": "refresh-in-progress"})
        browser_progress = params.pop("progressToken", None)
        token = None
        if "progress" in entry.rules:
            token = bridge.next_progress_token()
            params["progressToken"] = token
            bridge.progress[token] = (self, browser_progress if browser_progress is not None
                                      else token)
        counted = entry.limit
        if counted:
            setattr(state, counted, getattr(state, counted) + 1)
        try:
            async with self._slow if entry.slow else self._forwarded:
                result = await bridge.call(method, params)
        finally:
            if counted:
                setattr(state, counted, getattr(state, counted) - 1)
            if token is not None:
                bridge.progress.pop(token, None)
        if anonymous:
            result = _for_no_account(result)
        return bridge.present(method, result, self.browser, params)

    async def serve(self) -> None:
        """Reads requests until the browser closes, each answered as soon as it is ready."""
        tasks = self.tasks
        try:
            async for msg in self.ws:
                if msg.type == WSMsgType.BINARY:
                    await self.reply_error(None, _error(
                        -32700, "Parse error: send JSON text, not binary frames.",
                        {"reason": "parse-error"}))
                    continue
                if msg.type != WSMsgType.TEXT:
                    continue
                request_id, message, error = self.read(msg.data)
                if error is not None:
                    await self.reply_error(request_id, error)
                    continue
                if self.bridge.down:
                    await self.reply_error(request_id, _error(
                        -32000, SERVICE_UNAVAILABLE, {"reason": "service-unavailable"}))
                    continue
                if self.in_flight >= MAX_IN_FLIGHT:
                    await self.reply_error(request_id, _error(
                        -32000, f"Server busy: at most {MAX_IN_FLIGHT} requests may wait at once "
                        "on one connection; send this one again later.",
                        {"reason": "busy", "limit": MAX_IN_FLIGHT}))
                    continue
                self.in_flight += 1
                task = asyncio.get_running_loop().create_task(self._run(request_id, message))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        finally:
            if tasks:
                await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, request_id: Any, message: dict) -> None:
        try:
            await self.handle(request_id, message)
        finally:
            self.in_flight -= 1


def _same_origin(request: web.Request) -> bool:
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin in (f"http://{request.host}", f"https://{request.host}")


def _split_host(host: str) -> tuple[str, Optional[str]]:
    """A Host header's name (lower case; an IPv6 address keeps its brackets) and port, if any."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else None
    name, colon, port = host.rpartition(":")
    return (name, port) if colon else (host, None)


def host_allowed(host: str, port: Optional[int], listen_host: str,
                 public_names: frozenset[str]) -> bool:
    """Whether a request's Host is one this bridge serves: 127.0.0.1, localhost, [::1] or its
    --host on the port it listens on, or a --public-name (with the port it names, if any)."""
    name, given_port = _split_host(host)
    if host.strip().lower() in public_names or (given_port is None and name in public_names):
        return True
    local = LOCAL_NAMES | {listen_host.lower()}
    return name in local and port is not None and given_port == str(port)


def _json_error(status: int, message: str) -> dict:
    return {"error": _error(-32600 if status != 404 else -32004, message,
                            {"reason": _REASONS.get(status, "http-error"), "status": status})}


@web.middleware
async def security_headers(request: web.Request, handler):
    """Adds the policy headers to every response, errors included, and answers every error as
    JSON ({"error": {code, message, data: {reason, status}}}), as the WebSocket does."""
    try:
        response = await handler(request)
    except web.HTTPException as error:
        response = error
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers.setdefault("Cache-Control", "no-store")
    if isinstance(response, web.HTTPException):
        if response.status >= 400 and response.content_type != "application/json":
            message = response.text or f"{response.status}: {response.reason}"
            if response.status == 413:
                message = (f"Too large: a request to the bridge's endpoints may be at most "
                           f"{AUTH_BODY_LIMIT} bytes.")
            response.text = json.dumps(_json_error(response.status, message))
            response.content_type = "application/json"
        raise response
    return response


class WebApp:
    """The aiohttp application: routes bound to one Bridge."""

    def __init__(self, bridge: Bridge, secure_cookies: bool = False, listen_host: str = "127.0.0.1",
                 public_names: tuple[str, ...] = (), name: Optional[str] = None):
        self.bridge = bridge
        self.name = name
        self.secure_cookies = secure_cookies
        self.listen_host = listen_host
        self.public_names = frozenset(name.strip().lower() for name in public_names)
        self.static = _static_files()

    def application(self) -> web.Application:
        """The routes, with the security headers on each response."""
        app = web.Application(
            middlewares=[security_headers, self.host_check, self.browser_identity],
            client_max_size=AUTH_BODY_LIMIT)
        app.router.add_get("/", self.index)
        app.router.add_get("/static/{name}", self.static_file)
        app.router.add_get("/files/{file_id}", self.file)
        app.router.add_get("/rpc", self.websocket)
        app.router.add_post("/auth/{action}", self.auth)
        if self.name:
            app.on_response_prepare.append(self._name_response)
        return app

    async def _name_response(self, request: web.Request, response: web.StreamResponse) -> None:
        """Names this bridge on every response (X-BBFan-Bridge), for the proxy's logs and tests."""
        if self.name:
            response.headers["X-BBFan-Bridge"] = self.name

    @web.middleware
    async def host_check(self, request: web.Request, handler):
        """Refuses a Host this bridge does not serve (DNS rebinding: another site's name that
        resolves here) before anything else: 421, saying which names it serves."""
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        port = sockname[1] if isinstance(sockname, tuple) and len(sockname) >= 2 else None
        host = request.headers.get("Host", "")
        if not host_allowed(host, port, self.listen_host, self.public_names):
            served = ", ".join([f"127.0.0.1:{port}", f"localhost:{port}",
                                *sorted(self.public_names)])
            raise web.HTTPMisdirectedRequest(
                text=f"Misdirected request: this bridge serves {served}, not Host "
                f"{quoted(host)}; behind a proxy, give its name with --public-name.")
        return await handler(request)

    @web.middleware
    async def browser_identity(self, request: web.Request, handler):
        """Names the browser by its HttpOnly cookie, giving one to a browser that has none."""
        browser = request.cookies.get(BROWSER_COOKIE, "")
        new = not _BROWSER_ID.match(browser)
        if new:
            browser = secrets.token_hex(16)
        request["browser"] = browser
        request["browser_new"] = new
        response = await handler(request)
        if new and not response.prepared:
            self._set_browser_cookie(response, browser)
        return response

    def _set_browser_cookie(self, response: web.StreamResponse, browser: str) -> None:
        response.set_cookie(BROWSER_COOKIE, browser, max_age=BROWSER_COOKIE_MAX_AGE, path="/",
                            httponly=True, samesite="Strict", secure=self.secure_cookies)

    async def index(self, request: web.Request) -> web.Response:
        """The single page."""
        body, content_type = self.static["index.html"]
        return web.Response(body=body, headers={"Content-Type": content_type})

    async def static_file(self, request: web.Request) -> web.Response:
        """One of the package's own files, by name only."""
        found = self.static.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="404: no such file")
        body, content_type = found
        return web.Response(body=body, headers={"Content-Type": content_type})

    async def file(self, request: web.Request) -> web.StreamResponse:
        """A file under the data directory, by the signed id a bridge gave for it."""
        try:
            served = await self.bridge.served_file(
                request.match_info["file_id"], request["browser"],
                sessions.parse(request.cookies.get(sessions.COOKIE)))
        except BBFanError:
            raise web.HTTPServiceUnavailable(text=SERVICE_UNAVAILABLE) from None
        if served is None:
            raise web.HTTPNotFound(text="404: no such file (or not this browser's)")
        try:
            with open(served.path, "rb") as handle:
                body = handle.read()
        except OSError:
            raise web.HTTPNotFound(text="404: the file is gone") from None
        # A catalog image may be cached; a browser's own file (an export, a photo) never is.
        headers = {"Content-Type": served.content_type or "application/octet-stream",
                   "Cache-Control": "private, max-age=3600" if served.owner is None
                   else "no-store"}
        if served.download_name:
            headers["Content-Disposition"] = f'attachment; filename="{served.download_name}"'
        return web.Response(body=body, headers=headers)

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The JSON-RPC connection of one page."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text="403: another site's page may not connect")
        # Messages a little over bbfan's limit are read and answered with a too-large error;
        # far larger ones close the connection (1009).
        ws = web.WebSocketResponse(max_msg_size=2 * self.bridge.message_limit, heartbeat=30)
        if request["browser_new"]:
            self._set_browser_cookie(ws, request["browser"])
        await ws.prepare(request)
        socket = BrowserSocket(self.bridge, ws, sessions.parse(
            request.cookies.get(sessions.COOKIE)), request["browser"])
        self.bridge.sockets.add(socket)
        try:
            await socket.serve()
        finally:
            self.bridge.sockets.discard(socket)
        return ws

    async def auth(self, request: web.Request) -> web.Response:
        """Sign in, register, switch or sign out; the only requests that change the cookie."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text="403: another site's page may not sign in here")
        if request.content_type != "application/json":
            return self._auth_reply(None, _error(-32600, "Send JSON (application/json)."), 415)
        try:
            body = await request.json()
        except ValueError:
            return self._auth_reply(None, _error(-32700, "Parse error: the body is not JSON."), 400)
        if not isinstance(body, dict):
            return self._auth_reply(None, _error(-32600, "Send one JSON object."), 400)
        tokens = sessions.parse(request.cookies.get(sessions.COOKIE))
        action = request.match_info["action"]
        fields = {"login": ("username", "password"),
                  "register": ("username", "password", "passwordConfirmation"),
                  "switch": ("username",), "logout": ()}.get(action)
        if fields is None:
            raise web.HTTPNotFound(text="404: no such action")
        params = {name: body.get(name) for name in fields if name in body}
        if any(not isinstance(value, str) for value in params.values()) or set(body) - set(fields):
            return self._auth_reply(None, _error(
                -32602, f"Invalid params: {action} takes {', '.join(fields) or 'nothing'}, as "
                "strings.", {"reason": "not-allowed"}), 400)
        state = self.bridge.browser(request["browser"])
        devices = sessions.parse_devices(request.cookies.get(sessions.DEVICES_COOKIE))
        try:
            if action in ("login", "register"):
                if action == "login":
                    wait = state.login_wait(time.monotonic())
                    if wait is not None:
                        return self._auth_reply(None, _error(
                            -32005, f"Too many attempts: this browser has failed to sign in "
                            f"{state.login_failures} times in a row; wait {wait} s.",
                            {"reason": "too-many-attempts", "retryAfter": wait}), 200)
                    key = params.get("username", "").strip().lower()
                    params["device"] = devices.get(key, "")
                try:
                    signed_in = await self.bridge.call(f"auth.{action}", params)
                except BBFanError as error:
                    reason = (error.data or {}).get("reason") if isinstance(error.data, dict) \
                        else None
                    if action == "login" and reason in ("wrong-password", "unknown-user"):
                        state.login_failures += 1
                        state.last_failure = time.monotonic()
                    raise
                state.login_failures = 0
                username = signed_in["user"]["username"]
                if isinstance(signed_in.get("device"), str):
                    devices = {username.lower(): signed_in["device"],
                               **{name: cookie for name, cookie in devices.items()
                                  if name != username.lower()}}
                others = [token for token in await self.bridge.live_tokens(tokens)
                          if await self._username(token) != username]
                tokens = [signed_in["token"], *others]
                return self._auth_reply({"user": signed_in["user"]}, None, 200, tokens,
                                        devices if action == "login" else None)
            if action == "logout":
                user = None
                if tokens:
                    user = (await self.bridge.call("auth.logout", {"token": tokens[0]}))["user"]
                tokens = await self.bridge.live_tokens(tokens[1:])
                return self._auth_reply({"user": user}, None, 200, tokens)
            # switch: only into an account this browser signed in.
            for token in tokens:
                if await self._username(token) == params.get("username"):
                    tokens = [token, *[other for other in tokens if other != token]]
                    session = await self.bridge.call("auth.session", {"token": token})
                    return self._auth_reply({"user": session["user"]}, None, 200, tokens)
            return self._auth_reply(None, _error(
                -32003, "Not signed in here: this browser has no session for that account; "
                "sign in to it first.", {"reason": "not-signed-in-here"}), 200)
        except BBFanError as error:
            # A refused sign-in is an answer, not a failed request: 200 with the error, as
            # JSON-RPC answers it (a page's console stays clean of failed loads).
            return self._auth_reply(None, _error(error.code, str(error.args[0]) if error.args
                                                 else "Error", error.data), 200)

    async def _username(self, token: str) -> Optional[str]:
        try:
            session = await self.bridge.call("auth.session", {"token": token})
        except BBFanError:
            if self.bridge.down:
                raise
            return None
        user = session.get("user")
        return user.get("username") if isinstance(user, dict) else None

    def _auth_reply(self, result: Any, error: Optional[dict], status: int,
                    tokens: Optional[list[str]] = None,
                    devices: Optional[dict[str, str]] = None) -> web.Response:
        body = {"result": result} if error is None else {"error": error}
        response = web.json_response(body, status=status)
        if tokens is not None:
            sessions.set_cookie(response, tokens, self.secure_cookies)
        if devices is not None:
            sessions.set_devices_cookie(response, devices, self.secure_cookies)
        return response


async def start_bridge(binary: str, data_dir: str, sources: list[str],
                       extra: Optional[list[str]] = None,
                       secret: Optional[bytes] = None) -> Bridge:
    """Starts bbfan on the data directory, reads its message limit and subscribes to the
    changes every page shows (favourites, catalogs), when this bbfan offers them.

    bbfan inherits this process's environment: a PostgreSQL database comes to it in
    BBFAN_DATABASE_URL (and its password in PGPASSWORD or PGPASSFILE), never on its command line."""
    arguments = ["--data-dir", data_dir]
    for source in sources:
        arguments += ["--source", source]
    arguments += extra or []
    client = await BBFanClient.start(binary, *arguments)
    info = await client.call("service.info")
    limit = int(info["protocol"]["limits"]["maxMessageBytes"])
    bridge = Bridge(client, info.get("dataDirectory", data_dir), limit, secret)
    await bridge.subscribe()
    return bridge
