"""Declaring a tool's labels with typed values, and emitting them where every SDK keeps them.

A server author writes ``ToolLabels(outcomes=Outcome.IRREVERSIBLE, destinations=[Destination.PUBLIC],
returns=Returns(source=Source.SYSTEM, sensitivity=[DataClass.PII]), read_only=False)``; the
declaration becomes a canonical :class:`~weir.labels.ToolProfile` and is written by
:func:`weir.labels.write.write_tool` in the current form: the core hints in ``annotations``,
everything else in ``Tool._meta`` (the action-metadata extension, seed 000's ``mcp.dev/*`` keys
and the ``dev.weir/annotations`` mirror). The Python SDK drops ``annotations`` keys it does not
know, so the ``_meta`` copy is the one that survives; nothing declared is lost on the way.

A scalar means one value; a sequence is a *possible set* (what the tool *may* do, until
``tools/resolve`` or a result narrows it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from mcp_types import ToolAnnotations

from weir.errors import WeirError
from weir.labels.profile import ToolProfile
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Destination, Dialect, Level, Outcome, SideEffect, Source
from weir.labels.write import write_tool

__all__ = ["DeclarationError", "Returns", "ToolLabels"]

_E = TypeVar("_E", bound=StrEnum)

_CORE_KEYS = ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


class DeclarationError(WeirError):
    """A label declaration that cannot be emitted as written (a value outside its vocabulary)."""


def _enum_set(kind: type[_E], value: _E | Iterable[_E] | None, what: str) -> frozenset[_E]:
    """One value or a possible set, checked against ``kind`` (plain strings of the vocabulary pass)."""
    if value is None:
        return frozenset()
    items: Iterable[Any] = (value,) if isinstance(value, str) else value
    out: set[_E] = set()
    for item in items:
        try:
            out.add(kind(item))
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise DeclarationError(f"{what}: {item!r} is not a {kind.__name__} (one of {allowed})") from None
    return frozenset(out)


def _strings(value: Iterable[str] | None, what: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if isinstance(value, str):
        return frozenset({value})
    items = frozenset(value)
    bad = [x for x in items if not isinstance(x, str) or not x]
    if bad:
        raise DeclarationError(f"{what}: every entry must be a non-empty string, not {bad[0]!r}")
    return items


class Returns:
    """What a tool's results are: their origin and sensitivity (``returnMetadata``)."""

    __slots__ = ("scopes", "sensitivity", "source")

    def __init__(
        self,
        *,
        source: Source | Iterable[Source] | None = None,
        sensitivity: DataClass | Iterable[DataClass] | None = None,
        scopes: Iterable[str] | None = None,
    ) -> None:
        self.source: frozenset[Source] = _enum_set(Source, source, "returns.source")
        """Where the returned data comes from (a possible set)."""
        self.sensitivity: frozenset[DataClass] = _enum_set(DataClass, sensitivity, "returns.sensitivity")
        """Sensitivity classes the results may carry."""
        self.scopes: frozenset[str] = _strings(scopes, "returns.scopes")
        """Regulatory scopes (GDPR, HIPAA, ...) of regulated results; implies the regulated class."""
        if self.scopes:
            self.sensitivity |= {DataClass.REGULATED}

    def __repr__(self) -> str:
        shown = f"source={sorted(self.source)}, sensitivity={sorted(self.sensitivity)}, scopes={sorted(self.scopes)}"
        return f"Returns({shown})"


