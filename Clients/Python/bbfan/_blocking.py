"""BlockingClient: the calls of `BBFanClient` for scripts, each returning when its reply has come.

    from bbfan import BlockingClient

    with BlockingClient.start("bbfan", "--data-dir", "/tmp/bbfan") as client:
        print(client.episodes_get(1).title)

It runs the asyncio client on an event loop of its own, in the calling thread, for the length of
each call: no thread is started, a progress callback (`on_progress=`) runs in the caller's thread
during the call, and a blocking client cannot be used from inside a running event loop (use
`BBFanClient` there). One client serves one thread at a time.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable, Coroutine, Iterator, Optional, Sequence, TypeVar, Union

from . import types
from ._calls import BlockingCalls
from ._client import KEEP, BBFanClient, JSONObject, Page, deprecated_alias

_T = TypeVar("_T")
_R = TypeVar("_R")


class BlockingClient(BlockingCalls):
    """A running `bbfan serve` child process and the calls it answers, without asyncio.

    Every call of `BBFanClient` is here with the same name, parameters and result; the result is
    returned instead of awaited, and errors raise the same `BBFanError`. The call of every method
    is generated in `_calls.py` (BlockingCalls, sent with `send`); the ones below override a
    generated one where they do more, as BBFanClient's do."""

    def __init__(self, client: BBFanClient, loop: asyncio.AbstractEventLoop) -> None:
        """Wraps an asyncio client made on `loop`; `BlockingClient.start` makes both."""
        self._client = client
        self._loop = loop
        self._status: Optional[int] = None

    @classmethod
    def start(cls, binary: str = "bbfan", *arguments: str) -> BlockingClient:
        """Spawns `binary serve ARGUMENTS...`; its message limit is read from the arguments."""
        loop = asyncio.new_event_loop()
        try:
            client = loop.run_until_complete(BBFanClient.start(binary, *arguments))
        except BaseException:
            loop.close()
            raise
        return cls(client, loop)

    def __enter__(self) -> BlockingClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, call: Coroutine[Any, Any, _T]) -> _T:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if not self._loop.is_closed():
                return self._loop.run_until_complete(call)
            call.close()
            raise RuntimeError("the client is closed: bbfan has exited") from None
        call.close()
        raise RuntimeError("a BlockingClient cannot be called inside a running event loop: use BBFanClient there")

    def _finish(self, call: Coroutine[Any, Any, int]) -> int:
        if self._status is not None:
            call.close()
            return self._status
        self._status = self._run(call)
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        self._loop.close()
        return self._status

    @property
    def pid(self) -> int:
        """The process id of the bbfan this client started."""
        return self._client.pid

    @property
    def max_message_bytes(self) -> int:
        """The largest request bbfan reads (its `--max-message-bytes`); a larger one fails at once."""
        return self._client.max_message_bytes

    def close(self) -> int:
        """Ends input, lets the service answer what is in flight, and waits for it to exit; returns
        its exit status (again on a second call)."""
        return self._finish(self._client.close())

    def wait_exit(self) -> int:
        """Waits until the bbfan process exits on its own (without closing its input) and returns
        its exit status."""
        return self._finish(self._client.wait_exit())

    def call(self, method: str, params: Optional[JSONObject] = None,
             on_progress: Optional[Callable[[JSONObject], Any]] = None) -> Any:
        """Sends one request and returns its raw result; raises BBFanError for an error reply.
        With on_progress, each notifications/progress of the call goes to it (see BBFanClient.call)."""
        return self._run(self._client.call(method, params, on_progress=on_progress))

    def next_notification(self, timeout: Optional[float] = None) -> JSONObject:
        """The next notification not routed to an on_progress callback (progress of a call made
        with a progressToken, catalog.changed), waiting for it up to `timeout` seconds (forever
        with None); raises TimeoutError when none came."""
        try:
            return self._run(asyncio.wait_for(self._client.notifications.get(), timeout))
        except asyncio.TimeoutError as error:  # not the builtin TimeoutError before Python 3.11
            raise TimeoutError(f"no notification came within {timeout} seconds") from error

    def notifications(self) -> list[JSONObject]:
        """The notifications read so far and not yet taken, oldest first, without waiting."""
        taken: list[JSONObject] = []
        while not self._client.notifications.empty():
            taken.append(self._client.notifications.get_nowait())
        return taken

    def page(self, method: str, params: Optional[JSONObject] = None, limit: int = 20,
             cursor: Optional[str] = None) -> Page:
        """One page of a list method, as raw records; pass next_cursor back for the next one."""
        return self._run(self._client.page(method, params, limit, cursor))

    def pages(self, method: str, params: Optional[JSONObject] = None, limit: int = 20) -> Iterator[Page]:
        """Every page of a list method, in order, until nextCursor is null."""
        cursor: Optional[str] = None
        while True:
            page = self.page(method, params, limit, cursor)
            yield page
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    def send(self, request: types.Request[_R]) -> _R:
        """Sends the params of any method (a `bbfan.types` ...Params) and returns its result
        decoded into the generated types (see BBFanClient.send)."""
        return self._run(self._client.send(request))

    def episodes_filter(self, *, series: Optional[types.Series] = None, season: Optional[int] = None,
                        aired_from: Optional[str] = None, aired_to: Optional[str] = None,
                        characters: Optional[Sequence[Union[int, str]]] = None, name: Optional[str] = None,
                        code: Optional[str] = None, universe: Optional[types.Universe] = None,
                        limit: Optional[int] = None, cursor: Optional[str] = None) -> types.EpisodesFilterResult:
        """The episodes that match every filter given: episodes, total, next_cursor."""
        return self._run(self._client.episodes_filter(
            series=series, season=season, aired_from=aired_from, aired_to=aired_to, characters=characters,
            name=name, code=code, universe=universe, limit=limit, cursor=cursor))

    def locations_list(self, *, universe: Optional[types.Universe] = "rick-and-morty",
                       limit: Optional[int] = None, cursor: Optional[str] = None) -> types.LocationsListResult:
        """Every location: locations, total, next_cursor."""
        return self._run(self._client.locations_list(universe=universe, limit=limit, cursor=cursor))

    def locations_get(self, id: int, *,
                      universe: Optional[types.Universe] = "rick-and-morty") -> types.LocationsGetResult:
        """One location with its residents."""
        return self._run(self._client.locations_get(id, universe=universe))

    def catalog_refresh(self, *, universe: Optional[types.Universe] = None, progress_token: Optional[str] = None,
                        on_progress: Optional[Callable[[JSONObject], Any]] = None) -> types.CatalogRefreshResult:
        """Fetch a universe's catalog (Breaking Bad's unless universe is given) from its live source
        (--source [UNIVERSE=]URL); with a progress token, progress arrives as notifications/progress
        on `notifications`; with on_progress, each step goes to it instead (see `call`).
        When the result says changed (it replaced the catalog in use), a catalog.changed
        notification {universe, refreshedAt} follows the reply on `notifications`."""
        return self._run(self._client.catalog_refresh(
            universe=universe, progress_token=progress_token, on_progress=on_progress))

    def auth_register(self, username: str, password: str,
                      password_confirmation: Optional[str] = None) -> types.AuthRegisterResult:
        """Creates an account and signs it in; password_confirmation is the password when left out.
        A refused form raises BBFanError with every failing field in `problems`."""
        return self._run(self._client.auth_register(username, password, password_confirmation))

    def profile_update(self, *, display_name: Any = KEEP, photo: Any = KEEP,
                       token: Optional[str] = None) -> types.ProfileUpdateResult:
        """Changes the display name, the photo, or both: KEEP (the default) leaves a member as it is,
        None removes it; photo is the image's bytes, or the path of a PNG or JPEG file on the
        service's machine (or a `ProfileUpdateParamsPhotoVariant1`/`...Variant2`)."""
        return self._run(self._client.profile_update(display_name=display_name, photo=photo, token=token))

    @deprecated_alias("rpc_discover")
    def discover(self) -> JSONObject:
        return self._run(self._client._discover())

    @deprecated_alias("characters_list")
    def characters_by_initial(self, series: Optional[str] = None,
                              universe: Optional[str] = None) -> dict[str, list[Union[
     types.BreakingBadCharacter,
     types.RickAndMortyCharacter]]]:
        """The characters by initial; each a generated record now (the Character and Creature
        classes are gone)."""
        return self._run(self._client._characters_by_initial(series, universe))

    @deprecated_alias("service_info")
    def universes(self) -> list[JSONObject]:
        """Every universe served, with its source, last refresh (refreshedAt) and counts, raw."""
        return self._run(self._client._universes())

    @deprecated_alias("auth_register")
    def register(self, username: str, password: str,
                 password_confirmation: Optional[str] = None) -> types.AuthLoginResult:
        return self._run(self._client._register(username, password, password_confirmation))

    @deprecated_alias("auth_login")
    def login(self, username: str, password: str) -> types.AuthLoginResult:
        return self._run(self._client._login(username, password))

    @deprecated_alias("auth_logout")
    def logout(self, token: Optional[str] = None) -> types.User:
        return self._run(self._client._logout(token))

    @deprecated_alias("auth_session")
    def session(self, token: Optional[str] = None) -> Optional[types.User]:
        return self._run(self._client._session(token))

    @deprecated_alias("auth_accounts")
    def accounts(self) -> list[types.AuthAccountsResultAccountsItem]:
        """The accounts signed in on the data directory, in sign-in order; one is current."""
        return self._run(self._client._accounts())

    @deprecated_alias("auth_check_password")
    def check_password(self, password: str) -> types.AuthCheckPasswordResult:
        """The password rules the password breaks, as auth.register checks them; creates nothing."""
        return self._run(self._client._check_password(password))

    @deprecated_alias("auth_delete_account")
    def delete_account(self, password: str, token: Optional[str] = None) -> bool:
        """Deletes the signed-in account (or the token's) for good. Returns True."""
        return self._run(self._client._delete_account(password, token))

    @deprecated_alias("auth_switch")
    def switch_account(self, username: str) -> types.User:
        """Makes another account signed in on the data directory current, without its password."""
        return self._run(self._client._switch_account(username))

    @deprecated_alias("favorites_toggle")
    def toggle_favorite(self, quote_id: int, token: Optional[str] = None, favorite: Optional[bool] = None,
                        universe: Optional[str] = None) -> types.FavoritesToggleResult:
        return self._run(self._client._toggle_favorite(quote_id, token, favorite, universe))

    @deprecated_alias("favorites_list")
    def favorites(self, token: Optional[str] = None,
                  universe: Optional[str] = None) -> list[types.QuotesRandomResult]:
        return self._run(self._client._favorites(token, universe))

    @deprecated_alias("favorites_top")
    def top_favorites(self, limit: int = 3, token: Optional[str] = None,
                      universe: Optional[str] = None) -> list[types.QuotesRandomResult]:
        return self._run(self._client._top_favorites(limit, token, universe))
