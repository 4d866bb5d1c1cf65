"""Reading single wire values: hints, enum possible sets, data classes, string lists.

Each helper takes the collector, the dialect the key belongs to, the canonical field, the value
and the JSON path parts of its slot. None of them raises. The conservative readings:

- a hint that is not a boolean is *no claim* (an error diagnostic);
- an unknown or malformed member of a possible set means the enum's worst member is possible;
- an unknown data class means the worst class (credentials) is possible.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import Any, TypeVar

from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.provenance import Severity
from weir.labels.vocab import DataClass, Dialect, Level, worst

__all__ = [
    "capitalised",
    "hint",
    "lookup",
    "read_classes",
    "read_enum_set",
    "read_strings",
    "worst_member",
]

Part = str | int
E = TypeVar("E", bound=StrEnum)

_LOOKUP: dict[type[StrEnum], dict[str, StrEnum]] = {}


def lookup(enum: type[E], value: str) -> E | None:
    """The member spelled ``value`` in any case (``"PII"``, ``"pii"``, ``"UntrustedPublic"``)."""
    table = _LOOKUP.get(enum)
    if table is None:
        table = _LOOKUP[enum] = {m.value.lower(): m for m in enum}
    return table.get(value.lower())  # type: ignore[return-value]


@cache
def capitalised(member: StrEnum) -> str:
    """SEP-2061's spelling of a canonical value: ``PII``, ``UntrustedPublic``, ``None``."""
    if member is DataClass.PII:
        return "PII"
    return member.value[0].upper() + member.value[1:]


def worst_member(enum: type[E]) -> E:
    """The riskiest member of an enum (what an unknown value may mean)."""
    found = worst(frozenset(enum))
    assert found is not None  # every enum has members
    return found


def hint(
    c: Collector,
    dialect: Dialect,
    field: str,
    slot: Mapping[str, Any],
    key: str,
    *,
    at: tuple[Part, ...],
    risky: bool | None = None,
) -> None:
    """A boolean hint: absent is no claim; anything but a boolean is a diagnostic and no claim.

    ``risky`` is for data labels, where "no claim" is the bottom of the lattice and so means
    *safe*: there a malformed value (``"openWorldHint": "yes"``) is read as the risky value instead.
    On tools "no claim" already means the conservative spec default, so they pass nothing.
    """
    if key not in slot:
        return
    value = slot[key]
    path = cached_path(*at, key)
    if isinstance(value, bool):
        c.claim(dialect, field, value, path)
    elif value is None:
        c.report(path, f"{key} is null: read as no claim", dialect, Severity.WARNING)
    elif risky is not None:
        c.report(path, f"{key} must be a boolean, not {kind_of(value)}: read as {str(risky).lower()}", dialect)
        c.claim(dialect, field, risky, path)
    else:
        c.report(path, f"{key} must be a boolean, not {kind_of(value)}: read as no claim", dialect)


def _spelling_note(
    c: Collector, dialect: Dialect, raw: str, member: StrEnum, *, path: str, capital: bool | None
) -> None:
    if capital is None:
        return
    want = capitalised(member) if capital else member.value
    if raw != want:
        c.report(path, f"{raw!r} is spelled {want!r} in {dialect}", dialect, Severity.INFO)


def _member(c: Collector, dialect: Dialect, enum: type[E], value: Any, *, path: str, capital: bool | None) -> E:
    if isinstance(value, str):
        found = lookup(enum, value)
        if found is not None:
            _spelling_note(c, dialect, value, found, path=path, capital=capital)
            return found
        what = f"unknown value {value[:80]!r}"
    else:
        what = f"{kind_of(value)} where a string was expected"
    bad = worst_member(enum)
    allowed = ", ".join(capitalised(m) if capital else m.value for m in enum)
    c.report(path, f"{what} (expected one of {allowed}): read as {bad.value!r} possible", dialect)
    return bad


def _items(
    c: Collector, dialect: Dialect, value: Any, parts: tuple[Part, ...], possible: bool = True
) -> list[tuple[Any, str]] | None:
    """The members of a scalar-or-array slot with their paths; None when the set is empty."""
    path = cached_path(*parts)
    if not isinstance(value, list):
        return [(value, path)]
    if possible:
        c.set_paths.append(path)
    if not value:
        c.report(path, "an empty possible set: read as no claim", dialect, Severity.WARNING)
        return None
    return [(v, cached_path(*parts, i)) for i, v in enumerate(value)]


