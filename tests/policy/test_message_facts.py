"""The `message` fact: rules about every MCP message kind compile, are checked, and land in the right phase."""

from __future__ import annotations

import pytest

from weir.errors import PolicyCompileError
from weir.policy.check import check_policy_text
from weir.policy.engine import Engine
from weir.policy.facts import message_facts, skeleton
from weir.policy.rules import load_rules_text
from weir.policy.schema import root_conforms


@pytest.mark.parametrize(
    ("when", "phase"),
    [
        ("message.kind == 'sampling' && !server.trusted", "result"),
        ("message.kind in ['resource', 'prompt'] && session.malicious", "result"),
        ("message.include_context != 'none'", "result"),
        ("size(message.secret_fields) > 0", "result"),
        ("message.kind == 'answer' && session.internal_level >= 2", "call"),
        ("message.kind == 'tool_call' || message.kind == 'resource'", "call"),
        ("tool.consequential", "call"),
    ],
)
def test_a_rules_phase_follows_the_message_it_can_see(when: str, phase: str) -> None:
    (rule,) = load_rules_text(f'rules:\n  - name: r\n    effect: warn\n    when: "{when}"\n', path="p.yaml")
    assert rule.phase == phase


def test_weir_policy_check_names_an_unknown_message_fact() -> None:
    text = "rules:\n  - name: r\n    effect: warn\n    when: message.knd == 'sampling'\n"
    check = check_policy_text(text, path="p.yaml")
    assert not check.ok
    assert "knd" in str(check.errors[0])


def test_the_message_facts_have_their_schema_types() -> None:
    assert root_conforms("message", skeleton()["message"])
    assert root_conforms("message", message_facts("elicitation", "elicitation/create", fields=["a"], url_allowed=True))
    assert message_facts("answer", "sampling/createMessage")["direction"] == "to_server"
    assert message_facts("resource", "resources/read")["direction"] == "to_client"


def test_a_rule_about_sampling_is_decided_on_the_message() -> None:
    (rule,) = load_rules_text(
        "rules:\n  - name: r\n    effect: confirm\n"
        "    when: message.kind == 'sampling' && message.include_context == 'allServers'\n",
        path="p.yaml",
    )
    engine = Engine([rule])
    facts = skeleton()
    facts["message"] = message_facts("sampling", "sampling/createMessage", include_context="allServers")
    assert str(engine.decide(facts, phase="result").effect) == "confirm"
    facts["message"] = message_facts("sampling", "sampling/createMessage", include_context="none")
    assert str(engine.decide(facts, phase="result").effect) == "allow"


def test_a_message_rule_that_does_not_compile_says_where() -> None:
    with pytest.raises(PolicyCompileError):
        Engine(load_rules_text("rules:\n  - name: r\n    effect: warn\n    when: message.kind ==\n", path="p.yaml"))
