"""Results, blocks and list items carry their labels; a result's label is never weaker than its parts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp_types import CallToolResult, TextContent

from weir.labels.datalabel import DataLabel
from weir.labels.read import read_result
from weir.labels.vocab import DataClass, Level
from weir.server import data_label, label_block, label_items, label_result, labelled_result, labelled_text

labels = st.builds(
    data_label,
    untrusted=st.booleans(),
    private=st.booleans(),
    classes=st.frozensets(st.sampled_from([DataClass.USER, DataClass.PII, DataClass.FINANCIAL])),
    scopes=st.frozensets(st.sampled_from(["GDPR", "HIPAA"])),
    malicious=st.booleans(),
    attribution=st.frozensets(st.sampled_from(["https://a.example/x", "mail://inbox/1"])),
)


def _wire(result: CallToolResult) -> dict[str, Any]:
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)


def test_data_label_takes_its_level_from_the_classes() -> None:
    assert data_label(classes=[DataClass.FINANCIAL]).level is Level.MEDIUM
    assert data_label(scopes=["HIPAA"]).classes == {DataClass.REGULATED}
    assert data_label(scopes=["HIPAA"]).level is Level.HIGH
    assert data_label(classes=[DataClass.NONE]).classes == frozenset()


def test_a_labelled_result_reads_back_with_its_label() -> None:
    label = data_label(private=True, classes=[DataClass.FINANCIAL], attribution=["urn:org:acme:hr:salaries"])
    reading = read_result(_wire(labelled_result("name,salary", label)))
    assert reading.label.private is True
    assert reading.label.classes == {DataClass.FINANCIAL}
    assert reading.label.attribution == {"urn:org:acme:hr:salaries"}


@settings(max_examples=60, deadline=None)
@given(st.lists(labels, max_size=3), st.lists(labels, max_size=3), labels)
def test_the_result_label_is_at_least_every_block_and_item(
    blocks: list[DataLabel], items: list[DataLabel], top: DataLabel
) -> None:
    content = [labelled_text(f"block {i}", label) for i, label in enumerate(blocks)]
    rows = label_items([{"id": i} for i in range(len(items))], items)
    result = CallToolResult(content=list(content), structured_content={"rows": rows})
    meta_only = {"_meta": _wire(label_result(result, top))["_meta"]}
    aggregate = read_result(meta_only).label  # the result-level `_meta` alone, as a simple reader sees it
    for part in [*blocks, *items, top]:
        assert aggregate.at_least(part.model_copy(update={"origins": {}}))


@settings(max_examples=40, deadline=None)
@given(labels, labels)
def test_labelling_twice_joins_and_never_weakens(first: DataLabel, second: DataLabel) -> None:
    block = label_block(label_block({"type": "text", "text": "x"}, first), second)
    label = read_result({"content": [block]}).blocks[0]
    assert label.at_least(first.join(second).model_copy(update={"findings": frozenset()}))


def test_dicts_stay_dicts_and_other_meta_keys_survive() -> None:
    out = label_result({"content": [], "_meta": {"vendor.example/x": 1}}, data_label(untrusted=True))
    assert isinstance(out, dict)
    assert out["_meta"]["vendor.example/x"] == 1
    assert out["_meta"]["annotations"] == {"openWorldHint": True}


def test_typed_blocks_stay_typed() -> None:
    block = label_block(TextContent(type="text", text="hi"), data_label(untrusted=True))
    assert isinstance(block, TextContent)
    assert block.meta == {
        "annotations": {"openWorldHint": True},
        "io.modelcontextprotocol/trust-annotations": {"untrusted": True},
    }


def test_items_and_labels_must_pair_up() -> None:
    with pytest.raises(ValueError, match="2 items but 1 labels"):
        label_items([{"a": 1}, {"a": 2}], [data_label()])


def test_label_result_refuses_what_is_not_a_result() -> None:
    with pytest.raises(TypeError, match="expected a CallToolResult or a wire dict"):
        label_result(TextContent(type="text", text="x"))  # type: ignore[type-var]


def test_a_classified_result_carries_the_current_evidence_ref_form_and_what_its_record_implies() -> None:
    from weir.labels.evidence import matches
    from weir.server import classified

    record = {"class": "confidential", "regulatory": ["gdpr"]}
    result = _wire(labelled_result("roster", classified(record, schema="https://example/data-class.v1.json")))
    claim = result["_meta"]["io.modelcontextprotocol/trust-annotations"]
    assert claim["sensitive"] is True
    assert set(claim["evidenceRef"]) == {"type", "digest", "canonicalization", "schema"}
    assert claim["evidenceRef"]["type"] == "data-class.v1"
    label = read_result(result).label
    assert label.scopes == {"gdpr"}
    assert label.level is Level.HIGH
    (ref,) = label.evidence
    assert matches(ref, record)


def test_data_label_reads_a_plain_string_as_an_evidence_ref() -> None:
    from weir.labels.evidenceref import EvidenceRef

    assert data_label(evidence=["audit://1"]).evidence == {EvidenceRef(ref="audit://1")}
