"""`weir policy check` compiles every rule and reports every error with its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from weir.policy.check import check_policy, check_policy_text, unknown_fact
from weir.policy.facts import skeleton
from weir.policy.packs import PACKS, pack_text

BROKEN = """\
rules:
  - name: fine
    effect: warn
    when: tool.read_only
    reason: ok
  - name: broken-syntax
    effect: block
    when: "session.untrusted && && tool.egress"
    reason: x
  - name: misspelt-fact
    effect: confirm
    when: |
      session.untrusted &&
        tool.egres
    reason: y
"""


def test_every_broken_rule_is_reported_with_its_line_and_column() -> None:
    check = check_policy_text(BROKEN, path="p.yaml")
    assert [r.name for r in check.rules] == ["fine", "broken-syntax", "misspelt-fact"]
    assert not check.ok
    syntax, fact = check.errors
    # The second `&&` of line 8: the quoted scalar starts at column 11, the token 21 characters in.
    assert (syntax.rule, syntax.line, syntax.column) == ("broken-syntax", 8, 33)
    assert str(syntax).startswith("p.yaml:8:33: `when` does not compile:")
    # `tool.egres` sits on line 14, column 9, inside a block scalar.
    assert (fact.rule, fact.line, fact.column) == ("misspelt-fact", 14, 9)
    assert "`tool.egres` is not a fact (known here: ai_processing" in str(fact)


def test_a_file_that_is_not_a_rule_list_is_one_error_with_a_position() -> None:
    check = check_policy_text("rules:\n  name: x\n", path="p.yaml")
    (error,) = check.errors
    assert (error.line, error.column) == (2, 3)
    assert "`rules` must be a list" in str(error)


def test_an_unknown_effect_names_the_rule_and_its_line() -> None:
    check = check_policy_text('rules:\n  - name: a\n    effect: nuke\n    when: "true"\n', path="p.yaml")
    (error,) = check.errors
    assert (error.rule, error.line) == ("a", 2)
    assert "got 'nuke'" in str(error)


@pytest.mark.parametrize("pack", PACKS)
def test_every_shipped_pack_passes_the_check(pack: str) -> None:
    check = check_policy_text(pack_text(pack), path=pack)
    assert check.errors == []
    assert check.rules


def test_facts_inside_lists_macros_and_free_form_data_are_not_flagged() -> None:
    facts = skeleton()
    assert unknown_fact("args_from_untrusted.exists", facts) is None
    assert unknown_fact("arguments.to", facts) is None
    assert unknown_fact("request.meta.progressToken", facts) is None
    assert unknown_fact("session.untrusted", facts) is None
    assert unknown_fact("session.untrustd", facts) is not None


def test_an_unreadable_file_is_reported_not_raised(tmp_path: Path) -> None:
    check = check_policy(tmp_path / "missing.yaml")
    (error,) = check.errors
    assert "cannot read policy file" in str(error)


def test_a_rule_that_does_not_read_hides_no_other_problem() -> None:
    text = (
        "rules:\n"
        "  - {name: a, effect: blok, when: 'true'}\n"
        "  - {name: b, effect: block, when: 'tool.name == (\"x\"'}\n"
        "  - {name: b, effect: warn, when: 'tool.egres'}\n"
        "  - {name: c, effect: warn}\n"
        "  - {name: d, effect: warn, when: 'session.untrusted'}\n"
    )
    check = check_policy_text(text, path="p.yaml")
    assert [(e.line, e.message.split(":")[0].split(";")[0]) for e in check.errors] == [
        (2, "effect must be one of allow, warn, redact, confirm (escalate), block"),
        (3, "`when` does not compile"),
        (4, "duplicate rule name 'b'"),
        (4, "`when` refers to an unknown fact 'egres'"),
        (5, "a rule needs `when` (CEL) or `conditions` (seed-004 form)"),
    ]
    assert [r.name for r in check.rules] == ["b", "b", "d"]  # what read, the duplicate included
