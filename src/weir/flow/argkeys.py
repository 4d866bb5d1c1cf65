"""What one argument value carries for provenance: its identifiers, fingerprinted, worked out once.

A call's arguments are checked against the session's memory key by key. Which keys a value
carries (the value whole, identifiers inside it), their fingerprints, and whether each
identifier is the whole value depend on the value alone, so they are computed once per distinct
string or number and kept in bounded caches: account ids, currencies, channel names, addresses
and amounts recur from call to call, and extraction and hashing are most of the cost of
argument provenance. A value never seen before (a new payment's reference) pays for exactly one
extraction: see :func:`weir.flow.values.extract` for how that stays cheap.
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from weir.flow.values import MAX_WHOLE, Kind, extract, fingerprint, number_key, whole_key

__all__ = ["ArgKey", "arg_keys", "clear_caches", "data_keys", "whole_text"]

_CHANNEL_ARG = re.compile(r"#?[A-Za-z0-9][\w.-]{0,79}")
_MAX_CACHED = 512
"""Longer strings are worked out on every call: they are message bodies, which seldom recur."""


class ArgKey(NamedTuple):
    """One key an argument value carries."""

    kind: Kind
    """What the key is (the value whole as text, an e-mail address inside it, an amount...)."""
    key: str
    """The normalised value (:func:`weir.flow.values.extract`)."""
    fingerprint: int
    """:func:`weir.flow.values.fingerprint` of ``kind`` and ``key``: what sessions remember."""
    whole: bool
    """The key is the whole argument (``to_iban="DE89..."``), not something inside it."""


def data_keys(value: Any, *, derive: bool = True) -> list[tuple[Kind, str]]:
    """Keys for one scalar: identifiers inside it, and short strings whole.

    ``derive`` as in :func:`weir.flow.values.extract` (True for data, False for arguments, which
    also name a channel when they are one word: "finance-billing" or "#finance-billing").
    """
    if isinstance(value, str):
        if len(value) <= MAX_WHOLE and value.strip():
            keys = [(Kind.TEXT, whole_key(value))]
            if not derive and _CHANNEL_ARG.fullmatch(value.strip()):
                keys.append((Kind.CHANNEL, value.strip().lstrip("#").lower()))
            keys += extract(value, derive=derive)
            return keys
        return extract(value, derive=derive)
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int | float):
        key = number_key(float(value))
        if key:
            return [(Kind.NUMBER, key)]
    return []


def arg_keys(leaf: Any) -> tuple[ArgKey, ...]:
    """Every key an argument leaf carries, in extraction order (cached for strings and numbers)."""
    cls = leaf.__class__
    if cls is str and len(leaf) <= _MAX_CACHED:
        return _string_keys(leaf)
    if cls is float or cls is int:
        # A number's keys depend on its float value alone (see data_keys).
        return _number_keys(float(leaf))
    return _keys_of(leaf)


def _keys_of(leaf: Any) -> tuple[ArgKey, ...]:
    whole = whole_text(leaf)
    return tuple(
        ArgKey(kind, key, fingerprint(kind, key), kind is Kind.TEXT or kind is Kind.NUMBER or key == whole)
        for kind, key in data_keys(leaf, derive=False)
    )


@functools.lru_cache(maxsize=4096)
def _string_keys(leaf: str) -> tuple[ArgKey, ...]:
    return _keys_of(leaf)


@functools.lru_cache(maxsize=1024)
def _number_keys(leaf: float) -> tuple[ArgKey, ...]:
    # data_keys of a number, without its type tests: its one key is the number, taken whole.
    key = number_key(leaf)
    return (ArgKey(Kind.NUMBER, key, fingerprint(Kind.NUMBER, key), True),) if key else ()


def whole_text(leaf: Any) -> str:
    """The argument normalised the way identifiers are (for "is the identifier the whole value").

    Empty for anything but a string, which no identifier equals.
    """
    if not isinstance(leaf, str):
        return ""
    s = leaf.strip()
    compact = s.replace(" ", "")
    return compact.upper() if compact[:2].isalpha() and compact[2:4].isdigit() else s.lower().rstrip("/")


def clear_caches() -> None:
    """Forget every cached argument value's keys (to measure the cold path)."""
    _string_keys.cache_clear()
    _number_keys.cache_clear()
