"""The hand-written label JSON equals pydantic's, so the stored text and the chain hash do not change."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.labels.strategies import evidence_refs
from weir.audit.chain import canonical_json
from weir.audit.labeljson import label_json, reference_label_json
from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level

# Text that exercises the sort key: escapes, non-ASCII (sorted by its \u escape), quotes.
_texts = st.text(alphabet=st.sampled_from(["a", "B", "é", '"', "\\", "\n", "☃", " ", "0", "𝄞"]), max_size=6)
_findings = st.builds(
    Finding,
    detector=st.sampled_from(["secrets", "pii", "injection"]),
    kind=_texts,
    cls=st.sampled_from(list(FindingClass)),
    start=st.integers(0, 50),
    end=st.integers(0, 80),
    confidence=st.sampled_from([1.0, 0.95, 0.5, 1]),
    path=st.one_of(st.none(), _texts),
    message=st.one_of(st.none(), _texts),
)
_origins = st.builds(Origin, dialect=st.sampled_from(list(Dialect)), path=_texts)
_labels = st.builds(
    DataLabel,
    untrusted=st.booleans(),
    private=st.booleans(),
    level=st.sampled_from(list(Level)),
    classes=st.frozensets(st.sampled_from(list(DataClass)), max_size=4),
    scopes=st.frozensets(_texts, max_size=3),
    malicious=st.booleans(),
    findings=st.frozensets(_findings, max_size=4),
    attribution=st.frozensets(_texts, max_size=3),
    evidence=st.frozensets(evidence_refs, max_size=2),
    origins=st.dictionaries(
        st.sampled_from(["untrusted", "level", "classes", "x"]), st.frozensets(_origins, max_size=3)
    ),
)


@settings(max_examples=300)
@given(_labels)
def test_the_fast_label_json_is_the_reference_one(label: DataLabel) -> None:
    fast, reference = label_json(label), reference_label_json(label)
    assert fast == reference
    assert canonical_json(fast) == canonical_json(reference)


@settings(max_examples=100)
@given(_labels, _labels)
def test_joined_labels_built_without_validation_serialise_like_the_reference(a: DataLabel, b: DataLabel) -> None:
    # join builds its result with model_construct, as the decision path does.
    joined = a.join(b)
    assert label_json(joined) == reference_label_json(joined)


def test_a_changed_label_gives_changed_json() -> None:
    base = DataLabel(untrusted=True, classes=frozenset({DataClass.PII}))
    assert label_json(base) != label_json(base.join(DataLabel(private=True)))
    assert label_json(base) != label_json(base.join(DataLabel(scopes=frozenset({"GDPR"}))))


def test_the_bottom_label_is_an_empty_object() -> None:
    assert label_json(DataLabel()) == reference_label_json(DataLabel()) == {}


def test_a_label_subclass_takes_the_reference_path() -> None:
    class Wider(DataLabel):
        note: str = "kept"

    label = Wider(untrusted=True, note="different")
    assert label_json(label) == reference_label_json(label) == {"untrusted": True, "note": "different"}


@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")  # the reference path's own complaint
def test_members_built_without_validation_are_written_as_pydantic_would() -> None:
    # model_construct skips validation: a plain int level and str class stand in for the enums.
    label = DataLabel.model_construct(level=2, classes=frozenset({"pii", DataClass.FINANCIAL}), untrusted=True)
    assert label_json(label) == reference_label_json(label)
