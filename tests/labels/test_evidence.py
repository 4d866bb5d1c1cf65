"""evidenceRef as the trust-annotations draft has it: the IG's worked cases, digests, data-class.v1.

``tests/labels/ig/examples.json`` is the Tool Annotations IG's conformance file, unchanged (MIT,
its notice beside it). Every digest in it is recomputed here from its record with the maintained
encoders (``rfc8785``, ``cbor2``'s canonical encoding), and every case is read as Weir reads a
result.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import cbor2
import pytest
import rfc8785

from weir.labels.evidence import EvidenceError, data_class_label, digest_of, evidence_for, matches, with_records
from weir.labels.evidenceref import Canonicalization, EvidenceRef
from weir.labels.read import read_data_meta, read_result
from weir.labels.vocab import DataClass, Level
from weir.labels.write import write_data_meta

EXAMPLES = json.loads((Path(__file__).parent / "ig" / "examples.json").read_text(encoding="utf-8"))
CASES = EXAMPLES["cases"]
TRUST = "io.modelcontextprotocol/trust-annotations"


def _wires(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [value for key, value in sorted(case.items()) if key.startswith("wire")]


def _result(wire: dict[str, Any]) -> dict[str, Any]:
    """The wire of a case as a CallToolResult (a block's `_meta` on one of several blocks)."""
    if "content_block_meta" in wire:
        blocks = [
            {"type": "text", "text": "other hit"},
            {"type": "text", "text": "hit", "_meta": wire["content_block_meta"]},
        ]
        return {"_meta": wire["result_meta"], "content": blocks}
    return {"_meta": wire["_meta"], "content": [{"type": "text", "text": "x"}]}


def _claims(wire: dict[str, Any]) -> list[dict[str, Any]]:
    return [meta[TRUST] for key in ("_meta", "content_block_meta", "result_meta") if (meta := wire.get(key))]


def _refs(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [c["evidenceRef"] for w in _wires(case) for c in _claims(w) if "evidenceRef" in c]


def _digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def test_the_examples_file_covers_both_canonicalizations_and_every_case_has_a_record() -> None:
    assert set(EXAMPLES["canonicalizations"]) == {c.value for c in Canonicalization}
    assert len(CASES) == 8
    assert all(isinstance(case["record"], dict) and _refs(case) for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_digest_is_recomputed_from_its_record_under_both_canonicalizations(case: dict[str, Any]) -> None:
    record = case["record"]
    by_library = {
        "jcs/rfc8785": _digest(rfc8785.dumps(record)),
        "cbor/rfc8949": _digest(cbor2.dumps(record, canonical=True)),
    }
    assert by_library["jcs/rfc8785"] != by_library["cbor/rfc8949"]  # two envelopes, two digests
    for wired in _refs(case):
        assert by_library[wired["canonicalization"]] == wired["digest"]
        for canonicalization, digest in by_library.items():
            assert digest_of(record, canonicalization) == digest  # Weir's own path agrees with the libraries
        ref, _ = _read_ref(wired)
        assert matches(ref, record)
        assert not matches(ref, {**record, "tampered": True})


def _read_ref(wired: dict[str, Any]) -> tuple[EvidenceRef, Any]:
    label, diagnostics = read_data_meta({TRUST: {"evidenceRef": wired}})
    assert diagnostics == ()
    (ref,) = label.evidence
    return ref, label


def _expected_sensitive(case: dict[str, Any], wire: dict[str, Any]) -> bool:
    if "effective_sensitive" in case:
        return bool(case["effective_sensitive"])
    return any(c.get("sensitive") is True for c in _claims(wire))  # absence is no claim, never "false"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_case_has_its_effective_sensitive_with_content_blocks_joined(case: dict[str, Any]) -> None:
    for wire in _wires(case):
        reading = read_result(_result(wire))
        assert reading.diagnostics == ()
        assert (reading.label.level >= Level.MEDIUM) is _expected_sensitive(case, wire)
        assert [r.wire() for r in reading.label.evidence] == [
            c["evidenceRef"] for c in _claims(wire) if "evidenceRef" in c
        ]


def test_the_block_label_refines_and_never_weakens_the_result_level_one() -> None:
    (case,) = [c for c in CASES if "content_block_meta" in c.get("wire", {})]
    reading = read_result(_result(case["wire"]))
    assert reading.blocks[0].level is Level.NONE
    assert reading.blocks[1].level is Level.MEDIUM
    assert reading.label.level is Level.MEDIUM


@pytest.mark.parametrize("case", [c for c in CASES if c["family"] == "emitter_classification"], ids=lambda c: c["id"])
def test_a_data_class_record_held_by_the_reader_agrees_with_the_wire_boolean(case: dict[str, Any]) -> None:
    for wire in _wires(case):
        label = with_records(read_result(_result(wire)).label, [case["record"]])
        assert (label.level >= Level.MEDIUM) is _expected_sensitive(case, wire)


def test_a_data_class_record_maps_class_and_regulatory_scopes_onto_the_label() -> None:
    record = {"class": "highly_confidential", "regulatory": ["hipaa"]}
    ref = evidence_for(record, "data-class.v1", canonicalization=Canonicalization.CBOR)
    label = data_class_label(ref, record)
    assert label is not None
    assert (label.level, label.classes, label.scopes, label.private) == (
        Level.HIGH,
        {DataClass.REGULATED},
        {"hipaa"},
        True,
    )
    assert label.evidence == {ref}
    assert data_class_label(ref, {"class": "public"}) is None  # not the record the reference names


@pytest.mark.parametrize(
    ("record", "level"),
    [
        ({"class": "public"}, Level.NONE),
        ({"class": "internal"}, Level.LOW),
        ({"class": "unknown"}, Level.MEDIUM),
        ({"class": "never-heard-of"}, Level.MEDIUM),
        ({}, Level.MEDIUM),
        ({"class": "restricted"}, Level.HIGH),
    ],
)
def test_data_class_levels_and_unknown_classes_are_not_safe(record: dict[str, Any], level: Level) -> None:
    label = data_class_label(evidence_for(record, "data-class.v1"), record)
    assert label is not None
    assert label.level is level


def test_a_record_of_another_type_is_not_read_as_a_classification() -> None:
    record = {"class": "restricted"}
    assert data_class_label(evidence_for(record, "sequence"), record) is None


def test_the_older_string_form_is_read_as_ref_and_written_back_as_a_string() -> None:
    label, diagnostics = read_data_meta({TRUST: {"evidenceRef": "audit://7"}})
    assert diagnostics == ()
    assert label.evidence == {EvidenceRef(ref="audit://7")}
    assert write_data_meta(label)[TRUST]["evidenceRef"] == "audit://7"


_PREFIX = '_meta["io.modelcontextprotocol/trust-annotations"].evidenceRef'
_GOOD = {"type": "data-class.v1", "digest": "sha256:" + "a" * 64, "canonicalization": "jcs/rfc8785"}


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"type": 3}, ".type", "evidenceRef.type must be a non-empty string, not a number"),
        ({"type": ""}, ".type", "evidenceRef.type must be a non-empty string, not empty"),
        ({"digest": "a" * 64}, ".digest", "digest must be '<algorithm>:<lower-case hex>'"),
        ({"digest": "md5:" + "a" * 32}, ".digest", "digest algorithm 'md5' is not one of sha256, sha384, sha512"),
        ({"digest": "sha256:abc"}, ".digest", "a sha256 digest has 64 hex digits, not 3"),
        ({"digest": "sha256:" + "A" * 64}, ".digest", "digest must be '<algorithm>:<lower-case hex>'"),
        ({"canonicalization": ["jcs"]}, ".canonicalization", "must be a non-empty string, not an array"),
        ({"schema": None}, ".schema", "evidenceRef.schema must be a non-empty string, not null"),
        ({"ref": {}}, ".ref", "evidenceRef.ref must be a non-empty string, not an object"),
    ],
)
def test_each_malformed_field_has_a_precise_problem_and_the_rest_is_kept(
    change: dict[str, Any], path: str, message: str
) -> None:
    label, diagnostics = read_data_meta({TRUST: {"evidenceRef": {**_GOOD, **change}}})
    assert [(d.path, d.severity) for d in diagnostics] == [(_PREFIX + path, "error")]
    assert message in diagnostics[0].message
    (ref,) = label.evidence
    (key,) = change
    kept = {k: v for k, v in _GOOD.items() if k != key}
    assert ref == EvidenceRef.model_validate(kept)


