"""docs/labels.md's table of vocabularies stays true for the IG extensions: every wire key it lists
for trust-annotations, action-metadata and tool-resolution has a worked reading here, and every
key read here is in the table."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from weir.labels.evidenceref import EvidenceRef
from weir.labels.read import read_data_meta, read_resolution, read_tool
from weir.labels.vocab import DataClass, Destination, Level, Outcome, Source

DOC = Path(__file__).resolve().parents[2] / "docs" / "labels.md"
TRUST = "io.modelcontextprotocol/trust-annotations"
ACTION = "io.modelcontextprotocol/action-metadata"
RESOLUTION = "io.modelcontextprotocol/tool-resolution"
DIGEST = "sha256:" + "c5" * 32


def _listed(dialect: str) -> set[str]:
    """The backticked wire keys of the table row of ``dialect`` (its third column)."""
    rows = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith(f"| `{dialect}` |")]
    assert len(rows) == 1, dialect
    mapping = rows[0].split(" | ")[2]
    return set(re.findall(r"`([^`]+)`", mapping))


def _data(claim: dict[str, Any]) -> Any:
    label, diagnostics = read_data_meta({TRUST: claim})
    assert [d for d in diagnostics if d.severity == "error"] == []
    return label


def _action(metadata: dict[str, Any]) -> Any:
    reading = read_tool({"name": "t", "_meta": {ACTION: metadata}})
    assert reading.diagnostics == ()
    return reading.profile


def _ref(**fields: str) -> Any:
    good = {"type": "data-class.v1", "digest": DIGEST, "canonicalization": "jcs/rfc8785"}
    (ref,) = _data({"evidenceRef": {**good, **fields}}).evidence
    return ref


_HINTS = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


def _resolved_hints() -> tuple[Any, ...]:
    p = read_resolution({"resultType": "complete", "name": "t", "annotations": _HINTS}).profile
    return (p.read_only, p.destructive, p.idempotent, p.open_world, p.resolved)


EXAMPLES: dict[str, dict[str, tuple[Callable[[], Any], Any]]] = {
    "trust-annotations": {
        "sensitive": (lambda: _data({"sensitive": True}).level, Level.MEDIUM),
        "untrusted": (lambda: _data({"untrusted": True}).untrusted, True),
        "evidenceRef.type": (lambda: _ref(type="sequence").type, "sequence"),
        "evidenceRef.digest": (lambda: _ref().digest, DIGEST),
        "evidenceRef.canonicalization": (
            lambda: _ref(canonicalization="cbor/rfc8949").canonicalization,
            "cbor/rfc8949",
        ),
        "evidenceRef.schema": (lambda: _ref(schema="https://example/s.json").schema_uri, "https://example/s.json"),
        "evidenceRef.ref": (lambda: _ref(ref="audit://1").ref, "audit://1"),
        "evidenceRef": (lambda: _data({"evidenceRef": "audit://2"}).evidence, {EvidenceRef(ref="audit://2")}),
    },
    "action-metadata": {
        "inputMetadata.destination": (
            lambda: _action({"inputMetadata": {"destination": "public"}}).destinations,
            {Destination.PUBLIC},
        ),
        "inputMetadata.sensitivity": (
            lambda: _action({"inputMetadata": {"sensitivity": [{"regulated": {"scopes": ["hipaa"]}}]}}).input_scopes,
            {"hipaa"},
        ),
        "inputMetadata.outcomes": (
            lambda: _action({"inputMetadata": {"outcomes": "benign"}}).outcomes,
            {Outcome.BENIGN},
        ),
        "returnMetadata.source": (
            lambda: _action({"returnMetadata": {"source": "untrustedPublic"}}).return_sources,
            {Source.UNTRUSTED_PUBLIC},
        ),
        "returnMetadata.sensitivity": (
            lambda: _action({"returnMetadata": {"sensitivity": "pii"}}).return_classes,
            {DataClass.PII},
        ),
        "outcome": (lambda: _action({"outcome": "irreversible"}).outcomes, {Outcome.IRREVERSIBLE}),
        "requiresReview": (lambda: _action({"requiresReview": True}).requires_review, True),
    },
    "tool-resolution": {
        "resolvable": (
            lambda: read_tool({"name": "t", "_meta": {RESOLUTION: {"resolvable": True}}}).profile.resolvable,
            True,
        ),
        "annotations": (_resolved_hints, (True, False, True, False, True)),
    },
}


@pytest.mark.parametrize("dialect", sorted(EXAMPLES))
def test_the_table_lists_exactly_the_keys_with_a_worked_reading(dialect: str) -> None:
    assert _listed(dialect) == set(EXAMPLES[dialect])


@pytest.mark.parametrize(
    ("dialect", "key"), [(d, k) for d, keys in sorted(EXAMPLES.items()) for k in sorted(keys)], ids=str
)
def test_each_listed_key_is_read_onto_its_canonical_field(dialect: str, key: str) -> None:
    read, expected = EXAMPLES[dialect][key]
    assert read() == expected
