"""bbfan: a Python client for bbfan (standard library only, asyncio, typed results).

    import asyncio
    from bbfan import BBFanClient

    async def main():
        async with await BBFanClient.start("bbfan", "--data-dir", "/tmp/bbfan") as client:
            info = await client.service_info()
            listed = await client.episodes_list(series="breaking-bad")
            for season in listed.seasons:
                print(season.season, [e.title for e in season.episodes])

    asyncio.run(main())

Every method of the service has a typed call, generated from Schemas/ (`_calls.py`), named by one rule
(quotes.byCharacter: quotes_by_character); `call()` sends any method and returns the raw result,
`send()` the params of any method from `bbfan.types` (generated from Schemas/) and returns its
decoded result. Each typed call builds its method's generated params from its keyword arguments
and answers the method's generated result, whole (`episodes_list` an `EpisodesListResult`).
Errors come back as `BBFanError` with the JSON-RPC `code`, `message` and `reason`.
Notifications (progress) arrive on `client.notifications`, an asyncio.Queue.
Run the package to see it work: python3 -m bbfan [PATH_TO_BBFAN]
"""
from __future__ import annotations

import asyncio
import base64
import functools
import json
import os
import warnings
from dataclasses import dataclass
from typing import Any, AsyncIterator, Callable, Optional, Sequence, TypeVar, Union, cast

from . import types
from ._calls import AsyncCalls

_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R")


def deprecated_alias(replacement: str, name: Optional[str] = None) -> Callable[[_F], _F]:
    """Marks a call (named `name`, else the function's name) as a deprecated alias of
    `replacement`, the call named by the rule, kept for one release: calling it warns
    DeprecationWarning, pointing at the caller's line, then does what it always did."""
    def mark(function: _F) -> _F:
        public = name or function.__name__

        @functools.wraps(function)
        def warn_then_call(*args: Any, **kwargs: Any) -> Any:
            warnings.warn(f"{public}() is deprecated and goes away in the next release: use {replacement}()",
                          DeprecationWarning, stacklevel=2)
            return function(*args, **kwargs)
        warn_then_call.__name__ = public
        warn_then_call.__qualname__ = function.__qualname__.rsplit(".", 1)[0] + "." + public
        setattr(warn_then_call, "deprecated_alias_of", replacement)
        return cast(_F, warn_then_call)
    return mark

JSONObject = dict[str, Any]
"""A JSON object as `json` reads it: the raw params and results of the wire."""


class BBFanError(Exception):
    """A JSON-RPC error answered by the service."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    @property
    def reason(self) -> Optional[str]:
        """The stable data.reason of application errors, such as "not-found"."""
        return self.data.get("reason") if isinstance(self.data, dict) else None

    @property
    def problems(self) -> list[JSONObject]:
        """data.problems: every failing field of a form at once (auth.register: each
        {"field", "problem", "reason"}; quizzes.create: each {"field", "problem"}); [] if none."""
        problems = self.data.get("problems") if isinstance(self.data, dict) else None
        return problems if isinstance(problems, list) else []


@dataclass(frozen=True)
class Page:
    """One page of a list method as `page()` and `pages()` read it (raw records, whatever the
    method): the records, the whole list's count, the cursor of the next page (None at the end).
    The typed list calls answer their generated result instead (`EpisodesFilterResult`, ...)."""
    records: list[Any]
    total: int
    next_cursor: Optional[str]


def _drop_none(params: JSONObject) -> JSONObject:
    return {key: value for key, value in params.items() if value is not None}


KEEP = object()
"""profile_update's default for a member: leave it as it is (None removes it)."""


def _photo(photo: Any) -> Union[types.ProfileUpdateParamsPhotoVariant1, types.ProfileUpdateParamsPhotoVariant2]:
    """profile.update's photo: bytes are sent in base64 ({"data"}), a str or path names a file
    ({"path"}); a generated photo variant is sent as it is."""
    if isinstance(photo, (types.ProfileUpdateParamsPhotoVariant1, types.ProfileUpdateParamsPhotoVariant2)):
        return photo
    if isinstance(photo, (bytes, bytearray)):
        return types.ProfileUpdateParamsPhotoVariant1(data=base64.b64encode(bytes(photo)).decode("ascii"))
    return types.ProfileUpdateParamsPhotoVariant2(path=os.fspath(photo))


DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024
"""bbfan's default `--max-message-bytes`: the largest request it reads."""


def _message_limit(arguments: tuple[str, ...]) -> int:
    """The `--max-message-bytes` given in a command line, else bbfan's default."""
    for index, argument in enumerate(arguments):
        if argument.startswith("--max-message-bytes="):
            return int(argument.split("=", 1)[1])
        if argument == "--max-message-bytes" and index + 1 < len(arguments):
            return int(arguments[index + 1])
    return DEFAULT_MAX_MESSAGE_BYTES


class BBFanClient(AsyncCalls):
    """A running `bbfan serve` child process and the calls it answers."""

    def __init__(self, process: asyncio.subprocess.Process,
                 max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES):
        self._process = process
        self._next_id = 0
        # Each request waiting for its reply, with the size of the line it was sent as.
        self._pending: dict[int, tuple[asyncio.Future[Any], int]] = {}
        self.max_message_bytes = max_message_bytes
        self.notifications: asyncio.Queue[JSONObject] = asyncio.Queue()
        # The progress callbacks of calls made with on_progress, by the token the client gave.
        self._progress: dict[str, Callable[[JSONObject], Any]] = {}
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def start(cls, binary: str = "bbfan", *arguments: str) -> "BBFanClient":
        """Spawns `binary serve ARGUMENTS...`; its message limit is read from the arguments."""
        process = await asyncio.create_subprocess_exec(
            binary, "serve", *arguments, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=max(64 * 1024 * 1024, 4 * _message_limit(arguments)))
        return cls(process, _message_limit(arguments))

    async def __aenter__(self) -> "BBFanClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def pid(self) -> int:
        """The process id of the bbfan this client started."""
        return self._process.pid

    async def wait_exit(self) -> int:
        """Waits until the bbfan process exits on its own (without closing its input) and returns
        its exit status; calls still waiting have failed by then."""
        status = await self._process.wait()
        await self._reader
        return status

    async def close(self) -> int:
        """Ends input, lets the service answer what is in flight, and waits for it to exit."""
        if self._process.stdin and not self._process.stdin.is_closing():
            self._process.stdin.close()
        status = await self._process.wait()
        await self._reader
        return status

    async def call(self, method: str, params: Optional[JSONObject] = None,
                   on_progress: Optional[Callable[[JSONObject], Any]] = None) -> Any:
        """Sends one request and returns its raw result; raises BBFanError for an error reply.

        With on_progress, the request carries a progress token of the client's own and each
        notifications/progress for it goes to on_progress (its params: progress, total,
        message), not to `notifications`; a coroutine it returns is awaited."""
        self._next_id += 1
        request_id = self._next_id
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        token = None
        if on_progress is not None:
            token = f"bbfan-client-{request_id}"
            params = dict(params or {}, progressToken=token)
        if params:
            message["params"] = params
        line = json.dumps(message, separators=(",", ":")).encode()
        if len(line) > self.max_message_bytes:
            # bbfan would skip it and answer -32600: refused here, at once, with the same error.
            raise BBFanError(
                -32600,
                f"Invalid Request: the request is {len(line)} bytes, over bbfan's limit of "
                f"{self.max_message_bytes} bytes (--max-message-bytes); it was not sent",
                {"reason": "too-large", "limit": self.max_message_bytes, "size": len(line)})
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = (future, len(line))
        if token is not None and on_progress is not None:
            self._progress[token] = on_progress
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(line + b"\n")
            await self._process.stdin.drain()
            return await future
        finally:
            if token is not None:
                self._progress.pop(token, None)

    async def _read(self) -> None:
        assert self._process.stdout is not None
        while line := await self._process.stdout.readline():
            message = json.loads(line)
            if "method" in message and "id" not in message:
                params = message.get("params")
                handler = None
                if message["method"] == "notifications/progress" and isinstance(params, dict):
                    handler = self._progress.get(str(params.get("progressToken")))
                if handler is None:
                    await self.notifications.put(message)
                elif asyncio.iscoroutine(outcome := handler(params)):
                    await outcome
                continue
            if message.get("id") is None and "error" in message:
                self._fail_unmatched(message["error"])
                continue
            pending = self._pending.pop(message.get("id"), None)
            if pending is None or pending[0].done():
                continue
            future = pending[0]
            if "error" in message:
                error = message["error"]
                future.set_exception(BBFanError(error["code"], error["message"], error.get("data")))
            else:
                future.set_result(message.get("result"))
        for future, _ in self._pending.values():
            if not future.done():
                future.set_exception(BBFanError(-32603, "The service exited before answering."))

    def _fail_unmatched(self, error: JSONObject) -> None:
        """Fails the requests an error with a null id may belong to.

        bbfan answers with id null only when it could not read the message's id. An oversized
        message's error (`data.reason` "too-large" with `data.limit`) belongs to one of the
        requests sent larger than that limit: each of them fails with it. Any other such error
        cannot be matched to a request, so every request still waiting fails with it.
        """
        raw = error.get("data")
        data: JSONObject = raw if isinstance(raw, dict) else {}
        limit = data.get("limit") if data.get("reason") == "too-large" else None
        for request_id, (future, size) in list(self._pending.items()):
            if limit is not None and size <= limit:
                continue
            del self._pending[request_id]
            if not future.done():
                future.set_exception(BBFanError(error["code"], error["message"], error.get("data")))

    # The call of every method is generated in `_calls.py` (AsyncCalls, from Schemas/ by
    # `python3 Clients/tools/generate_calls.py`): each builds its method's generated params
    # (`types.ABCParams`, whose members its arguments are: required ones positional, the others
    # keyword-only), sends them with `send`, and answers the method's generated result, whole.
    # The calls below override a generated one where they do more.

    async def send(self, request: types.Request[_R]) -> _R:
        """Sends the params of any method (a `bbfan.types` ...Params, which knows its wire name)
        and returns its result decoded into the generated types: `await
        client.send(types.EpisodesGetParams(id=1))` is an `EpisodesGetResult`."""
        return request.result_from_json(await self.call(request.METHOD, request.to_json()))

    # Episodes (universe: "breaking-bad", the default, or "rick-and-morty")
    async def episodes_filter(self, *, series: Optional[types.Series] = None, season: Optional[int] = None,
                              aired_from: Optional[str] = None, aired_to: Optional[str] = None,
                              characters: Optional[Sequence[Union[int, str]]] = None, name: Optional[str] = None,
                              code: Optional[str] = None, universe: Optional[types.Universe] = None,
                              limit: Optional[int] = None, cursor: Optional[str] = None) -> types.EpisodesFilterResult:
        """The episodes that match every filter given: episodes, total, next_cursor."""
        return await self.send(types.EpisodesFilterParams(
            series=series, season=season, aired_from=aired_from, aired_to=aired_to,
            characters=None if characters is None else list(characters), name=name, code=code, universe=universe,
            limit=limit, cursor=cursor))

    # Locations (Rick and Morty)
    async def locations_list(self, *, universe: Optional[types.Universe] = "rick-and-morty",
                             limit: Optional[int] = None, cursor: Optional[str] = None) -> types.LocationsListResult:
        """Every location: locations, total, next_cursor."""
        return await self.send(types.LocationsListParams(universe=universe, limit=limit, cursor=cursor))

    async def locations_get(self, id: int, *,
                            universe: Optional[types.Universe] = "rick-and-morty") -> types.LocationsGetResult:
        """One location with its residents."""
        return await self.send(types.LocationsGetParams(id=id, universe=universe))

    # Pages of any list method
    _LISTS = {"episodes.list": "seasons", "episodes.filter": "episodes", "characters.list": "characters",
              "characters.filter": "characters", "locations.list": "locations", "favorites.list": "quotes",
              "quizzes.list": "quizzes", "quizzes.online": "quizzes"}

    async def page(self, method: str, params: Optional[JSONObject] = None, limit: int = 20,
                   cursor: Optional[str] = None) -> Page:
        """One page of a list method, as raw records; pass next_cursor back for the next one."""
        result = await self.call(method, _drop_none(dict(params or {}, limit=limit, cursor=cursor)))
        return Page(result[self._LISTS[method]], result["total"], result["nextCursor"])

    async def pages(self, method: str, params: Optional[JSONObject] = None, limit: int = 20) -> AsyncIterator[Page]:
        """Every page of a list method, in order, until nextCursor is null."""
        cursor = None
        while True:
            page = await self.page(method, params, limit, cursor)
            yield page
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    # Catalog
    async def catalog_refresh(self, *, universe: Optional[types.Universe] = None, progress_token: Optional[str] = None,
                              on_progress: Optional[Callable[[JSONObject], Any]] = None) -> types.CatalogRefreshResult:
        """Fetch a universe's catalog (Breaking Bad's unless universe is given) from its live source
        (--source [UNIVERSE=]URL); with a progress token, progress arrives as notifications/progress
        on `notifications`; with on_progress, each step goes to it instead (see `call`).
        When the result says changed (it replaced the catalog in use), a catalog.changed
        notification {universe, refreshedAt} follows the reply on `notifications`."""
        params = types.CatalogRefreshParams(
            universe=universe, extra={} if progress_token is None else {"progressToken": progress_token})
        return params.result_from_json(await self.call(params.METHOD, params.to_json(), on_progress=on_progress))

    # Accounts
    async def auth_register(self, username: str, password: str,
                            password_confirmation: Optional[str] = None) -> types.AuthRegisterResult:
        """Creates an account and signs it in; password_confirmation is the password when left out.
        A refused form raises BBFanError with every failing field in `problems`."""
        return await self.send(types.AuthRegisterParams(
            username=username, password=password,
            password_confirmation=password if password_confirmation is None else password_confirmation))

    # Profile
    async def profile_update(self, *, display_name: Any = KEEP, photo: Any = KEEP,
                             token: Optional[str] = None) -> types.ProfileUpdateResult:
        """Changes the display name, the photo, or both: KEEP (the default) leaves a member as it is,
        None removes it; photo is the image's bytes, or the path of a PNG or JPEG file on the
        service's machine (or a `ProfileUpdateParamsPhotoVariant1`/`...Variant2`)."""
        removed: JSONObject = {}
        if display_name is None:
            removed["displayName"] = None
        if photo is None:
            removed["photo"] = None
        return await self.send(types.ProfileUpdateParams(
            display_name=None if display_name is KEEP else display_name,
            photo=None if photo is KEEP or photo is None else _photo(photo), token=token, extra=removed))

    # Deprecated names of the calls above, kept for one release: each answers what it answered,
    # now as the generated class its deprecated name stands for (bbfan.SignedIn is
    # types.AuthLoginResult, bbfan.Quote types.QuotesRandomResult, ...), or as noted.
    async def _discover(self) -> JSONObject:
        result: JSONObject = await self.call("rpc.discover")
        return result
    discover = deprecated_alias("rpc_discover", "discover")(_discover)

    async def _characters_by_initial(self, series: Optional[str] = None,
                                     universe: Optional[str] = None) -> dict[str, list[Union[
            types.BreakingBadCharacter,
            types.RickAndMortyCharacter]]]:
        """The characters by initial; each a generated record now (the Character and Creature
        classes are gone)."""
        result = await self.send(types.CharactersListParams(series=series, group_by="initial", universe=universe))
        if not isinstance(result, types.CharactersListResultVariant2):
            raise BBFanError(-32603, "characters.list answered no groups for group_by initial")
        return {group.initial: list(group.characters) for group in result.groups}
    characters_by_initial = deprecated_alias("characters_list", "characters_by_initial")(_characters_by_initial)

    async def _universes(self) -> list[JSONObject]:
        """Every universe served, with its source, last refresh (refreshedAt) and counts, raw."""
        universes: list[JSONObject] = (await self.call("service.info"))["universes"]
        return universes
    universes = deprecated_alias("service_info", "universes")(_universes)

    async def _register(self, username: str, password: str,
                        password_confirmation: Optional[str] = None) -> types.AuthLoginResult:
        result = await self.auth_register(username, password, password_confirmation)
        return types.AuthLoginResult.from_json(result.to_json())
    register = deprecated_alias("auth_register", "register")(_register)

    async def _login(self, username: str, password: str) -> types.AuthLoginResult:
        return await self.auth_login(username, password)
    login = deprecated_alias("auth_login", "login")(_login)

    async def _logout(self, token: Optional[str] = None) -> types.User:
        return types.User.from_json((await self.auth_logout(token=token)).user.to_json())
    logout = deprecated_alias("auth_logout", "logout")(_logout)

    async def _session(self, token: Optional[str] = None) -> Optional[types.User]:
        user = (await self.auth_session(token=token)).user
        return None if user is None else types.User.from_json(user.to_json())
    session = deprecated_alias("auth_session", "session")(_session)

    async def _accounts(self) -> list[types.AuthAccountsResultAccountsItem]:
        """The accounts signed in on the data directory, in sign-in order; one is current."""
        return (await self.auth_accounts()).accounts
    accounts = deprecated_alias("auth_accounts", "accounts")(_accounts)

    async def _check_password(self, password: str) -> types.AuthCheckPasswordResult:
        """The password rules the password breaks, as auth.register checks them; creates nothing."""
        return await self.auth_check_password(password)
    check_password = deprecated_alias("auth_check_password", "check_password")(_check_password)

    async def _delete_account(self, password: str, token: Optional[str] = None) -> bool:
        """Deletes the signed-in account (or the token's) for good. Returns True."""
        return (await self.auth_delete_account(password, token=token)).deleted
    delete_account = deprecated_alias("auth_delete_account", "delete_account")(_delete_account)

    async def _switch_account(self, username: str) -> types.User:
        """Makes another account signed in on the data directory current, without its password."""
        return types.User.from_json((await self.auth_switch(username)).user.to_json())
    switch_account = deprecated_alias("auth_switch", "switch_account")(_switch_account)

    async def _toggle_favorite(self, quote_id: int, token: Optional[str] = None, favorite: Optional[bool] = None,
                               universe: Optional[str] = None) -> types.FavoritesToggleResult:
        return await self.favorites_toggle(quote_id, favorite=favorite, universe=universe, token=token)
    toggle_favorite = deprecated_alias("favorites_toggle", "toggle_favorite")(_toggle_favorite)

    async def _favorites(self, token: Optional[str] = None,
                         universe: Optional[str] = None) -> list[types.QuotesRandomResult]:
        result = await self.favorites_list(universe=universe, token=token)
        return [types.QuotesRandomResult.from_json(quote.to_json()) for quote in result.quotes]
    favorites = deprecated_alias("favorites_list", "favorites")(_favorites)

    async def _top_favorites(self, limit: int = 3, token: Optional[str] = None,
                             universe: Optional[str] = None) -> list[types.QuotesRandomResult]:
        result = await self.favorites_top(limit=limit, universe=universe, token=token)
        return [types.QuotesRandomResult.from_json(quote.to_json()) for quote in result.quotes]
    top_favorites = deprecated_alias("favorites_top", "top_favorites")(_top_favorites)


async def _example(binary: str) -> None:
    import tempfile
    with tempfile.TemporaryDirectory() as data:
        async with await BBFanClient.start(binary, "--data-dir", data, "--log-level", "off") as client:
            info = await client.service_info()
            print(f"{info.name} {info.version}: {info.catalog.episodes} episodes")
            found = await client.episodes_filter(season=2, series="breaking-bad", characters=["Hank Schrader"])
            for episode in found.episodes:
                print(f"  S{episode.season:02}E{episode.episode:02} {episode.title} ({episode.air_date})")
            quote = await client.quotes_random(author="Jimmy McGill")
            print(f"  “{quote.text}” — {quote.author}")
            try:
                await client.episodes_get(999)
            except BBFanError as error:
                print(f"  {error.reason}: {error.message}")

