"""Running the rules over a catalog, and what comes out: findings and a report."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from weir.catalog import Catalog
from weir.labels.base import WeirModel
from weir.labels.policy_view import effective
from weir.labels.provenance import Severity
from weir.labels.read import read_tool
from weir.lint.registry import RULES, Listing, ToolContext

__all__ = ["LintFinding", "LintReport", "lint_catalog", "tool_contexts"]

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class LintFinding(WeirModel):
    """One problem in one tool of a catalog."""

    rule: str
    """The rule's stable id, e.g. ``W101``."""
    name: str
    """The rule's short name, e.g. ``destructive-without-confirmation``."""
    severity: Severity
    """error (fails the check), warning or info."""
    tool: str
    """The tool's name ('' when it has none)."""
    index: int
    """The tool's position in the listing."""
    path: str
    """JSON path inside the tool ('' for the tool as a whole)."""
    message: str
    """What is wrong."""
    fix: str
    """How to fix it."""


class LintReport(WeirModel):
    """Every finding for one catalog, ordered by tool position, then severity, then rule."""

    source: str
    """Where the catalog came from."""
    server: str | None = None
    """The server's name, when known."""
    tools: int
    """How many tools were checked."""
    findings: tuple[LintFinding, ...] = ()
    """What the rules found."""

    def count(self, severity: Severity) -> int:
        """How many findings have ``severity``."""
        return sum(1 for f in self.findings if f.severity is severity)

    @property
    def failed(self) -> bool:
        """True when there is at least one error: ``weir lint`` exits 1."""
        return self.count(Severity.ERROR) > 0


def _contexts(catalog: Catalog) -> Iterator[ToolContext]:
    """Each tool of ``catalog`` read once, in listing order, one at a time (memory stays flat)."""
    first_index: dict[str, int] = {}
    listing = _listing(catalog)
    for i, raw in enumerate(catalog.tools):
        reading = read_tool(raw, server=catalog.server)
        name = reading.profile.name
        first_index.setdefault(name, i)
        yield ToolContext(raw, i, name, reading, effective(reading.profile), first_index, listing)


def _listing(catalog: Catalog) -> Listing:
    """What is true of the whole listing."""
    return Listing(catalog.unannounced_resolvers)


def tool_contexts(catalog: Catalog) -> list[ToolContext]:
    """Read every tool of ``catalog`` once, in listing order."""
    return list(_contexts(catalog))


def lint_catalog(
    catalog: Catalog,
    *,
    select: Collection[str] | None = None,
    ignore: Collection[str] = (),
) -> LintReport:
    """Run the registered rules (all, or those in ``select``, minus ``ignore``) over ``catalog``.

    ``select`` and ``ignore`` take rule ids or id prefixes (``W2`` is the whole family).
    """
    import weir.lint.rules  # noqa: F401  (registers every rule family)

    rules = [
        r
        for r in sorted(RULES.values(), key=lambda r: r.id)
        if (select is None or any(r.id.startswith(s) for s in select)) and not any(r.id.startswith(s) for s in ignore)
    ]
    findings: list[LintFinding] = []
    for ctx in _contexts(catalog):
        for r in rules:
            findings.extend(
                LintFinding(
                    rule=r.id,
                    name=r.name,
                    severity=hit.severity or r.severity,
                    tool=ctx.name,
                    index=ctx.index,
                    path=hit.path,
                    message=hit.message,
                    fix=hit.fix or r.fix,
                )
                for hit in r.check(ctx)
            )
    findings.sort(key=lambda f: (f.index, _ORDER[f.severity], f.rule, f.path))
    return LintReport(source=catalog.source, server=catalog.server, tools=len(catalog.tools), findings=tuple(findings))
