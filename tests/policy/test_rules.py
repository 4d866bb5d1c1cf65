"""Loading rules: both condition forms, precise errors with line and column."""

import pytest

from tests.scenarios.seeds import SEED_004_RULES as SEED_004
from weir.errors import PolicyCompileError
from weir.policy.decision import Verdict
from weir.policy.engine import Engine
from weir.policy.rules import canonical_fact, load_rules_text, rules_from_data, seed_condition_to_cel


def test_seed_004_rules_load_with_escalate_meaning_confirm_and_phases_inferred() -> None:
    rules = rules_from_data(SEED_004)
    assert [(r.name, r.effect, r.phase) for r in rules] == [
        ("block-open-world-to-external", Verdict.BLOCK, "call"),
        ("escalate-malicious", Verdict.CONFIRM, "result"),
        ("confirm-irreversible-actions", Verdict.CONFIRM, "call"),
    ]
    Engine(rules)  # and they compile against the facts


def test_seed_wire_paths_map_onto_canonical_facts() -> None:
    assert canonical_fact("tool.annotations.inputMetadata.destination") == "tool.destinations"
    assert canonical_fact("response.annotations.maliciousActivityHint") == "result.annotations.maliciousActivityHint"
    assert canonical_fact("session.level") == "session.level"


def test_a_seed_equals_on_a_possible_set_means_may_be() -> None:
    cel = seed_condition_to_cel({"fact": "tool.destinations", "equals": "public"})
    assert "in tool.destinations" in cel


def test_not_and_or_and_other_operators_translate() -> None:
    cel = seed_condition_to_cel(
        {"or": [{"not": {"fact": "session.untrusted", "equals": True}}, {"fact": "session.level", "atLeast": 2}]}
    )
    assert cel.startswith("((!(")
    assert "session.level >= 2" in cel


@pytest.mark.parametrize(
    ("cond", "message"),
    [
        ({"fact": "nowhere.x", "equals": 1}, "unknown fact root"),
        ({"fact": "tool.x"}, "exactly one of"),
        ({"and": []}, "non-empty list"),
        ({"whatever": 1}, "needs `fact`"),
        ("x", "must be a mapping"),
    ],
)
def test_malformed_seed_conditions_say_what_is_wrong(cond: object, message: str) -> None:
    with pytest.raises(PolicyCompileError, match=message):
        rules_from_data([{"name": "r", "effect": "block", "conditions": cond}])


BROKEN = """\
rules:
  - name: fine
    effect: warn
    when: session.untrusted
  - name: broken
    effect: block
    when: session.untrusted &&
    reason: oops
"""


def test_a_rule_that_does_not_compile_reports_its_line_and_column() -> None:
    rules = load_rules_text(BROKEN, path="p.yaml")
    with pytest.raises(PolicyCompileError) as info:
        Engine(rules)
    err = info.value
    assert (err.rule, err.line, err.path) == ("broken", 7, "p.yaml")
    assert err.column == 31  # just after the dangling `&&`
    assert str(err).startswith("p.yaml:7:31: `when` does not compile")


def test_a_block_scalar_condition_reports_the_line_inside_the_block() -> None:
    text = "rules:\n  - name: r\n    effect: warn\n    when: |\n      session.untrusted &&\n        tool.nope(\n"
    with pytest.raises(PolicyCompileError) as info:
        Engine(load_rules_text(text))
    assert info.value.line in (5, 6)


def test_an_unknown_fact_is_caught_when_the_policy_loads() -> None:
    with pytest.raises(PolicyCompileError, match="unknown fact"):
        Engine(rules_from_data([{"name": "r", "effect": "warn", "when": "session.untrustd"}]))


def test_a_call_rule_cannot_use_the_result() -> None:
    with pytest.raises(PolicyCompileError, match="only known after the call"):
        Engine(rules_from_data([{"name": "r", "effect": "warn", "phase": "call", "when": "result.malicious"}]))


def test_a_condition_must_be_boolean() -> None:
    with pytest.raises(PolicyCompileError, match="true or false"):
        Engine(rules_from_data([{"name": "r", "effect": "warn", "when": "session.level"}]))


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ({"effect": "warn", "when": "true"}, "needs a `name`"),
        ({"name": "r", "effect": "deny", "when": "true"}, "effect must be one of"),
        ({"name": "r", "effect": "warn"}, "needs `when`"),
        ({"name": "r", "effect": "warn", "when": "true", "colour": 1}, "unknown rule keys: colour"),
        ({"name": "r", "effect": "warn", "when": "true", "reason": "{nothing.here}"}, "names no fact"),
    ],
)
def test_rule_shape_errors_are_precise(rule: dict[str, object], message: str) -> None:
    with pytest.raises(PolicyCompileError, match=message):
        Engine(rules_from_data([rule]))


def test_duplicate_rule_names_are_refused() -> None:
    with pytest.raises(PolicyCompileError, match="duplicate"):
        rules_from_data([{"name": "r", "effect": "warn", "when": "true"}] * 2)


def test_invalid_yaml_reports_where() -> None:
    with pytest.raises(PolicyCompileError) as info:
        load_rules_text("rules:\n  - name: [unclosed\n")
    assert info.value.line is not None


def test_an_empty_policy_text_does_not_load_as_no_rules() -> None:
    with pytest.raises(PolicyCompileError, match="the policy file is empty"):
        load_rules_text("# nothing yet\n", path="p.yaml")
    assert load_rules_text("rules: []\n", path="p.yaml") == []
