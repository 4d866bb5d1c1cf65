"""Reading the wire: tools (every dialect at once), data `_meta`, and whole tool results.

Every function here takes raw JSON (dicts from the wire, never SDK models: those drop the
annotation keys they do not know) and never raises, whatever it is given. What cannot be taken
at face value becomes a :class:`Diagnostic` with its JSON path, and the conservative reading is
recorded instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.labels import keys
from weir.labels.base import WeirModel
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.dialects import Collector, read_data_slots, read_tool_annotations, read_tool_meta
from weir.labels.dialects._collect import kind_of
from weir.labels.profile import ToolProfile, combine
from weir.labels.provenance import Diagnostic, Origin, Severity, json_path
from weir.labels.vocab import DataClass, Dialect, Level, Source, class_level

__all__ = [
    "ResultReading",
    "ToolReading",
    "read_data_meta",
    "read_resolution",
    "read_result",
    "read_result_label",
    "read_tool",
    "returned_label",
]


class ToolReading(WeirModel):
    """What one wire `Tool` says, in every dialect it uses."""

    profile: ToolProfile
    """Every dialect combined (riskier claim wins), claims as written: before trust and overrides."""
    by_dialect: dict[Dialect, ToolProfile]
    """One partial profile per dialect present (lint compares these)."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What could not be taken at face value, with JSON paths."""
    possible_set_paths: tuple[str, ...] = ()
    """JSON paths of fields written as arrays (possible sets)."""


def _name(c: Collector, raw: Mapping[str, Any]) -> str:
    name = raw.get("name")
    if isinstance(name, str) and name:
        return name
    if "name" not in raw:
        c.report("name", "a tool has no name", None)
    else:
        c.report("name", f"a tool's name must be a non-empty string, not {kind_of(name)}", None)
    return "" if not isinstance(name, str) else name


def _profile(
    name: str, server: str | None, facts: Mapping[str, Any], origins: Mapping[str, list[Origin]]
) -> ToolProfile:
    """One dialect's claims as a profile.

    The collector produced typed values, so the profile is built without validation and without
    ``model_construct``, whose walk over every field's default costs more than the rest of
    reading a tool. It is the model ``model_construct`` would build: fields in declaration
    order, only the claimed ones (and name, server, origins) marked as set (a test compares it
    with a validated profile).
    """
    given = {**facts, "name": name, "server": server, "origins": {k: tuple(v) for k, v in origins.items()}}
    claimed = _PROFILE_FIELDS & given.keys()
    profile = ToolProfile.__new__(ToolProfile)
    # Merging into the defaults keeps their (declaration) order; only when every key is a field.
    values = {**_PROFILE_DEFAULTS, **given} if len(claimed) == len(given) else _fields_of(given)
    object.__setattr__(profile, "__dict__", values)
    object.__setattr__(profile, "__pydantic_fields_set__", claimed)
    object.__setattr__(profile, "__pydantic_extra__", None)
    object.__setattr__(profile, "__pydantic_private__", None)
    return profile


def _fields_of(given: Mapping[str, Any]) -> dict[str, Any]:
    return {k: given.get(k, d) for k, d in _PROFILE_DEFAULTS.items()}


# Every default is immutable (None, False, an empty frozenset), or always given: one copy serves.
_PROFILE_DEFAULTS: dict[str, Any] = {k: f.default for k, f in ToolProfile.model_fields.items()}
_PROFILE_FIELDS = frozenset(_PROFILE_DEFAULTS)


def _tool_reading(c: Collector, name: str, server: str | None, *, resolved: bool = False) -> ToolReading:
    by_dialect = {d: _profile(name, server, c.facts[d], c.origins[d]) for d in c.facts}
    partials = list(by_dialect.values())
    # The first dialect's profile is what combining it into an empty one gives: start from it.
    profile = partials[0] if partials else ToolProfile(name=name, server=server)
    for partial in partials[1:]:
        profile = combine(profile, partial)
    if resolved:
        profile = profile.model_copy(update={"resolved": True})
    return ToolReading(
        profile=profile,
        by_dialect=by_dialect,
        diagnostics=c.finished_diagnostics(),
        possible_set_paths=tuple(c.set_paths),
    )


