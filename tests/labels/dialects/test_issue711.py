"""Issue 711 data annotations: the sensitivity words, booleans, resolved returnMetadata on results."""

from weir.labels import DataClass, Level
from weir.labels.read import read_data_meta


def test_sensitive_hint_words_map_onto_the_scale() -> None:
    got = {w: read_data_meta({"annotations": {"sensitiveHint": w}})[0].level for w in ("low", "Medium", "HIGH")}
    assert got == {"low": Level.LOW, "Medium": Level.MEDIUM, "HIGH": Level.HIGH}


def test_a_boolean_sensitive_hint_reads_as_medium_with_a_warning() -> None:
    label, diagnostics = read_data_meta({"annotations": {"sensitiveHint": True}})
    assert label.level is Level.MEDIUM
    assert diagnostics[0].severity == "warning"


def test_false_hints_say_nothing_and_leave_no_origin() -> None:
    label, _ = read_data_meta({"annotations": {"privateHint": False, "openWorldHint": False}})
    assert not label.private
    assert label.origins == {}


def test_a_responses_return_metadata_labels_the_data() -> None:
    meta = {"annotations": {"returnMetadata": {"source": "untrustedPublic", "sensitivity": ["financial", "none"]}}}
    label, _ = read_data_meta(meta)
    assert label.untrusted
    assert label.classes == {DataClass.FINANCIAL}
    assert label.level is Level.MEDIUM


def test_a_hint_that_is_not_a_boolean_raises_the_label_rather_than_reading_as_safe() -> None:
    meta = {"annotations": {"privateHint": "yes", "openWorldHint": 1, "maliciousActivityHint": "false"}}
    label, diagnostics = read_data_meta(meta)
    assert (label.private, label.untrusted, label.malicious) == (True, True, True)
    assert [d.path for d in diagnostics] == [
        "_meta.annotations.privateHint",
        "_meta.annotations.openWorldHint",
        "_meta.annotations.maliciousActivityHint",
    ]
    assert all(d.severity == "error" and d.message.endswith("read as true") for d in diagnostics)


def test_a_null_hint_is_no_claim_with_a_warning() -> None:
    label, diagnostics = read_data_meta({"annotations": {"openWorldHint": None}})
    assert not label.untrusted
    assert [d.severity for d in diagnostics] == ["warning"]
