"""The collector every dialect reader writes into: facts per dialect, diagnostics, possible sets.

Readers never raise. Whatever they cannot take at face value becomes a :class:`Diagnostic`
naming its JSON path, and the fact they record instead is the conservative reading.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from weir.labels.profile import RISKY_WHEN
from weir.labels.provenance import Diagnostic, Origin, Severity, json_path
from weir.labels.vocab import Dialect

__all__ = ["MAX_DIAGNOSTICS", "Collector", "cached_path", "kind_of"]

MAX_DIAGNOSTICS = 200
"""A hostile document could produce a diagnostic per array element; past this many, only a count
is kept so reading stays linear and the report stays readable."""


_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "a boolean"),
    ((int, float), "a number"),
    (str, "a string"),
    ((list, tuple), "an array"),
    (dict, "an object"),
)


def kind_of(value: Any) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    return next((name for kind, name in _KINDS if isinstance(value, kind)), type(value).__name__)


@lru_cache(maxsize=8192)
def _origin(dialect: Dialect, path: str) -> Origin:
    """Origins are frozen values and the same wire keys recur on every call: share them."""
    return Origin.model_construct(dialect=dialect, path=path)


@lru_cache(maxsize=8192)
def cached_path(*parts: str | int) -> str:
    """:func:`json_path`, memoised: readers format the same few paths over and over."""
    return json_path(*parts)


def _merge(field: str, old: Any, new: Any) -> Any:
    """Two claims for one field within one dialect: keep the riskier (sets union, levels max)."""
    if isinstance(old, bool) and isinstance(new, bool):
        risky = RISKY_WHEN.get(field, True)
        return risky if risky in (old, new) else old
    if isinstance(old, frozenset) and isinstance(new, frozenset):
        return old | new
    if isinstance(old, int) and isinstance(new, int):
        return max(old, new)
    return old


class Collector:
    """Accumulates what one document says, dialect by dialect."""

    __slots__ = ("diagnostics", "dropped", "dropped_errors", "facts", "origins", "set_paths")

    def __init__(self) -> None:
        self.facts: dict[Dialect, dict[str, Any]] = {}
        self.origins: dict[Dialect, dict[str, list[Origin]]] = {}
        self.diagnostics: list[Diagnostic] = []
        self.set_paths: list[str] = []
        self.dropped = 0
        self.dropped_errors = 0

    def claim(self, dialect: Dialect, field: str, value: Any, path: str) -> None:
        """Record that ``path`` (in ``dialect``) claims ``value`` for canonical ``field``."""
        facts = self.facts.setdefault(dialect, {})
        facts[field] = _merge(field, facts[field], value) if field in facts else value
        self.origins.setdefault(dialect, {}).setdefault(field, []).append(_origin(dialect, path))

    def report(
        self,
        path: str,
        message: str,
        dialect: Dialect | None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        """Record a diagnostic (only a count once there are too many)."""
        if len(self.diagnostics) >= MAX_DIAGNOSTICS:
            self.dropped += 1
            self.dropped_errors += severity is Severity.ERROR
            return
        self.diagnostics.append(
            Diagnostic.model_construct(path=path, message=message, dialect=dialect, severity=severity)
        )

    def absorb(self, other: Collector) -> None:
        """Add everything ``other`` collected (a result absorbs its blocks' and items' readings)."""
        for dialect, values in other.facts.items():
            for field, value in values.items():
                for origin in other.origins[dialect][field]:
                    self.claim(dialect, field, value, origin.path)
        for d in other.diagnostics:
            self.report(d.path, d.message, d.dialect, d.severity)
        self.dropped += other.dropped
        self.dropped_errors += other.dropped_errors
        self.set_paths.extend(other.set_paths)

    def finished_diagnostics(self) -> tuple[Diagnostic, ...]:
        """The diagnostics, with a closing note when some were dropped."""
        if not self.dropped:
            return tuple(self.diagnostics)
        note = Diagnostic.model_construct(
            path="",
            message=f"{self.dropped} more diagnostics ({self.dropped_errors} errors) were not listed",
            dialect=None,
            severity=Severity.ERROR if self.dropped_errors else Severity.WARNING,
        )
        return (*self.diagnostics, note)

    def merged(self) -> tuple[dict[str, Any], dict[str, list[Origin]]]:
        """Every dialect's facts merged (riskier claim wins) and their origins, for data labels."""
        facts: dict[str, Any] = {}
        origins: dict[str, list[Origin]] = {}
        for dialect, values in self.facts.items():
            for field, value in values.items():
                facts[field] = _merge(field, facts[field], value) if field in facts else value
                origins.setdefault(field, []).extend(self.origins[dialect][field])
        return facts, origins
