"""Decisions built on the fast path (reasons rendered lazily) are the same values pydantic would validate."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from weir.policy.decision import Decision, Lazy, Obligations, RuleMatch, Verdict, built


def test_a_built_rule_match_equals_a_validated_one_and_dumps_the_same() -> None:
    values = {"name": "r", "effect": Verdict.CONFIRM, "reason": "why", "labels": ("tool.egress=true",), "summary": ""}
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


def _lazy_decision(renders: list[str]) -> Decision:
    def render(text: str) -> Lazy:
        def run() -> str:
            renders.append(text)
            return text

        return Lazy(run)

    match = built(
        RuleMatch,
        {
            "name": "r",
            "effect": Verdict.BLOCK,
            "reason": render("why"),
            "labels": Lazy(lambda: ("tool.egress=true",)),
            "summary": Lazy(lambda: "short"),
        },
    )
    values = {
        "effect": Verdict.BLOCK,
        "applied": Verdict.BLOCK,
        "rules": (match,),
        "reasons": Lazy(lambda: (f"[block] r: {match.reason}",)),
        "obligations": Obligations(),
        "error": None,
    }
    return built(Decision, values)


def _eager() -> Decision:
    match = RuleMatch(name="r", effect=Verdict.BLOCK, reason="why", labels=("tool.egress=true",), summary="short")
    return Decision(effect=Verdict.BLOCK, applied=Verdict.BLOCK, rules=(match,), reasons=("[block] r: why",))


def test_lazy_reasons_are_rendered_once_and_only_when_read() -> None:
    renders: list[str] = []
    decision = _lazy_decision(renders)
    assert renders == []
    assert decision.reasons == ("[block] r: why",)
    assert decision.rules[0].reason == "why"
    assert decision.reasons == ("[block] r: why",)
    assert renders == ["why"]


def test_the_headline_is_the_strongest_rules_summary_or_its_reason_cut_short() -> None:
    assert _eager().headline == "short"
    long = "x would " + "do something " * 30 + ": to=«a@b.example» (email, first in step 0 «web/fetch»)"
    plain = RuleMatch(name="r", effect=Verdict.CONFIRM, reason=long)
    other = RuleMatch(name="s", effect=Verdict.WARN, reason="why")
    headline = Decision(effect=Verdict.CONFIRM, rules=(plain, other)).headline
    assert headline.endswith("… (and 1 more reason)")
    assert len(headline) < 230
    assert "«a@b.example»" not in headline


@pytest.mark.parametrize(
    "read",
    [
        lambda d: d.model_dump(mode="json", by_alias=True),
        lambda d: d.model_dump(),
        lambda d: json.loads(d.model_dump_json()),
        repr,
        dict,
        hash,
        lambda d: copy.deepcopy(d).model_dump(),
        lambda d: pickle.loads(pickle.dumps(d)).model_dump(),
        lambda d: d.model_copy(update={"error": None}).model_dump(),
    ],
)
def test_an_unread_lazy_decision_serialises_compares_and_copies_as_the_eager_one(read: Callable[[Any], Any]) -> None:
    assert read(_lazy_decision([])) == read(_eager())
    assert _lazy_decision([]) == _eager()
    assert _eager() == _lazy_decision([])


def test_a_lazy_field_cannot_be_assigned() -> None:
    decision = _lazy_decision([])
    with pytest.raises(ValidationError, match="frozen"):
        decision.reasons = ()  # type: ignore[misc]
    assert decision.reasons == ("[block] r: why",)
