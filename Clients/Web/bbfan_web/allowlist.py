"""Which bbfan methods a browser may call through the bridge, and with which params.

A browser never names a file, a source or a session token: the bridge adds the token of the
browser's current account itself (from its cookie), serves files by opaque ids, and forwards only
the methods and params listed here. Everything else is refused with -32601 or -32602 before it
reaches bbfan.
"""

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import contract
from .brief import bare, quoted


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_int_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(item) for item in value)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_str(item) for item in value)


def _is_photo_bytes(value: Any) -> bool:
    # Only uploaded bytes: {"data": base64}. A {"path"} would open a file on the bridge's machine.
    return value is None or (isinstance(value, dict) and set(value) == {"data"}
                             and _is_str(value["data"]))


def _is_nullable_str(value: Any) -> bool:
    return value is None or _is_str(value)


Check = Callable[[Any], bool]

_BY_TYPE: dict[str, Check] = {
    "integer": _is_int, "string": _is_str, "boolean": _is_bool, "null": lambda value: value is None,
    "object": lambda value: isinstance(value, dict),
}


def _checker(kind: str) -> Check:
    """The check of a param of the contract's JSON types ("integer", "array<string>", "string|null")."""
    options: list[Check] = []
    for name in kind.split("|") if not kind.startswith("array<") else [kind]:
        if name.startswith("array<") and name.endswith(">"):
            item = _checker(name[len("array<"):-1])
            options.append(lambda value, item=item: isinstance(value, list)
                           and all(item(element) for element in value))
        else:
            options.append(_BY_TYPE[name])
    return lambda value: any(option(value) for option in options)


@dataclass(frozen=True)
class Entry:
    """One wire method in the bridge's table: may a browser call it, and the bridge's own rules."""

    # "forward": a browser may call it and the bridge forwards it to bbfan; "bridge": the bridge
    # answers it itself; "refused": not offered to browsers (-32601).
    access: str
    # "required": the bridge adds the browser's token and refuses the call when it has none.
    # "optional": the bridge adds the token when the browser has one; without one, it strips
    # what bbfan would answer for whoever signed in last on the machine (isFavorite).
    # "none": the method takes no token. A browser never sends a token itself.
    token: str = "none"
    # Params of the contract a browser may not send (besides token).
    withheld: frozenset[str] = frozenset()
    # The bridge's own checks: params it adds or narrows (they replace the contract's check).
    own: dict[str, Check] = field(default_factory=dict)
    # Long-running calls waiting on other hosts: a lane (and per-browser slots) of their own.
    slow: bool = False
    # Counted per browser and limited (the BrowserState attribute): "exports" or "refreshes".
    limit: Optional[str] = None
    # The bridge's own rules: "image-url" (only URLs the catalog gave), "photo-bytes" (uploaded
    # base64 only, never a path), "progress" (the bridge sends bbfan a progressToken of its own),
    # "hold-changes" (the browser's catalog.changed notifications wait for this call's reply).
    rules: frozenset[str] = frozenset()
    # How the result is shown to a browser: "service-info" (the machine's details go), "file" (a
    # path becomes /files/ID), "download" (a path becomes a browser's own /files/ID download),
    # "profile" (the photo's path becomes the browser's own /files/ID).
    present: Optional[str] = None


_UNIVERSE = frozenset({"universe"})  # an account's quotes and favorites are Breaking Bad's
_INLINE = frozenset({"inline"})  # files are served by the bridge at /files/ID
_NOT_OFFERED = Entry("refused")

