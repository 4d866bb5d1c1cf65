"""CEL's values as Python sees them: the checks the generated rule code makes, and convertibility.

The generated code (:mod:`weir.policy.fastpath`) compares fact values with these helpers
wherever a value's kind is not known ahead: each one answers as CEL would, or raises
:class:`Fallback` where CEL's answer could differ (a kind the subset does not compare, a value
CEL could not even hold), and the engine then asks CEL itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "Fallback",
    "as_bool",
    "as_list",
    "convertible",
    "convertible_fields",
    "equal",
    "in_list",
    "in_texts",
    "less",
    "less_equal",
]


class Fallback(Exception):
    """These facts are left to CEL (see the module docstring)."""


def _kind(value: Any) -> type | None:
    """bool, int, str or None (null) — the scalar kinds the subset compares; else Fallback."""
    # Exact classes first (facts are plain JSON values); subclasses take the general path below.
    cls = value.__class__
    if cls is str:
        if not value.isascii():
            _check_text(value)
        return str
    if cls is bool:
        return bool
    if cls is int and -_INT_LIMIT <= value < _INT_LIMIT:
        return int
    return _kind_of(value)


_INT_LIMIT = 2**63


def _kind_of(value: Any) -> type | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:  # CEL cannot even hold it
            raise Fallback
        return int
    if isinstance(value, str):
        if not value.isascii():
            _check_text(value)
        return str
    raise Fallback


def _check_text(value: str) -> None:
    """CEL strings are UTF-8: a lone surrogate (legal in JSON) cannot be converted."""
    if not _utf8(value):
        raise Fallback


def equal(a: Any, b: Any) -> bool:
    """CEL's ``a == b``."""
    # CEL's heterogeneous equality: values of different kinds are simply not equal.
    return _kind(a) is _kind(b) and a == b


def as_bool(value: Any) -> bool:
    """``value`` as a logical operand: CEL errors on anything but a bool."""
    if value is True or value is False:
        return value
    raise Fallback


def _ordered(a: Any, b: Any) -> None:
    ka = _kind(a)
    if ka not in (int, str) or ka is not _kind(b):
        raise Fallback


def as_list(value: Any) -> Sequence[Any]:
    """``value`` as the target of ``in`` / ``exists`` / ``all``: only a list is compared here."""
    if isinstance(value, list):
        return value
    raise Fallback


def in_list(value: Any, items: Any) -> bool:
    """CEL's ``value in items`` for a list."""
    return any(equal(value, x) for x in as_list(items))


def in_texts(value: Any, texts: frozenset[str]) -> bool:
    """``value in ['a', 'b']``: a list literal of strings, as a set."""
    kind = _kind(value)
    return kind is str and value in texts


def less(a: Any, b: Any) -> bool:
    """CEL's ``a < b`` for two ints or two strings."""
    _ordered(a, b)
    return bool(a < b)


def less_equal(a: Any, b: Any) -> bool:
    """CEL's ``a <= b`` for two ints or two strings."""
    _ordered(a, b)
    return bool(a <= b)


_PLAIN = frozenset({bool, int, float, type(None)})


def convertible(value: Any) -> bool:
    """Whether CEL can hold ``value`` (so the CEL path would not have failed on converting it).

    Conservative: a value this does not know (a set, a dict with non-string keys) counts as not
    convertible, which only sends the decision down the CEL path.
    """
    if value.__class__ in _PLAIN or (isinstance(value, int | float) and not isinstance(value, str)):
        return True
    if isinstance(value, str):
        return value.isascii() or _utf8(value)
    if isinstance(value, list | tuple):
        return all(item.__class__ in _PLAIN or convertible(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and convertible(k) and convertible(v) for k, v in value.items())
    return False


def convertible_fields(value: dict[str, Any], fields: frozenset[str]) -> bool:
    """:func:`convertible` for only ``fields`` of a dict (what a projected activation holds)."""
    for name in fields:
        if name in value:
            item = value[name]
            if item.__class__ not in _PLAIN and not convertible(item):
                return False
    return True


def _utf8(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8 (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