def _collect_tool(c: Collector, raw: Mapping[str, Any]) -> None:
    read_tool_annotations(c, raw.get("annotations"), ("annotations",))
    read_tool_meta(c, raw.get("_meta"), ("_meta",))
    title = raw.get("title")
    if isinstance(title, str) and not any("title" in f for f in c.facts.values()):
        c.claim(Dialect.MCP_CORE, "title", title, "title")


def read_tool(raw: Mapping[str, Any], *, server: str | None = None) -> ToolReading:
    """Read one wire `Tool` object (from `tools/list`) in every dialect. Never raises."""
    c = Collector()
    if not isinstance(raw, Mapping):
        c.report("", f"a tool must be an object, not {kind_of(raw)}", None)
        return _tool_reading(c, "", server)
    name = _name(c, raw)
    _collect_tool(c, raw)
    return _tool_reading(c, name, server)


def read_resolution(raw: Any, *, server: str | None = None) -> ToolReading:
    """Read a `tools/resolve` result: the extension's ``{resultType, name, annotations, _meta}``
    or seed 004's ``{"tool": {...}}``. The profile is marked resolved; any array left in it is a
    possible set the server could not narrow (a warning; policy still uses its worst member).
    """
    inner: Any = raw.get("tool") if isinstance(raw, Mapping) and isinstance(raw.get("tool"), Mapping) else raw
    reading = read_tool(inner, server=server)
    notes = tuple(
        Diagnostic(
            path=p, message="tools/resolve returned a possible set, not a resolved value", severity=Severity.WARNING
        )
        for p in reading.possible_set_paths
    )
    return reading.model_copy(
        update={
            "profile": reading.profile.model_copy(update={"resolved": True}),
            "diagnostics": reading.diagnostics + notes,
        }
    )


_DATA_FIELDS = ("untrusted", "private", "level", "classes", "scopes", "malicious", "attribution", "evidence")


def _data_label(facts: dict[str, Any], origins: Mapping[str, list[Origin]]) -> DataLabel:
    """Turn collected data facts (including a response's resolved returnMetadata) into a label."""
    sources: frozenset[Source] = facts.pop("return_sources", frozenset())
    if Source.UNTRUSTED_PUBLIC in sources:
        facts["untrusted"] = True
        origins = {**origins, "untrusted": [*origins.get("untrusted", []), *origins["return_sources"]]}
    for src, dst in (("return_classes", "classes"), ("return_scopes", "scopes")):
        if src in facts:
            facts[dst] = facts.get(dst, frozenset()) | facts.pop(src)
            origins = {**origins, dst: [*origins.get(dst, []), *origins[src]]}
    classes = frozenset(facts.get("classes", frozenset())) - {DataClass.NONE}
    if facts.get("scopes"):
        classes |= {DataClass.REGULATED}
    facts["classes"] = classes
    levels = [facts.get("level", Level.NONE), *(class_level(x) for x in classes)]
    facts["level"] = Level(max(levels))
    # Only fields above the bottom are set, and only they keep origins ("false" says nothing).
    values = {k: facts[k] for k in _DATA_FIELDS if k in facts and facts[k] != getattr(BOTTOM, k)}
    kept = {k: frozenset(origins[k]) for k in values if k in origins}
    if "level" in values and "level" not in kept:
        kept["level"] = frozenset(origins.get("classes", ())) | frozenset(origins.get("scopes", ()))
    return _label(values, kept)


def _label(values: Mapping[str, Any], origins: Mapping[str, frozenset[Origin]]) -> DataLabel:
    """A label of typed values, built as ``DataLabel.model_construct`` would build it.

    Labels are read on every tool result: this skips pydantic's validation (the collector made
    typed values) and ``model_construct``'s walk over every field and alias, whose cost was most
    of reading a labelled result. Fields are in declaration order, only the given ones (and
    ``origins``) marked as set, as a validated label would have them (a test compares the two).
    """
    given = {**values, "origins": origins}
    label = DataLabel.__new__(DataLabel)
    object.__setattr__(label, "__dict__", {k: given.get(k, d) for k, d in _LABEL_DEFAULTS.items()})
    object.__setattr__(label, "__pydantic_fields_set__", set(given))
    object.__setattr__(label, "__pydantic_extra__", None)
    object.__setattr__(label, "__pydantic_private__", None)
    return label


# Every default is immutable (False, NONE, an empty frozenset) or always given (origins).
_LABEL_DEFAULTS: dict[str, Any] = {k: getattr(BOTTOM, k) for k in DataLabel.model_fields}


