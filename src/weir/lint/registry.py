"""Lint rules as small registered units, and what each one is handed.

A rule is a function from one tool's :class:`ToolContext` to the :class:`Hit`\\ s it finds,
registered with :func:`rule` under a stable id (``W101``). Ids never change meaning once
published: a CI configuration that ignores ``W304`` must keep ignoring the same thing.
Families (one module each in :mod:`weir.lint.rules`) take a hundred each:

- ``W0xx`` structure of the listing, ``W1xx`` missing claims, ``W2xx`` contradictions across
  dialects, ``W3xx`` invalid values and forms, ``W4xx`` names and descriptions against claims.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from weir.labels.policy_view import Effective
from weir.labels.provenance import Severity
from weir.labels.read import ToolReading

__all__ = ["RULES", "Hit", "Listing", "Rule", "ToolContext", "rule"]


@dataclass(frozen=True)
class Listing:
    """Facts about the whole catalog a tool was listed in."""

    unannounced_resolvers: frozenset[str] = frozenset()
    """Tools of a live server that answer ``tools/resolve`` without declaring it (empty for a file)."""


@dataclass(frozen=True)
class ToolContext:
    """Everything a rule may look at for one tool of a catalog."""

    raw: Mapping[str, Any]
    """The tool exactly as listed."""
    index: int
    """Its position in the listing (SARIF locations use it)."""
    name: str
    """Its name ('' when it has none)."""
    reading: ToolReading
    """Every dialect read by :func:`weir.labels.read.read_tool`."""
    effective: Effective
    """The conservative view (spec defaults applied, possible sets at their worst)."""
    first_index: Mapping[str, int] = field(default_factory=dict)
    """Each name's first position in the listing (for duplicate detection). One mapping is shared
    by every tool of a catalog: a per-tool list of earlier names would be quadratic in memory."""
    listing: Listing = field(default_factory=Listing)
    """What is true of the whole listing (shared by every tool of a catalog)."""
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Per-tool scratch space for helpers that many rules share (e.g. claims by field)."""

    @property
    def description(self) -> str:
        """The tool's description ('' when absent or not a string)."""
        value = self.raw.get("description")
        return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class Hit:
    """One problem a rule found: where, what, and (when it differs from the rule's) how to fix it."""

    path: str
    """JSON path inside the tool ('' for the tool as a whole)."""
    message: str
    """What is wrong, naming the wire keys involved."""
    fix: str | None = None
    """A fix specific to this hit; None uses the rule's general advice."""
    severity: Severity | None = None
    """None uses the rule's severity."""


Check = Callable[[ToolContext], Iterable[Hit]]


@dataclass(frozen=True)
class Rule:
    """A registered lint rule."""

    id: str
    """Stable id, ``W`` + three digits."""
    name: str
    """Short kebab-case name, e.g. ``destructive-without-confirmation``."""
    severity: Severity
    """Default severity of its findings."""
    summary: str
    """One sentence: what it checks (the SARIF rule description)."""
    fix: str
    """General advice on fixing what it finds."""
    check: Check = field(repr=False)
    """The function that finds problems."""


RULES: dict[str, Rule] = {}
"""Every registered rule by id, filled when :mod:`weir.lint.rules` is imported."""

_ID = re.compile(r"W\d{3}")


def rule(rule_id: str, name: str, severity: Severity, summary: str, fix: str) -> Callable[[Check], Check]:
    """Register the decorated check under ``rule_id``; an id may be registered once."""
    if not _ID.fullmatch(rule_id):
        raise ValueError(f"rule id {rule_id!r} is not W + three digits")

    def register(check: Check) -> Check:
        if rule_id in RULES:
            raise ValueError(f"rule id {rule_id} is registered twice")
        RULES[rule_id] = Rule(rule_id, name, severity, summary, fix, check)
        return check

    return register
