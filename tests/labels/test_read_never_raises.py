"""No JSON value in any slot makes any reader raise; every reading is a valid model."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.strategies import json_values, labels, profiles
from weir.labels import DataLabel, ToolProfile
from weir.labels.check import check_document
from weir.labels.datalabel import BOTTOM
from weir.labels.dialects import core, sep1913, sep1984
from weir.labels.profile import combine
from weir.labels.provenance import Diagnostic, Origin
from weir.labels.read import (
    _label,
    read_data_meta,
    read_resolution,
    read_result,
    read_result_label,
    read_tool,
    returned_label,
)
from weir.labels.vocab import Dialect

ANNOTATION_KEYS = sorted(core.KEYS | sep1984.KEYS | sep1913.KEYS | {"InputMetadata", "ReturnMetadata"})
METADATA_KEYS = ["destination", "sensitivity", "outcomes", "source", "Destination", "Sensitivity", "Outcomes", "Source"]
META_KEYS = [
    "mcp.dev/effect",
    "mcp.dev/idempotent",
    "mcp.dev/requiresConfirmation",
    "mcp.dev/resultSensitivity",
    "mcp.dev/other",
    "io.modelcontextprotocol/action-metadata",
    "io.modelcontextprotocol/tool-resolution",
    "io.modelcontextprotocol/trust-annotations",
    "dev.weir/annotations",
    "annotations",
]
DATA_KEYS = ["privateHint", "sensitiveHint", "openWorldHint", "maliciousActivityHint", "attribution", "returnMetadata"]
TRUST_KEYS = ["sensitive", "untrusted", "evidenceRef"]


def _slots(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(keys), json_values, max_size=5)


metadata = _slots(METADATA_KEYS) | json_values
# The free slots are built once here, not in the flatmaps (a strategy made per draw is built and
# validated again for every example).
_annotation_slots = _slots(ANNOTATION_KEYS)
_meta_slots = _slots(META_KEYS)
annotations = st.fixed_dictionaries(
    {}, optional={"inputMetadata": metadata, "returnMetadata": metadata, "InputMetadata": metadata}
).flatmap(lambda fixed: _annotation_slots.map(lambda more: {**more, **fixed}))
tool_meta = st.fixed_dictionaries(
    {},
    optional={
        "io.modelcontextprotocol/action-metadata": st.fixed_dictionaries({}, optional={"inputMetadata": metadata})
        | json_values,
        "dev.weir/annotations": annotations | json_values,
    },
).flatmap(lambda fixed: _meta_slots.map(lambda more: {**more, **fixed}))
tools = st.fixed_dictionaries(
    {},
    optional={
        "name": json_values | st.text(max_size=5),
        "annotations": annotations | json_values,
        "_meta": tool_meta | json_values,
    },
)
data_meta = st.fixed_dictionaries(
    {},
    optional={
        "annotations": _slots(DATA_KEYS) | json_values,
        "io.modelcontextprotocol/trust-annotations": _slots(TRUST_KEYS) | json_values,
        "dev.weir/annotations": _slots([*DATA_KEYS, "sensitivity", "evidenceRef"]) | json_values,
    },
)
blocks = st.fixed_dictionaries(
    {"type": st.just("text")}, optional={"_meta": data_meta | json_values, "annotations": _slots(DATA_KEYS)}
)
results = st.fixed_dictionaries(
    {},
    optional={
        "content": st.lists(blocks | json_values, max_size=3) | json_values,
        "_meta": data_meta | json_values,
        "structuredContent": st.dictionaries(
            st.text(max_size=4), st.lists(st.fixed_dictionaries({"_meta": data_meta}), max_size=2)
        )
        | json_values,
    },
)


def _well_formed(diagnostics: tuple[Diagnostic, ...]) -> None:
    for d in diagnostics:
        assert isinstance(d.path, str)
        assert d.message


@settings(max_examples=300)
@given(tools | json_values)
def test_no_tool_makes_read_tool_raise(raw: Any) -> None:
    reading = read_tool(raw)
    assert isinstance(reading.profile, ToolProfile)
    assert ToolProfile.model_validate(reading.profile.model_dump(mode="json")) == reading.profile
    _well_formed(reading.diagnostics)
    assert isinstance(returned_label(reading.profile), DataLabel)
    _well_formed(read_resolution({"tool": raw}).diagnostics)


@settings(max_examples=300)
@given(data_meta | json_values)
def test_no_meta_makes_read_data_meta_raise(meta: Any) -> None:
    label, diagnostics = read_data_meta(meta)
    assert DataLabel.model_validate(label.model_dump(mode="json")) == label
    _well_formed(diagnostics)


@settings(max_examples=200)
@given(results | json_values)
def test_no_result_makes_read_result_raise(raw: Any) -> None:
    reading = read_result(raw)
    for block in reading.blocks:
        assert reading.label.at_least(block)
    _well_formed(reading.diagnostics)


@settings(max_examples=300)
@given(tools)
def test_a_tool_reads_as_its_dialects_combined_into_an_empty_profile(raw: Any) -> None:
    reading = read_tool(raw, server="srv")
    folded = ToolProfile(name=reading.profile.name, server="srv")
    for partial in reading.by_dialect.values():
        folded = combine(folded, partial)
        assert repr(ToolProfile.model_validate(partial.model_dump())) == repr(partial)
    assert reading.profile == folded
    assert repr(reading.profile) == repr(folded)


@settings(max_examples=300)
@given(results | json_values)
def test_the_label_only_reader_gives_exactly_the_label_of_the_full_reading(raw: Any) -> None:
    assert read_result_label(raw) == read_result(raw).label


@settings(max_examples=200)
@given(
    st.lists(tools, max_size=3) | st.fixed_dictionaries({"tools": st.lists(tools, max_size=3)}) | results | json_values
)
def test_no_document_makes_check_raise(doc: Any) -> None:
    _well_formed(check_document(doc).diagnostics)


def test_huge_and_deep_values_are_read_without_raising() -> None:
    huge = ["benign"] * 50_000 + ["nope"] * 50_000
    reading = read_tool(
        {"name": "t", "annotations": {"inputMetadata": {"outcomes": huge}}, "_meta": {"x": "y" * 10**6}}
    )
    assert len(reading.diagnostics) <= 201
    assert "more diagnostics" in reading.diagnostics[-1].message
    deep: Any = {"_meta": {"annotations": {"openWorldHint": True}}}
    for _ in range(2000):
        deep = {"inner": deep}
    assert read_result({"content": [], "structuredContent": deep}).diagnostics == ()
    assert read_tool({"name": "t", "annotations": {"attribution": [2**4000, "a" * 10**6]}}).profile.attribution


_DATA_HINTS = [
    ("annotations", "privateHint"),
    ("annotations", "openWorldHint"),
    ("annotations", "maliciousActivityHint"),
    ("io.modelcontextprotocol/trust-annotations", "untrusted"),
    ("io.modelcontextprotocol/trust-annotations", "sensitive"),
    ("dev.weir/annotations", "openWorldHint"),
]


@settings(max_examples=150)
@given(st.sampled_from(_DATA_HINTS), json_values.filter(lambda v: v is not None and not isinstance(v, bool)))
def test_an_unreadable_data_hint_labels_at_least_as_strongly_as_true(slot: tuple[str, str], value: Any) -> None:
    container, key = slot
    unreadable, diagnostics = read_data_meta({container: {key: value}})
    claimed, _ = read_data_meta({container: {key: True}})
    assert unreadable.at_least(claimed)
    assert [d.severity for d in diagnostics] == ["error"]


@settings(max_examples=200)
@given(labels, st.sets(st.sampled_from(sorted(DataLabel.model_fields)), max_size=4))
def test_a_label_the_readers_build_directly_is_what_model_construct_builds(label: DataLabel, given: set[str]) -> None:
    values = {k: getattr(label, k) for k in given if k != "origins"}
    origins = {k: frozenset({Origin(dialect=Dialect.ISSUE711, path=f"_meta.{k}")}) for k in values}
    fast = _label(values, origins)
    slow = DataLabel.model_construct({*values, "origins"}, **values, origins=origins)
    assert fast.__dict__ == slow.__dict__
    assert list(fast.__dict__) == list(slow.__dict__)
    assert fast.model_fields_set == slow.model_fields_set
    assert repr(fast) == repr(slow)
    assert fast.model_dump(mode="json", exclude_unset=True) == slow.model_dump(mode="json", exclude_unset=True)
    assert DataLabel.model_validate(fast.model_dump(mode="json")) == fast


@settings(max_examples=200)
@given(profiles())
def test_returned_label_is_the_label_pydantic_would_validate(profile: ToolProfile) -> None:
    label = returned_label(profile)
    validated = DataLabel(**{k: getattr(label, k) for k in label.model_fields_set})
    assert label == validated  # (repr may differ: a validated frozenset is a new one, in its own order)
    assert label.model_fields_set == validated.model_fields_set


def _reference_result_label(raw: Any) -> DataLabel:
    """``read_result_label`` as it was before it skipped `_meta` objects without a data slot."""
    from collections.abc import Mapping

    from weir.labels.dialects import Collector, read_data_slots
    from weir.labels.read import _label_of

    if not isinstance(raw, Mapping):
        return BOTTOM
    c = Collector()
    read_data_slots(c, raw.get("_meta"), ("_meta",))
    content = raw.get("content", [])
    for i, block in enumerate(content if isinstance(content, list) else []):
        if not isinstance(block, Mapping):
            continue
        read_data_slots(c, block.get("_meta"), ("content", i, "_meta"))
        resource = block.get("resource")
        if isinstance(resource, Mapping) and "_meta" in resource:
            read_data_slots(c, resource["_meta"], ("content", i, "resource", "_meta"))
        ann = block.get("annotations")
        if isinstance(ann, Mapping) and any(k not in ("audience", "priority", "lastModified") for k in ann):
            read_data_slots(c, {"annotations": ann}, ("content", i))
    found: list[tuple[tuple[str | int, ...], Any]] = []
    _reference_items(raw.get("structuredContent"), ("structuredContent",), found)
    for parts, meta in found:
        read_data_slots(c, meta, parts)
    return _label_of(c)


def _reference_items(value: Any, parts: tuple[str | int, ...], out: list[tuple[tuple[str | int, ...], Any]]) -> None:
    from collections.abc import Mapping

    if len(parts) > 8 or len(out) > 10_000:
        return
    if isinstance(value, Mapping):
        if len(parts) > 1 and isinstance(value.get("_meta"), Mapping):
            out.append(((*parts, "_meta"), value["_meta"]))
        for key, inner in value.items():
            if isinstance(inner, Mapping | list) and key != "_meta":
                _reference_items(inner, (*parts, str(key)), out)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            if isinstance(inner, Mapping | list):
                _reference_items(inner, (*parts, i), out)


_RESOURCE_BLOCKS = st.fixed_dictionaries(
    {"type": st.just("resource")},
    optional={"resource": st.fixed_dictionaries({}, optional={"_meta": data_meta | json_values}) | json_values},
)


@settings(max_examples=300)
@given(results | st.fixed_dictionaries({"content": st.lists(_RESOURCE_BLOCKS | blocks, max_size=3)}) | json_values)
def test_the_label_only_reader_gives_the_label_the_earlier_reader_gave(raw: Any) -> None:
    label, reference = read_result_label(raw), _reference_result_label(raw)
    assert label == reference
    assert label.model_fields_set == reference.model_fields_set
