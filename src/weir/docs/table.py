"""The safety table: one row per tool, one cell per fact, each fact with the wire keys it came from.

This is the model both writers (Markdown and HTML) render. A cell never shows a missing claim
as safe: it says ``unknown`` and, where the MCP specification has a default, what a client
assumes instead. Values are plain text here; escaping belongs to the writers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from weir.catalog import Catalog
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.read import read_tool
from weir.labels.vocab import DataClass, Destination, Outcome, SideEffect, Source
from weir.lint.report import LintReport

__all__ = ["COLUMNS", "Cell", "Risk", "SafetyRow", "safety_rows"]


class Risk(StrEnum):
    """How a cell is shown: the writers colour by it."""

    UNKNOWN = "unknown"
    """Nobody claimed anything: shown as unknown, never as safe."""
    LOW = "low"
    """A claim that the risky thing is absent (read-only, benign, ephemeral...)."""
    MEDIUM = "medium"
    """State changes, internal destinations, personal data."""
    HIGH = "high"
    """Deletion, irreversible outcomes, public destinations, credentials, untrusted sources."""


@dataclass(frozen=True)
class Cell:
    """One fact about one tool."""

    text: str
    """The value as people read it, e.g. ``irreversible`` or ``unknown``."""
    risk: Risk
    """For colouring."""
    sources: tuple[str, ...] = ()
    """Where it came from, ``dialect: wire key`` each (empty for unknown)."""


@dataclass(frozen=True)
class SafetyRow:
    """One tool of the table."""

    name: str
    """The tool's name."""
    title: str
    """Its title ('' when none)."""
    description: str
    """Its description, as the server wrote it (attacker-controlled: writers escape it)."""
    cells: tuple[Cell, ...]
    """One per :data:`COLUMNS` entry, in order."""
    findings: tuple[str, ...] = ()
    """Lint findings as ``W101 error`` strings, when a lint report was given."""


COLUMNS = (
    "Effect",
    "Outcome",
    "Destination",
    "Sensitivity in",
    "Sensitivity out",
    "Returns from",
    "Confirmation",
    "Reversibility",
)
"""The fact columns, in order (the tool column comes first and is not a cell)."""

_HIGH = {SideEffect.DELETE, Outcome.IRREVERSIBLE, Destination.PUBLIC, Source.UNTRUSTED_PUBLIC, DataClass.CREDENTIALS}
_HIGH_CLASSES = {DataClass.CREDENTIALS, DataClass.REGULATED}
_LOW = {SideEffect.READ, Outcome.BENIGN, Destination.EPHEMERAL, Source.SYSTEM, DataClass.NONE}


def _src(p: ToolProfile, *fields: str) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for field in fields:
        for o in p.origin_of(field):
            seen[_origin(o)] = None
    return tuple(seen)


def _origin(o: Origin) -> str:
    return f"{o.dialect}: {o.path}"


def _set_cell(values: Iterable[str], risks: Iterable[Risk], sources: tuple[str, ...], unknown: str) -> Cell:
    texts = list(values)
    if not texts:
        return Cell(unknown, Risk.UNKNOWN)
    return Cell(" / ".join(texts), max(risks, key=list(Risk).index), sources)


