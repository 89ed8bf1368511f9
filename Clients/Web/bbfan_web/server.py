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
from importlib import resources
from typing import Any, Optional

from aiohttp import WSMsgType, web

from bbfan import BBFanClient, BBFanError

from . import allowlist, sessions
from .files import FileRegistry

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

SLOW_METHODS = frozenset({"images.fetch", "catalog.refresh", "characters.export"})

AUTH_BODY_LIMIT = 64 * 1024

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


def _without_favorites(value: Any) -> Any:
    """A result without isFavorite: bbfan's answer for whoever signed in last, not this browser."""
    if isinstance(value, dict):
        return {key: _without_favorites(item) for key, item in value.items() if key != "isFavorite"}
    if isinstance(value, list):
        return [_without_favorites(item) for item in value]
    return value


class Bridge:
    """The state every browser shares: the bbfan client, the files served, the image URLs seen."""

    def __init__(self, client: BBFanClient, data_dir: str, message_limit: int):
        self.client = client
        self.files = FileRegistry(data_dir)
        self.message_limit = message_limit
        self.image_urls: set[str] = set()
        self.sockets: set["BrowserSocket"] = set()
        self.progress: dict[str, tuple["BrowserSocket", Any]] = {}
        self._progress_counter = 0

    def next_progress_token(self) -> str:
        """A progress token of the bridge's own, unique among the requests in flight."""
        self._progress_counter += 1
        return f"web-{self._progress_counter}"

    async def pump_notifications(self) -> None:
        """Routes bbfan's notifications: progress to the socket that asked, catalog.changed to all."""
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
                for socket in list(self.sockets):
                    await socket.notify_after_refreshes(
                        {"jsonrpc": "2.0", "method": method, "params": params})

    # Results as browsers get them

    def present(self, method: str, result: Any) -> Any:
        """A result as a browser gets it: paths become /files/ID URLs, the machine's details go."""
        _walk_image_urls(result, self.image_urls)
        if not isinstance(result, dict):
            return result
        if method == "service.info":
            result = {key: value for key, value in result.items()
                      if key not in ("dataDirectory", "storage")}
            result.pop("catalog", None)
            result["universes"] = [
                {key: value for key, value in universe.items() if key != "liveSource"}
                for universe in result.get("universes", [])]
            return result
        if method == "images.fetch":
            result = dict(result)
            result["href"] = self.files.register(result.pop("path", ""), result.get("mimeType", ""))
            return result
        if method == "characters.export":
            result = dict(result)
            result["href"] = self.files.register(result.pop("path", ""), result.get("mediaType", ""),
                                                 download=True)
            return result
        if method in ("profile.get", "profile.update"):
            return self.present_profile(result)
        return result

    def present_profile(self, profile: dict) -> dict:
        """A profile with its photo's path replaced by the URL the bridge serves it at."""
        profile = dict(profile)
        photo = profile.get("photo")
        if isinstance(photo, dict):
            photo = dict(photo)
            photo["href"] = self.files.register(photo.pop("path", ""), photo.get("mediaType", ""))
            profile["photo"] = photo
        return profile

    # Accounts of one browser

    async def accounts(self, tokens: list[str]) -> list[dict]:
        """The accounts a browser holds live tokens for, current first, with name and photo."""
        found = []
        for index, token in enumerate(tokens):
            try:
                profile = await self.client.call("profile.get", {"token": token})
            except BBFanError:
                continue
            found.append({**self.present_profile(profile), "current": index == 0})
        return found

    async def live_tokens(self, tokens: list[str]) -> list[str]:
        """The tokens whose sessions are still live, in order."""
        live = []
        for token in tokens:
            try:
                session = await self.client.call("auth.session", {"token": token})
            except BBFanError:
                continue
            if session.get("user"):
                live.append(token)
        return live


