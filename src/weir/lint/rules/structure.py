"""W0xx — the shape of the listing: names and descriptions every client relies on."""

from __future__ import annotations

from collections.abc import Iterator

from weir.labels.provenance import Severity
from weir.lint.registry import Hit, ToolContext, rule

__all__: list[str] = []


@rule(
    "W001",
    "tool-without-name",
    Severity.ERROR,
    "A tool has no name, or its name is not a non-empty string.",
    'Give every tool a unique string `name` (e.g. "send_email").',
)
def _no_name(ctx: ToolContext) -> Iterator[Hit]:
    if not ctx.name:
        yield Hit("name", "the tool has no usable name: clients cannot call it and policy cannot match it")


@rule(
    "W002",
    "duplicate-tool-name",
    Severity.ERROR,
    "Two tools of one server share a name.",
    "Rename one of them: a client calls tools by name, so one of the two is unreachable.",
)
def _duplicate(ctx: ToolContext) -> Iterator[Hit]:
    first = ctx.first_index.get(ctx.name, ctx.index)
    if ctx.name and first < ctx.index:
        yield Hit("name", f"`{ctx.name}` is listed twice (first at tools[{first}]); which one runs is undefined")


@rule(
    "W003",
    "missing-description",
    Severity.INFO,
    "A tool has no description.",
    "Add a description: the model chooses tools by it and `weir docs` shows it.",
)
def _no_description(ctx: ToolContext) -> Iterator[Hit]:
    if not ctx.description.strip():
        yield Hit("description", "the tool has no description")
