"""The static types of the facts Weir builds itself, so rule code need not check them per decision.

The facts of a Guard decision are built by :mod:`weir.policy.activation` from typed parts
(profiles, labels, argument taints): ``session.untrusted`` is always a bool, ``session.level``
always a small int, ``args_from_untrusted[*].kind`` always one of Weir's kind names. Rule code
compiled for facts of these types (:func:`weir.policy.fastpath.compile_conditions` with
``typed=True``) skips the CEL value-kind emulation the general translation does on every access.

Two kinds of text differ: Weir's own vocabulary (enum values, kind names: ASCII by
construction) and text that came off the wire (tool names, scopes, argument values), which CEL
cannot hold when it carries a lone surrogate. The engine checks the wire text a phase reads
(:func:`wire_fields`) before using typed code, so inside it every text is convertible.
``ANY`` marks free-form values (``request``, ``arguments``, wire annotations): typed code treats
them exactly as the general translation does. ``tests/policy/test_schema.py`` holds the
builders to these types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

__all__ = ["ITEM", "MESSAGE", "PRINCIPAL", "ROOTS", "FactType", "conforms", "root_conforms", "wire_fields"]


class FactType(Enum):
    """What a fact field always holds when Weir built it."""

    BOOL = "bool"
    INT = "int"
    """An int CEL can hold (levels, counts, steps)."""
    OPT_BOOL = "bool | None"
    """A tri-state hint: None is "no claim"."""
    TEXT = "text"
    """Weir's vocabulary: ASCII."""
    TEXTS = "list[text]"
    WIRE_TEXT = "wire text"
    """Text from the wire: convertible only once checked."""
    WIRE_TEXTS = "list[wire text]"
    ITEMS = "list[taint]"
    """``args_from_untrusted``: a list of dicts typed by :data:`ITEM`."""
    ANY = "any"
    """Free-form: nothing is assumed."""


_B, _I, _O, _T, _TS, _W, _WS = (
    FactType.BOOL,
    FactType.INT,
    FactType.OPT_BOOL,
    FactType.TEXT,
    FactType.TEXTS,
    FactType.WIRE_TEXT,
    FactType.WIRE_TEXTS,
)

_TOOL: dict[str, FactType] = {
    "name": _W,
    "server": _W,
    "title": _W,
    **dict.fromkeys(["read_only", "destructive", "idempotent", "open_world", "requires_confirmation"], _B),
    "requires_review": _B,
    **dict.fromkeys(["ai_processing", "slow_execution", "resource_intensive", "sensitive_data"], _O),
    **dict.fromkeys(["privileged_access", "reversible"], _O),
    **dict.fromkeys(["effects", "outcomes", "destinations", "sources", "input_classes", "return_classes"], _TS),
    **dict.fromkeys(["outcome", "destination", "source"], _T),
    **dict.fromkeys(["outcome_claimed", "destination_claimed", "consequential", "irreversible", "egress"], _B),
    **dict.fromkeys(["malicious", "resolved", "quarantined"], _B),
    **dict.fromkeys(["read_claimed", "named_destructive", "named_read"], _B),
    **dict.fromkeys(["input_scopes", "return_scopes", "findings", "changes"], _WS),
    **dict.fromkeys(["input_level", "return_level"], _I),
}

_LABEL: dict[str, FactType] = {
    **dict.fromkeys(["untrusted", "private", "malicious", "sensitive"], _B),
    "level": _I,
    "classes": _TS,
    "finding_classes": _TS,
    **dict.fromkeys(["scopes", "attribution", "findings"], _WS),
    "annotations": FactType.ANY,
}

_SESSION: dict[str, FactType] = {
    **_LABEL,
    "internal_level": _I,
    "internal_private": _B,
    "internal_classes": _TS,
    "steps": _I,
    "servers": _WS,
}

_RESULT: dict[str, FactType] = {**_LABEL, "is_error": _B, "blocks": _I}

_SERVER: dict[str, FactType] = {"name": _W, "trust": _T, "trusted": _B, "sharing": _T}

MESSAGE: dict[str, FactType] = {
    **dict.fromkeys(["kind", "direction", "include_context", "mode"], _T),
    **dict.fromkeys(["method", "uri", "name", "url", "url_origin"], _W),
    "url_allowed": _B,
    **dict.fromkeys(["fields", "secret_fields"], _WS),
}
"""The ``message`` fact: what kind of MCP message is decided (:mod:`weir.guard.messages`)."""