def read_data_meta(meta: Any, *, path: str = "_meta") -> tuple[DataLabel, tuple[Diagnostic, ...]]:
    """The label a result's, request's or content block's `_meta` carries. Never raises.

    Reads issue 711 / SEP-1913 ``annotations``, the trust-annotations extension and
    ``dev.weir/annotations``; ``path`` prefixes every origin and diagnostic path.
    """
    c = Collector()
    read_data_slots(c, meta, (path,) if path else ())
    return _label_of(c), c.finished_diagnostics()


class ResultReading(WeirModel):
    """The labels of one `CallToolResult`."""

    label: DataLabel
    """Result-level ∪ every content block ∪ every labelled item (a block refines, never weakens)."""
    blocks: tuple[DataLabel, ...] = ()
    """One label per content block, in order (BOTTOM for an unlabelled block)."""
    items: tuple[tuple[str, DataLabel], ...] = ()
    """Per-item labels found in `structuredContent` (list/search results), with their JSON paths."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What could not be taken at face value, with JSON paths."""
    possible_set_paths: tuple[str, ...] = ()
    """Arrays in returnMetadata slots, where a response should carry resolved values."""


_MAX_DEPTH = 8


_DATA_SLOTS = frozenset({keys.ANNOTATIONS, keys.TRUST_ANNOTATIONS, keys.WEIR_ANNOTATIONS})
"""The keys of a `_meta` object that :func:`read_data_slots` reads (a test holds the two together)."""


def _slots(c: Collector, meta: Any, parts: tuple[str | int, ...]) -> None:
    """:func:`read_data_slots`, skipped for a `_meta` that cannot label anything.

    Most results' `_meta` (if any) holds server info or progress tokens: an absent `_meta` or a
    plain object with none of the slots gives no claim and no diagnostic, so there is nothing to
    read. Anything else (a malformed `_meta` is reported) goes to the reader.
    """
    if meta is None or (meta.__class__ is dict and _DATA_SLOTS.isdisjoint(meta)):
        return
    read_data_slots(c, meta, parts)


def _block_label(c: Collector, block: Any, i: int) -> None:
    if not (block.__class__ is dict or isinstance(block, Mapping)):
        c.report(json_path("content", i), f"a content block must be an object, not {kind_of(block)}", None)
        return
    _slots(c, block.get("_meta"), ("content", i, "_meta"))
    resource = block.get("resource")
    if resource is not None and isinstance(resource, Mapping) and "_meta" in resource:
        # An embedded resource carries its own `_meta`: it labels the same data.
        _slots(c, resource["_meta"], ("content", i, "resource", "_meta"))
    ann = block.get("annotations")
    if ann is not None and isinstance(ann, Mapping) and any(k not in _PLAIN_ANNOTATIONS for k in ann):
        read_data_slots(c, {"annotations": ann}, ("content", i))


_PLAIN_ANNOTATIONS = ("audience", "priority", "lastModified")
"""MCP's own content annotations: they say nothing a label holds."""


