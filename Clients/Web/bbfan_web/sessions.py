"""The session tokens a browser holds, kept in one HttpOnly, SameSite=Strict cookie, and the
device cookies that prove it signed in to an account before.

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


DEVICES_COOKIE = "bbfan_devices"
"""The device cookies bbfan gave this browser, one per account it signed in to (OWASP's device
cookies): proof that it signed in before, so a stranger's wrong passwords for that account do
not make it wait. HttpOnly like the sessions; the bridge passes the account's cookie to
auth.login as `device`."""

_DEVICE = re.compile(r"^v1\.[0-9a-f]{32}\.[0-9a-f]{64}$")
_USERNAME_KEY = re.compile(r"^[a-z0-9._-]{1,32}$")


def parse_devices(value: Optional[str]) -> dict[str, str]:
    """The well-formed `username:cookie` pairs of a cookie value, newest first, at most
    MAX_ACCOUNTS."""
    devices: dict[str, str] = {}
    for part in (value or "").split(","):
        name, _, cookie = part.partition(":")
        if _USERNAME_KEY.match(name) and _DEVICE.match(cookie) and name not in devices:
            devices[name] = cookie
    return dict(list(devices.items())[:MAX_ACCOUNTS])


def set_devices_cookie(response, devices: dict[str, str], secure: bool) -> None:
    """Writes the device cookies (newest first) into the response."""
    value = ",".join(f"{name}:{cookie}" for name, cookie in list(devices.items())[:MAX_ACCOUNTS])
    if value:
        response.set_cookie(DEVICES_COOKIE, value, max_age=365 * 24 * 3600, path="/",
                            httponly=True, samesite="Strict", secure=secure)
