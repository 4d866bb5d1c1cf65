"""action-metadata's requiresReview: read where the draft and Weir put it, a policy fact, and asked about."""

from __future__ import annotations

from typing import Any

import pytest

from weir.config import WeirConfig
from weir.guard import Guard
from weir.labels.read import read_tool
from weir.labels.write import write_tool
from weir.policy.decision import Verdict

ACTION = "io.modelcontextprotocol/action-metadata"
_REVIEW = {"requiresReview": True, "outcome": "consequential"}


def _tool(where: str, metadata: dict[str, Any]) -> dict[str, Any]:
    tool: dict[str, Any] = {
        "name": "wire_transfer",
        "inputSchema": {"type": "object"},
        # Otherwise as harmless as a tool can claim to be: only requiresReview can ask for a person.
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    }
    if where == "annotations":
        tool["annotations"] = {**tool["annotations"], ACTION: metadata}
    else:
        tool["_meta"] = {ACTION: metadata}
    return tool


def _guard(trust: str, tool: dict[str, Any]) -> Guard:
    guard = Guard(WeirConfig.model_validate({"servers": {"bank": {"trust": trust}}}))
    guard.register_tools("bank", [tool])
    return guard


@pytest.mark.parametrize("where", ["annotations", "_meta"])
def test_requires_review_and_outcome_are_read_from_the_extension_key_in_annotations_and_meta(where: str) -> None:
    reading = read_tool(_tool(where, _REVIEW))
    assert reading.diagnostics == ()
    assert reading.profile.requires_review is True
    assert {o.value for o in reading.profile.outcomes} == {"consequential"}
    assert reading.profile.origin_of("requires_review")[0].path.startswith(f'{where}["{ACTION}"]')


def test_a_malformed_requires_review_is_reported_and_read_as_asking_for_review() -> None:
    reading = read_tool(_tool("_meta", {"requiresReview": "yes"}))
    assert reading.profile.requires_review is True
    assert [d.path for d in reading.diagnostics] == [f'_meta["{ACTION}"].requiresReview']


def test_requires_review_is_written_in_the_extension_object_and_read_back() -> None:
    profile = read_tool(_tool("annotations", _REVIEW)).profile
    written = write_tool(profile)
    assert written["_meta"][ACTION]["requiresReview"] is True
    assert read_tool({"name": "wire_transfer", **written}).profile.requires_review is True


@pytest.mark.parametrize("where", ["annotations", "_meta"])
def test_the_baseline_asks_the_user_when_a_trusted_server_asks_for_review(where: str) -> None:
    guard = _guard("trusted", _tool(where, _REVIEW))
    check = guard.before_call(guard.session(), "bank", "wire_transfer", {})
    assert check.decision.effect is Verdict.CONFIRM
    assert check.decision.rule_names == ("baseline:confirm-review-requested",)
    assert "tool.requires_review=true" in check.decision.reasons[0]


def test_without_the_claim_the_same_trusted_tool_is_allowed() -> None:
    guard = _guard("trusted", _tool("_meta", {"outcome": "consequential"}))
    check = guard.before_call(guard.session(), "bank", "wire_transfer", {})
    assert check.decision.effect is Verdict.ALLOW


def test_an_untrusted_server_cannot_waive_review_but_may_ask_for_it() -> None:
    waived = read_tool(_tool("_meta", {"requiresReview": False}), server="bank")
    guard = _guard("untrusted", _tool("_meta", {"requiresReview": False}))
    assert waived.profile.requires_review is False
    assert guard.profile("bank", "wire_transfer").requires_review is None  # a loosening claim is dropped
    asking = _guard("untrusted", _tool("_meta", _REVIEW))
    assert asking.profile("bank", "wire_transfer").requires_review is True
    check = asking.before_call(asking.session(), "bank", "wire_transfer", {})
    assert "baseline:confirm-review-requested" in check.decision.rule_names
