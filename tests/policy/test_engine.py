"""The engine: strongest effect wins, every match reported, modes, and failing closed."""

from typing import Any

import cel
from hypothesis import given, settings
from hypothesis import strategies as st

from weir.labels.profile import ToolProfile
from weir.labels.vocab import Destination, Outcome
from weir.policy.compiler import CompiledPhase
from weir.policy.config import Mode, PolicyConfig
from weir.policy.decision import AuditLevel, Verdict, strongest
from weir.policy.engine import Engine
from weir.policy.facts import Facts, skeleton, tool_facts
from weir.policy.rules import Rule, rules_from_data


def engine(rules: list[dict[str, Any]], mode: Mode = Mode.ENFORCE) -> Engine:
    return Engine(rules_from_data(rules), mode)


def facts(**session: Any) -> dict[str, Any]:
    f = skeleton()
    f.pop("result")
    f["session"].update(session)
    return f


RULES = [
    {"name": "w", "effect": "warn", "when": "session.untrusted", "reason": "untrusted since {session.steps} steps"},
    {"name": "c", "effect": "confirm", "when": "session.level >= 2"},
    {"name": "b", "effect": "block", "when": "session.malicious"},
]


def test_the_strongest_matching_rule_wins_and_every_match_is_reported() -> None:
    d = engine(RULES).decide(facts(untrusted=True, level=2, steps=3), phase="call")
    assert d.effect is Verdict.CONFIRM
    assert d.applied is Verdict.CONFIRM
    assert d.rule_names == ("c", "w")
    assert d.reasons[1] == "[warn] w: untrusted since 3 steps — session.untrusted=true"


def test_nothing_matching_is_allow() -> None:
    d = engine(RULES).decide(facts(), phase="call")
    assert (d.effect, d.rules, d.reasons, d.error) == (Verdict.ALLOW, (), (), None)


def test_warn_mode_reports_block_and_confirm_without_applying_them() -> None:
    d = engine(RULES, Mode.WARN).decide(facts(malicious=True), phase="call")
    assert d.effect is Verdict.BLOCK
    assert d.applied is Verdict.WARN


def test_audit_mode_applies_nothing() -> None:
    d = engine(RULES, Mode.AUDIT).decide(facts(malicious=True), phase="call")
    assert d.effect is Verdict.BLOCK
    assert d.applied is Verdict.ALLOW


def test_a_rule_that_errors_on_these_facts_blocks_with_the_error() -> None:
    e = engine([{"name": "div", "effect": "warn", "when": "10 / (session.level - 2) > 0"}, RULES[0]])
    d = e.decide(facts(level=2, untrusted=True), phase="call")
    assert d.effect is Verdict.BLOCK
    assert d.error is not None
    assert "rule div" in d.error
    assert "w" in d.rule_names
    assert "weir:decision-error" in d.rule_names


def test_missing_facts_block_instead_of_raising() -> None:
    d = engine(RULES).decide({"session": {}}, phase="call")
    assert d.effect is Verdict.BLOCK
    assert d.error


def test_garbage_facts_never_raise() -> None:
    d = engine(RULES).decide(None, phase="call")  # type: ignore[arg-type]
    assert d.effect is Verdict.BLOCK


def _unchecked(when: str, effect: Verdict) -> Engine:
    """An engine whose rule skipped the load-time dry run, so it can fail at decision time."""
    rule = Rule(name="r", effect=effect, when=when, reason="", phase="call")
    e = Engine([])
    e._phases["call"] = CompiledPhase(
        (rule,), (cel.compile(when),), cel.compile(f"[({when})]"), frozenset({"session"}), {"session": None}
    )
    return e


@settings(max_examples=40)
@given(
    st.sampled_from(["10 / (session.level - 2) > 0", "session.nope", "session.attribution[5] == 'x'", "session.level"]),
    st.sampled_from(list(Verdict)),
    st.integers(0, 3),
)
def test_a_policy_that_raises_yields_block(when: str, effect: Verdict, level: int) -> None:
    d = _unchecked(when, effect).decide(facts(level=level), phase="call")
    if when.startswith("10 /") and level != 2:
        assert d.error is None  # a valid evaluation: the rule's own effect or allow
    else:
        assert d.effect is Verdict.BLOCK
        assert d.applied is Verdict.BLOCK
        assert d.error
        assert "rule r" in d.error
        assert d.reasons[-1].startswith("[block] weir:decision-error: blocked because deciding failed")


def test_strongest_orders_effects() -> None:
    assert strongest([]) is Verdict.ALLOW
    assert strongest([Verdict.WARN, Verdict.BLOCK, Verdict.CONFIRM]) is Verdict.BLOCK
    assert [v.rank for v in Verdict] == [0, 1, 2, 3, 4]
    assert Verdict.parse("Escalate") is Verdict.CONFIRM


def test_obligations_follow_the_tool_and_the_effect() -> None:
    slow = tool_facts(ToolProfile(name="t", idempotent=True, slow_execution=True, resource_intensive=True))
    f = facts()
    f["tool"] = slow.values
    d = engine(RULES).decide(Facts(f), phase="call")
    ob = d.obligations
    assert ob.retry_allowed
    assert ob.progress
    assert ob.concurrency_class == "resource-intensive"
    assert ob.cache_allowed
    assert ob.audit_level is AuditLevel.SUMMARY
    f = facts(level=2)
    f["tool"] = tool_facts(ToolProfile(name="t")).values
    ob = engine(RULES).decide(Facts(f), phase="call").obligations
    assert not ob.retry_allowed
    assert not ob.cache_allowed
    assert ob.audit_level is AuditLevel.FULL


def test_tool_facts_treat_missing_hints_conservatively() -> None:
    bare = tool_facts(ToolProfile(name="t")).values
    assert (bare["read_only"], bare["destructive"], bare["open_world"]) == (False, True, True)
    assert (bare["outcome"], bare["destination"], bare["irreversible"], bare["egress"]) == (
        "irreversible",
        "public",
        True,
        True,
    )
    assert "assumed" in tool_facts(ToolProfile(name="t")).origins["outcome"]
    reader = tool_facts(ToolProfile(name="t", read_only=True)).values
    assert (reader["consequential"], reader["outcome"], reader["destination"]) == (False, "benign", "ephemeral")


def test_a_possible_set_counts_as_its_worst_member() -> None:
    p = ToolProfile(
        name="t",
        outcomes=frozenset({Outcome.BENIGN, Outcome.IRREVERSIBLE}),
        destinations=frozenset({Destination.INTERNAL, Destination.PUBLIC}),
    )
    v = tool_facts(p).values
    assert v["outcome"] == "irreversible"
    assert v["destination"] == "public"
    assert v["egress"]


def test_every_built_in_pack_compiles() -> None:
    for pack in ("baseline", "strict", "observe"):
        e = Engine.from_config(PolicyConfig(packs=[pack]))
        assert e.rules
        assert all(r.name.startswith(pack + ":") for r in e.rules)