PRINCIPAL: dict[str, FactType] = {
    **dict.fromkeys(["id", "sub", "client_id"], _W),
    **dict.fromkeys(["scopes", "groups"], _WS),
    "authenticated": _B,
}
"""The ``principal`` fact: who is behind the connection (:func:`weir.policy.facts.principal_facts`)."""

ITEM: dict[str, FactType] = {
    **dict.fromkeys(["path", "value", "server", "tool"], _W),
    "kind": _T,
    **dict.fromkeys(["step", "sources"], _I),
    **dict.fromkeys(["malicious", "trusted_also", "user_first", "sender", "open", "whole", "query"], _B),
    **dict.fromkeys(["prose", "named", "encoded", "vocabulary"], _B),
    "corroborated": _B,
}
"""The fields of one ``args_from_untrusted`` item (:meth:`weir.flow.provenance.ArgTaint.as_fact`)."""

ROOTS: dict[str, dict[str, FactType] | FactType] = {
    "tool": _TOOL,
    "server": _SERVER,
    "session": _SESSION,
    "result": _RESULT,
    "message": MESSAGE,
    "args_from_untrusted": FactType.ITEMS,
    "request": FactType.ANY,
    "arguments": FactType.ANY,
    "principal": PRINCIPAL,
}
"""Each fact root: a dict of typed fields, or one type for the whole root."""

_CHECKED = frozenset({FactType.WIRE_TEXT, FactType.WIRE_TEXTS, FactType.ANY, FactType.ITEMS})


def wire_fields(
    fields: Mapping[str, frozenset[str] | None], item_fields: frozenset[str]
) -> tuple[tuple[str, frozenset[str] | None], ...]:
    """What must be checked convertible per decision before typed code may run.

    For each root a phase reads (``fields``: root → fields read, None for the whole root), the
    read fields whose text may come off the wire, or None to check the whole root. The tool root
    is left out: the engine checks it once per tool. Items are checked on the item fields the
    conditions mention that may hold wire text.
    """
    out: list[tuple[str, frozenset[str] | None]] = []
    for root, used in fields.items():
        schema = ROOTS.get(root, FactType.ANY)
        if root == "tool":
            continue
        if schema is FactType.ITEMS:
            wire = frozenset(f for f in item_fields if f in ITEM and ITEM[f] in _CHECKED)
            if wire:
                out.append((root, wire))
        elif isinstance(schema, FactType) or used is None:
            out.append((root, None))
        else:
            wire = frozenset(f for f in used if schema.get(f, FactType.ANY) in _CHECKED)
            if wire:
                out.append((root, wire))
    return tuple(out)


def conforms(value: Any, kind: FactType) -> bool:
    """Whether ``value`` is what ``kind`` promises (wire text: any ``str``; its encoding is checked apart)."""
    if kind in (FactType.TEXTS, FactType.WIRE_TEXTS):
        item = FactType.TEXT if kind is FactType.TEXTS else FactType.WIRE_TEXT
        return isinstance(value, list) and all(conforms(v, item) for v in value)
    if kind is FactType.ITEMS:
        return isinstance(value, list) and all(
            isinstance(v, dict) and v.keys() == ITEM.keys() and all(conforms(v[k], t) for k, t in ITEM.items())
            for v in value
        )
    return _SCALAR_CHECKS[kind](value)


_SCALAR_CHECKS: dict[FactType, Callable[[Any], bool]] = {
    FactType.ANY: lambda v: True,
    FactType.BOOL: lambda v: v is True or v is False,
    FactType.OPT_BOOL: lambda v: v is None or v is True or v is False,
    FactType.INT: lambda v: isinstance(v, int) and not isinstance(v, bool) and -(2**63) <= v < 2**63,
    FactType.TEXT: lambda v: isinstance(v, str) and v.isascii(),
    FactType.WIRE_TEXT: lambda v: isinstance(v, str),
}


def root_conforms(root: str, value: Any) -> bool:
    """Whether a whole root's value has every field of its schema, each of its type."""
    schema = ROOTS.get(root, FactType.ANY)
    if isinstance(schema, FactType):
        return conforms(value, schema)
    return isinstance(value, dict) and all(k in value and conforms(value[k], t) for k, t in schema.items())
