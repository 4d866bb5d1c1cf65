"""inputMetadata / returnMetadata, shared by every dialect that carries action metadata.

SEP-2061 capitalises keys and values (``"Outcomes": "Irreversible"``); SEP-1913 and the
action-metadata extension write them in lower case (``"outcomes": "irreversible"``). The key's
case decides the dialect a fact is attributed to; values are accepted in either spelling (the
other spelling gets an info diagnostic). A scalar is a resolved value, an array a possible set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels.dialects._collect import Collector, cached_path, kind_of
from weir.labels.dialects._values import Part, capitalised, read_classes, read_enum_set
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Severity
from weir.labels.vocab import DataClass, Destination, Dialect, Outcome, Source

__all__ = ["CONTAINERS", "read_container", "write_metadata"]

CONTAINERS: Mapping[str, str] = {
    "inputmetadata": "input",
    "returnmetadata": "return",
}
"""Lower-cased container key → which contract it holds."""

_INPUT_KEYS = ("destination", "sensitivity", "outcomes")
_RETURN_KEYS = ("source", "sensitivity")


def _read_slot(c: Collector, dialect: Dialect, which: str, key: str, value: Any, *, at: tuple[Part, ...]) -> None:
    parts = at
    capital = key[0].isupper()
    name = key.lower()
    if which == "input" and name == "destination":
        read_enum_set(c, dialect, "destinations", Destination, value, at=parts, capital=capital)
    elif which == "input" and name == "outcomes":
        read_enum_set(c, dialect, "outcomes", Outcome, value, at=parts, capital=capital)
    elif which == "return" and name == "source":
        read_enum_set(c, dialect, "return_sources", Source, value, at=parts, capital=capital)
    else:
        fields = ("input_classes", "input_scopes") if which == "input" else ("return_classes", "return_scopes")
        read_classes(c, dialect, fields, value, parts, capital=capital)


def read_container(
    c: Collector,
    container_key: str,
    value: Any,
    parts: tuple[Part, ...],
    *,
    lower: Dialect,
    capital: Dialect,
) -> None:
    """Read one inputMetadata/returnMetadata object found at ``parts``.

    ``lower`` and ``capital`` are the dialects facts are attributed to for lower-case and
    capitalised keys (SEP-1913 and SEP-2061 in `annotations`; the extension's own dialect elsewhere).
    """
    which = CONTAINERS[container_key.lower()]
    if not isinstance(value, Mapping):
        c.report(cached_path(*parts), f"{container_key} must be an object, not {kind_of(value)}: ignored", lower)
        return
    known = _INPUT_KEYS if which == "input" else _RETURN_KEYS
    for key, slot in value.items():
        key_text = str(key)
        if key_text.lower() not in known:
            c.report(
                cached_path(*parts, key_text),
                f"unknown key {key_text!r} in {container_key}: ignored",
                lower,
                Severity.WARNING,
            )
            continue
        is_capital = container_key[0].isupper() or key_text[0].isupper()
        _read_slot(c, capital if is_capital else lower, which, key_text, slot, at=(*parts, key_text))


def _values(members: frozenset[Any], capital: bool) -> Any:
    spelled = sorted(capitalised(m) if capital else m.value for m in members)
    return spelled[0] if len(spelled) == 1 else spelled


def _classes(classes: frozenset[DataClass], scopes: frozenset[str], capital: bool) -> Any:
    if scopes:
        classes = classes | {DataClass.REGULATED}
    out: list[Any] = []
    for cls in sorted(classes, key=lambda m: m.value):
        if cls is DataClass.REGULATED and not capital:
            out.append({"regulated": {"scopes": sorted(scopes)}})
        else:
            out.append(capitalised(cls) if capital else cls.value)
    return out[0] if len(out) == 1 else out


def write_metadata(profile: ToolProfile, *, capital: bool) -> dict[str, Any]:
    """``{"inputMetadata": ..., "returnMetadata": ...}`` for what ``profile`` claims (empty parts omitted).

    SEP-2061 (``capital``) cannot carry regulatory scopes: ``Regulated`` is written bare.
    """

    def k(name: str) -> str:
        return name[0].upper() + name[1:] if capital else name

    inp: dict[str, Any] = {}
    if profile.destinations:
        inp[k("destination")] = _values(profile.destinations, capital)
    if profile.input_classes or profile.input_scopes:
        inp[k("sensitivity")] = _classes(profile.input_classes, profile.input_scopes, capital)
    if profile.outcomes:
        inp[k("outcomes")] = _values(profile.outcomes, capital)
    ret: dict[str, Any] = {}
    if profile.return_sources:
        ret[k("source")] = _values(profile.return_sources, capital)
    if profile.return_classes or profile.return_scopes:
        ret[k("sensitivity")] = _classes(profile.return_classes, profile.return_scopes, capital)
    out: dict[str, Any] = {}
    if inp:
        out["inputMetadata"] = inp
    if ret:
        out["returnMetadata"] = ret
    return out