TABLE: dict[str, Entry] = {
    "auth.accounts": Entry("bridge"),  # from the browser's own sessions, never bbfan's whole list
    "auth.checkPassword": Entry("forward"),
    "auth.deleteAccount": _NOT_OFFERED,
    "auth.login": _NOT_OFFERED,  # signing in goes through POST /auth/login (a cookie, not a token)
    "auth.logout": _NOT_OFFERED,  # POST /auth/logout
    "auth.register": _NOT_OFFERED,  # POST /auth/register
    "auth.session": Entry("bridge"),  # the browser's current account
    "auth.switch": _NOT_OFFERED,  # POST /auth/switch, among the browser's own accounts
    "catalog.refresh": Entry("forward", own={"progressToken": lambda value: _is_str(value)
                                             or _is_int(value)},
                             slow=True, limit="refreshes",
                             rules=frozenset({"progress", "hold-changes"})),
    "characters.export": Entry("forward", withheld=_INLINE, slow=True, limit="exports",
                               present="download"),
    "characters.filter": Entry("forward"),
    "characters.get": Entry("forward", token="optional"),
    "characters.list": Entry("forward"),
    # Names only, as the bridge has always taken them (bbfan also takes ids).
    "episodes.filter": Entry("forward", own={"characters": _is_str_list}),
    "episodes.get": Entry("forward"),
    "episodes.list": Entry("forward"),
    "favorites.list": Entry("forward", token="required", withheld=_UNIVERSE),
    "favorites.toggle": Entry("forward", token="required", withheld=_UNIVERSE),
    "favorites.top": Entry("forward", token="required", withheld=_UNIVERSE),
    "images.fetch": Entry("forward", withheld=_INLINE, slow=True, rules=frozenset({"image-url"}),
                          present="file"),
    "locations.get": Entry("forward"),
    "locations.list": Entry("forward"),
    "notifications.subscribe": _NOT_OFFERED,  # the bridge subscribes its bbfan itself
    "notifications.unsubscribe": _NOT_OFFERED,  # and fans the notifications out to pages
    "profile.get": Entry("forward", token="required", present="profile"),
    "profile.update": Entry("forward", token="required", own={"photo": _is_photo_bytes},
                            rules=frozenset({"photo-bytes"}), present="profile"),
    "quizzes.add": Entry("forward", token="required"),
    "quizzes.create": Entry("forward", token="required"),
    "quizzes.delete": Entry("forward", token="required"),
    "quizzes.due": Entry("forward", token="required"),
    "quizzes.get": Entry("forward", token="required"),
    "quizzes.list": Entry("forward", token="required"),
    "quizzes.online": Entry("forward", token="optional"),
    "quizzes.review": Entry("forward", token="required"),
    "quotes.byCharacter": Entry("forward", token="required", withheld=_UNIVERSE),
    "quotes.overview": Entry("forward", token="required", withheld=_UNIVERSE),
    "quotes.random": Entry("forward", token="required", withheld=_UNIVERSE),
    "rpc.discover": _NOT_OFFERED,  # the page is typed from the schemas instead
    "service.info": Entry("forward", present="service-info"),
}
"""Every wire method of bbfan, once: what a browser may do with it and the bridge's own rules.

The params a browser may give are the contract's (contract.PARAMS, generated from Schemas/),
without token and the entry's withheld ones, with the entry's own checks in place of the
contract's."""


@dataclass(frozen=True)
class Rule:
    """One method a browser may call: its params and their checks, and its token mode."""

    params: dict[str, Check] = field(default_factory=dict)
    token: str = "none"


def _rule(method: str, entry: Entry) -> Rule:
    params = {name: _checker(kind) for name, kind in contract.PARAMS[method].items()
              if name != "token" and name not in entry.withheld}
    return Rule({**params, **entry.own}, entry.token)


RULES: dict[str, Rule] = {method: _rule(method, entry) for method, entry in TABLE.items()
                          if entry.access == "forward"}
"""Every method the bridge forwards to bbfan for a browser, with the params it may give."""

BRIDGE_METHODS = frozenset(method for method, entry in TABLE.items() if entry.access == "bridge")
"""Answered by the bridge itself from the browser's own sessions (never bbfan's whole list)."""


def check(method: Any, params: Any) -> Optional[tuple[int, str, dict]]:
    """None when the call may go on; else the JSON-RPC error (code, message, data) to answer."""
    if not isinstance(method, str) or (method not in RULES and method not in BRIDGE_METHODS):
        shown = quoted(method) if isinstance(method, str) else bare(repr(method))
        return (-32601, f"Method not found: {shown} is not offered to browsers.",
                {"reason": "not-allowed", "method": bare(method) if isinstance(method, str)
                 else None})
    if params is None:
        return None
    if not isinstance(params, dict):
        return (-32602, "Invalid params: params must be an object.",
                {"reason": "not-allowed", "field": None})
    rule = RULES.get(method, Rule())
    for name, value in params.items():
        checker = rule.params.get(name)
        if checker is None:
            return (-32602, f"Invalid params: {bare(name)} is not a param browsers may give to "
                    f"{method}.", {"reason": "not-allowed", "field": bare(name)})
        if not checker(value):
            return (-32602, f"Invalid params: {name} has the wrong type for {method}.",
                    {"reason": "not-allowed", "field": name})
    return None
