"""Linting one tool written inline, for the per-family rule tests."""

from __future__ import annotations

from typing import Any

from weir.catalog import parse_catalog
from weir.lint import LintFinding, lint_catalog


def lint_tools(*tools: dict[str, Any], select: list[str] | None = None) -> list[LintFinding]:
    """Every finding for ``tools`` (only the rules in ``select`` when given)."""
    return list(lint_catalog(parse_catalog(list(tools), source="test"), select=select).findings)


def rules_for(tool: dict[str, Any], family: str) -> set[str]:
    """The rule ids of ``family`` (e.g. ``W2``) that fire on ``tool`` alone."""
    return {f.rule for f in lint_tools(tool, select=[family])}


def tool(
    name: str = "t", annotations: dict[str, Any] | None = None, meta: dict[str, Any] | None = None, **kw: Any
) -> dict[str, Any]:
    """A tool object with a description and input schema, so only what a test adds can be wrong."""
    out: dict[str, Any] = {
        "name": name,
        "description": kw.pop("description", "A tool."),
        "inputSchema": {"type": "object"},
    }
    if annotations is not None:
        out["annotations"] = annotations
    if meta is not None:
        out["_meta"] = meta
    return {**out, **kw}
