"""Decisions built on the fast path are the same values pydantic would validate."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from weir.policy.decision import Decision, Obligations, RuleMatch, Verdict, built


def test_a_built_rule_match_equals_a_validated_one_and_dumps_the_same() -> None:
    values = {"name": "r", "effect": Verdict.CONFIRM, "reason": "why", "labels": ("tool.egress=true",)}
    fast = built(RuleMatch, dict(values))
    slow = RuleMatch.model_validate(values)
    assert fast == slow
    assert fast.model_dump(mode="json", by_alias=True) == slow.model_dump(mode="json", by_alias=True)
    assert fast.model_fields_set == slow.model_fields_set


def test_a_built_decision_equals_a_validated_one_and_stays_frozen() -> None:
    match = RuleMatch(name="r", effect=Verdict.BLOCK, reason="why")
    values = {
        "effect": Verdict.BLOCK,
        "applied": Verdict.WARN,
        "rules": (match,),
        "reasons": ("[block] r: why",),
        "obligations": Obligations(),
        "error": None,
    }
    fast = built(Decision, dict(values))
    assert fast == Decision.model_validate(values)
    assert fast.rule_names == ("r",)
    assert fast.model_copy(update={"applied": Verdict.BLOCK}).applied is Verdict.BLOCK
    with pytest.raises(ValidationError, match="frozen"):
        fast.effect = Verdict.ALLOW  # type: ignore[misc]