def _walk_items(value: Any, parts: tuple[str | int, ...], out: list[tuple[tuple[str | int, ...], Any]]) -> None:
    """Find objects inside structured content that carry their own `_meta` (bounded depth)."""
    if len(parts) > _MAX_DEPTH or len(out) > 10_000:
        return
    if isinstance(value, Mapping):
        if len(parts) > 1 and isinstance(value.get("_meta"), Mapping):
            out.append(((*parts, "_meta"), value["_meta"]))
        for key, inner in value.items():
            if inner.__class__ not in _SCALARS and isinstance(inner, Mapping | list) and key != "_meta":
                _walk_items(inner, (*parts, str(key)), out)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            if inner.__class__ not in _SCALARS and isinstance(inner, Mapping | list):
                _walk_items(inner, (*parts, i), out)


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Exact classes of JSON scalars: never a container, whatever ``isinstance`` would be asked."""


def _label_of(c: Collector) -> DataLabel:
    if not c.facts:
        return BOTTOM
    facts, origins = c.merged()
    return _data_label(facts, origins)


def _read_blocks(total: Collector, content: Any) -> tuple[DataLabel, ...]:
    if not isinstance(content, list):
        total.report("content", f"content must be an array, not {kind_of(content)}", None)
        return ()
    blocks: list[DataLabel] = []
    for i, block in enumerate(content):
        c = Collector()
        _block_label(c, block, i)
        blocks.append(_label_of(c))
        total.absorb(c)
    return tuple(blocks)


def _read_items(total: Collector, structured: Any) -> tuple[tuple[str, DataLabel], ...]:
    found: list[tuple[tuple[str | int, ...], Any]] = []
    _walk_items(structured, ("structuredContent",), found)
    items: list[tuple[str, DataLabel]] = []
    for parts, meta in found:
        c = Collector()
        read_data_slots(c, meta, parts)
        if c.facts:
            items.append((json_path(*parts[:-1]), _label_of(c)))
        total.absorb(c)
    return tuple(items)


def read_result(raw: Any) -> ResultReading:
    """The labels of a wire `CallToolResult`: its `_meta`, every block's, every labelled item's. Never raises.

    The result's label is the join of all of them: a block or item may refine the result-level
    label (add to it), never weaken it.
    """
    if not isinstance(raw, Mapping):
        d = Diagnostic(path="", message=f"a result must be an object, not {kind_of(raw)}", severity=Severity.ERROR)
        return ResultReading(label=BOTTOM, diagnostics=(d,))
    total = Collector()
    read_data_slots(total, raw.get("_meta"), ("_meta",))
    blocks = _read_blocks(total, raw.get("content", []))
    items = _read_items(total, raw.get("structuredContent"))
    # Typed values throughout: construct without re-validating (this runs on every tool result).
    return ResultReading.model_construct(
        label=_label_of(total),
        blocks=blocks,
        items=items,
        diagnostics=total.finished_diagnostics(),
        possible_set_paths=tuple(total.set_paths),
    )


def read_result_label(raw: Any) -> DataLabel:
    """``read_result(raw).label``, without the per-block and per-item readings. Never raises.

    What the Guard needs for every tool result: one collector takes every claim (the result's
    `_meta`, each block's, each labelled item's) directly. Claims merge the same way whichever
    collector holds them, so the join is the same label (a property test holds them together).
    """
    if not isinstance(raw, Mapping):
        return BOTTOM
    c = Collector()
    _slots(c, raw.get("_meta"), ("_meta",))
    content = raw.get("content", [])
    if isinstance(content, list):
        for i, block in enumerate(content):
            _block_label(c, block, i)
    structured = raw.get("structuredContent")
    if structured is not None:
        found: list[tuple[tuple[str | int, ...], Any]] = []
        _walk_items(structured, ("structuredContent",), found)
        for parts, meta in found:
            _slots(c, meta, parts)
    return _label_of(c)


def _returned_level(profile: ToolProfile, classes: frozenset[DataClass]) -> tuple[Level, frozenset[Origin]]:
    """The highest level the return contract implies, and the origins of the claims that set it."""
    candidates = [(class_level(x), "return_classes") for x in classes]
    if profile.result_level is not None:
        candidates.append((profile.result_level, "result_level"))
    if profile.sensitive_data:
        candidates.append((Level.MEDIUM, "sensitive_data"))
    level = max((lv for lv, _ in candidates), default=Level.NONE)
    return Level(level), frozenset(o for lv, f in candidates if lv == level for o in profile.origin_of(f))


def returned_label(profile: ToolProfile) -> DataLabel:
    """What a tool's declared return contract implies for its results (worst of each possible set).

    returnMetadata.source ``untrustedPublic`` possible → untrusted; return classes (``none``
    dropped) and scopes; level = max of those classes, ``mcp.dev/resultSensitivity`` and
    sensitiveDataHint (2). An unknown source is *not* assumed untrusted here: policy decides.
    """
    classes = profile.return_classes - {DataClass.NONE}
    if profile.return_scopes:
        classes |= {DataClass.REGULATED}
    level, level_from = _returned_level(profile, classes)
    values: dict[str, Any] = {
        "untrusted": Source.UNTRUSTED_PUBLIC in profile.return_sources,
        "level": level,
        "classes": classes,
        "scopes": profile.return_scopes,
        "malicious": profile.malicious is True,
        "attribution": profile.attribution,
    }
    wire_field = {"untrusted": "return_sources", "classes": "return_classes", "scopes": "return_scopes"}
    origins = {k: frozenset(profile.origin_of(wire_field.get(k, k))) for k, v in values.items() if v and k != "level"}
    if level:
        origins["level"] = level_from
    return _label(values, origins)