class BrowserSocket:
    """One browser's WebSocket: its requests, forwarded with the tokens its cookie held."""

    def __init__(self, bridge: Bridge, ws: web.WebSocketResponse, tokens: list[str]):
        self.bridge = bridge
        self.ws = ws
        self.tokens = tokens
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
        refresh = message["method"] == "catalog.refresh"
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
            accounts = await bridge.accounts(self.tokens[:1])
            return {"user": accounts[0]["user"] if accounts else None}
        if method == "auth.accounts":
            return {"accounts": await bridge.accounts(self.tokens)}
        rule = allowlist.RULES[method]
        if rule.token == "required":
            if not self.tokens:
                raise BBFanError(-32001, "Unauthorized: sign in first (this browser holds no "
                                 "session).", {"reason": "unauthorized"})
            params["token"] = self.tokens[0]
        anonymous = rule.token == "optional" and not self.tokens
        if rule.token == "optional" and self.tokens:
            params["token"] = self.tokens[0]
        if method == "images.fetch" and params.get("url") not in bridge.image_urls:
            raise BBFanError(-32602, "Invalid params: url is not an image URL the catalog gave.",
                             {"reason": "not-allowed", "field": "url"})
        if method == "profile.update" and isinstance(params.get("photo"), dict):
            try:
                base64.b64decode(params["photo"]["data"], validate=True)
            except (binascii.Error, ValueError):
                raise BBFanError(-32602, "Invalid params: photo.data is not base64.",
                                 {"field": "photo"}) from None
        browser_progress = params.pop("progressToken", None)
        token = None
        if method == "catalog.refresh":
            token = bridge.next_progress_token()
            params["progressToken"] = token
            bridge.progress[token] = (self, browser_progress if browser_progress is not None
                                      else token)
        try:
            async with self._slow if method in SLOW_METHODS else self._forwarded:
                result = await bridge.client.call(method, params)
        finally:
            if token is not None:
                bridge.progress.pop(token, None)
        if anonymous:
            result = _without_favorites(result)
        return bridge.present(method, result)

    async def serve(self) -> None:
        """Reads requests until the browser closes, each answered as soon as it is ready."""
        tasks: set[asyncio.Task] = set()
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


@web.middleware
async def security_headers(request: web.Request, handler):
    """Adds the policy headers to every response, errors included."""
    try:
        response = await handler(request)
    except web.HTTPException as error:
        response = error
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers.setdefault("Cache-Control", "no-store")
    if isinstance(response, web.HTTPException):
        if response.status >= 400 and not response.text:
            response.text = f"{response.status}: {response.reason}"
        raise response
    return response


class WebApp:
    """The aiohttp application: routes bound to one Bridge."""

    def __init__(self, bridge: Bridge, secure_cookies: bool = False):
        self.bridge = bridge
        self.secure_cookies = secure_cookies
        self.static = _static_files()

    def application(self) -> web.Application:
        """The routes, with the security headers on each response."""
        app = web.Application(middlewares=[security_headers], client_max_size=AUTH_BODY_LIMIT)
        app.router.add_get("/", self.index)
        app.router.add_get("/static/{name}", self.static_file)
        app.router.add_get("/files/{file_id}", self.file)
        app.router.add_get("/rpc", self.websocket)
        app.router.add_post("/auth/{action}", self.auth)
        return app

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
        """A file under the data directory, by the id the bridge gave for it."""
        served = self.bridge.files.lookup(request.match_info["file_id"])
        if served is None:
            raise web.HTTPNotFound(text="404: no such file")
        try:
            with open(served.path, "rb") as handle:
                body = handle.read()
        except OSError:
            raise web.HTTPNotFound(text="404: the file is gone") from None
        headers = {"Content-Type": served.content_type or "application/octet-stream",
                   "Cache-Control": "private, max-age=3600"}
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
        await ws.prepare(request)
        socket = BrowserSocket(self.bridge, ws, sessions.parse(
            request.cookies.get(sessions.COOKIE)))
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
        try:
            if action in ("login", "register"):
                signed_in = await self.bridge.client.call(f"auth.{action}", params)
                username = signed_in["user"]["username"]
                others = [token for token in await self.bridge.live_tokens(tokens)
                          if await self._username(token) != username]
                tokens = [signed_in["token"], *others]
                return self._auth_reply({"user": signed_in["user"]}, None, 200, tokens)
            if action == "logout":
                user = None
                if tokens:
                    user = (await self.bridge.client.call("auth.logout", {"token": tokens[0]}))["user"]
                tokens = await self.bridge.live_tokens(tokens[1:])
                return self._auth_reply({"user": user}, None, 200, tokens)
            # switch: only into an account this browser signed in.
            for token in tokens:
                if await self._username(token) == params.get("username"):
                    tokens = [token, *[other for other in tokens if other != token]]
                    session = await self.bridge.client.call("auth.session", {"token": token})
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
            session = await self.bridge.client.call("auth.session", {"token": token})
        except BBFanError:
            return None
        user = session.get("user")
        return user.get("username") if isinstance(user, dict) else None

    def _auth_reply(self, result: Any, error: Optional[dict], status: int,
                    tokens: Optional[list[str]] = None) -> web.Response:
        body = {"result": result} if error is None else {"error": error}
        response = web.json_response(body, status=status)
        if tokens is not None:
            sessions.set_cookie(response, tokens, self.secure_cookies)
        return response


async def start_bridge(binary: str, data_dir: str, sources: list[str],
                       extra: Optional[list[str]] = None) -> Bridge:
    """Starts bbfan on the data directory and reads its message limit."""
    arguments = ["--data-dir", data_dir]
    for source in sources:
        arguments += ["--source", source]
    arguments += extra or []
    client = await BBFanClient.start(binary, *arguments)
    info = await client.call("service.info")
    limit = int(info["protocol"]["limits"]["maxMessageBytes"])
    return Bridge(client, info.get("dataDirectory", data_dir), limit)
