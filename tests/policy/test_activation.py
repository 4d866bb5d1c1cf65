"""Assembling a decision's facts: only what the rules read is built, and it is what a full build holds."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import labels
from weir.flow.session import Session
from weir.labels.datalabel import DataLabel
from weir.labels.profile import ToolProfile
from weir.policy.activation import _session_facts, call_facts, result_facts
from weir.policy.engine import Engine
from weir.policy.facts import label_facts, label_makers, label_reads, tool_facts
from weir.policy.packs import PACKS, load_pack
from weir.policy.rules import Rule, rules_from_data

TOOL = tool_facts(ToolProfile(name="send", read_only=False))


def _facts(session: Session, engine: Engine | None) -> Any:
    return call_facts(
        session=session,
        tool=TOOL,
        server="mail",
        server_config=None,
        arguments={"to": "eve@evil.example"},
        taints=session.args_from_untrusted({"to": "eve@evil.example"}),
        roots=engine.roots("call") if engine else None,
        fields=engine.fields("call") if engine else None,
    )


@functools.cache
def _pack(name: str) -> tuple[Rule, ...]:
    """A pack's rules, read once per module (frozen rules; each example still compiles its own Engine)."""
    return tuple(load_pack(name))


def _session(seen: list[Any]) -> Session:
    session = Session("s")
    for i, label in enumerate(seen):
        session.observe(server="web", tool=f"fetch{i}", label=label, values={"content": ["eve@evil.example"]})
    return session


@settings(max_examples=40, deadline=None)
@given(seen=st.lists(labels, max_size=3), pack=st.sampled_from(PACKS))
def test_the_session_facts_built_for_a_pack_are_those_of_a_full_build(seen: list[Any], pack: str) -> None:
    session = _session(seen)
    engine = Engine(_pack(pack))
    part, full = _facts(session, engine), _facts(session, None)
    wanted = engine.fields("call")["session"]
    assert wanted is not None
    assert set(part.values["session"]) == set(wanted)
    assert {k: full.values["session"][k] for k in wanted} == part.values["session"]
    assert engine.decide(part, phase="call") == engine.decide(full, phase="call")


def test_a_field_only_a_reason_shows_is_built_and_shown() -> None:
    rule = {"name": "r", "effect": "warn", "when": "session.untrusted", "reason": "seen {session.steps} steps"}
    engine = Engine(rules_from_data([rule]))
    assert engine.fields("call")["session"] == frozenset({"untrusted", "steps", "level"})
    session = _session([DataLabel(untrusted=True)])
    decision = engine.decide(_facts(session, engine), phase="call")
    assert decision.reasons == ("[warn] r: seen 1 steps — session.untrusted=true (since step 0 web/fetch0)",)


def _result_facts(label: DataLabel, engine: Engine, *, limited: bool) -> Any:
    return result_facts(
        session=Session("s"),
        tool=TOOL,
        server="web",
        server_config=None,
        label=label,
        result={"content": [{"type": "text", "text": "hello"}], "isError": False},
        roots=engine.roots("result"),
        fields=engine.fields("result") if limited else None,
    )


@settings(max_examples=40, deadline=None)
@given(label=labels, pack=st.sampled_from(PACKS))
def test_the_result_facts_built_for_a_pack_are_those_of_a_full_build(label: DataLabel, pack: str) -> None:
    engine = Engine(_pack(pack))
    part, full = _result_facts(label, engine, limited=True), _result_facts(label, engine, limited=False)
    wanted = engine.fields("result")["result"]
    assert wanted is not None
    assert set(part.values["result"]) == set(wanted) | {"is_error", "blocks"}
    assert {k: full.values["result"][k] for k in part.values["result"]} == part.values["result"]
    decided, reference = engine.decide(part, phase="result"), engine.decide(full, phase="result")
    assert decided == reference
    assert decided.reasons == reference.reasons


LABEL_FIELDS = ("untrusted", "private", "malicious", "level", "sensitive", "classes", "scopes", "attribution")
OTHER_FIELDS = ("findings", "finding_classes", "annotations", "internal_level", "internal_private", "internal_classes")
SESSION_FIELDS = sorted([*LABEL_FIELDS, *OTHER_FIELDS, "steps", "servers"])


@settings(max_examples=60, deadline=None)
@given(seen=st.lists(labels, max_size=3), fields=st.frozensets(st.sampled_from(SESSION_FIELDS)))
def test_session_facts_made_once_per_label_are_those_of_a_full_build(seen: list[Any], fields: frozenset[str]) -> None:
    session = _session(seen)
    full = _session_facts(session)
    for _ in range(2):  # made, then found again
        assert _session_facts(session, fields) == {k: full[k] for k in full if k in fields}
    assert _session_facts(session, sorted(fields)) == _session_facts(session, fields)  # any collection


@settings(max_examples=60, deadline=None)
@given(first=labels, second=labels)
def test_each_label_fact_depends_on_the_label_fields_it_names_alone(first: DataLabel, second: DataLabel) -> None:
    for name in label_makers(SESSION_FIELDS):
        reads = label_reads([name[0]])
        mixed = first.model_copy(update={attr: getattr(second, attr) for attr in reads})
        assert label_facts(mixed, [name[0]]) == label_facts(second, [name[0]])


def test_a_session_whose_label_changed_gets_the_new_facts_not_the_remembered_ones() -> None:
    fields = frozenset({"level", "classes", "untrusted", "internal_level"})
    calm, alarmed = _session([DataLabel()]), _session([DataLabel(level=3, classes=frozenset({"credentials"}))])
    assert _session_facts(calm, fields) == {"untrusted": False, "level": 0, "classes": [], "internal_level": 0}
    assert _session_facts(alarmed, fields) == {
        "untrusted": False,
        "level": 3,
        "classes": ["credentials"],
        "internal_level": 3,
    }
    made = _session_facts(calm, fields)
    made["level"] = 99  # a caller's copy: what is remembered is not changed
    assert _session_facts(calm, fields)["level"] == 0
    steps = _session_facts(calm, frozenset({"steps"}))["steps"]
    calm.begin("mail", "send")
    assert _session_facts(calm, frozenset({"steps"})) == {"steps": steps + 1}
