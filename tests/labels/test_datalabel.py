"""The data label is a join-semilattice: it never weakens, whatever the order."""

from hypothesis import given
from hypothesis import strategies as st

from weir.labels import DataClass, DataLabel, Dialect, Finding, FindingClass, Level, Origin

origins = st.builds(Origin, dialect=st.sampled_from(list(Dialect)), path=st.sampled_from(["a", "b.c", "_meta.x"]))
findings = st.builds(
    Finding,
    detector=st.sampled_from(["secrets", "pii"]),
    kind=st.sampled_from(["k1", "k2"]),
    cls=st.sampled_from(list(FindingClass)),
    start=st.integers(0, 5),
    end=st.integers(5, 9),
)
labels = st.builds(
    DataLabel,
    untrusted=st.booleans(),
    private=st.booleans(),
    level=st.sampled_from(list(Level)),
    classes=st.frozensets(st.sampled_from([c for c in DataClass if c is not DataClass.NONE])),
    scopes=st.frozensets(st.sampled_from(["GDPR", "HIPAA", "SOX"])),
    malicious=st.booleans(),
    findings=st.frozensets(findings, max_size=2),
    attribution=st.frozensets(st.sampled_from(["mcp://a/x", "https://b/y", "urn:c"])),
    origins=st.dictionaries(st.sampled_from(["untrusted", "level"]), st.frozensets(origins, max_size=2)),
)


@given(labels, labels)
def test_join_is_commutative(a: DataLabel, b: DataLabel) -> None:
    assert a.join(b) == b.join(a)


@given(labels, labels, labels)
def test_join_is_associative(a: DataLabel, b: DataLabel, c: DataLabel) -> None:
    assert a.join(b).join(c) == a.join(b.join(c))


@given(labels)
def test_join_is_idempotent(a: DataLabel) -> None:
    assert a.join(a) == a


@given(st.lists(labels, min_size=1, max_size=6), st.randoms())
def test_label_never_weakens_whatever_the_order(seq: list[DataLabel], rnd) -> None:  # type: ignore[no-untyped-def]
    shuffled = seq[:]
    rnd.shuffle(shuffled)
    acc = DataLabel()
    for label in shuffled:
        new = acc.join(label)
        assert new.at_least(acc)
        assert new.at_least(label)
        acc = new
    forward = DataLabel()
    for label in seq:
        forward = forward.join(label)
    assert acc == forward


def test_a_stronger_field_is_not_at_least_a_weaker_one() -> None:
    assert not DataLabel().at_least(DataLabel(untrusted=True))
    assert not DataLabel(level=Level.LOW).at_least(DataLabel(level=Level.HIGH))
