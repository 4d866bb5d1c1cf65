"""What a host reads off one call: ran, blocked, succeeded, the text, the alarm line."""

from __future__ import annotations

from weir.client import CallOutcome, MaliciousActivity
from weir.labels.datalabel import DataLabel
from weir.labels.finding import Finding, FindingClass
from weir.policy.decision import Decision, Verdict

ALLOW = Decision()
BLOCK = Decision(effect=Verdict.BLOCK, applied=Verdict.BLOCK)


def test_a_call_weir_withheld_did_not_run_and_is_blocked() -> None:
    outcome = CallOutcome("mail", "send", BLOCK, {"content": [{"type": "text", "text": "Blocked"}], "isError": True})
    assert (outcome.ran, outcome.blocked, outcome.succeeded) == (False, True, False)
    assert outcome.text == "Blocked"


def test_a_result_withheld_after_the_call_ran_is_blocked() -> None:
    outcome = CallOutcome("web", "fetch", ALLOW, {"content": [], "isError": True}, post=BLOCK)
    assert (outcome.ran, outcome.blocked, outcome.succeeded) == (True, True, False)


def test_a_server_refusal_ran_but_did_not_succeed() -> None:
    outcome = CallOutcome("mail", "send", ALLOW, {"content": [], "isError": True}, error="refused")
    assert (outcome.ran, outcome.blocked, outcome.succeeded) == (True, False, False)


def test_a_released_result_succeeded_and_its_text_joins_the_text_blocks() -> None:
    result = {"content": [{"type": "text", "text": "a"}, {"type": "image", "data": "x"}, {"type": "text", "text": "b"}]}
    outcome = CallOutcome("files", "read", ALLOW, result, post=ALLOW)
    assert outcome.succeeded is True
    assert outcome.text == "a\nb"


def test_the_alarm_line_names_the_detectors_or_the_server() -> None:
    finding = Finding(detector="injection", kind="ignore-previous", cls=FindingClass.MALICIOUS)
    flagged = DataLabel(malicious=True)
    assert "(injection:ignore-previous)" in MaliciousActivity("web", "fetch", (finding,), flagged).describe()
    assert "flagged by the server" in MaliciousActivity("web", "fetch", (), flagged).describe()
