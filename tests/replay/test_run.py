"""Replay decides every recorded call through the Guard, counterfactually, session by session."""

from __future__ import annotations

import json
from pathlib import Path

from tests.replay.conftest import PAGE, TOOLS
from weir.config import WeirConfig, load_config
from weir.guard import Guard
from weir.policy.config import PolicyConfig
from weir.policy.decision import Verdict
from weir.replay import replay
from weir.replay.examples import config_path, trace_path
from weir.trace import CallEvent, ResultEvent, iter_trace, read_trace

DECISION_KEYS = {"line", "phase", "server", "tool", "effect", "rules", "reasons"}


def test_json_output_has_exactly_the_documented_keys_for_every_event() -> None:
    lines = read_trace(trace_path("mail-invoice-bank-details-changed"))
    out = replay(lines, load_config(config_path())).to_json()
    assert set(out) == {"decisions", "summary"}
    expected = [(tl.line, "call" if isinstance(tl.event, CallEvent) else "result") for tl in lines
                if isinstance(tl.event, CallEvent | ResultEvent)]  # fmt: skip
    assert [(d["line"], d["phase"]) for d in out["decisions"]] == expected
    for d in out["decisions"]:
        assert set(d) == DECISION_KEYS
        assert d["effect"] in {v.value for v in Verdict}
        assert all(isinstance(r, str) for r in d["rules"])
        assert len(d["reasons"]) == len(d["rules"])
        assert isinstance(d["server"], str)
        assert isinstance(d["tool"], str)


def test_summary_counts_every_phase_and_effect(trace: Path, config: WeirConfig) -> None:
    summary = replay(read_trace(trace), config).summary()
    assert summary == {
        "sessions": 2,
        "calls": 4,
        "results": 2,
        "call_effects": {"allow": 1, "warn": 0, "redact": 0, "confirm": 2, "block": 1},
        "result_effects": {"allow": 2, "warn": 0, "redact": 0, "confirm": 0, "block": 0},
        "stopped_calls": 3,
        "errors": 0,
    }


def test_a_blocked_calls_result_still_reaches_the_session(trace: Path, config: WeirConfig) -> None:
    calls = replay(read_trace(trace), config).calls()
    fetch, send_a, send_b, send_a_again = calls
    assert (fetch.tool, fetch.effect, fetch.decision.rule_names) == ("fetch_page", Verdict.BLOCK, ("no-fetching",))
    # The fetch was blocked, yet its (untrusted) result was fed as recorded: the send after it is confirmed.
    assert send_a.effect is Verdict.CONFIRM
    assert send_a.decision.rule_names == ("confirm-send-after-untrusted",)
    # Session b never read anything; returning to a resumes a's labels.
    assert (send_b.session, send_b.effect) == ("b", Verdict.ALLOW)
    assert (send_a_again.session, send_a_again.effect) == ("a", Verdict.CONFIRM)


def test_replay_decides_exactly_as_the_guard_does_live(trace: Path, config: WeirConfig) -> None:
    guard = Guard(config)
    for server, tools in TOOLS.items():
        guard.register_tools(server, tools)
    session = guard.session("a")
    live = [guard.before_call(session, "web", "fetch_page", {"url": "https://news.example/"}).decision]
    guard.after_call(session, "web", "fetch_page", PAGE)
    live.append(guard.before_call(session, "mail", "send_email", {"to": ["me@corp.example"], "body": "sunny"}).decision)
    replayed = [d.decision for d in replay(read_trace(trace), config).calls()[:2]]
    assert replayed == live


def test_calls_before_any_session_event_share_one_implicit_session(config: WeirConfig) -> None:
    lines = [
        '{"event":"result","server":"web","tool":"fetch_page","result":'
        '{"content":[],"_meta":{"io.modelcontextprotocol/trust-annotations":{"untrusted":true}}}}',
        '{"event":"call","server":"mail","tool":"send_email","arguments":{}}',
    ]
    run = replay(iter_trace(lines), config)
    assert run.sessions == ["trace"]
    assert run.calls()[0].effect is Verdict.CONFIRM


def test_an_unlisted_tool_is_still_decided_and_never_crashes_the_replay() -> None:
    lines = ['{"event":"session","id":"s"}', '{"event":"call","server":"ghost","tool":"wipe","arguments":{"x":1}}']
    run = replay(iter_trace(lines), WeirConfig(policy=PolicyConfig(packs=["baseline"])))
    assert [(d.server, d.tool, d.phase) for d in run.decisions] == [("ghost", "wipe", "call")]


def test_replay_runs_the_configured_detectors_as_the_gateway_does(tmp_path: Path) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text(
        "rules:\n  - {name: held-secret, effect: block, when: \"'credentials' in session.classes\", reason: r}\n",
        encoding="utf-8",
    )
    key = {"content": [{"type": "text", "text": "aws_access_key_id = AKIAQ3EGSPJ7VXN4T2LK"}]}
    lines = [
        '{"event":"session","id":"s"}',
        '{"event":"call","server":"files","tool":"read_file","arguments":{}}',
        '{"event":"result","server":"files","tool":"read_file","result":' + json.dumps(key) + "}",
        '{"event":"call","server":"mail","tool":"send_email","arguments":{}}',
    ]
    with_detectors = WeirConfig(policy=PolicyConfig(packs=[], file=str(policy)))
    without = with_detectors.model_copy(update={"detectors": []})
    assert [d.effect for d in replay(iter_trace(lines), with_detectors).calls()] == [Verdict.ALLOW, Verdict.BLOCK]
    assert [d.effect for d in replay(iter_trace(lines), without).calls()] == [Verdict.ALLOW, Verdict.ALLOW]
