"""The stored form of an agent session: compact, versioned, and labels that only join."""

from __future__ import annotations

import json
import uuid
from functools import reduce

import pytest

from weir.flow.session import Session
from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.vocab import DataClass, Level
from weir.state.codec import DEFLATED, PLAIN, decode_session, encode_session, join_docs, label_doc, label_from_doc

LABELS = [
    DataLabel(untrusted=True, attribution=frozenset({"https://prices.example/compare"})),
    DataLabel(private=True, level=Level(2), classes=frozenset({DataClass("pii")})),
    DataLabel(level=Level(3), scopes=frozenset({"gdpr"}), classes=frozenset({DataClass("credentials")})),
    DataLabel(
        malicious=True,
        findings=frozenset({Finding(detector="injection", kind="override", cls=FindingClass("malicious"))}),
    ),
    DataLabel(),
]


@pytest.mark.parametrize("label", LABELS)
def test_a_label_survives_its_document(label: DataLabel) -> None:
    doc = json.loads(json.dumps(label_doc(label)))
    assert label_from_doc(doc) == label


def test_the_documents_join_is_the_labels_join_in_every_order() -> None:
    expected = reduce(DataLabel.join, LABELS)
    for order in (LABELS, LABELS[::-1], LABELS[2:] + LABELS[:2]):
        joined = reduce(join_docs, [label_doc(x) for x in order])
        assert label_from_doc(joined) == expected


def test_a_session_comes_back_as_it_was_with_the_stored_labels_joined() -> None:
    session = Session("s1")
    session.observe(
        server="web",
        tool="fetch",
        label=LABELS[0],
        values={"content": [{"type": "text", "text": "mail x@evil.example"}]},
    )
    blob, _ = encode_session(session)
    assert blob[0] == PLAIN  # small: as it is
    steps, remembered = list(session.steps), len(session.values)
    for _ in range(60):  # a long session is deflated
        values = {"structured": {"a": uuid.uuid4().hex, "b": f"write to x{uuid.uuid4().hex[:6]}@evil.example"}}
        session.observe(server="web", tool="fetch", label=LABELS[0], values=values)
    big, _ = encode_session(session)
    assert big[0] == DEFLATED
    assert len(big) < len(session.to_json())
    assert decode_session(big, None, "s1").to_json() == session.to_json()
    stronger = json.dumps({"label": label_doc(LABELS[2]), "internal": label_doc(DataLabel())})
    back = decode_session(blob, stronger, "s1")
    assert back.label.untrusted is True
    assert back.label.level == Level(3)
    assert back.steps == steps
    assert len(back.values) == remembered


def test_a_blob_of_another_format_or_corrupt_is_refused() -> None:
    blob, _ = encode_session(Session("s1"))
    with pytest.raises(ValueError, match="format 9"):
        decode_session(bytes([9]) + blob[1:], None, "s1")
    with pytest.raises(ValueError, match="corrupt"):
        decode_session(blob[:5], None, "s1")
    with pytest.raises(ValueError, match="corrupt"):
        decode_session(bytes([DEFLATED]) + blob[1:], None, "s1")