def _words(value: object) -> str:
    """A vocabulary value as people read it: ``untrustedPublic`` → ``untrusted public``."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(value)).lower()


def _risk_of(value: object) -> Risk:
    if value in _HIGH:
        return Risk.HIGH
    return Risk.LOW if value in _LOW else Risk.MEDIUM


def _effect(p: ToolProfile) -> Cell:
    parts = [str(e) for e in sorted(p.effects, key=list(SideEffect).index)]
    risks = [_risk_of(e) for e in p.effects]
    if p.read_only is True:
        parts.append("read-only")
        risks.append(Risk.LOW)
    elif p.read_only is False:
        parts.append("modifies")
        risks.append(Risk.MEDIUM)
    if p.destructive is not None and p.read_only is not True:
        parts.append("destructive" if p.destructive else "additive only")
        risks.append(Risk.HIGH if p.destructive else Risk.LOW)
    elif p.read_only is False:
        # It says it modifies but not how: clients apply the spec's default, destructive.
        parts.append("destructive unknown (spec default: destructive)")
        risks.append(Risk.HIGH)
    unknown = "unknown (spec default: may modify, destructive)"
    return _set_cell(parts, risks, _src(p, "effects", "read_only", "destructive"), unknown)


def _possible(values: frozenset[object], order: Sequence[object], sources: tuple[str, ...], extra: str = "") -> Cell:
    ordered = sorted(values, key=order.index)
    cell = _set_cell((_words(v) for v in ordered), (_risk_of(v) for v in ordered), sources, "unknown")
    if extra and cell.risk is not Risk.UNKNOWN:
        return Cell(f"{cell.text}{extra}", cell.risk, cell.sources)
    return cell


def _classes(classes: frozenset[DataClass], scopes: frozenset[str]) -> tuple[list[str], list[Risk]]:
    texts, risks = [], []
    if DataClass.NONE in classes and (len(classes) > 1 or scopes):
        classes = classes - {DataClass.NONE}  # "none" beside a real class says nothing: the set may hold that class
    for c in sorted(classes, key=list(DataClass).index):
        texts.append(f"regulated ({', '.join(sorted(scopes))})" if c is DataClass.REGULATED and scopes else str(c))
        risks.append(Risk.HIGH if c in _HIGH_CLASSES else _risk_of(c))
    if scopes and DataClass.REGULATED not in classes:
        texts.append(f"regulated ({', '.join(sorted(scopes))})")
        risks.append(Risk.HIGH)
    return texts, risks


def _sensitivity_in(p: ToolProfile) -> Cell:
    texts, risks = _classes(p.input_classes, p.input_scopes)
    if p.sensitive_data is not None:
        texts.append("sensitive data" if p.sensitive_data else "no sensitive data")
        risks.append(Risk.MEDIUM if p.sensitive_data else Risk.LOW)
    return _set_cell(texts, risks, _src(p, "input_classes", "input_scopes", "sensitive_data"), "unknown")


def _sensitivity_out(p: ToolProfile) -> Cell:
    texts, risks = _classes(p.return_classes, p.return_scopes)
    if p.result_level is not None:
        texts.append(f"level {p.result_level.name.lower()}")
        risks.append([Risk.LOW, Risk.MEDIUM, Risk.MEDIUM, Risk.HIGH][p.result_level])
    fields = ("return_classes", "return_scopes", "result_level")
    return _set_cell(texts, risks, _src(p, *fields), "unknown")


def _confirmation(p: ToolProfile) -> Cell:
    src = _src(p, "requires_confirmation")
    if p.requires_confirmation is None and p.read_only is True:
        return Cell("not needed (claimed read-only)", Risk.LOW, _src(p, "read_only"))
    if p.requires_confirmation is None:
        return Cell("unknown (no preference stated)", Risk.UNKNOWN)
    if p.requires_confirmation:
        return Cell("required", Risk.LOW, src)
    return Cell("not required", Risk.MEDIUM, src)


def _reversibility(p: ToolProfile) -> Cell:
    if p.reversible is True and Outcome.IRREVERSIBLE in p.outcomes:
        # Contradictory claims: show both, and the riskier reading's colour (lint reports W208).
        return Cell(
            "contradictory: reversible, yet irreversible outcome possible", Risk.HIGH, _src(p, "reversible", "outcomes")
        )
    if p.reversible is not None:
        text, risk = ("reversible", Risk.LOW) if p.reversible else ("irreversible", Risk.HIGH)
        return Cell(text, risk, _src(p, "reversible"))
    if Outcome.IRREVERSIBLE in p.outcomes:
        return Cell("irreversible (possible outcome)", Risk.HIGH, _src(p, "outcomes"))
    if p.read_only is True:
        return Cell("nothing to undo (claimed read-only)", Risk.LOW, _src(p, "read_only"))
    return Cell("unknown", Risk.UNKNOWN)


def _cells(p: ToolProfile) -> tuple[Cell, ...]:
    world = {True: " (open world)", False: " (closed world)", None: ""}[p.open_world]
    destination = _possible(p.destinations, list(Destination), _src(p, "destinations", "open_world"), world)
    return (
        _effect(p),
        _possible(p.outcomes, list(Outcome), _src(p, "outcomes")),
        destination,
        _sensitivity_in(p),
        _sensitivity_out(p),
        _possible(p.return_sources, list(Source), _src(p, "return_sources")),
        _confirmation(p),
        _reversibility(p),
    )


def safety_rows(catalog: Catalog, lint: LintReport | None = None) -> list[SafetyRow]:
    """One row per tool of ``catalog``, in listing order (with its lint findings when given)."""
    rows = []
    for i, raw in enumerate(catalog.tools):
        p = read_tool(raw, server=catalog.server).profile
        desc = raw.get("description")
        found = tuple(f"{f.rule} {f.severity}" for f in (lint.findings if lint else ()) if f.index == i)
        rows.append(
            SafetyRow(
                name=p.name or f"tools[{i}]",
                title=p.title or "",
                description=desc if isinstance(desc, str) else "",
                cells=_cells(p),
                findings=found,
            )
        )
    return rows
