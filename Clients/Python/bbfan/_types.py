"""The params and result of every bbfan method, GENERATED from Schemas/*.json: do not edit.

Regenerate with `python3 tools/generate.py` (in Clients/Python); `test_generated.py` fails when
this file differs from what the generator writes. Each method `a.bC` has `ABCParams` (with
`to_json()`, and `METHOD` for `BBFanClient.send`) and `ABCResult` (`from_json(value)` decodes a
reply). What Schemas/defs.json defines once (a quote, a quiz, a user) is one class named after its
definition (`Quote`), shared by every method; the per-method names it had before 0.4
(`FavoritesListResultQuotesItem`) stay one release as deprecated aliases (reading one warns
DeprecationWarning). Enumerations are open: an alias such as `Universe` lists the known values as a `Literal`,
and any other string (a value a newer bbfan adds) decodes as it is. Members a newer bbfan adds to
an object are kept in its `extra`, as they came.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, Optional, Union

from ._decoding import DecodeError as DecodeError
from ._decoding import Request as Request
from ._decoding import (
    _any,
    _bool,
    _dict,
    _encode,
    _extra,
    _float,
    _int,
    _list_of,
    _member,
    _null,
    _object,
    _one_of,
    _optional,
    _str,
)


MediaType = Union[Literal["image/png", "image/jpeg"], str]
"""Open: mediaType's known values, or any other string a newer bbfan sends."""

CharactersExportResultMediaType = Union[Literal["text/csv", "application/pdf"], str]
"""Open: mediaType's known values, or any other string a newer bbfan sends."""

Rule = Union[Literal["min-length", "max-length", "uppercase", "lowercase", "letter", "digit", "special"], str]
"""Open: rule's known values, or any other string a newer bbfan sends."""

Universe = Union[Literal["breaking-bad", "rick-and-morty"], str]
"""Open: universe's known values, or any other string a newer bbfan sends."""

Name = Union[Literal["characters", "episodes", "quotes", "locations"], str]
"""Open: name's known values, or any other string a newer bbfan sends."""

ServiceInfoResultName = Union[Literal["bbfan"], str]
"""Open: name's known values, or any other string a newer bbfan sends."""

CatalogRefreshResultResourcesItemStatus = Union[Literal["fetched", "not-modified"], str]
"""Open: status's known values, or any other string a newer bbfan sends."""

Status = Union[Literal["alive", "deceased", "presumed-dead", "unknown"], str]
"""Open: status's known values, or any other string a newer bbfan sends."""

Format = Union[Literal["csv", "pdf"], str]
"""Open: format's known values, or any other string a newer bbfan sends."""

Series = Union[Literal["breaking-bad", "better-call-saul", "rick-and-morty"], str]
"""Open: series's known values, or any other string a newer bbfan sends."""

GroupBy = Union[Literal["initial"], str]
"""Open: groupBy's known values, or any other string a newer bbfan sends."""

Freshness = Union[Literal["downloaded", "revalidated", "cached", "stale"], str]
"""Open: freshness's known values, or any other string a newer bbfan sends."""

Topic = Union[Literal["favorites", "catalog"], str]
"""Open: topic's known values, or any other string a newer bbfan sends."""

Topics = Union[Literal["favorites", "catalog"], str]
"""Open: topics's known values, or any other string a newer bbfan sends."""

Grade = Union[Literal["again", "hard", "good", "easy"], str]
"""Open: grade's known values, or any other string a newer bbfan sends."""

Jsonrpc = Union[Literal["2.0"], str]
"""Open: jsonrpc's known values, or any other string a newer bbfan sends."""

Framings = Union[Literal["newline-delimited", "content-length"], str]
"""Open: framings's known values, or any other string a newer bbfan sends."""

Kind = Union[Literal["sqlite", "postgres"], str]
"""Open: kind's known values, or any other string a newer bbfan sends."""

