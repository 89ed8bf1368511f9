"""What the generated types in `_types.py` decode and encode with: the decoder of each JSON kind,
of lists, of nullable and one-of values, and the `Request` protocol every params class follows.

Written by hand (the generator writes only the types): `tools/generate.py` imports nothing from
here, and `_types.py` imports it.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Optional, Protocol, TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R", covariant=True)


class DecodeError(ValueError):
    """A reply that does not have the shape its schema gives (a missing member, a wrong type)."""


class Request(Protocol[_R]):
    """The params of one method, which know its wire name and how to decode its result."""

    METHOD: ClassVar[str]

    def to_json(self) -> dict[str, Any]: ...

    def result_from_json(self, value: Any) -> _R: ...


def _object(value: Any, required: tuple[str, ...], name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DecodeError(f"{name}: expected an object, got {type(value).__name__}")
    missing = [key for key in required if key not in value]
    if missing:
        raise DecodeError(f"{name}: missing {', '.join(missing)}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise DecodeError(f"expected a string, got {value!r}")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DecodeError(f"expected an integer, got {value!r}")
    return value


def _float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DecodeError(f"expected a number, got {value!r}")
    return float(value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise DecodeError(f"expected a boolean, got {value!r}")
    return value


def _null(value: Any) -> None:
    if value is not None:
        raise DecodeError(f"expected null, got {value!r}")
    return None


def _any(value: Any) -> Any:
    return value


def _dict(value: Any) -> dict[str, Any]:
    return _object(value, (), "object")


def _list_of(item: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    def decode(value: Any) -> list[_T]:
        if not isinstance(value, list):
            raise DecodeError(f"expected an array, got {type(value).__name__}")
        return [item(element) for element in value]
    return decode


def _optional(decode: Callable[[Any], _T]) -> Callable[[Any], Optional[_T]]:
    def decode_or_null(value: Any) -> Optional[_T]:
        return None if value is None else decode(value)
    return decode_or_null


def _one_of(*decoders: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The first variant that decodes the value; variants whose constants (`universe`) the value
    has are tried first, so a value with a constant no variant knows still decodes by shape."""
    def matches(decoder: Callable[[Any], Any], value: Any) -> bool:
        constants: dict[str, str] = getattr(getattr(decoder, "__self__", None), "_CONSTANTS", {})
        return isinstance(value, dict) and all(value.get(key) == known for key, known in constants.items())

    def decode(value: Any) -> Any:
        ordered = [d for d in decoders if matches(d, value)] + [d for d in decoders if not matches(d, value)]
        problems = []
        for decoder in ordered:
            try:
                return decoder(value)
            except DecodeError as problem:
                problems.append(str(problem))
        raise DecodeError("no variant matches: " + "; ".join(problems))
    return decode


def _member(value: dict[str, Any], key: str, decode: Callable[[Any], _T]) -> Optional[_T]:
    return decode(value[key]) if key in value else None


def _extra(value: dict[str, Any], known: frozenset[str]) -> dict[str, Any]:
    return {key: member for key, member in value.items() if key not in known}


def _encode(value: Any) -> Any:
    if isinstance(value, list):
        return [_encode(element) for element in value]
    to_json = getattr(value, "to_json", None)
    return to_json() if callable(to_json) else value
