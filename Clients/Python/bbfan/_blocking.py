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
from ._client import KEEP, BBFanClient, JSONObject, Page, deprecated_alias

_T = TypeVar("_T")
_R = TypeVar("_R")


class BlockingClient:
    """A running `bbfan serve` child process and the calls it answers, without asyncio.

    Every call of `BBFanClient` is here with the same name, parameters and result; the result is
    returned instead of awaited, and errors raise the same `BBFanError`."""

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

    def service_info(self) -> types.ServiceInfoResult:
        """The service's name, version, protocol, catalog counts, universes, storage and limits."""
        return self._run(self._client.service_info())

    def rpc_discover(self) -> types.RpcDiscoverResult:
        """The OpenRPC document of every method (its `methods`, each with its `name`)."""
        return self._run(self._client.rpc_discover())

    def episodes_list(self, *, series: Optional[types.Series] = None, universe: Optional[types.Universe] = None,
                      limit: Optional[int] = None, cursor: Optional[str] = None) -> types.EpisodesListResult:
        """Every season of a series (or of all) with its episodes: seasons, total, next_cursor."""
        return self._run(self._client.episodes_list(
            series=series, universe=universe, limit=limit, cursor=cursor))

    def episodes_filter(self, *, series: Optional[types.Series] = None, season: Optional[int] = None,
                        aired_from: Optional[str] = None, aired_to: Optional[str] = None,
                        characters: Optional[Sequence[Union[int, str]]] = None, name: Optional[str] = None,
                        code: Optional[str] = None, universe: Optional[types.Universe] = None,
                        limit: Optional[int] = None, cursor: Optional[str] = None) -> types.EpisodesFilterResult:
        """The episodes that match every filter given: episodes, total, next_cursor."""
        return self._run(self._client.episodes_filter(
            series=series, season=season, aired_from=aired_from, aired_to=aired_to, characters=characters,
            name=name, code=code, universe=universe, limit=limit, cursor=cursor))

    def episodes_get(self, id: int, *, universe: Optional[types.Universe] = None) -> types.EpisodesGetResult:
        """One episode with the characters it mentions."""
        return self._run(self._client.episodes_get(id, universe=universe))

    def characters_list(self, *, series: Optional[types.Series] = None, group_by: Optional[types.GroupBy] = None,
                        universe: Optional[types.Universe] = None, limit: Optional[int] = None,
                        cursor: Optional[str] = None) -> types.CharactersListResult:
        """Every character by name (CharactersListResultVariant1: characters, total, next_cursor),
        or grouped by initial with group_by="initial" (CharactersListResultVariant2: groups, ...)."""
        return self._run(self._client.characters_list(
            series=series, group_by=group_by, universe=universe, limit=limit, cursor=cursor))

    def characters_filter(self, *, status: Optional[types.Status] = None, seasons: Optional[list[int]] = None,
                          name: Optional[str] = None, series: Optional[types.Series] = None,
                          species: Optional[str] = None, type: Optional[str] = None,
                          gender: Optional[str] = None, universe: Optional[types.Universe] = None,
                          limit: Optional[int] = None, cursor: Optional[str] = None) -> types.CharactersFilterResult:
        """The characters that match every filter given: characters, total, next_cursor."""
        return self._run(self._client.characters_filter(
            status=status, seasons=seasons, name=name, series=series, species=species, type=type, gender=gender,
            universe=universe, limit=limit, cursor=cursor))

    def characters_get(self, id: int, *, token: Optional[str] = None,
                       universe: Optional[types.Universe] = None) -> types.CharactersGetResult:
        """One character, flat, with its episode count and quotes (CharactersGetResultBreakingBad),
        or with its episodes (CharactersGetResultRickAndMorty)."""
        return self._run(self._client.characters_get(id, token=token, universe=universe))

    def characters_export(self, id: int, format: types.Format, *, universe: Optional[types.Universe] = None,
                          inline: Optional[bool] = None) -> types.CharactersExportResult:
        """Write a character as a CSV file or a PDF card (format "csv" or "pdf") into the service's
        data directory: path, media_type, bytes, sha256, content (base64, with inline), warnings."""
        return self._run(self._client.characters_export(id, format, universe=universe, inline=inline))

    def locations_list(self, *, universe: Optional[types.Universe] = "rick-and-morty",
                       limit: Optional[int] = None, cursor: Optional[str] = None) -> types.LocationsListResult:
        """Every location: locations, total, next_cursor."""
        return self._run(self._client.locations_list(universe=universe, limit=limit, cursor=cursor))

    def locations_get(self, id: int, *,
                      universe: Optional[types.Universe] = "rick-and-morty") -> types.LocationsGetResult:
        """One location with its residents."""
        return self._run(self._client.locations_get(id, universe=universe))

    def quotes_random(self, *, author: Optional[str] = None, series: Optional[types.Series] = None,
                      universe: Optional[types.Universe] = None,
                      token: Optional[str] = None) -> types.QuotesRandomResult:
        """A random quote, of an author or a series if given."""
        return self._run(self._client.quotes_random(
            author=author, series=series, universe=universe, token=token))

    def quotes_by_character(self, id: int, *, universe: Optional[types.Universe] = None,
                            token: Optional[str] = None) -> types.QuotesByCharacterResult:
        """A character's quotes (its `quotes`)."""
        return self._run(self._client.quotes_by_character(id, universe=universe, token=token))

    def quotes_overview(self, *, universe: Optional[types.Universe] = None,
                        token: Optional[str] = None) -> types.QuotesOverviewResult:
        """The most favourited quotes (top), the user's own (yours) and a random one (None if none)."""
        return self._run(self._client.quotes_overview(universe=universe, token=token))

    def catalog_refresh(self, *, universe: Optional[types.Universe] = None, progress_token: Optional[str] = None,
                        on_progress: Optional[Callable[[JSONObject], Any]] = None) -> types.CatalogRefreshResult:
        """Fetch a universe's catalog (Breaking Bad's unless universe is given) from its live source
        (--source [UNIVERSE=]URL); with a progress token, progress arrives as notifications/progress
        on `notifications`; with on_progress, each step goes to it instead (see `call`).
        When the result says changed (it replaced the catalog in use), a catalog.changed
        notification {universe, refreshedAt} follows the reply on `notifications`."""
        return self._run(self._client.catalog_refresh(
            universe=universe, progress_token=progress_token, on_progress=on_progress))

    def images_fetch(self, url: str, *, max_age: Optional[int] = None,
                     inline: Optional[bool] = None) -> types.ImagesFetchResult:
        """The image at url from the service's on-disk cache: path, mime_type, bytes, freshness, ...

        A cached copy younger than max_age seconds (default: the host's Cache-Control max-age,
        else a day) comes back as freshness "cached" without a request to the host; max_age=0
        always asks it. With inline=True the reply carries the bytes as content (plain base64)."""
        return self._run(self._client.images_fetch(url, max_age=max_age, inline=inline))

    def auth_register(self, username: str, password: str,
                      password_confirmation: Optional[str] = None) -> types.AuthRegisterResult:
        """Creates an account and signs it in; password_confirmation is the password when left out.
        A refused form raises BBFanError with every failing field in `problems`."""
        return self._run(self._client.auth_register(username, password, password_confirmation))

    def auth_login(
        self, username: str, password: str, *, device: Optional[str] = None
    ) -> types.AuthLoginResult:
        """Signs in: the user and a session token (and a device cookie when `device` is given)."""
        return self._run(self._client.auth_login(username, password, device=device))

    def auth_logout(self, *, token: Optional[str] = None) -> types.AuthLogoutResult:
        """Signs out (the current user, or the token's): the user that was signed in."""
        return self._run(self._client.auth_logout(token=token))

    def auth_session(self, *, token: Optional[str] = None) -> types.AuthSessionResult:
        """Who is signed in: `user` is None when nobody is."""
        return self._run(self._client.auth_session(token=token))

    def auth_accounts(self) -> types.AuthAccountsResult:
        """The accounts signed in on the data directory, in sign-in order; one is current."""
        return self._run(self._client.auth_accounts())

    def auth_check_password(self, password: str) -> types.AuthCheckPasswordResult:
        """The password rules the password breaks, as auth.register checks them; creates nothing."""
        return self._run(self._client.auth_check_password(password))

    def auth_delete_account(self, password: str, *,
                            token: Optional[str] = None) -> types.AuthDeleteAccountResult:
        """Deletes the signed-in account (or the token's) for good: sessions, favourites, quizzes
        and reviews, profile and photo. A wrong password raises BBFanError (reason
        "wrong-password") and counts toward the sign-in throttle."""
        return self._run(self._client.auth_delete_account(password, token=token))

    def auth_switch(self, username: str) -> types.AuthSwitchResult:
        """Makes another account signed in on the data directory current, without its password."""
        return self._run(self._client.auth_switch(username))

    def favorites_toggle(self, quote_id: int, *, favorite: Optional[bool] = None,
                         universe: Optional[types.Universe] = None,
                         token: Optional[str] = None) -> types.FavoritesToggleResult:
        """Toggles the quote's favourite; with favorite=True or False, sets that state instead, so a
        retried call leaves it as asked and counts it once (breaking-bad's quote unless universe)."""
        return self._run(self._client.favorites_toggle(
            quote_id, favorite=favorite, universe=universe, token=token))

    def favorites_list(self, *, universe: Optional[types.Universe] = None, token: Optional[str] = None,
                       limit: Optional[int] = None, cursor: Optional[str] = None) -> types.FavoritesListResult:
        """The user's favourite quotes, newest first: a page (quotes, total, next_cursor); all without limit."""
        return self._run(self._client.favorites_list(
            universe=universe, token=token, limit=limit, cursor=cursor))

    def favorites_top(self, *, limit: Optional[int] = None, universe: Optional[types.Universe] = None,
                      token: Optional[str] = None) -> types.FavoritesTopResult:
        """The quotes most users have among their favourites (3 unless limit says otherwise)."""
        return self._run(self._client.favorites_top(limit=limit, universe=universe, token=token))

    def profile_get(self, *, token: Optional[str] = None) -> types.ProfileGetResult:
        """The signed-in user's profile: user, display_name, photo."""
        return self._run(self._client.profile_get(token=token))

    def profile_update(self, *, display_name: Any = KEEP, photo: Any = KEEP,
                       token: Optional[str] = None) -> types.ProfileUpdateResult:
        """Changes the display name, the photo, or both: KEEP (the default) leaves a member as it is,
        None removes it; photo is the image's bytes, or the path of a PNG or JPEG file on the
        service's machine (or a `ProfileUpdateParamsPhotoVariant1`/`...Variant2`)."""
        return self._run(self._client.profile_update(display_name=display_name, photo=photo, token=token))

    def quizzes_create(self, title: str, facts: list[str], *,
                       token: Optional[str] = None) -> types.QuizzesCreateResult:
        """Adds a quiz; invalid params raise -32602 with every problem in data["problems"], a title
        already in the collection -32016 "duplicate" with data["existingId"]."""
        return self._run(self._client.quizzes_create(title, facts, token=token))

    def quizzes_list(self, *, search: Optional[str] = None, token: Optional[str] = None,
                     limit: Optional[int] = None, cursor: Optional[str] = None) -> types.QuizzesListResult:
        """One page of the collection, newest first (quizzes, total, next_cursor); all of it without limit."""
        return self._run(self._client.quizzes_list(search=search, token=token, limit=limit, cursor=cursor))

    def quizzes_get(self, id: int, *, token: Optional[str] = None) -> types.QuizzesGetResult:
        """One quiz of the collection."""
        return self._run(self._client.quizzes_get(id, token=token))

    def quizzes_delete(self, id: int, *, token: Optional[str] = None) -> types.QuizzesDeleteResult:
        """Removes a quiz from the collection; returns the quiz that was removed."""
        return self._run(self._client.quizzes_delete(id, token=token))

    def quizzes_online(self, *, search: Optional[str] = None, token: Optional[str] = None,
                       limit: Optional[int] = None, cursor: Optional[str] = None) -> types.QuizzesOnlineResult:
        """One page of the online catalogue, sorted by title (quizzes, total, next_cursor)."""
        return self._run(self._client.quizzes_online(search=search, token=token, limit=limit, cursor=cursor))

    def quizzes_add(self, online_id: str, *, token: Optional[str] = None) -> types.QuizzesAddResult:
        """Copies an online quiz into the collection."""
        return self._run(self._client.quizzes_add(online_id, token=token))

    def quizzes_due(self, *, limit: Optional[int] = None, token: Optional[str] = None) -> types.QuizzesDueResult:
        """The quizzes due for review now (20 unless limit says otherwise) and how many are due."""
        return self._run(self._client.quizzes_due(limit=limit, token=token))

    def quizzes_review(self, id: int, grade: types.Grade, *,
                       token: Optional[str] = None) -> types.QuizzesReviewResult:
        """Records how well a quiz was recalled ("again", "hard", "good", "easy"); SM-2 schedules the next review."""
        return self._run(self._client.quizzes_review(id, grade, token=token))

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
