"""How decisions show in results: block names rules and reasons; warn keeps the result intact."""

from __future__ import annotations

from weir.gateway.effects import DECISION_KEY, blocked_result, with_warning


def test_a_block_says_which_rule_and_why_without_repeating_the_rule_name() -> None:
    result = blocked_result("mail__send", ("no-mail",), ("[block] no-mail: mail is off",))
    assert result["isError"] is True
    assert result["content"][0]["text"] == "Weir blocked the call of tool 'mail__send': [block] no-mail: mail is off"
    assert result["_meta"][DECISION_KEY] == {
        "effect": "block",
        "rules": ["no-mail"],
        "reasons": ["[block] no-mail: mail is off"],
    }


def test_a_warning_is_appended_once_and_keeps_every_other_key() -> None:
    original = {"content": [{"type": "text", "text": "hi"}], "structuredContent": {"a": 1}, "_meta": {"k": "v"}}
    once = with_warning(original, ("r",), ("careful",))
    twice = with_warning(once, ("r",), ("careful",))
    assert twice["content"] == [{"type": "text", "text": "hi"}, {"type": "text", "text": "[Weir warning] r: careful"}]
    assert twice["structuredContent"] == {"a": 1}
    assert twice["_meta"]["k"] == "v"
    assert twice["_meta"][DECISION_KEY]["effect"] == "warn"
    assert original["content"] == [{"type": "text", "text": "hi"}]