class ToolLabels:
    """Everything a tool declares about itself, typed. Omitted means *no claim* (unknown, not safe).

    Build one per tool, then pass :meth:`sdk` to ``MCPServer.tool(...)`` / ``types.Tool(...)``
    or :meth:`fastmcp` to ``FastMCP.tool(...)``; :meth:`wire` is the raw JSON form.
    """

    def __init__(
        self,
        *,
        title: str | None = None,
        read_only: bool | None = None,
        destructive: bool | None = None,
        idempotent: bool | None = None,
        open_world: bool | None = None,
        outcomes: Outcome | Iterable[Outcome] | None = None,
        destinations: Destination | Iterable[Destination] | None = None,
        input_sensitivity: DataClass | Iterable[DataClass] | None = None,
        input_scopes: Iterable[str] | None = None,
        returns: Returns | None = None,
        effects: SideEffect | Iterable[SideEffect] | None = None,
        requires_confirmation: bool | None = None,
        requires_review: bool | None = None,
        result_level: Level | None = None,
        ai_processing: bool | None = None,
        slow_execution: bool | None = None,
        resource_intensive: bool | None = None,
        sensitive_data: bool | None = None,
        privileged_access: bool | None = None,
        reversible: bool | None = None,
        malicious: bool | None = None,
        attribution: Iterable[str] | None = None,
        resolvable: bool = False,
    ) -> None:
        returns = returns or Returns()
        input_classes = _enum_set(DataClass, input_sensitivity, "input_sensitivity")
        scopes = _strings(input_scopes, "input_scopes")
        if result_level is not None and not isinstance(result_level, Level):
            raise DeclarationError(f"result_level: {result_level!r} is not a Level")
        self._fields: dict[str, Any] = {
            "title": title,
            "read_only": read_only,
            "destructive": destructive,
            "idempotent": idempotent,
            "open_world": open_world,
            "outcomes": _enum_set(Outcome, outcomes, "outcomes"),
            "destinations": _enum_set(Destination, destinations, "destinations"),
            "input_classes": input_classes | ({DataClass.REGULATED} if scopes else frozenset()),
            "input_scopes": scopes,
            "return_sources": returns.source,
            "return_classes": returns.sensitivity,
            "return_scopes": returns.scopes,
            "effects": _enum_set(SideEffect, effects, "effects"),
            "requires_confirmation": requires_confirmation,
            "requires_review": requires_review,
            "result_level": result_level,
            "ai_processing": ai_processing,
            "slow_execution": slow_execution,
            "resource_intensive": resource_intensive,
            "sensitive_data": sensitive_data,
            "privileged_access": privileged_access,
            "reversible": reversible,
            "malicious": malicious,
            "attribution": _strings(attribution, "attribution"),
            "resolvable": resolvable,
        }
        for name, value in self._fields.items():
            if name not in {"title", "result_level"} and value is not None and not isinstance(value, bool | frozenset):
                raise DeclarationError(f"{name}: expected a boolean, not {value!r}")

    def with_resolvable(self, resolvable: bool = True) -> ToolLabels:
        """A copy that opts the tool into ``tools/resolve`` (the tool-resolution extension)."""
        copy = ToolLabels.__new__(ToolLabels)
        copy._fields = {**self._fields, "resolvable": resolvable}
        return copy

    @property
    def resolvable(self) -> bool:
        """Whether the tool opts into ``tools/resolve``."""
        return bool(self._fields["resolvable"])

    def profile(self, name: str, *, server: str | None = None) -> ToolProfile:
        """The canonical profile of tool ``name`` (every claim's origin is the Weir declaration)."""
        claimed = {k: v for k, v in self._fields.items() if v is not None and v != frozenset() and v is not False}
        origin = (Origin(dialect=Dialect.WEIR, path=f"weir.server.ToolLabels({name})"),)
        origins = {k: origin for k in claimed if k != "resolvable"}
        values = {k: v for k, v in self._fields.items() if v is not None}
        return ToolProfile(name=name, server=server, **values, origins=origins)

    def wire(self, name: str = "tool") -> dict[str, Any]:
        """``{"annotations": {...}, "_meta": {...}}``: the current wire form, from the labels writers."""
        return write_tool(self.profile(name))

    def core_annotations(self) -> ToolAnnotations | None:
        """The MCP core hints as the SDK's typed ``ToolAnnotations`` (None when none is claimed)."""
        annotations = self.wire()["annotations"]
        core = {k: annotations[k] for k in _CORE_KEYS if k in annotations}
        return ToolAnnotations.model_validate(core) if core else None

    def meta(self, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``Tool._meta``: every non-core claim (``extra`` keys of the author's own are kept)."""
        meta = dict(extra or {})
        meta.update(self.wire()["_meta"])
        return meta

    def sdk(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Keyword arguments for ``MCPServer.tool()`` / ``MCPServer.add_tool()`` / ``types.Tool()``."""
        return {"annotations": self.core_annotations(), "meta": self.meta(meta)}

    def fastmcp(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Keyword arguments for fastmcp 4.x ``FastMCP.tool()`` (annotations as a plain dict)."""
        annotations = self.core_annotations()
        dumped = annotations.model_dump(by_alias=True, exclude_none=True) if annotations else None
        return {"annotations": dumped, "meta": self.meta(meta)}

    def __repr__(self) -> str:
        shown = {k: v for k, v in self._fields.items() if v is not None and v != frozenset() and v is not False}
        return f"ToolLabels({', '.join(f'{k}={v!r}' for k, v in shown.items())})"
