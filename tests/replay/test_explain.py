"""`weir policy explain`: one decision, every rule's verdict, from the facts the Guard really used."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.config import WeirConfig, load_config
from weir.errors import WeirError
from weir.policy.engine import Engine
from weir.replay import explain_call, explain_line, replay
from weir.replay.examples import config_path, trace_path
from weir.trace import ResultEvent, SessionEvent, TraceLine, read_trace


def test_explain_lists_every_rule_and_agrees_with_the_replayed_decision() -> None:
    config = load_config(config_path())
    lines = read_trace(trace_path("mail-invoice-bank-details-changed"))
    ex = explain_line(lines, config, 15)
    rules = Engine.from_config(config.policy).rules
    assert [r.name for r in ex.rules] == [r.name for r in rules]
    matched = {r.name for r in ex.rules if r.matched}
    assert matched == set(ex.decided.decision.rule_names)
    (replayed,) = [d for d in replay(lines, config).decisions if d.line == 15]
    assert ex.decided.decision == replayed.decision
    for r in ex.rules:
        if r.matched is False:
            assert r.why.startswith("not matched: `")
            assert r.facts, r.name
        elif r.matched is None:
            assert r.why.startswith("not applicable: decided after the call")


def test_a_rule_that_does_not_match_shows_the_facts_it_looked_at(trace: Path, config: WeirConfig) -> None:
    ex = explain_line(read_trace(trace), config, 8)  # session b's send: nothing untrusted read there
    (send_rule,) = [r for r in ex.rules if r.name == "confirm-send-after-untrusted"]
    assert send_rule.matched is False
    assert send_rule.facts == {"tool.name": "send_email", "session.untrusted": False}
    assert 'tool.name="send_email", session.untrusted=false' in send_rule.why


def test_a_result_line_is_explained_with_the_result_phase_rules(trace: Path, config: WeirConfig) -> None:
    ex = explain_line(read_trace(trace), config, 4)
    assert ex.decided.phase == "result"
    assert {r.matched for r in ex.rules} == {None}  # both rules are pre-call rules


def test_lines_that_hold_no_call_or_result_are_errors(trace: Path, config: WeirConfig) -> None:
    with pytest.raises(WeirError, match="line 2 is a session event, not a call or a result"):
        explain_line(read_trace(trace), config, 2)
    with pytest.raises(WeirError, match="the trace has no event at line 99"):
        explain_line(read_trace(trace), config, 99)


def test_a_call_given_as_json_is_decided_after_the_trace_in_its_last_session(trace: Path, config: WeirConfig) -> None:
    call = {"server": "mail", "tool": "send_email", "arguments": {"to": ["x@y.example"]}}
    after_a = explain_call(call, config, after=read_trace(trace))
    assert (after_a.decided.session, after_a.decided.effect) == ("a", "confirm")
    in_b = explain_call(call, config, after=read_trace(trace), session="b")
    assert (in_b.decided.session, in_b.decided.effect) == ("b", "allow")
    with pytest.raises(WeirError, match="the call to explain: call event: missing key tool"):
        explain_call({"server": "mail"}, config)


def test_when_deciding_failed_no_rule_is_claimed_to_have_been_evaluated(config: WeirConfig) -> None:
    broken = ResultEvent("web", "fetch_page", ["not", "an", "object"])  # type: ignore[arg-type]
    ex = explain_line([TraceLine(0, SessionEvent("s")), TraceLine(1, broken)], config, 1)
    assert ex.decided.effect == "block"
    assert ex.decided.decision.error is not None
    assert {r.matched for r in ex.rules} == {None}
    assert all(r.why.startswith("not evaluated: deciding failed (TypeError: ") for r in ex.rules)