@dataclass(frozen=True)
class Photo:
    """Photo."""

    # The photo's file, an absolute path in DATA_DIR/photos/ (0600); it is replaced when the photo
    # changes, and no copy of an old photo is left.
    path: str
    media_type: MediaType
    bytes: int
    sha256: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("path", "mediaType", "bytes", "sha256"))

    @classmethod
    def from_json(cls, value: Any) -> Photo:
        members = _object(value, ("path", "mediaType", "bytes", "sha256"), "Photo")
        return cls(
            path=_str(members["path"]),
            media_type=_str(members["mediaType"]),
            bytes=_int(members["bytes"]),
            sha256=_str(members["sha256"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["path"] = _encode(self.path)
        members["mediaType"] = _encode(self.media_type)
        members["bytes"] = _encode(self.bytes)
        members["sha256"] = _encode(self.sha256)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthAccountsResultAccountsItem:
    """AuthAccountsResultAccountsItem."""

    username: str
    # Whether requests without a token act for it.
    current: bool
    # When it signed in here (UTC).
    signed_in_at: str
    # The account's display name, or null (as profile.get answers it).
    display_name: Optional[str]
    photo: Optional[Photo]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("username", "current", "signedInAt", "displayName", "photo"))

    @classmethod
    def from_json(cls, value: Any) -> AuthAccountsResultAccountsItem:
        members = _object(value, ("username", "current", "signedInAt", "displayName", "photo"), "AuthAccountsResultAccountsItem")
        return cls(
            username=_str(members["username"]),
            current=_bool(members["current"]),
            signed_in_at=_str(members["signedInAt"]),
            display_name=_optional(_str)(members["displayName"]),
            photo=_optional(Photo.from_json)(members["photo"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["username"] = _encode(self.username)
        members["current"] = _encode(self.current)
        members["signedInAt"] = _encode(self.signed_in_at)
        members["displayName"] = _encode(self.display_name)
        members["photo"] = _encode(self.photo)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthAccountsResult:
    """auth.accounts's result: The accounts signed in on this data directory, in the order
    they signed in, which one is current, and each one's display name and photo.
    """

    accounts: list[AuthAccountsResultAccountsItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("accounts",))

    @classmethod
    def from_json(cls, value: Any) -> AuthAccountsResult:
        members = _object(value, ("accounts",), "AuthAccountsResult")
        return cls(
            accounts=_list_of(AuthAccountsResultAccountsItem.from_json)(members["accounts"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["accounts"] = _encode(self.accounts)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthAccountsParams:
    """auth.accounts's params: The accounts signed in on this data directory, in the order
    they signed in, which one is current, and each one's display name and photo.
    """

    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.accounts"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(())

    @classmethod
    def from_json(cls, value: Any) -> AuthAccountsParams:
        members = _object(value, (), "AuthAccountsParams")
        return cls(
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthAccountsResult:
        """Decodes auth.accounts's result."""
        result: AuthAccountsResult = AuthAccountsResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthCheckPasswordResultProblemsItem:
    """AuthCheckPasswordResultProblemsItem."""

    rule: Rule
    # What the password needs, as a person reads it.
    problem: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("rule", "problem"))

    @classmethod
    def from_json(cls, value: Any) -> AuthCheckPasswordResultProblemsItem:
        members = _object(value, ("rule", "problem"), "AuthCheckPasswordResultProblemsItem")
        return cls(
            rule=_str(members["rule"]),
            problem=_str(members["problem"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["rule"] = _encode(self.rule)
        members["problem"] = _encode(self.problem)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthCheckPasswordResultRulesItem:
    """AuthCheckPasswordResultRulesItem."""

    rule: Rule
    # What the rule asks for, as a person reads it.
    problem: str
    met: bool
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("rule", "problem", "met"))

    @classmethod
    def from_json(cls, value: Any) -> AuthCheckPasswordResultRulesItem:
        members = _object(value, ("rule", "problem", "met"), "AuthCheckPasswordResultRulesItem")
        return cls(
            rule=_str(members["rule"]),
            problem=_str(members["problem"]),
            met=_bool(members["met"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["rule"] = _encode(self.rule)
        members["problem"] = _encode(self.problem)
        members["met"] = _encode(self.met)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthCheckPasswordResult:
    """auth.checkPassword's result: Checks a password against the password rules, for a form
    that checks as the user types; creates nothing.
    """

    # True when the password breaks no rule.
    ok: bool
    problems: list[AuthCheckPasswordResultProblemsItem]
    # Every rule, in the same order, with met: a form shows them all as the user types.
    rules: list[AuthCheckPasswordResultRulesItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("ok", "problems", "rules"))

    @classmethod
    def from_json(cls, value: Any) -> AuthCheckPasswordResult:
        members = _object(value, ("ok", "problems", "rules"), "AuthCheckPasswordResult")
        return cls(
            ok=_bool(members["ok"]),
            problems=_list_of(AuthCheckPasswordResultProblemsItem.from_json)(members["problems"]),
            rules=_list_of(AuthCheckPasswordResultRulesItem.from_json)(members["rules"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["ok"] = _encode(self.ok)
        members["problems"] = _encode(self.problems)
        members["rules"] = _encode(self.rules)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthCheckPasswordParams:
    """auth.checkPassword's params: Checks a password against the password rules, for a form
    that checks as the user types; creates nothing.
    """

    # The password to check; never trimmed or truncated.
    password: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.checkPassword"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("password",))

    @classmethod
    def from_json(cls, value: Any) -> AuthCheckPasswordParams:
        members = _object(value, ("password",), "AuthCheckPasswordParams")
        return cls(
            password=_str(members["password"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["password"] = _encode(self.password)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthCheckPasswordResult:
        """Decodes auth.checkPassword's result."""
        result: AuthCheckPasswordResult = AuthCheckPasswordResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthDeleteAccountResult:
    """auth.deleteAccount's result: Deletes the signed-in account (or the token's) for good,
    with its password.
    """

    deleted: bool
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("deleted",))

    @classmethod
    def from_json(cls, value: Any) -> AuthDeleteAccountResult:
        members = _object(value, ("deleted",), "AuthDeleteAccountResult")
        return cls(
            deleted=_bool(members["deleted"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["deleted"] = _encode(self.deleted)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthDeleteAccountParams:
    """auth.deleteAccount's params: Deletes the signed-in account (or the token's) for good,
    with its password.
    """

    # The account's password.
    password: str
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.deleteAccount"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("password", "token"))

    @classmethod
    def from_json(cls, value: Any) -> AuthDeleteAccountParams:
        members = _object(value, ("password",), "AuthDeleteAccountParams")
        return cls(
            password=_str(members["password"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["password"] = _encode(self.password)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthDeleteAccountResult:
        """Decodes auth.deleteAccount's result."""
        result: AuthDeleteAccountResult = AuthDeleteAccountResult.from_json(value)
        return result

@dataclass(frozen=True)
class User:
    """User: defined once in Schemas/defs.json."""

    id: int
    username: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "username"))

    @classmethod
    def from_json(cls, value: Any) -> User:
        members = _object(value, ("id", "username"), "User")
        return cls(
            id=_int(members["id"]),
            username=_str(members["username"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["username"] = _encode(self.username)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthLoginResult:
    """auth.login's result: Signs a user in; the data directory remembers the session until
    auth.logout.
    """

    user: User
    # Pass it as token to act for this user, from any process on the same data directory.
    token: str
    # Present when the params had device: a new device cookie of this user; keep it (a browser
    # bridge in an HttpOnly cookie) and pass it as device at the next auth.login of this user.
    device: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user", "token", "device"))

    @classmethod
    def from_json(cls, value: Any) -> AuthLoginResult:
        members = _object(value, ("user", "token"), "AuthLoginResult")
        return cls(
            user=User.from_json(members["user"]),
            token=_str(members["token"]),
            device=_member(members, "device", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members["token"] = _encode(self.token)
        if self.device is not None:
            members["device"] = _encode(self.device)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthLoginParams:
    """auth.login's params: Signs a user in; the data directory remembers the session until
    auth.logout.
    """

    username: str
    password: str
    # The device cookie an earlier auth.login of this user returned to this caller, or "" when it
    # has none yet; either way the result then carries a device cookie.
    device: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.login"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("username", "password", "device"))

    @classmethod
    def from_json(cls, value: Any) -> AuthLoginParams:
        members = _object(value, ("username", "password"), "AuthLoginParams")
        return cls(
            username=_str(members["username"]),
            password=_str(members["password"]),
            device=_member(members, "device", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["username"] = _encode(self.username)
        members["password"] = _encode(self.password)
        if self.device is not None:
            members["device"] = _encode(self.device)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthLoginResult:
        """Decodes auth.login's result."""
        result: AuthLoginResult = AuthLoginResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthLogoutResult:
    """auth.logout's result: Ends the current session (or the token's); the data directory
    forgets it.
    """

    user: User
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user",))

    @classmethod
    def from_json(cls, value: Any) -> AuthLogoutResult:
        members = _object(value, ("user",), "AuthLogoutResult")
        return cls(
            user=User.from_json(members["user"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthLogoutParams:
    """auth.logout's params: Ends the current session (or the token's); the data directory
    forgets it.
    """

    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.logout"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("token",))

    @classmethod
    def from_json(cls, value: Any) -> AuthLogoutParams:
        members = _object(value, (), "AuthLogoutParams")
        return cls(
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthLogoutResult:
        """Decodes auth.logout's result."""
        result: AuthLogoutResult = AuthLogoutResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthRegisterResult:
    """auth.register's result: Creates an account and signs it in; the data directory
    remembers it until auth.logout.
    """

    user: User
    # Pass it as token to act for this user, from any process on the same data directory.
    token: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user", "token"))

    @classmethod
    def from_json(cls, value: Any) -> AuthRegisterResult:
        members = _object(value, ("user", "token"), "AuthRegisterResult")
        return cls(
            user=User.from_json(members["user"]),
            token=_str(members["token"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthRegisterParams:
    """auth.register's params: Creates an account and signs it in; the data directory
    remembers it until auth.logout.
    """

    # Trimmed; letters A-Z a-z, digits, '.', '_', '-'; unique regardless of case.
    username: str
    # At least 8 characters, upper and lower case, letters and digits, and a character that is
    # neither (see README).
    password: str
    # The password again, the same.
    password_confirmation: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.register"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("username", "password", "passwordConfirmation"))

    @classmethod
    def from_json(cls, value: Any) -> AuthRegisterParams:
        members = _object(value, ("username", "password", "passwordConfirmation"), "AuthRegisterParams")
        return cls(
            username=_str(members["username"]),
            password=_str(members["password"]),
            password_confirmation=_str(members["passwordConfirmation"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["username"] = _encode(self.username)
        members["password"] = _encode(self.password)
        members["passwordConfirmation"] = _encode(self.password_confirmation)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthRegisterResult:
        """Decodes auth.register's result."""
        result: AuthRegisterResult = AuthRegisterResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthSessionResult:
    """auth.session's result: Who is signed in: the user who signed in last on this service
    or, after a restart, the remembered one; null when nobody is.
    """

    user: Optional[User]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user",))

    @classmethod
    def from_json(cls, value: Any) -> AuthSessionResult:
        members = _object(value, ("user",), "AuthSessionResult")
        return cls(
            user=_optional(User.from_json)(members["user"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthSessionParams:
    """auth.session's params: Who is signed in: the user who signed in last on this service
    or, after a restart, the remembered one; null when nobody is.
    """

    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.session"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("token",))

    @classmethod
    def from_json(cls, value: Any) -> AuthSessionParams:
        members = _object(value, (), "AuthSessionParams")
        return cls(
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthSessionResult:
        """Decodes auth.session's result."""
        result: AuthSessionResult = AuthSessionResult.from_json(value)
        return result

@dataclass(frozen=True)
class AuthSwitchResult:
    """auth.switch's result: Make another account signed in on this data directory the
    current one, without its password.
    """

    user: User
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user",))

    @classmethod
    def from_json(cls, value: Any) -> AuthSwitchResult:
        members = _object(value, ("user",), "AuthSwitchResult")
        return cls(
            user=User.from_json(members["user"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class AuthSwitchParams:
    """auth.switch's params: Make another account signed in on this data directory the
    current one, without its password.
    """

    # An account signed in here.
    username: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "auth.switch"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("username",))

    @classmethod
    def from_json(cls, value: Any) -> AuthSwitchParams:
        members = _object(value, ("username",), "AuthSwitchParams")
        return cls(
            username=_str(members["username"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["username"] = _encode(self.username)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> AuthSwitchResult:
        """Decodes auth.switch's result."""
        result: AuthSwitchResult = AuthSwitchResult.from_json(value)
        return result

@dataclass(frozen=True)
class CatalogRefreshResultCounts:
    """The catalog now served: a count for each list the universe has (quotes for
    breaking-bad, locations for rick-and-morty).
    """

    episodes: int
    characters: int
    quotes: Optional[int] = None
    locations: Optional[int] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("episodes", "characters", "quotes", "locations"))

    @classmethod
    def from_json(cls, value: Any) -> CatalogRefreshResultCounts:
        members = _object(value, ("episodes", "characters"), "CatalogRefreshResultCounts")
        return cls(
            episodes=_int(members["episodes"]),
            characters=_int(members["characters"]),
            quotes=_member(members, "quotes", _int),
            locations=_member(members, "locations", _int),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["episodes"] = _encode(self.episodes)
        members["characters"] = _encode(self.characters)
        if self.quotes is not None:
            members["quotes"] = _encode(self.quotes)
        if self.locations is not None:
            members["locations"] = _encode(self.locations)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CatalogRefreshResultResourcesItem:
    """CatalogRefreshResultResourcesItem."""

    name: Name
    url: str
    # not-modified: the server answered 304 and the saved copy is current.
    status: CatalogRefreshResultResourcesItemStatus
    # The size of the body now in use.
    bytes: int
    # Which page of the list, for an API that pages its lists; absent for a whole list.
    page: Optional[int] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("name", "url", "page", "status", "bytes"))

    @classmethod
    def from_json(cls, value: Any) -> CatalogRefreshResultResourcesItem:
        members = _object(value, ("name", "url", "status", "bytes"), "CatalogRefreshResultResourcesItem")
        return cls(
            name=_str(members["name"]),
            url=_str(members["url"]),
            status=_str(members["status"]),
            bytes=_int(members["bytes"]),
            page=_member(members, "page", _int),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["name"] = _encode(self.name)
        members["url"] = _encode(self.url)
        if self.page is not None:
            members["page"] = _encode(self.page)
        members["status"] = _encode(self.status)
        members["bytes"] = _encode(self.bytes)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CatalogRefreshResult:
    """catalog.refresh's result: Fetch a universe's catalog from its live source (--source
    [UNIVERSE=]URL), validate it, save it and serve it.
    """

    # The live source's base URL.
    source: str
    # ISO 8601 date and time, UTC.
    refreshed_at: str
    # Whether the refresh replaced the catalog a request would have used: false when every body
    # was one the catalog in use was made from, which stays (with its page cursors); true when it
    # replaced it, followed by the notification catalog.changed after this reply.
    changed: bool
    # The catalog now served: a count for each list the universe has (quotes for breaking-bad,
    # locations for rick-and-morty).
    counts: CatalogRefreshResultCounts
    # Each body in the order fetched: a whole list, or one page of it.
    resources: list[CatalogRefreshResultResourcesItem]
    # Records the mapping adjusted or left out (as for the embedded data); empty for the original
    # API's data.
    problems: list[str]
    # The universe refreshed; present when the params name one.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe", "source", "refreshedAt", "changed", "counts", "resources", "problems"))

    @classmethod
    def from_json(cls, value: Any) -> CatalogRefreshResult:
        members = _object(value, ("source", "refreshedAt", "changed", "counts", "resources", "problems"), "CatalogRefreshResult")
        return cls(
            source=_str(members["source"]),
            refreshed_at=_str(members["refreshedAt"]),
            changed=_bool(members["changed"]),
            counts=CatalogRefreshResultCounts.from_json(members["counts"]),
            resources=_list_of(CatalogRefreshResultResourcesItem.from_json)(members["resources"]),
            problems=_list_of(_str)(members["problems"]),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members["source"] = _encode(self.source)
        members["refreshedAt"] = _encode(self.refreshed_at)
        members["changed"] = _encode(self.changed)
        members["counts"] = _encode(self.counts)
        members["resources"] = _encode(self.resources)
        members["problems"] = _encode(self.problems)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CatalogRefreshParams:
    """catalog.refresh's params: Fetch a universe's catalog from its live source (--source
    [UNIVERSE=]URL), validate it, save it and serve it.
    """

    # The universe to refresh; breaking-bad when absent.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "catalog.refresh"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe",))

    @classmethod
    def from_json(cls, value: Any) -> CatalogRefreshParams:
        members = _object(value, (), "CatalogRefreshParams")
        return cls(
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> CatalogRefreshResult:
        """Decodes catalog.refresh's result."""
        result: CatalogRefreshResult = CatalogRefreshResult.from_json(value)
        return result

@dataclass(frozen=True)
class CharactersExportResult:
    """characters.export's result: Write a character as a CSV file or a PDF collectible card
    into DATA_DIR/exports/.
    """

    # The file's absolute path, in DATA_DIR/exports/.
    path: str
    media_type: CharactersExportResultMediaType
    # The file's size in bytes.
    bytes: int
    # The SHA-256 of the file.
    sha256: str
    # The file in plain base64 (RFC 4648, with padding), when inline was true.
    content: Optional[str] = None
    # What could not be done as asked: why the card has a placeholder instead of the image, or a
    # character drawn as ?; absent when nothing.
    warnings: Optional[list[str]] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("path", "mediaType", "bytes", "sha256", "content", "warnings"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersExportResult:
        members = _object(value, ("path", "mediaType", "bytes", "sha256"), "CharactersExportResult")
        return cls(
            path=_str(members["path"]),
            media_type=_str(members["mediaType"]),
            bytes=_int(members["bytes"]),
            sha256=_str(members["sha256"]),
            content=_member(members, "content", _str),
            warnings=_member(members, "warnings", _list_of(_str)),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["path"] = _encode(self.path)
        members["mediaType"] = _encode(self.media_type)
        members["bytes"] = _encode(self.bytes)
        members["sha256"] = _encode(self.sha256)
        if self.content is not None:
            members["content"] = _encode(self.content)
        if self.warnings is not None:
            members["warnings"] = _encode(self.warnings)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersExportParams:
    """characters.export's params: Write a character as a CSV file or a PDF collectible card
    into DATA_DIR/exports/.
    """

    # The character's id in its universe.
    id: int
    # csv: one header row and one row; pdf: a one-page card.
    format: Format
    # The universe whose ids id is among; breaking-bad when left out.
    universe: Optional[Universe] = None
    # Whether the reply carries the file itself, in base64, as content (default false).
    inline: Optional[bool] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "characters.export"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "format", "universe", "inline"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersExportParams:
        members = _object(value, ("id", "format"), "CharactersExportParams")
        return cls(
            id=_int(members["id"]),
            format=_str(members["format"]),
            universe=_member(members, "universe", _str),
            inline=_member(members, "inline", _bool),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["format"] = _encode(self.format)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.inline is not None:
            members["inline"] = _encode(self.inline)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> CharactersExportResult:
        """Decodes characters.export's result."""
        result: CharactersExportResult = CharactersExportResult.from_json(value)
        return result

@dataclass(frozen=True)
class Appearances:
    """Appearances: defined once in Schemas/defs.json."""

    breaking_bad: list[int]
    better_call_saul: list[int]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("breaking-bad", "better-call-saul"))

    @classmethod
    def from_json(cls, value: Any) -> Appearances:
        members = _object(value, ("breaking-bad", "better-call-saul"), "Appearances")
        return cls(
            breaking_bad=_list_of(_int)(members["breaking-bad"]),
            better_call_saul=_list_of(_int)(members["better-call-saul"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["breaking-bad"] = _encode(self.breaking_bad)
        members["better-call-saul"] = _encode(self.better_call_saul)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class BreakingBadCharacter:
    """BreakingBadCharacter: defined once in Schemas/defs.json."""

    id: int
    universe: Universe
    name: str
    nickname: str
    # Null where the source does not know it.
    birthday: Optional[str]
    occupations: list[str]
    status: Status
    # As the source gives it; many links are dead.
    image_url: str
    portrayed_by: str
    series: list[Series]
    appearances: Appearances
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"universe": "breaking-bad"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "nickname", "birthday", "occupations", "status", "imageURL", "portrayedBy", "series", "appearances"))

    @classmethod
    def from_json(cls, value: Any) -> BreakingBadCharacter:
        members = _object(value, ("id", "universe", "name", "nickname", "birthday", "occupations", "status", "imageURL", "portrayedBy", "series", "appearances"), "BreakingBadCharacter")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            nickname=_str(members["nickname"]),
            birthday=_optional(_str)(members["birthday"]),
            occupations=_list_of(_str)(members["occupations"]),
            status=_str(members["status"]),
            image_url=_str(members["imageURL"]),
            portrayed_by=_str(members["portrayedBy"]),
            series=_list_of(_str)(members["series"]),
            appearances=Appearances.from_json(members["appearances"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["nickname"] = _encode(self.nickname)
        members["birthday"] = _encode(self.birthday)
        members["occupations"] = _encode(self.occupations)
        members["status"] = _encode(self.status)
        members["imageURL"] = _encode(self.image_url)
        members["portrayedBy"] = _encode(self.portrayed_by)
        members["series"] = _encode(self.series)
        members["appearances"] = _encode(self.appearances)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class LocationRef:
    """LocationRef: defined once in Schemas/defs.json."""

    # The location record; null for unknown.
    location_id: Optional[int]
    name: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("locationId", "name"))

    @classmethod
    def from_json(cls, value: Any) -> LocationRef:
        members = _object(value, ("locationId", "name"), "LocationRef")
        return cls(
            location_id=_optional(_int)(members["locationId"]),
            name=_str(members["name"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["locationId"] = _encode(self.location_id)
        members["name"] = _encode(self.name)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class RickAndMortyCharacter:
    """RickAndMortyCharacter: defined once in Schemas/defs.json."""

    id: int
    universe: Universe
    name: str
    status: Status
    species: str
    # Null where the source leaves it empty.
    type: Optional[str]
    # As the source writes it: Female, Male, Genderless or unknown.
    gender: str
    origin: LocationRef
    location: LocationRef
    image_url: str
    episode_count: int
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"universe": "rick-and-morty"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "status", "species", "type", "gender", "origin", "location", "imageURL", "episodeCount"))

    @classmethod
    def from_json(cls, value: Any) -> RickAndMortyCharacter:
        members = _object(value, ("id", "universe", "name", "status", "species", "type", "gender", "origin", "location", "imageURL", "episodeCount"), "RickAndMortyCharacter")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            status=_str(members["status"]),
            species=_str(members["species"]),
            type=_optional(_str)(members["type"]),
            gender=_str(members["gender"]),
            origin=LocationRef.from_json(members["origin"]),
            location=LocationRef.from_json(members["location"]),
            image_url=_str(members["imageURL"]),
            episode_count=_int(members["episodeCount"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["status"] = _encode(self.status)
        members["species"] = _encode(self.species)
        members["type"] = _encode(self.type)
        members["gender"] = _encode(self.gender)
        members["origin"] = _encode(self.origin)
        members["location"] = _encode(self.location)
        members["imageURL"] = _encode(self.image_url)
        members["episodeCount"] = _encode(self.episode_count)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersFilterResult:
    """characters.filter's result: The characters that match every given field."""

    characters: list[Union[BreakingBadCharacter, RickAndMortyCharacter]]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("characters", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersFilterResult:
        members = _object(value, ("characters", "total", "nextCursor"), "CharactersFilterResult")
        return cls(
            characters=_list_of(_one_of(BreakingBadCharacter.from_json, RickAndMortyCharacter.from_json))(members["characters"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["characters"] = _encode(self.characters)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersFilterParams:
    """characters.filter's params: The characters that match every given field."""

    status: Optional[Status] = None
    seasons: Optional[list[int]] = None
    # Part of the name or nickname.
    name: Optional[str] = None
    # Only characters of this series; also the series that seasons refers to.
    series: Optional[Series] = None
    # Part of the species, ignoring case and diacritics (Rick and Morty).
    species: Optional[str] = None
    # Part of the type, ignoring case and diacritics (Rick and Morty).
    type: Optional[str] = None
    # The gender, ignoring case: male does not match Female (Rick and Morty).
    gender: Optional[str] = None
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "characters.filter"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("status", "seasons", "name", "series", "species", "type", "gender", "universe", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersFilterParams:
        members = _object(value, (), "CharactersFilterParams")
        return cls(
            status=_member(members, "status", _str),
            seasons=_member(members, "seasons", _list_of(_int)),
            name=_member(members, "name", _str),
            series=_member(members, "series", _str),
            species=_member(members, "species", _str),
            type=_member(members, "type", _str),
            gender=_member(members, "gender", _str),
            universe=_member(members, "universe", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.status is not None:
            members["status"] = _encode(self.status)
        if self.seasons is not None:
            members["seasons"] = _encode(self.seasons)
        if self.name is not None:
            members["name"] = _encode(self.name)
        if self.series is not None:
            members["series"] = _encode(self.series)
        if self.species is not None:
            members["species"] = _encode(self.species)
        if self.type is not None:
            members["type"] = _encode(self.type)
        if self.gender is not None:
            members["gender"] = _encode(self.gender)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> CharactersFilterResult:
        """Decodes characters.filter's result."""
        result: CharactersFilterResult = CharactersFilterResult.from_json(value)
        return result

@dataclass(frozen=True)
class Quote:
    """Quote: defined once in Schemas/defs.json."""

    id: int
    text: str
    # As the source wrote it ("Jimmy McGill").
    author: str
    # The character the author resolves to.
    character_id: Optional[int]
    series: Series
    # Whether the signed-in user has it among their favourites; left out when nobody is signed in.
    is_favorite: Optional[bool] = None
    # How many users have it among their favourites (favorites.top, quotes.overview top).
    favorite_count: Optional[int] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "text", "author", "characterId", "series", "isFavorite", "favoriteCount"))

    @classmethod
    def from_json(cls, value: Any) -> Quote:
        members = _object(value, ("id", "text", "author", "characterId", "series"), "Quote")
        return cls(
            id=_int(members["id"]),
            text=_str(members["text"]),
            author=_str(members["author"]),
            character_id=_optional(_int)(members["characterId"]),
            series=_str(members["series"]),
            is_favorite=_member(members, "isFavorite", _bool),
            favorite_count=_member(members, "favoriteCount", _int),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["text"] = _encode(self.text)
        members["author"] = _encode(self.author)
        members["characterId"] = _encode(self.character_id)
        members["series"] = _encode(self.series)
        if self.is_favorite is not None:
            members["isFavorite"] = _encode(self.is_favorite)
        if self.favorite_count is not None:
            members["favoriteCount"] = _encode(self.favorite_count)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersGetResultBreakingBad:
    """A Breaking Bad character."""

    id: int
    universe: Universe
    name: str
    nickname: str
    # Null where the source does not know it.
    birthday: Optional[str]
    occupations: list[str]
    status: Status
    # As the source gives it; many links are dead.
    image_url: str
    portrayed_by: str
    series: list[Series]
    appearances: Appearances
    episode_count: int
    quotes: list[Quote]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"universe": "breaking-bad"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "nickname", "birthday", "occupations", "status", "imageURL", "portrayedBy", "series", "appearances", "episodeCount", "quotes"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersGetResultBreakingBad:
        members = _object(value, ("id", "universe", "name", "nickname", "birthday", "occupations", "status", "imageURL", "portrayedBy", "series", "appearances", "episodeCount", "quotes"), "CharactersGetResultBreakingBad")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            nickname=_str(members["nickname"]),
            birthday=_optional(_str)(members["birthday"]),
            occupations=_list_of(_str)(members["occupations"]),
            status=_str(members["status"]),
            image_url=_str(members["imageURL"]),
            portrayed_by=_str(members["portrayedBy"]),
            series=_list_of(_str)(members["series"]),
            appearances=Appearances.from_json(members["appearances"]),
            episode_count=_int(members["episodeCount"]),
            quotes=_list_of(Quote.from_json)(members["quotes"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["nickname"] = _encode(self.nickname)
        members["birthday"] = _encode(self.birthday)
        members["occupations"] = _encode(self.occupations)
        members["status"] = _encode(self.status)
        members["imageURL"] = _encode(self.image_url)
        members["portrayedBy"] = _encode(self.portrayed_by)
        members["series"] = _encode(self.series)
        members["appearances"] = _encode(self.appearances)
        members["episodeCount"] = _encode(self.episode_count)
        members["quotes"] = _encode(self.quotes)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class Episode:
    """Episode: defined once in Schemas/defs.json."""

    id: int
    universe: Universe
    title: str
    series: Series
    season: int
    # Number within the season.
    episode: int
    # ISO 8601 date, YYYY-MM-DD.
    air_date: str
    # The source's episode code (Rick and Morty); left out where the source has none.
    code: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "title", "series", "season", "episode", "code", "airDate"))

    @classmethod
    def from_json(cls, value: Any) -> Episode:
        members = _object(value, ("id", "universe", "title", "series", "season", "episode", "airDate"), "Episode")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            title=_str(members["title"]),
            series=_str(members["series"]),
            season=_int(members["season"]),
            episode=_int(members["episode"]),
            air_date=_str(members["airDate"]),
            code=_member(members, "code", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["title"] = _encode(self.title)
        members["series"] = _encode(self.series)
        members["season"] = _encode(self.season)
        members["episode"] = _encode(self.episode)
        if self.code is not None:
            members["code"] = _encode(self.code)
        members["airDate"] = _encode(self.air_date)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersGetResultRickAndMorty:
    """A Rick and Morty character."""

    id: int
    universe: Universe
    name: str
    status: Status
    species: str
    # Null where the source leaves it empty.
    type: Optional[str]
    # As the source writes it: Female, Male, Genderless or unknown.
    gender: str
    origin: LocationRef
    location: LocationRef
    image_url: str
    episode_count: int
    # The episodes the character appears in, in broadcast order.
    episodes: list[Episode]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"universe": "rick-and-morty"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "status", "species", "type", "gender", "origin", "location", "imageURL", "episodeCount", "episodes"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersGetResultRickAndMorty:
        members = _object(value, ("id", "universe", "name", "status", "species", "type", "gender", "origin", "location", "imageURL", "episodeCount", "episodes"), "CharactersGetResultRickAndMorty")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            status=_str(members["status"]),
            species=_str(members["species"]),
            type=_optional(_str)(members["type"]),
            gender=_str(members["gender"]),
            origin=LocationRef.from_json(members["origin"]),
            location=LocationRef.from_json(members["location"]),
            image_url=_str(members["imageURL"]),
            episode_count=_int(members["episodeCount"]),
            episodes=_list_of(Episode.from_json)(members["episodes"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["status"] = _encode(self.status)
        members["species"] = _encode(self.species)
        members["type"] = _encode(self.type)
        members["gender"] = _encode(self.gender)
        members["origin"] = _encode(self.origin)
        members["location"] = _encode(self.location)
        members["imageURL"] = _encode(self.image_url)
        members["episodeCount"] = _encode(self.episode_count)
        members["episodes"] = _encode(self.episodes)
        members.update(self.extra)
        return members

CharactersGetResult = Union[CharactersGetResultBreakingBad, CharactersGetResultRickAndMorty]
"""characters.get's result: One character with the number of episodes and the quotes."""

@dataclass(frozen=True)
class CharactersGetParams:
    """characters.get's params: One character with the number of episodes and the quotes."""

    # The source API's id.
    id: int
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "characters.get"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "token", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersGetParams:
        members = _object(value, ("id",), "CharactersGetParams")
        return cls(
            id=_int(members["id"]),
            token=_member(members, "token", _str),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.token is not None:
            members["token"] = _encode(self.token)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> CharactersGetResult:
        """Decodes characters.get's result."""
        result: CharactersGetResult = _one_of(CharactersGetResultBreakingBad.from_json, CharactersGetResultRickAndMorty.from_json)(value)
        return result

@dataclass(frozen=True)
class CharactersListResultVariant1:
    """CharactersListResultVariant1."""

    characters: list[Union[BreakingBadCharacter, RickAndMortyCharacter]]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("characters", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersListResultVariant1:
        members = _object(value, ("characters", "total", "nextCursor"), "CharactersListResultVariant1")
        return cls(
            characters=_list_of(_one_of(BreakingBadCharacter.from_json, RickAndMortyCharacter.from_json))(members["characters"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["characters"] = _encode(self.characters)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersListResultVariant2GroupsItem:
    """CharactersListResultVariant2GroupsItem."""

    initial: str
    characters: list[Union[BreakingBadCharacter, RickAndMortyCharacter]]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("initial", "characters"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersListResultVariant2GroupsItem:
        members = _object(value, ("initial", "characters"), "CharactersListResultVariant2GroupsItem")
        return cls(
            initial=_str(members["initial"]),
            characters=_list_of(_one_of(BreakingBadCharacter.from_json, RickAndMortyCharacter.from_json))(members["characters"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["initial"] = _encode(self.initial)
        members["characters"] = _encode(self.characters)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class CharactersListResultVariant2:
    """CharactersListResultVariant2."""

    groups: list[CharactersListResultVariant2GroupsItem]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("groups", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersListResultVariant2:
        members = _object(value, ("groups", "total", "nextCursor"), "CharactersListResultVariant2")
        return cls(
            groups=_list_of(CharactersListResultVariant2GroupsItem.from_json)(members["groups"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["groups"] = _encode(self.groups)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

CharactersListResult = Union[CharactersListResultVariant1, CharactersListResultVariant2]
"""characters.list's result: Every character of a series, or of all, by name; optionally
grouped by initial.
"""

@dataclass(frozen=True)
class CharactersListParams:
    """characters.list's params: Every character of a series, or of all, by name; optionally
    grouped by initial.
    """

    # Only characters of this series.
    series: Optional[Series] = None
    group_by: Optional[GroupBy] = None
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "characters.list"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("series", "groupBy", "universe", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> CharactersListParams:
        members = _object(value, (), "CharactersListParams")
        return cls(
            series=_member(members, "series", _str),
            group_by=_member(members, "groupBy", _str),
            universe=_member(members, "universe", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.series is not None:
            members["series"] = _encode(self.series)
        if self.group_by is not None:
            members["groupBy"] = _encode(self.group_by)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> CharactersListResult:
        """Decodes characters.list's result."""
        result: CharactersListResult = _one_of(CharactersListResultVariant1.from_json, CharactersListResultVariant2.from_json)(value)
        return result

@dataclass(frozen=True)
class EpisodesFilterResult:
    """episodes.filter's result: The episodes that match every given field."""

    episodes: list[Episode]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("episodes", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesFilterResult:
        members = _object(value, ("episodes", "total", "nextCursor"), "EpisodesFilterResult")
        return cls(
            episodes=_list_of(Episode.from_json)(members["episodes"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["episodes"] = _encode(self.episodes)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class EpisodesFilterParams:
    """episodes.filter's params: The episodes that match every given field."""

    # Only this series.
    series: Optional[Series] = None
    # Only this season.
    season: Optional[int] = None
    # Aired on or after this day (YYYY-MM-DD, a day that exists).
    aired_from: Optional[str] = None
    # Aired on or before this day; not before airedFrom.
    aired_to: Optional[str] = None
    # Any of these characters appears.
    characters: Optional[list[Union[int, str]]] = None
    # Part of the title, ignoring case and diacritics.
    name: Optional[str] = None
    # Part of the episode code, ignoring case (S01 is the first season); only episodes that have a
    # code match.
    code: Optional[str] = None
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "episodes.filter"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("series", "season", "airedFrom", "airedTo", "characters", "name", "code", "universe", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesFilterParams:
        members = _object(value, (), "EpisodesFilterParams")
        return cls(
            series=_member(members, "series", _str),
            season=_member(members, "season", _int),
            aired_from=_member(members, "airedFrom", _str),
            aired_to=_member(members, "airedTo", _str),
            characters=_member(members, "characters", _list_of(_one_of(_int, _str))),
            name=_member(members, "name", _str),
            code=_member(members, "code", _str),
            universe=_member(members, "universe", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.series is not None:
            members["series"] = _encode(self.series)
        if self.season is not None:
            members["season"] = _encode(self.season)
        if self.aired_from is not None:
            members["airedFrom"] = _encode(self.aired_from)
        if self.aired_to is not None:
            members["airedTo"] = _encode(self.aired_to)
        if self.characters is not None:
            members["characters"] = _encode(self.characters)
        if self.name is not None:
            members["name"] = _encode(self.name)
        if self.code is not None:
            members["code"] = _encode(self.code)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> EpisodesFilterResult:
        """Decodes episodes.filter's result."""
        result: EpisodesFilterResult = EpisodesFilterResult.from_json(value)
        return result

@dataclass(frozen=True)
class EpisodesGetResultCharactersItem:
    """EpisodesGetResultCharactersItem."""

    name: str
    character_id: Optional[int]
    character_name: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("name", "characterId", "characterName"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesGetResultCharactersItem:
        members = _object(value, ("name", "characterId", "characterName"), "EpisodesGetResultCharactersItem")
        return cls(
            name=_str(members["name"]),
            character_id=_optional(_int)(members["characterId"]),
            character_name=_optional(_str)(members["characterName"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["name"] = _encode(self.name)
        members["characterId"] = _encode(self.character_id)
        members["characterName"] = _encode(self.character_name)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class EpisodesGetResult:
    """episodes.get's result: One episode with its characters."""

    id: int
    universe: Universe
    title: str
    series: Series
    season: int
    # Number within the season.
    episode: int
    # ISO 8601 date, YYYY-MM-DD.
    air_date: str
    characters: list[EpisodesGetResultCharactersItem]
    # The source's episode code (Rick and Morty); left out where the source has none.
    code: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "title", "series", "season", "episode", "code", "airDate", "characters"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesGetResult:
        members = _object(value, ("id", "universe", "title", "series", "season", "episode", "airDate", "characters"), "EpisodesGetResult")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            title=_str(members["title"]),
            series=_str(members["series"]),
            season=_int(members["season"]),
            episode=_int(members["episode"]),
            air_date=_str(members["airDate"]),
            characters=_list_of(EpisodesGetResultCharactersItem.from_json)(members["characters"]),
            code=_member(members, "code", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["title"] = _encode(self.title)
        members["series"] = _encode(self.series)
        members["season"] = _encode(self.season)
        members["episode"] = _encode(self.episode)
        if self.code is not None:
            members["code"] = _encode(self.code)
        members["airDate"] = _encode(self.air_date)
        members["characters"] = _encode(self.characters)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class EpisodesGetParams:
    """episodes.get's params: One episode with its characters."""

    # The source API's id.
    id: int
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "episodes.get"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesGetParams:
        members = _object(value, ("id",), "EpisodesGetParams")
        return cls(
            id=_int(members["id"]),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> EpisodesGetResult:
        """Decodes episodes.get's result."""
        result: EpisodesGetResult = EpisodesGetResult.from_json(value)
        return result

@dataclass(frozen=True)
class EpisodesListResultSeasonsItem:
    """EpisodesListResultSeasonsItem."""

    series: Series
    season: int
    episodes: list[Episode]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("series", "season", "episodes"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesListResultSeasonsItem:
        members = _object(value, ("series", "season", "episodes"), "EpisodesListResultSeasonsItem")
        return cls(
            series=_str(members["series"]),
            season=_int(members["season"]),
            episodes=_list_of(Episode.from_json)(members["episodes"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["series"] = _encode(self.series)
        members["season"] = _encode(self.season)
        members["episodes"] = _encode(self.episodes)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class EpisodesListResult:
    """episodes.list's result: Every episode of a series, or of all, grouped by season."""

    seasons: list[EpisodesListResultSeasonsItem]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("seasons", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesListResult:
        members = _object(value, ("seasons", "total", "nextCursor"), "EpisodesListResult")
        return cls(
            seasons=_list_of(EpisodesListResultSeasonsItem.from_json)(members["seasons"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["seasons"] = _encode(self.seasons)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class EpisodesListParams:
    """episodes.list's params: Every episode of a series, or of all, grouped by season."""

    # Only this series; every series when left out, null or empty.
    series: Optional[Series] = None
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "episodes.list"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("series", "universe", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> EpisodesListParams:
        members = _object(value, (), "EpisodesListParams")
        return cls(
            series=_member(members, "series", _str),
            universe=_member(members, "universe", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.series is not None:
            members["series"] = _encode(self.series)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> EpisodesListResult:
        """Decodes episodes.list's result."""
        result: EpisodesListResult = EpisodesListResult.from_json(value)
        return result

@dataclass(frozen=True)
class FavoritesListResult:
    """favorites.list's result: The user's favourite quotes ("your quotes"), newest first."""

    quotes: list[Quote]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quotes", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesListResult:
        members = _object(value, ("quotes", "total", "nextCursor"), "FavoritesListResult")
        return cls(
            quotes=_list_of(Quote.from_json)(members["quotes"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quotes"] = _encode(self.quotes)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class FavoritesListParams:
    """favorites.list's params: The user's favourite quotes ("your quotes"), newest first."""

    # The universe; breaking-bad when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "favorites.list"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe", "token", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesListParams:
        members = _object(value, (), "FavoritesListParams")
        return cls(
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> FavoritesListResult:
        """Decodes favorites.list's result."""
        result: FavoritesListResult = FavoritesListResult.from_json(value)
        return result

@dataclass(frozen=True)
class FavoritesToggleResult:
    """favorites.toggle's result: Adds a quote to the user's favourites, or removes it; with
    favorite, sets that state.
    """

    quote_id: int
    is_favorite: bool
    favorite_count: int
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quoteId", "isFavorite", "favoriteCount"))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesToggleResult:
        members = _object(value, ("quoteId", "isFavorite", "favoriteCount"), "FavoritesToggleResult")
        return cls(
            quote_id=_int(members["quoteId"]),
            is_favorite=_bool(members["isFavorite"]),
            favorite_count=_int(members["favoriteCount"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quoteId"] = _encode(self.quote_id)
        members["isFavorite"] = _encode(self.is_favorite)
        members["favoriteCount"] = _encode(self.favorite_count)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class FavoritesToggleParams:
    """favorites.toggle's params: Adds a quote to the user's favourites, or removes it; with
    favorite, sets that state.
    """

    quote_id: int
    # The state to set: true adds, false removes; a repeat changes nothing. Toggles when left out.
    favorite: Optional[bool] = None
    # The universe; breaking-bad when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "favorites.toggle"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quoteId", "favorite", "universe", "token"))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesToggleParams:
        members = _object(value, ("quoteId",), "FavoritesToggleParams")
        return cls(
            quote_id=_int(members["quoteId"]),
            favorite=_member(members, "favorite", _bool),
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quoteId"] = _encode(self.quote_id)
        if self.favorite is not None:
            members["favorite"] = _encode(self.favorite)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> FavoritesToggleResult:
        """Decodes favorites.toggle's result."""
        result: FavoritesToggleResult = FavoritesToggleResult.from_json(value)
        return result

@dataclass(frozen=True)
class FavoritesTopResult:
    """favorites.top's result: The quotes most users have among their favourites."""

    quotes: list[Quote]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quotes",))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesTopResult:
        members = _object(value, ("quotes",), "FavoritesTopResult")
        return cls(
            quotes=_list_of(Quote.from_json)(members["quotes"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quotes"] = _encode(self.quotes)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class FavoritesTopParams:
    """favorites.top's params: The quotes most users have among their favourites."""

    limit: Optional[int] = None
    # The universe; breaking-bad when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "favorites.top"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("limit", "universe", "token"))

    @classmethod
    def from_json(cls, value: Any) -> FavoritesTopParams:
        members = _object(value, (), "FavoritesTopParams")
        return cls(
            limit=_member(members, "limit", _int),
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> FavoritesTopResult:
        """Decodes favorites.top's result."""
        result: FavoritesTopResult = FavoritesTopResult.from_json(value)
        return result

@dataclass(frozen=True)
class ImagesFetchResult:
    """images.fetch's result: An image from the on-disk cache: downloaded once, answered from
    the cache while young, revalidated with ETag/Last-Modified, returned as a local file
    (and its bytes when asked).
    """

    # The URL asked for.
    url: str
    # The absolute path of the cached file.
    path: str
    # The Content-Type the server declared, without parameters.
    mime_type: str
    bytes: int
    # downloaded by this call; revalidated: the host answered 304; cached: the copy is younger
    # than maxAge, so the host was not asked; stale: the host could not be reached (or answered an
    # error) and the cached copy is returned.
    freshness: Freshness
    # When the file was downloaded or last confirmed current (ISO 8601, UTC).
    fetched_at: str
    # The server's ETag, used to revalidate.
    etag: Optional[str]
    # The server's Last-Modified, used to revalidate.
    last_modified: Optional[str]
    # Why the copy is stale; null otherwise.
    warning: Optional[str]
    # The image in plain base64; only when inline was true.
    content: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("url", "path", "mimeType", "bytes", "freshness", "fetchedAt", "etag", "lastModified", "warning", "content"))

    @classmethod
    def from_json(cls, value: Any) -> ImagesFetchResult:
        members = _object(value, ("url", "path", "mimeType", "bytes", "freshness", "fetchedAt", "etag", "lastModified", "warning"), "ImagesFetchResult")
        return cls(
            url=_str(members["url"]),
            path=_str(members["path"]),
            mime_type=_str(members["mimeType"]),
            bytes=_int(members["bytes"]),
            freshness=_str(members["freshness"]),
            fetched_at=_str(members["fetchedAt"]),
            etag=_optional(_str)(members["etag"]),
            last_modified=_optional(_str)(members["lastModified"]),
            warning=_optional(_str)(members["warning"]),
            content=_member(members, "content", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["url"] = _encode(self.url)
        members["path"] = _encode(self.path)
        members["mimeType"] = _encode(self.mime_type)
        members["bytes"] = _encode(self.bytes)
        members["freshness"] = _encode(self.freshness)
        members["fetchedAt"] = _encode(self.fetched_at)
        members["etag"] = _encode(self.etag)
        members["lastModified"] = _encode(self.last_modified)
        members["warning"] = _encode(self.warning)
        if self.content is not None:
            members["content"] = _encode(self.content)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ImagesFetchParams:
    """images.fetch's params: An image from the on-disk cache: downloaded once, answered from
    the cache while young, revalidated with ETag/Last-Modified, returned as a local file
    (and its bytes when asked).
    """

    # An absolute http or https URL, such as a character's imageURL.
    url: str
    # How old a cached copy may be, in seconds, to be answered without asking the host; 0 always
    # asks. Default: the host's Cache-Control max-age, else 86400.
    max_age: Optional[int] = None
    # Whether the reply carries the image itself, in plain base64, as content. Default false.
    inline: Optional[bool] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "images.fetch"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("url", "maxAge", "inline"))

    @classmethod
    def from_json(cls, value: Any) -> ImagesFetchParams:
        members = _object(value, ("url",), "ImagesFetchParams")
        return cls(
            url=_str(members["url"]),
            max_age=_member(members, "maxAge", _int),
            inline=_member(members, "inline", _bool),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["url"] = _encode(self.url)
        if self.max_age is not None:
            members["maxAge"] = _encode(self.max_age)
        if self.inline is not None:
            members["inline"] = _encode(self.inline)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> ImagesFetchResult:
        """Decodes images.fetch's result."""
        result: ImagesFetchResult = ImagesFetchResult.from_json(value)
        return result

@dataclass(frozen=True)
class LocationsGetResultResidentsItem:
    """LocationsGetResultResidentsItem."""

    id: int
    name: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "name"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsGetResultResidentsItem:
        members = _object(value, ("id", "name"), "LocationsGetResultResidentsItem")
        return cls(
            id=_int(members["id"]),
            name=_str(members["name"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["name"] = _encode(self.name)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class LocationsGetResult:
    """locations.get's result: One location with the characters last seen there."""

    id: int
    universe: Universe
    name: str
    # Planet, Space station, ...; null where the source leaves it empty.
    type: Optional[str]
    # Null where the source leaves it empty (or calls it unknown, as written).
    dimension: Optional[str]
    # Characters last seen there.
    resident_count: int
    residents: list[LocationsGetResultResidentsItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "type", "dimension", "residentCount", "residents"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsGetResult:
        members = _object(value, ("id", "universe", "name", "type", "dimension", "residentCount", "residents"), "LocationsGetResult")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            type=_optional(_str)(members["type"]),
            dimension=_optional(_str)(members["dimension"]),
            resident_count=_int(members["residentCount"]),
            residents=_list_of(LocationsGetResultResidentsItem.from_json)(members["residents"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["type"] = _encode(self.type)
        members["dimension"] = _encode(self.dimension)
        members["residentCount"] = _encode(self.resident_count)
        members["residents"] = _encode(self.residents)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class LocationsGetParams:
    """locations.get's params: One location with the characters last seen there."""

    # The source API's id.
    id: int
    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "locations.get"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsGetParams:
        members = _object(value, ("id",), "LocationsGetParams")
        return cls(
            id=_int(members["id"]),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> LocationsGetResult:
        """Decodes locations.get's result."""
        result: LocationsGetResult = LocationsGetResult.from_json(value)
        return result

@dataclass(frozen=True)
class LocationsListResultLocationsItem:
    """LocationsListResultLocationsItem."""

    id: int
    universe: Universe
    name: str
    # Planet, Space station, ...; null where the source leaves it empty.
    type: Optional[str]
    # Null where the source leaves it empty (or calls it unknown, as written).
    dimension: Optional[str]
    # Characters last seen there.
    resident_count: int
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "name", "type", "dimension", "residentCount"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsListResultLocationsItem:
        members = _object(value, ("id", "universe", "name", "type", "dimension", "residentCount"), "LocationsListResultLocationsItem")
        return cls(
            id=_int(members["id"]),
            universe=_str(members["universe"]),
            name=_str(members["name"]),
            type=_optional(_str)(members["type"]),
            dimension=_optional(_str)(members["dimension"]),
            resident_count=_int(members["residentCount"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["universe"] = _encode(self.universe)
        members["name"] = _encode(self.name)
        members["type"] = _encode(self.type)
        members["dimension"] = _encode(self.dimension)
        members["residentCount"] = _encode(self.resident_count)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class LocationsListResult:
    """locations.list's result: Every location of a universe, by id."""

    locations: list[LocationsListResultLocationsItem]
    # The number of records in the whole list, on every page.
    total: int
    # Pass it as cursor for the next page; null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("locations", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsListResult:
        members = _object(value, ("locations", "total", "nextCursor"), "LocationsListResult")
        return cls(
            locations=_list_of(LocationsListResultLocationsItem.from_json)(members["locations"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["locations"] = _encode(self.locations)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class LocationsListParams:
    """locations.list's params: Every location of a universe, by id."""

    # The universe (each has its own ids); the one series belongs to, or breaking-bad, when left
    # out.
    universe: Optional[Universe] = None
    # The most records a page holds (records, never groups); the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query; a cursor of another query, or of a
    # catalog a refresh has replaced, is -32602: start again without one.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "locations.list"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> LocationsListParams:
        members = _object(value, (), "LocationsListParams")
        return cls(
            universe=_member(members, "universe", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> LocationsListResult:
        """Decodes locations.list's result."""
        result: LocationsListResult = LocationsListResult.from_json(value)
        return result

@dataclass(frozen=True)
class NotificationsSubscribeResultSubscriptionsItem:
    """NotificationsSubscribeResultSubscriptionsItem."""

    topic: Topic
    # The universe whose changes it sends; null: every universe.
    universe: Optional[Universe]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("topic", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsSubscribeResultSubscriptionsItem:
        members = _object(value, ("topic", "universe"), "NotificationsSubscribeResultSubscriptionsItem")
        return cls(
            topic=_str(members["topic"]),
            universe=_optional(_str)(members["universe"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["topic"] = _encode(self.topic)
        members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class NotificationsSubscribeResult:
    """notifications.subscribe's result: Subscribes this connection to changes:
    favorites.changed and catalog.changed notifications, whoever made the change.
    """

    # All of the connection's subscriptions, by topic then universe (null first).
    subscriptions: list[NotificationsSubscribeResultSubscriptionsItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("subscriptions",))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsSubscribeResult:
        members = _object(value, ("subscriptions",), "NotificationsSubscribeResult")
        return cls(
            subscriptions=_list_of(NotificationsSubscribeResultSubscriptionsItem.from_json)(members["subscriptions"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["subscriptions"] = _encode(self.subscriptions)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class NotificationsSubscribeParams:
    """notifications.subscribe's params: Subscribes this connection to changes:
    favorites.changed and catalog.changed notifications, whoever made the change.
    """

    # favorites, catalog, or both.
    topics: list[Topics]
    # The universe whose changes to send; every universe when left out.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "notifications.subscribe"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("topics", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsSubscribeParams:
        members = _object(value, ("topics",), "NotificationsSubscribeParams")
        return cls(
            topics=_list_of(_str)(members["topics"]),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["topics"] = _encode(self.topics)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> NotificationsSubscribeResult:
        """Decodes notifications.subscribe's result."""
        result: NotificationsSubscribeResult = NotificationsSubscribeResult.from_json(value)
        return result

@dataclass(frozen=True)
class NotificationsUnsubscribeResultSubscriptionsItem:
    """NotificationsUnsubscribeResultSubscriptionsItem."""

    topic: Topic
    # The universe whose changes it sends; null: every universe.
    universe: Optional[Universe]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("topic", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsUnsubscribeResultSubscriptionsItem:
        members = _object(value, ("topic", "universe"), "NotificationsUnsubscribeResultSubscriptionsItem")
        return cls(
            topic=_str(members["topic"]),
            universe=_optional(_str)(members["universe"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["topic"] = _encode(self.topic)
        members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class NotificationsUnsubscribeResult:
    """notifications.unsubscribe's result: Removes this connection's subscriptions that
    match; all of them when the params name nothing.
    """

    # All of the connection's subscriptions, by topic then universe (null first).
    subscriptions: list[NotificationsUnsubscribeResultSubscriptionsItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("subscriptions",))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsUnsubscribeResult:
        members = _object(value, ("subscriptions",), "NotificationsUnsubscribeResult")
        return cls(
            subscriptions=_list_of(NotificationsUnsubscribeResultSubscriptionsItem.from_json)(members["subscriptions"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["subscriptions"] = _encode(self.subscriptions)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class NotificationsUnsubscribeParams:
    """notifications.unsubscribe's params: Removes this connection's subscriptions that
    match; all of them when the params name nothing.
    """

    # The topics to remove; every topic when left out.
    topics: Optional[list[Topics]] = None
    # The universe whose subscriptions to remove; those of every universe when left out.
    universe: Optional[Universe] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "notifications.unsubscribe"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("topics", "universe"))

    @classmethod
    def from_json(cls, value: Any) -> NotificationsUnsubscribeParams:
        members = _object(value, (), "NotificationsUnsubscribeParams")
        return cls(
            topics=_member(members, "topics", _list_of(_str)),
            universe=_member(members, "universe", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.topics is not None:
            members["topics"] = _encode(self.topics)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> NotificationsUnsubscribeResult:
        """Decodes notifications.unsubscribe's result."""
        result: NotificationsUnsubscribeResult = NotificationsUnsubscribeResult.from_json(value)
        return result

@dataclass(frozen=True)
class ProfileGetResult:
    """profile.get's result: The signed-in user's profile: display name and photo (null when
    not set).
    """

    user: User
    # The display name, or null.
    display_name: Optional[str]
    photo: Optional[Photo]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user", "displayName", "photo"))

    @classmethod
    def from_json(cls, value: Any) -> ProfileGetResult:
        members = _object(value, ("user", "displayName", "photo"), "ProfileGetResult")
        return cls(
            user=User.from_json(members["user"]),
            display_name=_optional(_str)(members["displayName"]),
            photo=_optional(Photo.from_json)(members["photo"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members["displayName"] = _encode(self.display_name)
        members["photo"] = _encode(self.photo)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ProfileGetParams:
    """profile.get's params: The signed-in user's profile: display name and photo (null when
    not set).
    """

    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "profile.get"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("token",))

    @classmethod
    def from_json(cls, value: Any) -> ProfileGetParams:
        members = _object(value, (), "ProfileGetParams")
        return cls(
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> ProfileGetResult:
        """Decodes profile.get's result."""
        result: ProfileGetResult = ProfileGetResult.from_json(value)
        return result

@dataclass(frozen=True)
class ProfileUpdateResult:
    """profile.update's result: Change the signed-in user's display name, photo, or both; a
    member left out is kept, null removes it.
    """

    user: User
    # The display name, or null.
    display_name: Optional[str]
    photo: Optional[Photo]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("user", "displayName", "photo"))

    @classmethod
    def from_json(cls, value: Any) -> ProfileUpdateResult:
        members = _object(value, ("user", "displayName", "photo"), "ProfileUpdateResult")
        return cls(
            user=User.from_json(members["user"]),
            display_name=_optional(_str)(members["displayName"]),
            photo=_optional(Photo.from_json)(members["photo"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["user"] = _encode(self.user)
        members["displayName"] = _encode(self.display_name)
        members["photo"] = _encode(self.photo)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ProfileUpdateParamsPhotoVariant1:
    """ProfileUpdateParamsPhotoVariant1."""

    # The image file's bytes in base64.
    data: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("data",))

    @classmethod
    def from_json(cls, value: Any) -> ProfileUpdateParamsPhotoVariant1:
        members = _object(value, ("data",), "ProfileUpdateParamsPhotoVariant1")
        return cls(
            data=_str(members["data"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["data"] = _encode(self.data)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ProfileUpdateParamsPhotoVariant2:
    """ProfileUpdateParamsPhotoVariant2."""

    # A PNG or JPEG file on the machine bbfan runs on.
    path: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("path",))

    @classmethod
    def from_json(cls, value: Any) -> ProfileUpdateParamsPhotoVariant2:
        members = _object(value, ("path",), "ProfileUpdateParamsPhotoVariant2")
        return cls(
            path=_str(members["path"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["path"] = _encode(self.path)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ProfileUpdateParams:
    """profile.update's params: Change the signed-in user's display name, photo, or both; a
    member left out is kept, null removes it.
    """

    # The new display name; null removes it.
    display_name: Optional[str] = None
    # The new photo; null removes it.
    photo: Optional[Union[ProfileUpdateParamsPhotoVariant1, ProfileUpdateParamsPhotoVariant2]] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "profile.update"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("displayName", "photo", "token"))

    @classmethod
    def from_json(cls, value: Any) -> ProfileUpdateParams:
        members = _object(value, (), "ProfileUpdateParams")
        return cls(
            display_name=_member(members, "displayName", _optional(_str)),
            photo=_member(members, "photo", _optional(_one_of(ProfileUpdateParamsPhotoVariant1.from_json, ProfileUpdateParamsPhotoVariant2.from_json))),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.display_name is not None:
            members["displayName"] = _encode(self.display_name)
        if self.photo is not None:
            members["photo"] = _encode(self.photo)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> ProfileUpdateResult:
        """Decodes profile.update's result."""
        result: ProfileUpdateResult = ProfileUpdateResult.from_json(value)
        return result

@dataclass(frozen=True)
class Quiz:
    """Quiz: defined once in Schemas/defs.json."""

    id: int
    title: str
    facts: list[str]
    # When it was created (UTC).
    created_at: str
    # The online catalogue's id it was added from, or null.
    online_id: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "title", "facts", "createdAt", "onlineId"))

    @classmethod
    def from_json(cls, value: Any) -> Quiz:
        members = _object(value, ("id", "title", "facts", "createdAt", "onlineId"), "Quiz")
        return cls(
            id=_int(members["id"]),
            title=_str(members["title"]),
            facts=_list_of(_str)(members["facts"]),
            created_at=_str(members["createdAt"]),
            online_id=_optional(_str)(members["onlineId"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["title"] = _encode(self.title)
        members["facts"] = _encode(self.facts)
        members["createdAt"] = _encode(self.created_at)
        members["onlineId"] = _encode(self.online_id)
        members.update(self.extra)
        return members

QuizzesAddResult = Quiz
"""quizzes.add's result: Copy an online quiz into the signed-in user's collection (trimmed,
as quizzes.create keeps it).
"""

@dataclass(frozen=True)
class QuizzesAddParams:
    """quizzes.add's params: Copy an online quiz into the signed-in user's collection
    (trimmed, as quizzes.create keeps it).
    """

    online_id: str
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.add"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("onlineId", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesAddParams:
        members = _object(value, ("onlineId",), "QuizzesAddParams")
        return cls(
            online_id=_str(members["onlineId"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["onlineId"] = _encode(self.online_id)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesAddResult:
        """Decodes quizzes.add's result."""
        result: QuizzesAddResult = Quiz.from_json(value)
        return result

QuizzesCreateResult = Quiz
"""quizzes.create's result: Add a quiz (a title and at least two facts) to the signed-in
user's collection.
"""

@dataclass(frozen=True)
class QuizzesCreateParams:
    """quizzes.create's params: Add a quiz (a title and at least two facts) to the signed-in
    user's collection.
    """

    # Required; trimmed of white space at both ends; not blank, at most 200 characters, no control
    # characters.
    title: str
    # At least two facts that are not blank, at most 20; each trimmed, at most 2,000 characters,
    # no control characters but tab and line breaks.
    facts: list[str]
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.create"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("title", "facts", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesCreateParams:
        members = _object(value, ("title", "facts"), "QuizzesCreateParams")
        return cls(
            title=_str(members["title"]),
            facts=_list_of(_str)(members["facts"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["title"] = _encode(self.title)
        members["facts"] = _encode(self.facts)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesCreateResult:
        """Decodes quizzes.create's result."""
        result: QuizzesCreateResult = Quiz.from_json(value)
        return result

QuizzesDeleteResult = Quiz
"""quizzes.delete's result: Remove a quiz from the signed-in user's collection; answers the
quiz that was removed.
"""

@dataclass(frozen=True)
class QuizzesDeleteParams:
    """quizzes.delete's params: Remove a quiz from the signed-in user's collection; answers
    the quiz that was removed.
    """

    id: int
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.delete"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesDeleteParams:
        members = _object(value, ("id",), "QuizzesDeleteParams")
        return cls(
            id=_int(members["id"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesDeleteResult:
        """Decodes quizzes.delete's result."""
        result: QuizzesDeleteResult = Quiz.from_json(value)
        return result

@dataclass(frozen=True)
class Review:
    """Review: defined once in Schemas/defs.json."""

    due_at: str
    interval_days: int
    # The SM-2 E-Factor.
    ease: float
    repetitions: int
    lapses: int
    reviews: int
    # Forgotten 8 times after being recalled: worth rewriting.
    leech: bool
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("dueAt", "intervalDays", "ease", "repetitions", "lapses", "reviews", "leech"))

    @classmethod
    def from_json(cls, value: Any) -> Review:
        members = _object(value, ("dueAt", "intervalDays", "ease", "repetitions", "lapses", "reviews", "leech"), "Review")
        return cls(
            due_at=_str(members["dueAt"]),
            interval_days=_int(members["intervalDays"]),
            ease=_float(members["ease"]),
            repetitions=_int(members["repetitions"]),
            lapses=_int(members["lapses"]),
            reviews=_int(members["reviews"]),
            leech=_bool(members["leech"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["dueAt"] = _encode(self.due_at)
        members["intervalDays"] = _encode(self.interval_days)
        members["ease"] = _encode(self.ease)
        members["repetitions"] = _encode(self.repetitions)
        members["lapses"] = _encode(self.lapses)
        members["reviews"] = _encode(self.reviews)
        members["leech"] = _encode(self.leech)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesDueResultQuizzesItem:
    """QuizzesDueResultQuizzesItem."""

    quiz: Quiz
    review: Optional[Review]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quiz", "review"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesDueResultQuizzesItem:
        members = _object(value, ("quiz", "review"), "QuizzesDueResultQuizzesItem")
        return cls(
            quiz=Quiz.from_json(members["quiz"]),
            review=_optional(Review.from_json)(members["review"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quiz"] = _encode(self.quiz)
        members["review"] = _encode(self.review)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesDueResult:
    """quizzes.due's result: The signed-in user's quizzes due for review now: never-reviewed
    ones first (oldest first), then by due time.
    """

    quizzes: list[QuizzesDueResultQuizzesItem]
    total: int
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quizzes", "total"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesDueResult:
        members = _object(value, ("quizzes", "total"), "QuizzesDueResult")
        return cls(
            quizzes=_list_of(QuizzesDueResultQuizzesItem.from_json)(members["quizzes"]),
            total=_int(members["total"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quizzes"] = _encode(self.quizzes)
        members["total"] = _encode(self.total)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesDueParams:
    """quizzes.due's params: The signed-in user's quizzes due for review now: never-reviewed
    ones first (oldest first), then by due time.
    """

    limit: Optional[int] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.due"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("limit", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesDueParams:
        members = _object(value, (), "QuizzesDueParams")
        return cls(
            limit=_member(members, "limit", _int),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesDueResult:
        """Decodes quizzes.due's result."""
        result: QuizzesDueResult = QuizzesDueResult.from_json(value)
        return result

QuizzesGetResult = Quiz
"""quizzes.get's result: One quiz of the signed-in user's collection: the title, then its
facts, as a flash card shows them.
"""

@dataclass(frozen=True)
class QuizzesGetParams:
    """quizzes.get's params: One quiz of the signed-in user's collection: the title, then its
    facts, as a flash card shows them.
    """

    id: int
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.get"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesGetParams:
        members = _object(value, ("id",), "QuizzesGetParams")
        return cls(
            id=_int(members["id"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesGetResult:
        """Decodes quizzes.get's result."""
        result: QuizzesGetResult = Quiz.from_json(value)
        return result

@dataclass(frozen=True)
class QuizzesListResult:
    """quizzes.list's result: The signed-in user's quizzes, newest first (quizzes made in the
    same second keep their order), optionally searched.
    """

    quizzes: list[Quiz]
    total: int
    # The cursor of the next page, or null at the end of the list.
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quizzes", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesListResult:
        members = _object(value, ("quizzes", "total", "nextCursor"), "QuizzesListResult")
        return cls(
            quizzes=_list_of(Quiz.from_json)(members["quizzes"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quizzes"] = _encode(self.quizzes)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesListParams:
    """quizzes.list's params: The signed-in user's quizzes, newest first (quizzes made in the
    same second keep their order), optionally searched.
    """

    # Words to find in a title or a fact; case, accents and spacing are ignored.
    search: Optional[str] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The most quizzes a page holds; the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.list"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("search", "token", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesListParams:
        members = _object(value, (), "QuizzesListParams")
        return cls(
            search=_member(members, "search", _str),
            token=_member(members, "token", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.search is not None:
            members["search"] = _encode(self.search)
        if self.token is not None:
            members["token"] = _encode(self.token)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesListResult:
        """Decodes quizzes.list's result."""
        result: QuizzesListResult = QuizzesListResult.from_json(value)
        return result

@dataclass(frozen=True)
class QuizzesOnlineResultQuizzesItem:
    """QuizzesOnlineResultQuizzesItem."""

    # The catalogue's id, a string as the API has it.
    id: str
    title: str
    facts: list[str]
    # Whether the signed-in user added it; absent when nobody is signed in.
    in_collection: Optional[bool] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "title", "facts", "inCollection"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesOnlineResultQuizzesItem:
        members = _object(value, ("id", "title", "facts"), "QuizzesOnlineResultQuizzesItem")
        return cls(
            id=_str(members["id"]),
            title=_str(members["title"]),
            facts=_list_of(_str)(members["facts"]),
            in_collection=_member(members, "inCollection", _bool),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["title"] = _encode(self.title)
        members["facts"] = _encode(self.facts)
        if self.in_collection is not None:
            members["inCollection"] = _encode(self.in_collection)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesOnlineResult:
    """quizzes.online's result: The online quiz catalogue (52 quizzes of the Quizzes API,
    embedded), sorted by title, optionally searched.
    """

    quizzes: list[QuizzesOnlineResultQuizzesItem]
    total: int
    next_cursor: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quizzes", "total", "nextCursor"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesOnlineResult:
        members = _object(value, ("quizzes", "total", "nextCursor"), "QuizzesOnlineResult")
        return cls(
            quizzes=_list_of(QuizzesOnlineResultQuizzesItem.from_json)(members["quizzes"]),
            total=_int(members["total"]),
            next_cursor=_optional(_str)(members["nextCursor"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quizzes"] = _encode(self.quizzes)
        members["total"] = _encode(self.total)
        members["nextCursor"] = _encode(self.next_cursor)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesOnlineParams:
    """quizzes.online's params: The online quiz catalogue (52 quizzes of the Quizzes API,
    embedded), sorted by title, optionally searched.
    """

    # Words to find in a title or a fact; case, accents and spacing are ignored.
    search: Optional[str] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The most quizzes a page holds; the whole list when left out.
    limit: Optional[int] = None
    # The nextCursor of the previous page of the same query.
    cursor: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.online"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("search", "token", "limit", "cursor"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesOnlineParams:
        members = _object(value, (), "QuizzesOnlineParams")
        return cls(
            search=_member(members, "search", _str),
            token=_member(members, "token", _str),
            limit=_member(members, "limit", _int),
            cursor=_member(members, "cursor", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.search is not None:
            members["search"] = _encode(self.search)
        if self.token is not None:
            members["token"] = _encode(self.token)
        if self.limit is not None:
            members["limit"] = _encode(self.limit)
        if self.cursor is not None:
            members["cursor"] = _encode(self.cursor)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesOnlineResult:
        """Decodes quizzes.online's result."""
        result: QuizzesOnlineResult = QuizzesOnlineResult.from_json(value)
        return result

@dataclass(frozen=True)
class QuizzesReviewResult:
    """quizzes.review's result: Record how well a quiz was recalled (again, hard, good, easy)
    and schedule its next review with SM-2.
    """

    id: int
    grade: Grade
    review: Review
    repeat_today: bool
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "grade", "review", "repeatToday"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesReviewResult:
        members = _object(value, ("id", "grade", "review", "repeatToday"), "QuizzesReviewResult")
        return cls(
            id=_int(members["id"]),
            grade=_str(members["grade"]),
            review=Review.from_json(members["review"]),
            repeat_today=_bool(members["repeatToday"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["grade"] = _encode(self.grade)
        members["review"] = _encode(self.review)
        members["repeatToday"] = _encode(self.repeat_today)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuizzesReviewParams:
    """quizzes.review's params: Record how well a quiz was recalled (again, hard, good, easy)
    and schedule its next review with SM-2.
    """

    id: int
    grade: Grade
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quizzes.review"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "grade", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuizzesReviewParams:
        members = _object(value, ("id", "grade"), "QuizzesReviewParams")
        return cls(
            id=_int(members["id"]),
            grade=_str(members["grade"]),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        members["grade"] = _encode(self.grade)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuizzesReviewResult:
        """Decodes quizzes.review's result."""
        result: QuizzesReviewResult = QuizzesReviewResult.from_json(value)
        return result

@dataclass(frozen=True)
class QuotesByCharacterResult:
    """quotes.byCharacter's result: The quotes of one character, under any of its names."""

    quotes: list[Quote]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("quotes",))

    @classmethod
    def from_json(cls, value: Any) -> QuotesByCharacterResult:
        members = _object(value, ("quotes",), "QuotesByCharacterResult")
        return cls(
            quotes=_list_of(Quote.from_json)(members["quotes"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["quotes"] = _encode(self.quotes)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuotesByCharacterParams:
    """quotes.byCharacter's params: The quotes of one character, under any of its names."""

    # The source API's id.
    id: int
    # The universe; breaking-bad when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quotes.byCharacter"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("id", "universe", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuotesByCharacterParams:
        members = _object(value, ("id",), "QuotesByCharacterParams")
        return cls(
            id=_int(members["id"]),
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["id"] = _encode(self.id)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuotesByCharacterResult:
        """Decodes quotes.byCharacter's result."""
        result: QuotesByCharacterResult = QuotesByCharacterResult.from_json(value)
        return result

@dataclass(frozen=True)
class QuotesOverviewResult:
    """quotes.overview's result: The quotes scene in one call: top favourites, yours, and a
    random quote.
    """

    top: Optional[list[Quote]] = None
    yours: Optional[list[Quote]] = None
    random: Optional[Quote] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("top", "yours", "random"))

    @classmethod
    def from_json(cls, value: Any) -> QuotesOverviewResult:
        members = _object(value, (), "QuotesOverviewResult")
        return cls(
            top=_member(members, "top", _list_of(Quote.from_json)),
            yours=_member(members, "yours", _list_of(Quote.from_json)),
            random=_member(members, "random", Quote.from_json),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.top is not None:
            members["top"] = _encode(self.top)
        if self.yours is not None:
            members["yours"] = _encode(self.yours)
        if self.random is not None:
            members["random"] = _encode(self.random)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class QuotesOverviewParams:
    """quotes.overview's params: The quotes scene in one call: top favourites, yours, and a
    random quote.
    """

    # The universe; breaking-bad when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quotes.overview"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuotesOverviewParams:
        members = _object(value, (), "QuotesOverviewParams")
        return cls(
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuotesOverviewResult:
        """Decodes quotes.overview's result."""
        result: QuotesOverviewResult = QuotesOverviewResult.from_json(value)
        return result

QuotesRandomResult = Quote
"""quotes.random's result: One quote drawn uniformly from the matching ones."""

@dataclass(frozen=True)
class QuotesRandomParams:
    """quotes.random's params: One quote drawn uniformly from the matching ones."""

    # Any name of the author that resolves.
    author: Optional[str] = None
    # Only quotes from this series.
    series: Optional[Series] = None
    # The universe; the one series belongs to, or breaking-bad, when left out.
    universe: Optional[Universe] = None
    # A session token from auth.login or auth.register; the current user when left out.
    token: Optional[str] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "quotes.random"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("author", "series", "universe", "token"))

    @classmethod
    def from_json(cls, value: Any) -> QuotesRandomParams:
        members = _object(value, (), "QuotesRandomParams")
        return cls(
            author=_member(members, "author", _str),
            series=_member(members, "series", _str),
            universe=_member(members, "universe", _str),
            token=_member(members, "token", _str),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        if self.author is not None:
            members["author"] = _encode(self.author)
        if self.series is not None:
            members["series"] = _encode(self.series)
        if self.universe is not None:
            members["universe"] = _encode(self.universe)
        if self.token is not None:
            members["token"] = _encode(self.token)
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> QuotesRandomResult:
        """Decodes quotes.random's result."""
        result: QuotesRandomResult = Quote.from_json(value)
        return result

@dataclass(frozen=True)
class RpcDiscoverResultInfo:
    """RpcDiscoverResultInfo."""

    title: str
    version: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("title", "version"))

    @classmethod
    def from_json(cls, value: Any) -> RpcDiscoverResultInfo:
        members = _object(value, ("title", "version"), "RpcDiscoverResultInfo")
        return cls(
            title=_str(members["title"]),
            version=_str(members["version"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["title"] = _encode(self.title)
        members["version"] = _encode(self.version)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class RpcDiscoverResultMethodsItem:
    """RpcDiscoverResultMethodsItem."""

    name: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("name",))

    @classmethod
    def from_json(cls, value: Any) -> RpcDiscoverResultMethodsItem:
        members = _object(value, ("name",), "RpcDiscoverResultMethodsItem")
        return cls(
            name=_str(members["name"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["name"] = _encode(self.name)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class RpcDiscoverResult:
    """rpc.discover's result: The OpenRPC 1.4 document of every method: params, results,
    errors and examples.
    """

    openrpc: str
    info: RpcDiscoverResultInfo
    methods: list[RpcDiscoverResultMethodsItem]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("openrpc", "info", "methods"))

    @classmethod
    def from_json(cls, value: Any) -> RpcDiscoverResult:
        members = _object(value, ("openrpc", "info", "methods"), "RpcDiscoverResult")
        return cls(
            openrpc=_str(members["openrpc"]),
            info=RpcDiscoverResultInfo.from_json(members["info"]),
            methods=_list_of(RpcDiscoverResultMethodsItem.from_json)(members["methods"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["openrpc"] = _encode(self.openrpc)
        members["info"] = _encode(self.info)
        members["methods"] = _encode(self.methods)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class RpcDiscoverParams:
    """rpc.discover's params: The OpenRPC 1.4 document of every method: params, results,
    errors and examples.
    """

    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "rpc.discover"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(())

    @classmethod
    def from_json(cls, value: Any) -> RpcDiscoverParams:
        members = _object(value, (), "RpcDiscoverParams")
        return cls(
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> RpcDiscoverResult:
        """Decodes rpc.discover's result."""
        result: RpcDiscoverResult = RpcDiscoverResult.from_json(value)
        return result

@dataclass(frozen=True)
class ServiceInfoResultProtocolLimits:
    """ServiceInfoResultProtocolLimits."""

    max_message_bytes: int
    max_depth: int
    max_batch_length: int
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("maxMessageBytes", "maxDepth", "maxBatchLength"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultProtocolLimits:
        members = _object(value, ("maxMessageBytes", "maxDepth", "maxBatchLength"), "ServiceInfoResultProtocolLimits")
        return cls(
            max_message_bytes=_int(members["maxMessageBytes"]),
            max_depth=_int(members["maxDepth"]),
            max_batch_length=_int(members["maxBatchLength"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["maxMessageBytes"] = _encode(self.max_message_bytes)
        members["maxDepth"] = _encode(self.max_depth)
        members["maxBatchLength"] = _encode(self.max_batch_length)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResultProtocol:
    """ServiceInfoResultProtocol."""

    jsonrpc: Jsonrpc
    # Framings understood; each message's framing is detected on its own and its reply uses the
    # same.
    framings: list[Framings]
    # Notifications that cancel a request in progress.
    cancellation: list[str]
    # The notification sent to requests whose params carry a progressToken.
    progress: str
    limits: ServiceInfoResultProtocolLimits
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"jsonrpc": "2.0"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("jsonrpc", "framings", "cancellation", "progress", "limits"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultProtocol:
        members = _object(value, ("jsonrpc", "framings", "cancellation", "progress", "limits"), "ServiceInfoResultProtocol")
        return cls(
            jsonrpc=_str(members["jsonrpc"]),
            framings=_list_of(_str)(members["framings"]),
            cancellation=_list_of(_str)(members["cancellation"]),
            progress=_str(members["progress"]),
            limits=ServiceInfoResultProtocolLimits.from_json(members["limits"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["jsonrpc"] = _encode(self.jsonrpc)
        members["framings"] = _encode(self.framings)
        members["cancellation"] = _encode(self.cancellation)
        members["progress"] = _encode(self.progress)
        members["limits"] = _encode(self.limits)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResultCatalog:
    """The catalog being served."""

    # Where the catalog being served came from: embedded, or the live source's base URL (after a
    # catalog.refresh, or at start when the data directory holds a refresh from the --source given
    # or, with no --source, from the source of its last saved refresh).
    source: str
    episodes: int
    characters: int
    quotes: int
    # When the catalog being served was fetched from the live source (ISO 8601, UTC); null for the
    # embedded snapshot.
    refreshed_at: Optional[str]
    # The live API that catalog.refresh fetches from (--source URL, or with no --source the source
    # of the last saved refresh), or null when there is none or the service was started with
    # --source embedded.
    live_source: Optional[str]
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("source", "episodes", "characters", "quotes", "refreshedAt", "liveSource"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultCatalog:
        members = _object(value, ("source", "episodes", "characters", "quotes", "refreshedAt", "liveSource"), "ServiceInfoResultCatalog")
        return cls(
            source=_str(members["source"]),
            episodes=_int(members["episodes"]),
            characters=_int(members["characters"]),
            quotes=_int(members["quotes"]),
            refreshed_at=_optional(_str)(members["refreshedAt"]),
            live_source=_optional(_str)(members["liveSource"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["source"] = _encode(self.source)
        members["episodes"] = _encode(self.episodes)
        members["characters"] = _encode(self.characters)
        members["quotes"] = _encode(self.quotes)
        members["refreshedAt"] = _encode(self.refreshed_at)
        members["liveSource"] = _encode(self.live_source)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResultUniversesItemCounts:
    """A count for each list the universe has: quotes for breaking-bad, locations for
    rick-and-morty.
    """

    episodes: int
    characters: int
    quotes: Optional[int] = None
    locations: Optional[int] = None
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("episodes", "characters", "quotes", "locations"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultUniversesItemCounts:
        members = _object(value, ("episodes", "characters"), "ServiceInfoResultUniversesItemCounts")
        return cls(
            episodes=_int(members["episodes"]),
            characters=_int(members["characters"]),
            quotes=_member(members, "quotes", _int),
            locations=_member(members, "locations", _int),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["episodes"] = _encode(self.episodes)
        members["characters"] = _encode(self.characters)
        if self.quotes is not None:
            members["quotes"] = _encode(self.quotes)
        if self.locations is not None:
            members["locations"] = _encode(self.locations)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResultUniversesItem:
    """ServiceInfoResultUniversesItem."""

    universe: Universe
    # Where the catalog being served came from: embedded, or the live source's base URL (given
    # with --source or, with none, remembered from the data directory's last saved refresh of the
    # universe; --source UNIVERSE=embedded serves embedded for that run).
    source: str
    # When the catalog being served was fetched from the live source (ISO 8601, UTC): the
    # timestamp of the last refresh; null for the embedded snapshot.
    refreshed_at: Optional[str]
    # The live API this universe's catalog.refresh fetches from (--source [UNIVERSE=]URL, or with
    # none the source of its last saved refresh), or null.
    live_source: Optional[str]
    # A count for each list the universe has: quotes for breaking-bad, locations for
    # rick-and-morty.
    counts: ServiceInfoResultUniversesItemCounts
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("universe", "source", "refreshedAt", "liveSource", "counts"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultUniversesItem:
        members = _object(value, ("universe", "source", "refreshedAt", "liveSource", "counts"), "ServiceInfoResultUniversesItem")
        return cls(
            universe=_str(members["universe"]),
            source=_str(members["source"]),
            refreshed_at=_optional(_str)(members["refreshedAt"]),
            live_source=_optional(_str)(members["liveSource"]),
            counts=ServiceInfoResultUniversesItemCounts.from_json(members["counts"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["universe"] = _encode(self.universe)
        members["source"] = _encode(self.source)
        members["refreshedAt"] = _encode(self.refreshed_at)
        members["liveSource"] = _encode(self.live_source)
        members["counts"] = _encode(self.counts)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResultStorage:
    """Which store holds accounts, sessions, favourites, quizzes and profiles."""

    # sqlite: the data directory's file; postgres: a database shared by many machines
    # (--database).
    kind: Kind
    # bbfan.sqlite3 (in dataDirectory), or the database's URL without its password.
    location: str
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("kind", "location"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResultStorage:
        members = _object(value, ("kind", "location"), "ServiceInfoResultStorage")
        return cls(
            kind=_str(members["kind"]),
            location=_str(members["location"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["kind"] = _encode(self.kind)
        members["location"] = _encode(self.location)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoResult:
    """service.info's result: What this service is: name, version, protocol capabilities,
    limits, data directory and each universe's catalog.
    """

    name: ServiceInfoResultName
    # Semantic version of the service.
    version: str
    protocol: ServiceInfoResultProtocol
    # Where the service keeps its state (--data-dir).
    data_directory: str
    # The catalog being served.
    catalog: ServiceInfoResultCatalog
    # Every universe served, the default first.
    universes: list[ServiceInfoResultUniversesItem]
    # Which store holds accounts, sessions, favourites, quizzes and profiles.
    storage: ServiceInfoResultStorage
    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    _CONSTANTS: ClassVar[dict[str, str]] = {"name": "bbfan"}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("name", "version", "protocol", "dataDirectory", "catalog", "universes", "storage"))

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoResult:
        members = _object(value, ("name", "version", "protocol", "dataDirectory", "catalog", "universes", "storage"), "ServiceInfoResult")
        return cls(
            name=_str(members["name"]),
            version=_str(members["version"]),
            protocol=ServiceInfoResultProtocol.from_json(members["protocol"]),
            data_directory=_str(members["dataDirectory"]),
            catalog=ServiceInfoResultCatalog.from_json(members["catalog"]),
            universes=_list_of(ServiceInfoResultUniversesItem.from_json)(members["universes"]),
            storage=ServiceInfoResultStorage.from_json(members["storage"]),
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members["name"] = _encode(self.name)
        members["version"] = _encode(self.version)
        members["protocol"] = _encode(self.protocol)
        members["dataDirectory"] = _encode(self.data_directory)
        members["catalog"] = _encode(self.catalog)
        members["universes"] = _encode(self.universes)
        members["storage"] = _encode(self.storage)
        members.update(self.extra)
        return members

@dataclass(frozen=True)
class ServiceInfoParams:
    """service.info's params: What this service is: name, version, protocol capabilities,
    limits, data directory and each universe's catalog.
    """

    # The members a newer bbfan adds, as they came.
    extra: dict[str, Any] = field(default_factory=dict)

    METHOD: ClassVar[str] = "service.info"
    _CONSTANTS: ClassVar[dict[str, str]] = {}
    _KNOWN: ClassVar[frozenset[str]] = frozenset(())

    @classmethod
    def from_json(cls, value: Any) -> ServiceInfoParams:
        members = _object(value, (), "ServiceInfoParams")
        return cls(
            extra=_extra(members, cls._KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        members: dict[str, Any] = {}
        members.update(self.extra)
        return members

    def result_from_json(self, value: Any) -> ServiceInfoResult:
        """Decodes service.info's result."""
        result: ServiceInfoResult = ServiceInfoResult.from_json(value)
        return result

METHODS: dict[str, tuple[type[Any], Callable[[Any], Any]]] = {
    "auth.accounts": (AuthAccountsParams, AuthAccountsResult.from_json),
    "auth.checkPassword": (AuthCheckPasswordParams, AuthCheckPasswordResult.from_json),
    "auth.deleteAccount": (AuthDeleteAccountParams, AuthDeleteAccountResult.from_json),
    "auth.login": (AuthLoginParams, AuthLoginResult.from_json),
    "auth.logout": (AuthLogoutParams, AuthLogoutResult.from_json),
    "auth.register": (AuthRegisterParams, AuthRegisterResult.from_json),
    "auth.session": (AuthSessionParams, AuthSessionResult.from_json),
    "auth.switch": (AuthSwitchParams, AuthSwitchResult.from_json),
    "catalog.refresh": (CatalogRefreshParams, CatalogRefreshResult.from_json),
    "characters.export": (CharactersExportParams, CharactersExportResult.from_json),
    "characters.filter": (CharactersFilterParams, CharactersFilterResult.from_json),
    "characters.get": (CharactersGetParams, _one_of(CharactersGetResultBreakingBad.from_json, CharactersGetResultRickAndMorty.from_json)),
    "characters.list": (CharactersListParams, _one_of(CharactersListResultVariant1.from_json, CharactersListResultVariant2.from_json)),
    "episodes.filter": (EpisodesFilterParams, EpisodesFilterResult.from_json),
    "episodes.get": (EpisodesGetParams, EpisodesGetResult.from_json),
    "episodes.list": (EpisodesListParams, EpisodesListResult.from_json),
    "favorites.list": (FavoritesListParams, FavoritesListResult.from_json),
    "favorites.toggle": (FavoritesToggleParams, FavoritesToggleResult.from_json),
    "favorites.top": (FavoritesTopParams, FavoritesTopResult.from_json),
    "images.fetch": (ImagesFetchParams, ImagesFetchResult.from_json),
    "locations.get": (LocationsGetParams, LocationsGetResult.from_json),
    "locations.list": (LocationsListParams, LocationsListResult.from_json),
    "notifications.subscribe": (NotificationsSubscribeParams, NotificationsSubscribeResult.from_json),
    "notifications.unsubscribe": (NotificationsUnsubscribeParams, NotificationsUnsubscribeResult.from_json),
    "profile.get": (ProfileGetParams, ProfileGetResult.from_json),
    "profile.update": (ProfileUpdateParams, ProfileUpdateResult.from_json),
    "quizzes.add": (QuizzesAddParams, Quiz.from_json),
    "quizzes.create": (QuizzesCreateParams, Quiz.from_json),
    "quizzes.delete": (QuizzesDeleteParams, Quiz.from_json),
    "quizzes.due": (QuizzesDueParams, QuizzesDueResult.from_json),
    "quizzes.get": (QuizzesGetParams, Quiz.from_json),
    "quizzes.list": (QuizzesListParams, QuizzesListResult.from_json),
    "quizzes.online": (QuizzesOnlineParams, QuizzesOnlineResult.from_json),
    "quizzes.review": (QuizzesReviewParams, QuizzesReviewResult.from_json),
    "quotes.byCharacter": (QuotesByCharacterParams, QuotesByCharacterResult.from_json),
    "quotes.overview": (QuotesOverviewParams, QuotesOverviewResult.from_json),
    "quotes.random": (QuotesRandomParams, Quote.from_json),
    "rpc.discover": (RpcDiscoverParams, RpcDiscoverResult.from_json),
    "service.info": (ServiceInfoParams, ServiceInfoResult.from_json),
}
"""Every method: its params class and the decoder of its result."""

__all__ = [
    "DecodeError",
    "METHODS",
    "Request",
    "Appearances",
    "AuthAccountsParams",
    "AuthAccountsResult",
    "AuthAccountsResultAccountsItem",
    "AuthCheckPasswordParams",
    "AuthCheckPasswordResult",
    "AuthCheckPasswordResultProblemsItem",
    "AuthCheckPasswordResultRulesItem",
    "AuthDeleteAccountParams",
    "AuthDeleteAccountResult",
    "AuthLoginParams",
    "AuthLoginResult",
    "AuthLogoutParams",
    "AuthLogoutResult",
    "AuthRegisterParams",
    "AuthRegisterResult",
    "AuthSessionParams",
    "AuthSessionResult",
    "AuthSwitchParams",
    "AuthSwitchResult",
    "BreakingBadCharacter",
    "CatalogRefreshParams",
    "CatalogRefreshResult",
    "CatalogRefreshResultCounts",
    "CatalogRefreshResultResourcesItem",
    "CatalogRefreshResultResourcesItemStatus",
    "CharactersExportParams",
    "CharactersExportResult",
    "CharactersExportResultMediaType",
    "CharactersFilterParams",
    "CharactersFilterResult",
    "CharactersGetParams",
    "CharactersGetResult",
    "CharactersGetResultBreakingBad",
    "CharactersGetResultRickAndMorty",
    "CharactersListParams",
    "CharactersListResult",
    "CharactersListResultVariant1",
    "CharactersListResultVariant2",
    "CharactersListResultVariant2GroupsItem",
    "Episode",
    "EpisodesFilterParams",
    "EpisodesFilterResult",
    "EpisodesGetParams",
    "EpisodesGetResult",
    "EpisodesGetResultCharactersItem",
    "EpisodesListParams",
    "EpisodesListResult",
    "EpisodesListResultSeasonsItem",
    "FavoritesListParams",
    "FavoritesListResult",
    "FavoritesToggleParams",
    "FavoritesToggleResult",
    "FavoritesTopParams",
    "FavoritesTopResult",
    "Format",
    "Framings",
    "Freshness",
    "Grade",
    "GroupBy",
    "ImagesFetchParams",
    "ImagesFetchResult",
    "Jsonrpc",
    "Kind",
    "LocationRef",
    "LocationsGetParams",
    "LocationsGetResult",
    "LocationsGetResultResidentsItem",
    "LocationsListParams",
    "LocationsListResult",
    "LocationsListResultLocationsItem",
    "MediaType",
    "Name",
    "NotificationsSubscribeParams",
    "NotificationsSubscribeResult",
    "NotificationsSubscribeResultSubscriptionsItem",
    "NotificationsUnsubscribeParams",
    "NotificationsUnsubscribeResult",
    "NotificationsUnsubscribeResultSubscriptionsItem",
    "Photo",
    "ProfileGetParams",
    "ProfileGetResult",
    "ProfileUpdateParams",
    "ProfileUpdateParamsPhotoVariant1",
    "ProfileUpdateParamsPhotoVariant2",
    "ProfileUpdateResult",
    "Quiz",
    "QuizzesAddParams",
    "QuizzesAddResult",
    "QuizzesCreateParams",
    "QuizzesCreateResult",
    "QuizzesDeleteParams",
    "QuizzesDeleteResult",
    "QuizzesDueParams",
    "QuizzesDueResult",
    "QuizzesDueResultQuizzesItem",
    "QuizzesGetParams",
    "QuizzesGetResult",
    "QuizzesListParams",
    "QuizzesListResult",
    "QuizzesOnlineParams",
    "QuizzesOnlineResult",
    "QuizzesOnlineResultQuizzesItem",
    "QuizzesReviewParams",
    "QuizzesReviewResult",
    "Quote",
    "QuotesByCharacterParams",
    "QuotesByCharacterResult",
    "QuotesOverviewParams",
    "QuotesOverviewResult",
    "QuotesRandomParams",
    "QuotesRandomResult",
    "Review",
    "RickAndMortyCharacter",
    "RpcDiscoverParams",
    "RpcDiscoverResult",
    "RpcDiscoverResultInfo",
    "RpcDiscoverResultMethodsItem",
    "Rule",
    "Series",
    "ServiceInfoParams",
    "ServiceInfoResult",
    "ServiceInfoResultCatalog",
    "ServiceInfoResultName",
    "ServiceInfoResultProtocol",
    "ServiceInfoResultProtocolLimits",
    "ServiceInfoResultStorage",
    "ServiceInfoResultUniversesItem",
    "ServiceInfoResultUniversesItemCounts",
    "Status",
    "Topic",
    "Topics",
    "Universe",
    "User",
]


DEPRECATED_NAMES: dict[str, str] = {
    "AuthAccountsResultAccountsItemPhoto": "Photo",
    "AuthLoginResultUser": "User",
    "AuthLogoutResultUser": "User",
    "AuthRegisterResultUser": "User",
    "AuthSessionResultUser": "User",
    "AuthSwitchResultUser": "User",
    "CharactersFilterResultCharactersItemBreakingBad": "BreakingBadCharacter",
    "CharactersFilterResultCharactersItemBreakingBadAppearances": "Appearances",
    "CharactersFilterResultCharactersItemRickAndMorty": "RickAndMortyCharacter",
    "CharactersFilterResultCharactersItemRickAndMortyLocation": "LocationRef",
    "CharactersFilterResultCharactersItemRickAndMortyOrigin": "LocationRef",
    "CharactersGetResultBreakingBadAppearances": "Appearances",
    "CharactersGetResultBreakingBadQuotesItem": "Quote",
    "CharactersGetResultRickAndMortyEpisodesItem": "Episode",
    "CharactersGetResultRickAndMortyLocation": "LocationRef",
    "CharactersGetResultRickAndMortyOrigin": "LocationRef",
    "CharactersListResultVariant1CharactersItemBreakingBad": "BreakingBadCharacter",
    "CharactersListResultVariant1CharactersItemBreakingBadAppearances": "Appearances",
    "CharactersListResultVariant1CharactersItemRickAndMorty": "RickAndMortyCharacter",
    "CharactersListResultVariant1CharactersItemRickAndMortyLocation": "LocationRef",
    "CharactersListResultVariant1CharactersItemRickAndMortyOrigin": "LocationRef",
    "CharactersListResultVariant2GroupsItemCharactersItemBreakingBad": "BreakingBadCharacter",
    "CharactersListResultVariant2GroupsItemCharactersItemBreakingBadAppearances": "Appearances",
    "CharactersListResultVariant2GroupsItemCharactersItemRickAndMorty": "RickAndMortyCharacter",
    "CharactersListResultVariant2GroupsItemCharactersItemRickAndMortyLocation": "LocationRef",
    "CharactersListResultVariant2GroupsItemCharactersItemRickAndMortyOrigin": "LocationRef",
    "EpisodesFilterResultEpisodesItem": "Episode",
    "EpisodesListResultSeasonsItemEpisodesItem": "Episode",
    "FavoritesListResultQuotesItem": "Quote",
    "FavoritesTopResultQuotesItem": "Quote",
    "ProfileGetResultPhoto": "Photo",
    "ProfileGetResultUser": "User",
    "ProfileUpdateResultPhoto": "Photo",
    "ProfileUpdateResultUser": "User",
    "QuizzesDueResultQuizzesItemQuiz": "Quiz",
    "QuizzesDueResultQuizzesItemReview": "Review",
    "QuizzesListResultQuizzesItem": "Quiz",
    "QuizzesReviewResultReview": "Review",
    "QuotesByCharacterResultQuotesItem": "Quote",
    "QuotesOverviewResultRandom": "Quote",
    "QuotesOverviewResultTopItem": "Quote",
    "QuotesOverviewResultYoursItem": "Quote",
}
"""The per-method names of shared classes before 0.4, each the class it is now; they go in the next
release."""

if TYPE_CHECKING:
    AuthAccountsResultAccountsItemPhoto = Photo
    AuthLoginResultUser = User
    AuthLogoutResultUser = User
    AuthRegisterResultUser = User
    AuthSessionResultUser = User
    AuthSwitchResultUser = User
    CharactersFilterResultCharactersItemBreakingBad = BreakingBadCharacter
    CharactersFilterResultCharactersItemBreakingBadAppearances = Appearances
    CharactersFilterResultCharactersItemRickAndMorty = RickAndMortyCharacter
    CharactersFilterResultCharactersItemRickAndMortyLocation = LocationRef
    CharactersFilterResultCharactersItemRickAndMortyOrigin = LocationRef
    CharactersGetResultBreakingBadAppearances = Appearances
    CharactersGetResultBreakingBadQuotesItem = Quote
    CharactersGetResultRickAndMortyEpisodesItem = Episode
    CharactersGetResultRickAndMortyLocation = LocationRef
    CharactersGetResultRickAndMortyOrigin = LocationRef
    CharactersListResultVariant1CharactersItemBreakingBad = BreakingBadCharacter
    CharactersListResultVariant1CharactersItemBreakingBadAppearances = Appearances
    CharactersListResultVariant1CharactersItemRickAndMorty = RickAndMortyCharacter
    CharactersListResultVariant1CharactersItemRickAndMortyLocation = LocationRef
    CharactersListResultVariant1CharactersItemRickAndMortyOrigin = LocationRef
    CharactersListResultVariant2GroupsItemCharactersItemBreakingBad = BreakingBadCharacter
    CharactersListResultVariant2GroupsItemCharactersItemBreakingBadAppearances = Appearances
    CharactersListResultVariant2GroupsItemCharactersItemRickAndMorty = RickAndMortyCharacter
    CharactersListResultVariant2GroupsItemCharactersItemRickAndMortyLocation = LocationRef
    CharactersListResultVariant2GroupsItemCharactersItemRickAndMortyOrigin = LocationRef
    EpisodesFilterResultEpisodesItem = Episode
    EpisodesListResultSeasonsItemEpisodesItem = Episode
    FavoritesListResultQuotesItem = Quote
    FavoritesTopResultQuotesItem = Quote
    ProfileGetResultPhoto = Photo
    ProfileGetResultUser = User
    ProfileUpdateResultPhoto = Photo
    ProfileUpdateResultUser = User
    QuizzesDueResultQuizzesItemQuiz = Quiz
    QuizzesDueResultQuizzesItemReview = Review
    QuizzesListResultQuizzesItem = Quiz
    QuizzesReviewResultReview = Review
    QuotesByCharacterResultQuotesItem = Quote
    QuotesOverviewResultRandom = Quote
    QuotesOverviewResultTopItem = Quote
    QuotesOverviewResultYoursItem = Quote


def __getattr__(name: str) -> Any:
    """A name of DEPRECATED_NAMES: warns, then answers the shared class."""
    shared = DEPRECATED_NAMES.get(name)
    if shared is None:
        raise AttributeError(f"module 'bbfan.types' has no attribute {name!r}")
    warnings.warn(f"bbfan.types.{name} is deprecated and goes away in the next release: "
                  f"use bbfan.types.{shared}", DeprecationWarning, stacklevel=2)
    return globals()[shared]
