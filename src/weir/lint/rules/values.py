"""W3xx — values and forms: what the dialect readers could not take at face value, and
possible sets versus resolved values.

``tools/list`` declares what *may* happen, so SEP-1913 and the action-metadata extension allow
an array (a possible set) where ``tools/resolve`` and results carry one resolved value. Some
vocabularies define only the single-value form (SEP-2061's Destination, Outcomes and Source;
seed 000's ``mcp.dev/effect``): an array there is read as a set by Weir but rejected or
misread by clients that follow that vocabulary. The converse mistake is a *resolved* data label
(issue 711's ``sensitiveHint``, the trust-annotations extension) written on a tool in
``tools/list``, where the tool should declare the possible set it may return.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from weir.labels.provenance import Severity
from weir.lint.registry import Hit, ToolContext, rule

__all__: list[str] = []

# Paths (as the readers print them) of fields whose vocabulary defines one value only.
_SINGLE_VALUED = re.compile(
    r"inputMetadata\.(Destination|Outcomes)$|returnMetadata\.Source$|\[\"mcp\.dev/effect\"\]$|mcp\.dev/effect"
)
# Keys that label data (results, requests) rather than declare what a tool may do.
_DATA_KEYS = ("sensitiveHint", "privateHint")
_DATA_META = ("annotations", "io.modelcontextprotocol/trust-annotations")


@rule(
    "W301",
    "invalid-value",
    Severity.ERROR,
    "A value violates its vocabulary: an unknown enum value or the wrong JSON type.",
    "Use one of the values the vocabulary defines (see docs/lint.md); Weir assumes the riskiest reading meanwhile.",
)
def _invalid(ctx: ToolContext) -> Iterator[Hit]:
    for d in ctx.reading.diagnostics:
        if d.severity is Severity.ERROR and d.path != "name":  # W001 reports names
            yield Hit(d.path, d.message)


@rule(
    "W302",
    "questionable-claim",
    Severity.WARNING,
    "A claim the readers could not take at face value (an empty possible set, a key in no known vocabulary).",
    "Write the value in the form its vocabulary defines.",
)
def _questionable(ctx: ToolContext) -> Iterator[Hit]:
    data_forms = set(_data_forms(ctx))
    for d in ctx.reading.diagnostics:
        if d.severity is not Severity.ERROR and d.path not in data_forms and d.path != "name":
            yield Hit(d.path, d.message, severity=d.severity)


@rule(
    "W303",
    "array-where-single-value",
    Severity.WARNING,
    "An array (possible set) where the vocabulary defines a single resolved value.",
    "Write one value here, or move the possible set to the lower-case SEP-1913 / action-metadata "
    "form (`inputMetadata.outcomes: [...]`), which allows arrays in tools/list.",
)
def _array_single(ctx: ToolContext) -> Iterator[Hit]:
    for path in ctx.reading.possible_set_paths:
        if _SINGLE_VALUED.search(path):
            yield Hit(path, f"{path} is an array, but this vocabulary defines one value here")


def _data_forms(ctx: ToolContext) -> Iterator[str]:
    """Paths of data-label keys (what results and requests carry) found on the tool itself."""
    ann, meta = ctx.raw.get("annotations"), ctx.raw.get("_meta")
    if isinstance(ann, Mapping):
        yield from (f"annotations.{k}" for k in _DATA_KEYS if k in ann)
    if isinstance(meta, Mapping):
        yield from (f'_meta["{k}"]' if "/" in k else f"_meta.{k}" for k in _DATA_META if k in meta)


@rule(
    "W304",
    "data-label-on-tool",
    Severity.WARNING,
    "A tool in tools/list carries a data label (issue 711 sensitiveHint/privateHint, trust-annotations) — the "
    "resolved form results and requests carry — where the tool should declare a possible set.",
    "Declare what the tool may return as `returnMetadata: {source: [...], sensitivity: [...]}` (a possible set); "
    "label actual data in each result's `_meta`.",
)
def _data_label_on_tool(ctx: ToolContext) -> Iterator[Hit]:
    for path in _data_forms(ctx):
        yield Hit(path, f"{path} labels data, not a tool: in tools/list it is ignored by every reader")
