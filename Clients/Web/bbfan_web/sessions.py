"""The session tokens a browser holds, kept in one HttpOnly, SameSite=Strict cookie.

The cookie's value is the browser's tokens joined by "." with the current account's first. Only
the bridge reads or writes it (JavaScript cannot), and a browser only ever acts with the tokens
its own cookie holds: it never sees, lists or switches into another browser's accounts.
"""

import re
from typing import Optional

COOKIE = "bbfan_sessions"
MAX_ACCOUNTS = 8
MAX_AGE = 30 * 24 * 3600
_TOKEN = re.compile(r"^[0-9a-f]{64}$")


def parse(value: Optional[str]) -> list[str]:
    """The well-formed tokens in a cookie value, current first, each once, at most MAX_ACCOUNTS."""
    tokens: list[str] = []
    for part in (value or "").split("."):
        if _TOKEN.match(part) and part not in tokens:
            tokens.append(part)
    return tokens[:MAX_ACCOUNTS]


def serialize(tokens: list[str]) -> str:
    """The cookie value for a list of tokens (current first)."""
    return ".".join(tokens[:MAX_ACCOUNTS])


def set_cookie(response, tokens: list[str], secure: bool) -> None:
    """Writes the tokens into the response's cookie, or deletes the cookie when none is left."""
    if tokens:
        response.set_cookie(COOKIE, serialize(tokens), max_age=MAX_AGE, path="/", httponly=True,
                            samesite="Strict", secure=secure)
    else:
        response.del_cookie(COOKIE, path="/")
