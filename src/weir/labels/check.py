"""Checking a document against Weir's vocabularies with the readers' own diagnostics.

``weir schema --check FILE`` uses this: it recognises a tool, a catalog (`{"tools": [...]}` or a
bare list), a `CallToolResult`, `tools/call` params, a `tools/resolve` result, or any of those
wrapped in a JSON-RPC message, and reports every problem with its JSON path from the document's
root. No JSON Schema validator is needed at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from weir.labels.base import WeirModel
from weir.labels.provenance import Diagnostic, Severity, json_path
from weir.labels.read import read_data_meta, read_resolution, read_result, read_tool

__all__ = ["Check", "check_document", "detect_kind"]


class Check(WeirModel):
    """The outcome of checking one document."""

    kind: str
    """What the document was recognised as (``tool``, ``catalog``, ``result``, ``request``,
    ``resolution``, or ``unknown``)."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """Every problem, paths from the document's root."""

    @property
    def ok(self) -> bool:
        """No diagnostic of severity error."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def _under(prefix: str, diagnostics: tuple[Diagnostic, ...]) -> list[Diagnostic]:
    """Re-root diagnostics found inside ``prefix``."""
    if not prefix:
        return list(diagnostics)
    out = []
    for d in diagnostics:
        path = d.path if not d.path else (f"{prefix}{d.path}" if d.path.startswith("[") else f"{prefix}.{d.path}")
        out.append(d.model_copy(update={"path": path or prefix}))
    return out


# In order: the first predicate that holds names the document's kind.
_KINDS: tuple[tuple[str, Callable[[Mapping[str, Any]], bool]], ...] = (
    ("catalog", lambda d: "tools" in d),
    ("resolution", lambda d: "tool" in d or d.get("resultType") == "complete"),
    ("result", lambda d: "content" in d or "structuredContent" in d or "isError" in d),
    ("request", lambda d: "arguments" in d),
    ("tool", lambda d: "name" in d),
)


def detect_kind(doc: Any) -> str:
    """Recognise what ``doc`` is (see the module docstring)."""
    if isinstance(doc, list):
        return "catalog"
    if not isinstance(doc, Mapping):
        return "unknown"
    return next((kind for kind, holds in _KINDS if holds(doc)), "unknown")


def _catalog(doc: Any, prefix: str) -> list[Diagnostic]:
    tools, base = (
        (doc, prefix) if isinstance(doc, list) else (doc.get("tools"), json_path(*(p for p in (prefix, "tools") if p)))
    )
    if not isinstance(tools, list):
        return [Diagnostic(path=base, message="tools must be an array of tool objects", severity=Severity.ERROR)]
    found: list[Diagnostic] = []
    seen: dict[str, int] = {}
    for i, tool in enumerate(tools):
        at = f"{base}[{i}]"
        found.extend(_under(at, read_tool(tool).diagnostics))
        name = tool.get("name") if isinstance(tool, Mapping) else None
        if isinstance(name, str) and name in seen:
            message = f"tool name {name!r} repeats {base}[{seen[name]}]"
            found.append(Diagnostic(path=f"{at}.name", message=message, severity=Severity.ERROR))
        elif isinstance(name, str):
            seen[name] = i
    return found


def _unwrap(doc: Any) -> tuple[Any, str]:
    """A JSON-RPC message's (or a bare ``{method, params}`` request's) params or result, with its path."""
    if isinstance(doc, Mapping) and (doc.get("jsonrpc") is not None or "method" in doc):
        for key in ("result", "params"):
            if isinstance(doc.get(key), Mapping):
                return doc[key], key
    return doc, ""


def check_document(doc: Any) -> Check:
    """Every problem Weir's readers find in ``doc``. Never raises."""
    inner, prefix = _unwrap(doc)
    kind = detect_kind(inner)
    found: list[Diagnostic]
    if kind == "catalog":
        found = _catalog(inner, prefix)
    elif kind == "tool":
        found = _under(prefix, read_tool(inner).diagnostics)
    elif kind == "resolution":
        found = _under(prefix, read_resolution(inner).diagnostics)
    elif kind == "result":
        found = _under(prefix, read_result(inner).diagnostics)
    elif kind == "request":
        found = _under(prefix, read_data_meta(inner.get("_meta"), path="_meta")[1])
    else:
        message = "not a tool, catalog, result, tools/call params or tools/resolve result"
        found = [Diagnostic(path=prefix, message=message, severity=Severity.ERROR)]
    return Check(kind=kind, diagnostics=tuple(found))
