"""bbfan: a Python client for bbfan (standard library only, asyncio, typed results).

    import asyncio
    from bbfan import BBFanClient

    async def main():
        async with await BBFanClient.start("bbfan", "--data-dir", "/tmp/bbfan") as client:
            info = await client.service_info()
            for season in await client.episodes_list(series="breaking-bad"):
                print(season.season, [e.title for e in season.episodes])

    asyncio.run(main())

Every method of the service has a typed call here, named from its wire name by one rule
(quotes.byCharacter: quotes_by_character); `call()` sends any method and returns the raw result,
`send()` the params of any method from `bbfan.types` (generated from Schemas/) and returns its
decoded result. Errors come back as `BBFanError` with the JSON-RPC `code`, `message` and `reason`.
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
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable, Optional, Sequence, TypeVar, Union, cast

from . import types

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


def _extra(value: JSONObject, known: tuple[str, ...]) -> JSONObject:
    """The members of a record that are not among `known`: the fields its universe adds (a
    character's hometown), carried as they came, whatever the universe."""
    return {key: member for key, member in value.items() if key not in known}


@dataclass(frozen=True)
class Episode:
    id: int
    title: str
    series: str
    season: int
    episode: int
    air_date: str
    universe: str = "breaking-bad"
    code: Optional[str] = None  # Rick and Morty's "S01E01"
    extra: JSONObject = field(default_factory=dict)  # the fields the episode's universe adds

    KNOWN = ("id", "universe", "title", "series", "season", "episode", "code", "airDate", "characters")

    @staticmethod
    def from_json(value: JSONObject) -> "Episode":
        return Episode(value["id"], value["title"], value["series"], value["season"], value["episode"], value["airDate"],
                       value.get("universe", "breaking-bad"), value.get("code"), _extra(value, Episode.KNOWN))


@dataclass(frozen=True)
class Season:
    series: str
    season: int
    episodes: list[Episode]

    @staticmethod
    def from_json(value: JSONObject) -> "Season":
        return Season(value["series"], value["season"], [Episode.from_json(e) for e in value["episodes"]])


@dataclass(frozen=True)
class Mention:
    name: str
    character_id: Optional[int]
    character_name: Optional[str]


@dataclass(frozen=True)
class EpisodeDetails:
    episode: Episode
    characters: list[Mention]

    @staticmethod
    def from_json(value: JSONObject) -> "EpisodeDetails":
        return EpisodeDetails(
            Episode.from_json(value),
            [Mention(m["name"], m["characterId"], m["characterName"]) for m in value["characters"]])


@dataclass(frozen=True)
class Character:
    id: int
    name: str
    nickname: str
    birthday: Optional[str]
    occupations: list[str]
    status: str
    image_url: str
    portrayed_by: str
    series: list[str]
    appearances: dict[str, list[int]]
    extra: JSONObject = field(default_factory=dict)  # the fields the character's universe adds

    KNOWN = ("id", "universe", "name", "nickname", "birthday", "occupations", "status", "imageURL",
             "portrayedBy", "series", "appearances", "episodeCount", "quotes", "episodes")

    @staticmethod
    def from_json(value: JSONObject) -> "Character":
        return Character(
            value["id"], value["name"], value["nickname"], value["birthday"], value["occupations"], value["status"],
            value["imageURL"], value["portrayedBy"], value["series"], value["appearances"],
            _extra(value, Character.KNOWN))


@dataclass(frozen=True)
class Quote:
    id: int
    text: str
    author: str
    character_id: Optional[int]
    series: str
    is_favorite: Optional[bool] = None
    favorite_count: Optional[int] = None
    extra: JSONObject = field(default_factory=dict)  # the fields the quote's universe adds

    KNOWN = ("id", "text", "author", "characterId", "series", "isFavorite", "favoriteCount")

    @staticmethod
    def from_json(value: JSONObject) -> "Quote":
        return Quote(
            value["id"], value["text"], value["author"], value["characterId"], value["series"],
            value.get("isFavorite"), value.get("favoriteCount"), _extra(value, Quote.KNOWN))


@dataclass(frozen=True)
class CharacterDetails:
    character: Character
    episode_count: int
    quotes: list[Quote]

    @staticmethod
    def from_json(value: JSONObject) -> "CharacterDetails":
        return CharacterDetails(
            Character.from_json(value), value["episodeCount"], [Quote.from_json(q) for q in value["quotes"]])


@dataclass(frozen=True)
class Place:
    location_id: Optional[int]  # None for "unknown"
    name: str


@dataclass(frozen=True)
class Creature:
    """A Rick and Morty character."""
    id: int
    name: str
    status: str
    species: str
    type: Optional[str]
    gender: str
    origin: Place
    location: Place
    image_url: str
    episode_count: int
    universe: str = "rick-and-morty"

    @staticmethod
    def from_json(value: JSONObject) -> "Creature":
        def place(p: JSONObject) -> Place:
            return Place(p["locationId"], p["name"])
        return Creature(value["id"], value["name"], value["status"], value["species"], value["type"], value["gender"],
                        place(value["origin"]), place(value["location"]), value["imageURL"], value["episodeCount"],
                        value["universe"])


@dataclass(frozen=True)
class CreatureDetails:
    character: Creature
    episodes: list[Episode]

    @staticmethod
    def from_json(value: JSONObject) -> "CreatureDetails":
        return CreatureDetails(Creature.from_json(value), [Episode.from_json(e) for e in value["episodes"]])


@dataclass(frozen=True)
class Location:
    id: int
    name: str
    type: Optional[str]
    dimension: Optional[str]
    resident_count: int
    universe: str = "rick-and-morty"

    @staticmethod
    def from_json(value: JSONObject) -> "Location":
        return Location(value["id"], value["name"], value["type"], value["dimension"], value["residentCount"],
                        value["universe"])


@dataclass(frozen=True)
class Page:
    """One page of a list method: its records, the whole list's count, the cursor of the next page (None at the end)."""
    records: list[Any]
    total: int
    next_cursor: Optional[str]


def _character(value: JSONObject) -> Character | Creature:
    """A Breaking Bad Character or a Rick and Morty Creature, by the record's shape."""
    return Creature.from_json(value) if "species" in value else Character.from_json(value)


@dataclass(frozen=True)
class User:
    id: int
    username: str


@dataclass(frozen=True)
class SignedIn:
    user: User
    token: str


@dataclass(frozen=True)
class Toggle:
    quote_id: int
    is_favorite: bool
    favorite_count: int


@dataclass(frozen=True)
class Overview:
    top: list[Quote] = field(default_factory=list)
    yours: list[Quote] = field(default_factory=list)
    random: Optional[Quote] = None


@dataclass(frozen=True)
class Quiz:
    """A quiz of the signed-in user's collection: a title and at least two facts."""
    id: int
    title: str
    facts: list[str]
    created_at: str  # ISO 8601, UTC
    online_id: Optional[str] = None  # the online catalogue's id it was added from

    @staticmethod
    def from_json(value: JSONObject) -> "Quiz":
        return Quiz(value["id"], value["title"], value["facts"], value["createdAt"], value["onlineId"])


@dataclass(frozen=True)
class OnlineQuiz:
    """A quiz of the online catalogue; in_collection is None when nobody is signed in."""
    id: str
    title: str
    facts: list[str]
    in_collection: Optional[bool] = None

    @staticmethod
    def from_json(value: JSONObject) -> "OnlineQuiz":
        return OnlineQuiz(value["id"], value["title"], value["facts"], value.get("inCollection"))


@dataclass(frozen=True)
class ReviewState:
    """A quiz's place in the SM-2 schedule."""
    due_at: str
    interval_days: int
    ease: float  # the SM-2 E-Factor
    repetitions: int
    lapses: int
    reviews: int
    leech: bool

    @staticmethod
    def from_json(value: JSONObject) -> "ReviewState":
        return ReviewState(value["dueAt"], value["intervalDays"], value["ease"], value["repetitions"],
                           value["lapses"], value["reviews"], value["leech"])


@dataclass(frozen=True)
class DueQuiz:
    """A quiz due for review; review is None for a quiz never reviewed."""
    quiz: Quiz
    review: Optional[ReviewState]

    @staticmethod
    def from_json(value: JSONObject) -> "DueQuiz":
        review = value["review"]
        return DueQuiz(Quiz.from_json(value["quiz"]), ReviewState.from_json(review) if review else None)


@dataclass(frozen=True)
class DueQuizzes:
    """The first quizzes due now (never-reviewed ones first) and how many are due in all."""
    quizzes: list[DueQuiz]
    total: int

    @staticmethod
    def from_json(value: JSONObject) -> "DueQuizzes":
        return DueQuizzes([DueQuiz.from_json(q) for q in value["quizzes"]], value["total"])


@dataclass(frozen=True)
class QuizReview:
    """What quizzes.review recorded: the grade, the new schedule, and SM-2's advice to repeat today."""
    id: int
    grade: str  # "again", "hard", "good" or "easy"
    review: ReviewState
    repeat_today: bool

    @staticmethod
    def from_json(value: JSONObject) -> "QuizReview":
        return QuizReview(value["id"], value["grade"], ReviewState.from_json(value["review"]), value["repeatToday"])


@dataclass(frozen=True)
class Photo:
    """A profile photo, a file in the service's DATA_DIR/photos/."""
    path: str
    media_type: str  # "image/png" or "image/jpeg"
    bytes: int
    sha256: str

    @staticmethod
    def from_json(value: JSONObject) -> "Photo":
        return Photo(value["path"], value["mediaType"], value["bytes"], value["sha256"])


@dataclass(frozen=True)
class Profile:
    user: "User"
    display_name: Optional[str]
    photo: Optional[Photo]

    @staticmethod
    def from_json(value: JSONObject) -> "Profile":
        photo = value["photo"]
        return Profile(User(**value["user"]), value["displayName"], Photo.from_json(photo) if photo else None)


@dataclass(frozen=True)
class Account:
    """An account signed in on the service's data directory; current is the one requests act for;
    display_name and photo are its profile's, as profile_get answers them."""
    username: str
    current: bool
    signed_in_at: str
    display_name: Optional[str] = None
    photo: Optional[Photo] = None

    @staticmethod
    def from_json(value: JSONObject) -> "Account":
        photo = value.get("photo")
        return Account(value["username"], value["current"], value["signedInAt"],
                       value.get("displayName"), Photo.from_json(photo) if photo else None)


@dataclass(frozen=True)
class PasswordProblem:
    """A password rule broken: rule is its stable id ("min-length"), problem what is needed."""
    rule: str
    problem: str


@dataclass(frozen=True)
class PasswordRule:
    """A password rule and whether the password checked meets it."""
    rule: str
    problem: str
    met: bool


@dataclass(frozen=True)
class PasswordCheck:
    """auth.checkPassword's answer: ok when no rule is broken, else each broken rule; rules lists
    every rule, met or not, for a form that shows them all."""
    ok: bool
    problems: list[PasswordProblem]
    rules: list[PasswordRule]

    @staticmethod
    def from_json(value: JSONObject) -> "PasswordCheck":
        return PasswordCheck(value["ok"], [PasswordProblem(p["rule"], p["problem"]) for p in value["problems"]],
                             [PasswordRule(r["rule"], r["problem"], r["met"]) for r in value.get("rules", [])])


def _drop_none(params: JSONObject) -> JSONObject:
    return {key: value for key, value in params.items() if value is not None}


KEEP = object()
"""profile_update's default for a member: leave it as it is (None removes it)."""


def _photo(photo: Any) -> Optional[JSONObject]:
    """profile.update's photo: bytes are sent in base64 ({"data"}), a str or path names a file ({"path"})."""
    if photo is None:
        return None
    if isinstance(photo, (bytes, bytearray)):
        return {"data": base64.b64encode(bytes(photo)).decode("ascii")}
    return {"path": os.fspath(photo)}


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


class BBFanClient:
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

    # Service
    async def service_info(self) -> JSONObject:
        """The service's name, version, protocol, catalog counts, universes, storage and limits."""
        result: JSONObject = await self._raw(types.ServiceInfoParams())
        return result

    async def _raw(self, request: types.Request[Any]) -> Any:
        """Sends generated params (typed, so mypy sees a param the schemas renamed) and returns
        the raw result, for the calls that decode it into their own dataclasses."""
        return await self.call(request.METHOD, request.to_json())

    async def send(self, request: types.Request[_R]) -> _R:
        """Sends the params of any method (a `bbfan.types` ...Params, which knows its wire name)
        and returns its result decoded into the generated types: `await
        client.send(types.EpisodesGetParams(id=1))` is an `EpisodesGetResult`."""
        return request.result_from_json(await self.call(request.METHOD, request.to_json()))

    async def rpc_discover(self) -> types.RpcDiscoverResult:
        """The OpenRPC document of every method (its `methods`, each with its `name`)."""
        return await self.send(types.RpcDiscoverParams())

    async def _discover(self) -> JSONObject:
        result: JSONObject = await self.call("rpc.discover")
        return result
    discover = deprecated_alias("rpc_discover", "discover")(_discover)

    # Episodes (universe: "breaking-bad", the default, or "rick-and-morty")
    async def episodes_list(self, series: Optional[str] = None, universe: Optional[str] = None) -> list[Season]:
        result = await self._raw(types.EpisodesListParams(series=series, universe=universe))
        return [Season.from_json(s) for s in result["seasons"]]

    async def episodes_filter(self, series: Optional[str] = None, season: Optional[int] = None,
                              aired_from: Optional[str] = None, aired_to: Optional[str] = None,
                              characters: Optional[Sequence[Union[int, str]]] = None, universe: Optional[str] = None,
                              name: Optional[str] = None, code: Optional[str] = None) -> list[Episode]:
        result = await self._raw(types.EpisodesFilterParams(
            series=series, season=season, aired_from=aired_from, aired_to=aired_to,
            characters=None if characters is None else list(characters), universe=universe, name=name, code=code))
        return [Episode.from_json(e) for e in result["episodes"]]

    async def episodes_get(self, id: int, universe: Optional[str] = None) -> EpisodeDetails:
        return EpisodeDetails.from_json(await self._raw(types.EpisodesGetParams(id=id, universe=universe)))

    # Characters: Character records for Breaking Bad, Creature records for Rick and Morty
    async def characters_list(self, series: Optional[str] = None, universe: Optional[str] = None) -> list[Character | Creature]:
        result = await self._raw(types.CharactersListParams(series=series, universe=universe))
        return [_character(c) for c in result["characters"]]

    async def _characters_by_initial(self, series: Optional[str] = None,
                                     universe: Optional[str] = None) -> dict[str, list[Character | Creature]]:
        result = await self._raw(types.CharactersListParams(series=series, group_by="initial", universe=universe))
        return {g["initial"]: [_character(c) for c in g["characters"]] for g in result["groups"]}
    characters_by_initial = deprecated_alias("characters_list", "characters_by_initial")(_characters_by_initial)

    async def characters_filter(self, status: Optional[str] = None, seasons: Optional[list[int]] = None,
                                name: Optional[str] = None, series: Optional[str] = None,
                                universe: Optional[str] = None, species: Optional[str] = None,
                                type: Optional[str] = None, gender: Optional[str] = None) -> list[Character | Creature]:
        result = await self._raw(types.CharactersFilterParams(
            status=status, seasons=seasons, name=name, series=series, universe=universe, species=species,
            type=type, gender=gender))
        return [_character(c) for c in result["characters"]]

    async def characters_get(self, id: int, token: Optional[str] = None,
                             universe: Optional[str] = None) -> CharacterDetails | CreatureDetails:
        """CharacterDetails for Breaking Bad; CreatureDetails (with its episodes) for Rick and Morty."""
        value = await self._raw(types.CharactersGetParams(id=id, token=token, universe=universe))
        return CreatureDetails.from_json(value) if "species" in value else CharacterDetails.from_json(value)

    # Locations (Rick and Morty)
    async def locations_list(self, universe: str = "rick-and-morty") -> list[Location]:
        return [Location.from_json(l) for l in (await self._raw(types.LocationsListParams(universe=universe)))["locations"]]

    async def locations_get(self, id: int, universe: str = "rick-and-morty") -> tuple[Location, list[tuple[int, str]]]:
        """The location and its residents as (id, name)."""
        value = await self._raw(types.LocationsGetParams(id=id, universe=universe))
        return Location.from_json(value), [(r["id"], r["name"]) for r in value["residents"]]

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

    # Quotes
    async def quotes_random(self, author: Optional[str] = None, series: Optional[str] = None,
                            token: Optional[str] = None, universe: Optional[str] = None) -> Quote:
        return Quote.from_json(await self._raw(types.QuotesRandomParams(
            author=author, series=series, universe=universe, token=token)))

    async def quotes_by_character(self, id: int, token: Optional[str] = None,
                                  universe: Optional[str] = None) -> list[Quote]:
        result = await self._raw(types.QuotesByCharacterParams(id=id, universe=universe, token=token))
        return [Quote.from_json(q) for q in result["quotes"]]

    async def quotes_overview(self, token: Optional[str] = None, universe: Optional[str] = None) -> Overview:
        result = await self._raw(types.QuotesOverviewParams(universe=universe, token=token))
        return Overview([Quote.from_json(q) for q in result.get("top", [])],
                        [Quote.from_json(q) for q in result.get("yours", [])],
                        Quote.from_json(result["random"]) if "random" in result else None)

    # Catalog and images (plain dicts, as the schemas describe them)
    async def catalog_refresh(self, progress_token: Optional[str] = None,
                              universe: Optional[str] = None,
                              on_progress: Optional[Callable[[JSONObject], Any]] = None) -> JSONObject:
        """Fetch a universe's catalog (Breaking Bad's unless universe is given) from its live source
        (--source [UNIVERSE=]URL); with a progress token, progress arrives as notifications/progress
        on `notifications`; with on_progress, each step goes to it instead (see `call`).
        When the result says changed (it replaced the catalog in use), a catalog.changed
        notification {universe, refreshedAt} follows the reply on `notifications`."""
        params = types.CatalogRefreshParams(universe=universe)
        result: JSONObject = await self.call(
            params.METHOD, _drop_none(dict(params.to_json(), progressToken=progress_token)), on_progress=on_progress)
        return result

    async def characters_export(self, id: int, format: str, universe: Optional[str] = None,
                                inline: Optional[bool] = None) -> JSONObject:
        """Write a character as a CSV file or a PDF card (format "csv" or "pdf") into the service's
        data directory: {path, mediaType, bytes, sha256, content (base64, with inline), warnings?}."""
        result: JSONObject = await self._raw(types.CharactersExportParams(
            id=id, format=format, universe=universe, inline=inline))
        return result

    async def _universes(self) -> list[JSONObject]:
        """Every universe served, with its source, last refresh (refreshedAt) and counts."""
        universes: list[JSONObject] = (await self.service_info())["universes"]
        return universes
    universes = deprecated_alias("service_info", "universes")(_universes)

    async def images_fetch(self, url: str, max_age: Optional[int] = None, inline: Optional[bool] = None) -> JSONObject:
        """The image at url from the service's on-disk cache: {path, mimeType, bytes, freshness, ...}.

        A cached copy younger than max_age seconds (default: the host's Cache-Control max-age,
        else a day) comes back as freshness "cached" without a request to the host; max_age=0
        always asks it. With inline=True the reply carries the bytes as content (plain base64)."""
        result: JSONObject = await self._raw(types.ImagesFetchParams(url=url, max_age=max_age, inline=inline))
        return result

    # Accounts
    async def auth_register(self, username: str, password: str,
                            password_confirmation: Optional[str] = None) -> types.AuthRegisterResult:
        """Creates an account and signs it in; password_confirmation is the password when left out.
        A refused form raises BBFanError with every failing field in `problems`."""
        return await self.send(types.AuthRegisterParams(
            username=username, password=password, password_confirmation=password_confirmation or password))

    async def auth_login(self, username: str, password: str) -> types.AuthLoginResult:
        return await self.send(types.AuthLoginParams(username=username, password=password))

    async def auth_logout(self, token: Optional[str] = None) -> types.AuthLogoutResult:
        return await self.send(types.AuthLogoutParams(token=token))

    async def auth_session(self, token: Optional[str] = None) -> types.AuthSessionResult:
        """Who is signed in: `user` is None when nobody is."""
        return await self.send(types.AuthSessionParams(token=token))

    async def auth_accounts(self) -> types.AuthAccountsResult:
        """The accounts signed in on the data directory, in sign-in order; one is current."""
        return await self.send(types.AuthAccountsParams())

    async def auth_check_password(self, password: str) -> types.AuthCheckPasswordResult:
        """The password rules the password breaks, as auth.register checks them; creates nothing."""
        return await self.send(types.AuthCheckPasswordParams(password=password))

    async def auth_delete_account(self, password: str,
                                  token: Optional[str] = None) -> types.AuthDeleteAccountResult:
        """Deletes the signed-in account (or the token's) for good: sessions, favourites, quizzes
        and reviews, profile and photo. A wrong password raises BBFanError (reason
        "wrong-password") and counts toward the sign-in throttle."""
        return await self.send(types.AuthDeleteAccountParams(password=password, token=token))

    async def auth_switch(self, username: str) -> types.AuthSwitchResult:
        """Makes another account signed in on the data directory current, without its password."""
        return await self.send(types.AuthSwitchParams(username=username))

    # Favourites
    async def favorites_toggle(self, quote_id: int, favorite: Optional[bool] = None,
                               universe: Optional[types.Universe] = None,
                               token: Optional[str] = None) -> types.FavoritesToggleResult:
        """Toggles the quote's favourite; with favorite=True or False, sets that state instead, so a
        retried call leaves it as asked and counts it once (breaking-bad's quote unless universe)."""
        return await self.send(types.FavoritesToggleParams(
            quote_id=quote_id, favorite=favorite, universe=universe, token=token))

    async def favorites_list(self, universe: Optional[types.Universe] = None, limit: Optional[int] = None,
                             cursor: Optional[str] = None,
                             token: Optional[str] = None) -> types.FavoritesListResult:
        """The user's favourite quotes, newest first: a page (quotes, total, next_cursor); all without limit."""
        return await self.send(types.FavoritesListParams(universe=universe, limit=limit, cursor=cursor, token=token))

    async def favorites_top(self, limit: Optional[int] = None, universe: Optional[types.Universe] = None,
                            token: Optional[str] = None) -> types.FavoritesTopResult:
        """The quotes most users have among their favourites (3 unless limit says otherwise)."""
        return await self.send(types.FavoritesTopParams(limit=limit, universe=universe, token=token))

    # Deprecated names of the calls above, kept for one release: each does what it did.
    async def _register(self, username: str, password: str, password_confirmation: Optional[str] = None) -> SignedIn:
        result = await self.call("auth.register", {"username": username, "password": password,
                                                   "passwordConfirmation": password_confirmation or password})
        return SignedIn(User(**result["user"]), result["token"])
    register = deprecated_alias("auth_register", "register")(_register)

    async def _login(self, username: str, password: str) -> SignedIn:
        result = await self.call("auth.login", {"username": username, "password": password})
        return SignedIn(User(**result["user"]), result["token"])
    login = deprecated_alias("auth_login", "login")(_login)

    async def _logout(self, token: Optional[str] = None) -> User:
        return User(**(await self.call("auth.logout", _drop_none({"token": token})))["user"])
    logout = deprecated_alias("auth_logout", "logout")(_logout)

    async def _session(self, token: Optional[str] = None) -> Optional[User]:
        user = (await self.call("auth.session", _drop_none({"token": token})))["user"]
        return User(**user) if user else None
    session = deprecated_alias("auth_session", "session")(_session)

    async def _accounts(self) -> list[Account]:
        """The accounts signed in on the data directory, in sign-in order; one is current."""
        return [Account.from_json(a) for a in (await self.call("auth.accounts"))["accounts"]]
    accounts = deprecated_alias("auth_accounts", "accounts")(_accounts)

    async def _check_password(self, password: str) -> PasswordCheck:
        """The password rules the password breaks, as auth.register checks them; creates nothing."""
        return PasswordCheck.from_json(await self.call("auth.checkPassword", {"password": password}))
    check_password = deprecated_alias("auth_check_password", "check_password")(_check_password)

    async def _delete_account(self, password: str, token: Optional[str] = None) -> bool:
        """Deletes the signed-in account (or the token's) for good: sessions, favourites, quizzes
        and reviews, profile and photo. A wrong password raises BBFanError (reason
        "wrong-password") and counts toward the sign-in throttle. Returns True."""
        result = await self.call("auth.deleteAccount", _drop_none({"password": password, "token": token}))
        return bool(result["deleted"])
    delete_account = deprecated_alias("auth_delete_account", "delete_account")(_delete_account)

    async def _switch_account(self, username: str) -> User:
        """Makes another account signed in on the data directory current, without its password."""
        return User(**(await self.call("auth.switch", {"username": username}))["user"])
    switch_account = deprecated_alias("auth_switch", "switch_account")(_switch_account)

    # Profile
    async def profile_get(self, token: Optional[str] = None) -> Profile:
        return Profile.from_json(await self._raw(types.ProfileGetParams(token=token)))

    async def profile_update(self, display_name: Any = KEEP, photo: Any = KEEP,
                             token: Optional[str] = None) -> Profile:
        """Changes the display name, the photo, or both: KEEP (the default) leaves a member as it is,
        None removes it; photo is the image's bytes, or the path of a PNG or JPEG file on the
        service's machine."""
        params: JSONObject = _drop_none({"token": token})
        if display_name is not KEEP:
            params["displayName"] = display_name
        if photo is not KEEP:
            params["photo"] = _photo(photo)
        return Profile.from_json(await self.call("profile.update", params))

    # Quizzes and study
    async def quizzes_create(self, title: str, facts: list[str], token: Optional[str] = None) -> Quiz:
        """Adds a quiz; invalid params raise -32602 with every problem in data["problems"], a title
        already in the collection -32016 "duplicate" with data["existingId"]."""
        return Quiz.from_json(await self._raw(types.QuizzesCreateParams(title=title, facts=facts, token=token)))

    async def quizzes_list(self, search: Optional[str] = None, limit: Optional[int] = None,
                           cursor: Optional[str] = None, token: Optional[str] = None) -> Page:
        """One page of the collection, newest first (records are Quiz); the whole of it without limit."""
        result = await self._raw(types.QuizzesListParams(search=search, limit=limit, cursor=cursor, token=token))
        return Page([Quiz.from_json(q) for q in result["quizzes"]], result["total"], result["nextCursor"])

    async def quizzes_get(self, id: int, token: Optional[str] = None) -> Quiz:
        return Quiz.from_json(await self._raw(types.QuizzesGetParams(id=id, token=token)))

    async def quizzes_delete(self, id: int, token: Optional[str] = None) -> Quiz:
        """Removes a quiz from the collection; returns the quiz that was removed."""
        return Quiz.from_json(await self._raw(types.QuizzesDeleteParams(id=id, token=token)))

    async def quizzes_online(self, search: Optional[str] = None, limit: Optional[int] = None,
                             cursor: Optional[str] = None, token: Optional[str] = None) -> Page:
        """One page of the online catalogue, sorted by title (records are OnlineQuiz)."""
        result = await self._raw(types.QuizzesOnlineParams(search=search, limit=limit, cursor=cursor, token=token))
        return Page([OnlineQuiz.from_json(q) for q in result["quizzes"]], result["total"], result["nextCursor"])

    async def quizzes_add(self, online_id: str, token: Optional[str] = None) -> Quiz:
        """Copies an online quiz into the collection."""
        return Quiz.from_json(await self._raw(types.QuizzesAddParams(online_id=online_id, token=token)))

    async def quizzes_due(self, limit: Optional[int] = None, token: Optional[str] = None) -> DueQuizzes:
        """The quizzes due for review now (20 unless limit says otherwise) and how many are due."""
        return DueQuizzes.from_json(await self._raw(types.QuizzesDueParams(limit=limit, token=token)))

    async def quizzes_review(self, id: int, grade: str, token: Optional[str] = None) -> QuizReview:
        """Records how well a quiz was recalled ("again", "hard", "good", "easy"); SM-2 schedules the next review."""
        return QuizReview.from_json(await self._raw(types.QuizzesReviewParams(id=id, grade=grade, token=token)))

    async def _toggle_favorite(self, quote_id: int, token: Optional[str] = None,
                               favorite: Optional[bool] = None, universe: Optional[str] = None) -> Toggle:
        """Toggles the quote's favourite; with favorite=True or False, sets that state instead, so a
        retried call leaves it as asked and counts it once. A favourite is a universe's quote
        (breaking-bad when universe is None)."""
        result = await self.call("favorites.toggle", _drop_none(
            {"quoteId": quote_id, "favorite": favorite, "universe": universe, "token": token}))
        return Toggle(result["quoteId"], result["isFavorite"], result["favoriteCount"])
    toggle_favorite = deprecated_alias("favorites_toggle", "toggle_favorite")(_toggle_favorite)

    async def _favorites(self, token: Optional[str] = None, universe: Optional[str] = None) -> list[Quote]:
        result = await self.call("favorites.list", _drop_none({"universe": universe, "token": token}))
        return [Quote.from_json(q) for q in result["quotes"]]
    favorites = deprecated_alias("favorites_list", "favorites")(_favorites)

    async def _top_favorites(self, limit: int = 3, token: Optional[str] = None,
                             universe: Optional[str] = None) -> list[Quote]:
        result = await self.call("favorites.top",
                                 _drop_none({"limit": limit, "universe": universe, "token": token}))
        return [Quote.from_json(q) for q in result["quotes"]]
    top_favorites = deprecated_alias("favorites_top", "top_favorites")(_top_favorites)


async def _example(binary: str) -> None:
    import tempfile
    with tempfile.TemporaryDirectory() as data:
        async with await BBFanClient.start(binary, "--data-dir", data, "--log-level", "off") as client:
            info = await client.service_info()
            print(f"{info['name']} {info['version']}: {info['catalog']['episodes']} episodes")
            for episode in await client.episodes_filter(season=2, series="breaking-bad", characters=["Hank Schrader"]):
                print(f"  S{episode.season:02}E{episode.episode:02} {episode.title} ({episode.air_date})")
            quote = await client.quotes_random(author="Jimmy McGill")
            print(f"  “{quote.text}” — {quote.author}")
            try:
                await client.episodes_get(999)
            except BBFanError as error:
                print(f"  {error.reason}: {error.message}")