def test_missing_required_fields_unknown_keys_and_canonicalizations_are_reported() -> None:
    value = {"ref": "audit://1", "canonicalization": "xml/c14n", "extra": 1}
    label, diagnostics = read_data_meta({TRUST: {"evidenceRef": value}})
    got = [(d.path, d.severity, d.message) for d in diagnostics]
    assert got == [
        (
            _PREFIX + ".canonicalization",
            "warning",
            "evidenceRef.canonicalization 'xml/c14n' is not one Weir can re-derive (cbor/rfc8949 or jcs/rfc8785)",
        ),
        (_PREFIX, "error", "evidenceRef has no type and no digest (required)"),
        (_PREFIX + ".extra", "warning", "unknown evidenceRef key 'extra': ignored"),
    ]
    assert label.evidence == {EvidenceRef(ref="audit://1", canonicalization="xml/c14n")}


@pytest.mark.parametrize("value", [5, None, "", [], True])
def test_an_evidence_ref_that_is_neither_object_nor_string_is_an_error_and_no_reference(value: Any) -> None:
    label, diagnostics = read_data_meta({TRUST: {"evidenceRef": value}})
    assert label.evidence == frozenset()
    assert [d.path for d in diagnostics] == [_PREFIX]
    assert "evidenceRef must be an object (or the older string form)" in diagnostics[0].message


def test_the_current_form_is_written_and_read_back_unchanged() -> None:
    ref = evidence_for(
        {"class": "confidential"}, "data-class.v1", schema="https://example/data-class.v1.json", ref="audit://9"
    )
    label, _ = read_data_meta({TRUST: {"sensitive": True, "evidenceRef": ref.wire()}})
    written = write_data_meta(label)
    assert written[TRUST]["evidenceRef"] == {
        "type": "data-class.v1",
        "digest": ref.digest,
        "canonicalization": "jcs/rfc8785",
        "schema": "https://example/data-class.v1.json",
        "ref": "audit://9",
    }
    again, diagnostics = read_data_meta(written)
    assert diagnostics == ()
    assert again.evidence == {ref}


def test_a_record_outside_json_cannot_be_digested() -> None:
    with pytest.raises(EvidenceError, match="JCS"):
        digest_of({"x": float("nan")}, Canonicalization.JCS)
    with pytest.raises(EvidenceError, match="not one Weir can re-derive"):
        digest_of({}, "xml/c14n")
