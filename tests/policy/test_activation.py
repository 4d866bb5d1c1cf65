"""Assembling a decision's facts: only what the rules read is built, and it is what a full build holds."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.flow.strategies import labels
from weir.flow.session import Session
from weir.labels.datalabel import DataLabel
from weir.labels.profile import ToolProfile
from weir.policy.activation import call_facts, result_facts
from weir.policy.engine import Engine
from weir.policy.facts import tool_facts
from weir.policy.packs import PACKS, load_pack
from weir.policy.rules import rules_from_data

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


def _session(seen: list[Any]) -> Session:
    session = Session("s")
    for i, label in enumerate(seen):
        session.observe(server="web", tool=f"fetch{i}", label=label, values={"content": ["eve@evil.example"]})
    return session


@settings(max_examples=40, deadline=None)
@given(seen=st.lists(labels, max_size=3), pack=st.sampled_from(PACKS))
def test_the_session_facts_built_for_a_pack_are_those_of_a_full_build(seen: list[Any], pack: str) -> None:
    session = _session(seen)
    engine = Engine(load_pack(pack))
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
    engine = Engine(load_pack(pack))
    part, full = _result_facts(label, engine, limited=True), _result_facts(label, engine, limited=False)
    wanted = engine.fields("result")["result"]
    assert wanted is not None
    assert set(part.values["result"]) == set(wanted) | {"is_error", "blocks"}
    assert {k: full.values["result"][k] for k in part.values["result"]} == part.values["result"]
    decided, reference = engine.decide(part, phase="result"), engine.decide(full, phase="result")
    assert decided == reference
    assert decided.reasons == reference.reasons
