"""Weir's mirror: a tool's non-core keys survive the SDK in `_meta`; data keeps classes and evidence."""

from weir.labels import DataClass, Dialect, Level, SideEffect
from weir.labels.evidenceref import EvidenceRef
from weir.labels.read import read_data_meta, read_tool


def test_a_mirror_that_disagrees_with_annotations_shows_in_by_dialect_and_the_riskier_wins() -> None:
    raw = {"name": "t", "annotations": {}, "_meta": {"dev.weir/annotations": {"reversibleHint": False}}}
    raw["annotations"]["reversibleHint"] = True
    reading = read_tool(raw)
    assert reading.by_dialect[Dialect.SEP1984].reversible is True
    assert reading.by_dialect[Dialect.WEIR].reversible is False
    assert reading.profile.reversible is False


def test_the_data_mirror_carries_classes_scopes_and_every_evidence_reference() -> None:
    meta = {"dev.weir/annotations": {"sensitivity": [{"regulated": {"scopes": ["SOX"]}}], "evidenceRef": ["a", "b"]}}
    label, diagnostics = read_data_meta(meta)
    assert diagnostics == ()
    assert label.classes == {DataClass.REGULATED}
    assert label.scopes == {"SOX"}
    assert label.level is Level.HIGH
    assert label.evidence == {EvidenceRef(ref="a"), EvidenceRef(ref="b")}


def test_an_unknown_key_in_the_tool_mirror_is_a_warning() -> None:
    reading = read_tool({"name": "t", "_meta": {"dev.weir/annotations": {"fooHint": True}}})
    assert reading.diagnostics[0].path == '_meta["dev.weir/annotations"].fooHint'


def test_the_tool_mirror_carries_seed_000_hints_without_the_reserved_prefix() -> None:
    reading = read_tool(
        {"name": "t", "_meta": {"dev.weir/annotations": {"effect": "delete", "resultSensitivity": "x"}}}
    )
    assert reading.profile.effects == {SideEffect.DELETE}
    assert reading.profile.result_level is Level.HIGH
    assert reading.diagnostics[0].path == '_meta["dev.weir/annotations"].resultSensitivity'
    assert set(reading.by_dialect) == {Dialect.WEIR}
