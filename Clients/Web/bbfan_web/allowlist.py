"""Which bbfan methods a browser may call through the bridge, and with which params.

A browser never names a file, a source or a session token: the bridge adds the token of the
browser's current account itself (from its cookie), serves files by opaque ids, and forwards only
the methods and params listed here. Everything else is refused with -32601 or -32602 before it
reaches bbfan.
"""

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

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

PAGE = {"limit": _is_int, "cursor": _is_str}
UNIVERSE = {"universe": _is_str}


@dataclass(frozen=True)
class Rule:
    """One allowed method: its params and their checks, and whether it acts for the account."""

    params: dict[str, Check] = field(default_factory=dict)
    # "required": the bridge adds the browser's token and refuses the call when it has none.
    # "optional": the bridge adds the token when the browser has one; without one, it strips
    # what bbfan would answer for whoever signed in last on the machine (isFavorite).
    # "none": the method takes no token.
    token: str = "none"


RULES: dict[str, Rule] = {
    "service.info": Rule(),
    "episodes.list": Rule({"series": _is_str, **UNIVERSE, **PAGE}),
    "episodes.filter": Rule({"series": _is_str, "season": _is_int, "airedFrom": _is_str,
                             "airedTo": _is_str, "characters": _is_str_list, "code": _is_str,
                             "name": _is_str, **UNIVERSE, **PAGE}),
    "episodes.get": Rule({"id": _is_int, **UNIVERSE}),
    "characters.list": Rule({"series": _is_str, "groupBy": _is_str, **UNIVERSE, **PAGE}),
    "characters.filter": Rule({"status": _is_str, "seasons": _is_int_list, "name": _is_str,
                               "series": _is_str, "species": _is_str, "type": _is_str,
                               "gender": _is_str, **UNIVERSE, **PAGE}),
    "characters.get": Rule({"id": _is_int, **UNIVERSE}, token="optional"),
    "characters.export": Rule({"id": _is_int, "format": _is_str, **UNIVERSE}),
    "locations.list": Rule({**UNIVERSE, **PAGE}),
    "locations.get": Rule({"id": _is_int, **UNIVERSE}),
    # url is checked against the image URLs the catalog gave (see Bridge).
    "images.fetch": Rule({"url": _is_str, "maxAge": _is_int}),
    # No source: the bridge's bbfan refreshes from the --source it was started with. The
    # progressToken is the page's own; the bridge sends bbfan one of its own and maps it back.
    "catalog.refresh": Rule({**UNIVERSE, "progressToken": lambda value: _is_str(value) or _is_int(value)}),
    "quotes.random": Rule({"author": _is_str, "series": _is_str}, token="required"),
    "quotes.byCharacter": Rule({"id": _is_int}, token="required"),
    "quotes.overview": Rule({}, token="required"),
    "favorites.toggle": Rule({"quoteId": _is_int, "favorite": _is_bool}, token="required"),
    "favorites.list": Rule({**PAGE}, token="required"),
    "favorites.top": Rule({"limit": _is_int}, token="required"),
    "auth.checkPassword": Rule({"password": _is_str}),
    "profile.get": Rule({}, token="required"),
    "profile.update": Rule({"displayName": _is_nullable_str, "photo": _is_photo_bytes},
                           token="required"),
    "quizzes.create": Rule({"title": _is_str, "facts": _is_str_list}, token="required"),
    "quizzes.list": Rule({"search": _is_str, **PAGE}, token="required"),
    "quizzes.get": Rule({"id": _is_int}, token="required"),
    "quizzes.delete": Rule({"id": _is_int}, token="required"),
    "quizzes.online": Rule({"search": _is_str, **PAGE}, token="optional"),
    "quizzes.add": Rule({"onlineId": _is_str}, token="required"),
    "quizzes.due": Rule({"limit": _is_int}, token="required"),
    "quizzes.review": Rule({"id": _is_int, "grade": _is_str}, token="required"),
}
"""Every method a browser may call over the WebSocket, with the params it may give."""

BRIDGE_METHODS = frozenset({"auth.session", "auth.accounts"})
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
