"""The agent session: a monotonic join of every label seen, serialisable, spanning servers."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import labels
from weir.flow.session import Session
from weir.labels.datalabel import BOTTOM, DataLabel
from weir.labels.provenance import Origin
from weir.labels.vocab import DataClass, Dialect, Level


@settings(max_examples=80)
@given(st.lists(labels, max_size=6))
def test_label_never_weakens_within_a_session_whatever_the_order(seen: list[DataLabel]) -> None:
    session = Session("s")
    for i, label in enumerate(seen):
        before = session.label
        session.observe(server=f"srv{i % 2}", tool="t", label=label)
        assert session.label.at_least(before)
        assert session.label.at_least(label)


@settings(max_examples=80)
@given(st.lists(st.tuples(labels, st.booleans()), max_size=6))
def test_the_session_keeps_exactly_the_join_of_what_it_saw_and_of_its_own_data(
    seen: list[tuple[DataLabel, bool]],
) -> None:
    session = Session("s")
    everything, own = BOTTOM, BOTTOM
    for label, trusted in seen:
        session.observe(server="s", tool="t", label=label, untrusted=not trusted)
        everything = everything.join(label)
        if trusted and not label.untrusted:
            own = own.join(label)
    assert session.label.model_dump(exclude={"origins", "findings"}) == everything.model_dump(
        exclude={"origins", "findings"}
    )
    assert {(f.detector, f.kind, f.cls) for f in session.label.findings} == {
        (f.detector, f.kind, f.cls) for f in everything.findings
    }
    assert (session.internal.private, session.internal.level, session.internal.classes, session.internal.scopes) == (
        own.private,
        own.level,
        own.classes,
        own.scopes,
    )
    assert session.internal.untrusted is False
    assert session.internal.malicious is False
    assert session.internal.findings == frozenset()


@settings(max_examples=60)
@given(st.lists(labels, min_size=1, max_size=5), st.randoms())
def test_the_session_label_does_not_depend_on_the_order_labels_arrive(
    seen: list[DataLabel], rnd: random.Random
) -> None:
    a, b = Session("a"), Session("b")
    for label in seen:
        a.observe(server="s", tool="t", label=label)
    shuffled = list(seen)
    rnd.shuffle(shuffled)
    for label in shuffled:
        b.observe(server="s", tool="t", label=label)
    assert a.label.at_least(b.label)
    assert b.label.at_least(a.label)


@settings(max_examples=60)
@given(labels, labels, labels)
def test_join_is_commutative_associative_and_idempotent(x: DataLabel, y: DataLabel, z: DataLabel) -> None:
    def same(p: DataLabel, q: DataLabel) -> bool:
        return p.at_least(q) and q.at_least(p)

    assert same(x.join(y), y.join(x))
    assert same(x.join(y).join(z), x.join(y.join(z)))
    assert same(x.join(x), x)
    assert same(x.join(BOTTOM), x)


def test_one_session_spans_many_servers_and_remembers_who_introduced_what() -> None:
    session = Session("trip")
    web = DataLabel(
        untrusted=True,
        origins={"untrusted": frozenset({Origin(dialect=Dialect.ISSUE711, path="_meta.annotations.openWorldHint")})},
    )
    hr = DataLabel(
        level=Level.MEDIUM,
        classes=frozenset({DataClass.FINANCIAL}),
        origins={
            "classes": frozenset({Origin(dialect=Dialect.SEP1913, path="annotations.returnMetadata.sensitivity")})
        },
    )
    session.begin("web", "fetch")
    session.observe(server="web", tool="fetch", label=web)
    session.begin("files", "read_file")
    session.observe(server="files", tool="read_file", label=hr)
    assert session.label.untrusted
    assert session.label.level == Level.MEDIUM
    assert session.lineage.explain("untrusted") == ("step 0 web/fetch via _meta.annotations.openWorldHint (issue-711)")
    assert session.lineage.explain("class:financial").startswith(
        "step 1 files/read_file via annotations.returnMetadata"
    )
    # A later, weaker observation of the same fact does not move its introduction.
    session.begin("web", "fetch")
    session.observe(server="web", tool="fetch", label=web)
    assert session.lineage.get("untrusted").step == 0  # type: ignore[union-attr]


def test_a_session_round_trips_through_json_with_its_provenance() -> None:
    session = Session("rt")
    session.begin("mail", "read_email")
    session.observe(
        server="mail",
        tool="read_email",
        label=DataLabel(untrusted=True, attribution=frozenset({"mcp://mail/1"})),
        values={"content": ["pay DE89 3704 0044 0532 0130 00"]},
    )
    text = session.to_json()
    json.loads(text)
    again = Session.from_json(text)
    assert again.id == "rt"
    assert again.label.at_least(session.label)
    assert session.label.at_least(again.label)
    assert again.steps == session.steps
    assert [t.path for t in again.args_from_untrusted({"iban": "DE89370400440532013000"})] == ["iban"]
    assert again.lineage.explain("untrusted") == session.lineage.explain("untrusted")


@pytest.mark.parametrize("bad", ["{}", "[]", '{"id": "x", "steps": [[1]]}', "not json"])
def test_a_malformed_serialised_session_is_a_clear_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="not a serialised Weir session"):
        Session.from_json(bad)


def test_request_annotations_carry_the_union_of_everything_seen() -> None:
    session = Session()
    session.observe(server="a", tool="t", label=DataLabel(untrusted=True, attribution=frozenset({"x"})))
    session.observe(server="b", tool="u", label=DataLabel(level=Level.HIGH, attribution=frozenset({"y"})))
    assert session.request_annotations() == {"openWorldHint": True, "sensitiveHint": "high", "attribution": ["x", "y"]}


def test_an_idle_session_is_small() -> None:
    session = Session("idle")
    assert len(session.to_json()) < 200


@settings(max_examples=60)
@given(labels, labels)
def test_the_sessions_own_labels_are_built_as_model_construct_builds_them(seen: DataLabel, label: DataLabel) -> None:
    from weir.flow import session as module  # the construction helpers are private

    for fast, fields in (
        (module._lean(seen, label), module._lean(seen, label).__dict__),
        (module._internal_join(seen, label), module._internal_join(seen, label).__dict__),
    ):
        slow = DataLabel.model_construct(module._SHARED_FIELDS_SET, **dict(fields))
        assert fast == slow
        assert list(fast.__dict__) == list(slow.__dict__) == list(DataLabel.model_fields)
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.__pydantic_extra__ == slow.__pydantic_extra__
        assert fast.__pydantic_private__ == slow.__pydantic_private__


def test_each_set_of_origins_is_named_by_its_own_text() -> None:
    from weir.flow.lineage import _via  # the text is built once per set of origins

    a = Origin(dialect=Dialect.ISSUE711, path="_meta.annotations.openWorldHint")
    b = Origin(dialect=Dialect.POLICY, path="server web is not trusted")
    assert _via(frozenset({a})) == str(a)
    assert _via(frozenset({a, b})) == ", ".join(sorted([str(a), str(b)]))
    assert _via(frozenset({b})) != _via(frozenset({a}))
    assert _via(frozenset({a})) == str(a)  # and the same again from the memo