def read_enum_set(
    c: Collector,
    dialect: Dialect,
    field: str,
    enum: type[E],
    value: Any,
    *,
    at: tuple[Part, ...],
    capital: bool | None = None,
) -> None:
    """A scalar (resolved value) or array (possible set) of ``enum`` values.

    ``capital`` says which spelling the dialect uses (True: SEP-2061, False: lower-case, None:
    no opinion); another spelling is accepted with an info diagnostic.
    """
    items = _items(c, dialect, value, at)
    if items is None:
        return
    members = frozenset(_member(c, dialect, enum, v, path=p, capital=capital) for v, p in items)
    c.claim(dialect, field, members, cached_path(*at))


def _scopes(c: Collector, dialect: Dialect, value: Any, parts: tuple[Part, ...]) -> frozenset[str]:
    if not isinstance(value, Mapping):
        c.report(cached_path(*parts), f"regulated must be an object with scopes, not {kind_of(value)}", dialect)
        return frozenset()
    key = next((k for k in value if isinstance(k, str) and k.lower() == "scopes"), None)
    if key is None:
        c.report(cached_path(*parts), "regulated has no scopes: read as regulated, scopes unknown", dialect)
        return frozenset()
    raw = value[key]
    if not isinstance(raw, list):
        c.report(cached_path(*parts, key), f"scopes must be an array of strings, not {kind_of(raw)}", dialect)
        return frozenset()
    good = {s for s in raw if isinstance(s, str)}
    for i, s in enumerate(raw):
        if not isinstance(s, str):
            c.report(cached_path(*parts, key, i), f"a scope must be a string, not {kind_of(s)}: skipped", dialect)
    return frozenset(good)


def _data_class(
    c: Collector, dialect: Dialect, value: Any, path_parts: tuple[Part, ...], capital: bool | None
) -> tuple[DataClass, frozenset[str]]:
    path = cached_path(*path_parts)
    if isinstance(value, Mapping):
        keys = [k for k in value if isinstance(k, str) and k.lower() == "regulated"]
        if len(keys) == 1 and len(value) == 1:
            return DataClass.REGULATED, _scopes(c, dialect, value[keys[0]], (*path_parts, keys[0]))
        c.report(
            path, "a data-class object must be {regulated: {scopes: [...]}}: read as credentials possible", dialect
        )
        return DataClass.CREDENTIALS, frozenset()
    return _member(c, dialect, DataClass, value, path=path, capital=capital), frozenset()


def read_classes(
    c: Collector,
    dialect: Dialect,
    fields: tuple[str, str],
    value: Any,
    parts: tuple[Part, ...],
    *,
    capital: bool | None = None,
    possible: bool = True,
) -> None:
    """A DataClass or array of them, into the (classes, scopes) ``fields``.

    ``possible`` is False where an array lists classes present (a data label), not a possible set.
    """
    items = _items(c, dialect, value, parts, possible)
    if items is None:
        return
    classes: set[DataClass] = set()
    scopes: set[str] = set()
    base = cached_path(*parts)
    for i, (v, _) in enumerate(items):
        item_parts = (*parts, i) if isinstance(value, list) else parts
        cls, found = _data_class(c, dialect, v, item_parts, capital)
        classes.add(cls)
        scopes |= found
    c.claim(dialect, fields[0], frozenset(classes), base)
    if scopes:
        c.claim(dialect, fields[1], frozenset(scopes), base)


def read_strings(c: Collector, dialect: Dialect, field: str, value: Any, parts: tuple[Part, ...]) -> None:
    """An array of strings (attribution); a bare string is accepted as one, with a warning."""
    path = cached_path(*parts)
    if isinstance(value, str):
        c.report(path, "expected an array of strings: read the string as one entry", dialect, Severity.WARNING)
        c.claim(dialect, field, frozenset({value}), path)
        return
    if not isinstance(value, list):
        c.report(path, f"expected an array of strings, not {kind_of(value)}: ignored", dialect)
        return
    good = frozenset(v for v in value if isinstance(v, str))
    for i, v in enumerate(value):
        if not isinstance(v, str):
            c.report(cached_path(*parts, i), f"expected a string, not {kind_of(v)}: skipped", dialect)
    if good:
        c.claim(dialect, field, good, path)


LEVEL_WORDS: Mapping[str, Level] = {"low": Level.LOW, "medium": Level.MEDIUM, "high": Level.HIGH}
"""Issue 711's sensitiveHint values."""
