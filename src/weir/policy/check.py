"""`weir policy check`: compile every rule of a policy file and report every problem at once.

The engine stops at the first rule that does not compile (a gateway must not start with a broken
policy); an author fixing a file wants all of them, each with its line and column.

Besides compiling, the check looks up every fact a condition names in the complete fact
skeleton: CEL only notices a misspelt fact when evaluation reaches it, so ``session.untrusted &&
tool.egres`` compiles, dry-runs (the ``&&`` short-circuits) and then never matches in production.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from weir.errors import PolicyCompileError
from weir.policy.compiler import compile_rule, referenced_facts
from weir.policy.facts import skeleton
from weir.policy.rules import Rule, compose, read_rules_from_node, rules_node

__all__ = [
    "PolicyCheck",
    "check_inline_rules",
    "check_policy",
    "check_policy_text",
    "inline_rule_problems",
    "render_check",
    "unknown_fact",
]


@dataclass
class PolicyCheck:
    """The rules that were read and every compile error found."""

    path: str
    rules: list[Rule] = field(default_factory=list)
    errors: list[PolicyCompileError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every rule compiles."""
        return not self.errors


def check_policy_text(text: str, *, path: str) -> PolicyCheck:
    """Check a policy given as text (``path`` is used in messages)."""
    check = PolicyCheck(path)
    try:
        node = rules_node(text, path=path)
        check.rules, unread = read_rules_from_node(node, path=path)
    except PolicyCompileError as exc:  # the file's structure is wrong: no rule list to go through
        check.errors.append(exc)
        return check
    check.errors = _in_order([*unread, *_problems(check.rules, text.splitlines())])
    return check


def check_inline_rules(text: str, *, path: str) -> None:
    """Check the ``policy.rules`` written inline in a weir.yaml; raises the first problem with this
    file's line and column (the engine, given the parsed rules, could only say "rule #3")."""
    problems = inline_rule_problems(text, path=path)[1]
    if problems:
        raise problems[0]


def inline_rule_problems(text: str, *, path: str) -> tuple[list[Rule], list[PolicyCompileError]]:
    """The ``policy.rules`` written inline in a weir.yaml, and every problem in them (line and
    column in this file), each rule read and compiled on its own so that no problem hides another.
    A structural problem (not a list of rules) is raised, as the reader does."""
    root = compose(text, path=path)
    node = _child(_child(root, "policy"), "rules")
    if node is None:
        return [], []
    rules, unread = read_rules_from_node(node, path=path)
    return rules, _in_order([*unread, *_problems(rules, text.splitlines())])


def _in_order(problems: list[PolicyCompileError]) -> list[PolicyCompileError]:
    """As they appear in the file (a rule that did not read, then one that did not compile, …)."""
    return sorted(problems, key=lambda e: (e.line or 0, e.column or 0))


def _child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)


def _problems(rules: list[Rule], lines: list[str]) -> list[PolicyCompileError]:
    facts = skeleton()
    problems: list[PolicyCompileError] = []
    for rule in rules:
        try:
            compile_rule(rule)
            _check_facts(rule, facts, lines)
        except PolicyCompileError as exc:
            problems.append(exc)
    return problems


def unknown_fact(path: str, facts: Mapping[str, Any]) -> str | None:
    """Why ``path`` names no fact, or None when it does (or leads into free-form data or a list)."""
    cur: Any = facts
    parts = path.split(".")
    for i, part in enumerate(parts):
        if not isinstance(cur, Mapping) or (i and not cur):
            return None  # a list (CEL macros like .exists), a scalar method, or free-form data (arguments)
        if part not in cur:
            known = ", ".join(sorted(cur))
            return f"`{'.'.join(parts[: i + 1])}` is not a fact (known here: {known})"
        cur = cur[part]
    return None


def _locate(lines: list[str], rule: Rule, path: str) -> tuple[int | None, int | None]:
    """1-based line and column of ``path`` in the rule's ``when`` (falls back to the ``when`` key)."""
    start = rule.when_line or rule.line
    if start is None:
        return None, None
    pattern = re.compile(r"(?<![\w.])" + re.escape(path) + r"(?![\w])")
    for number in range(start, min(start + 40, len(lines) + 1)):
        offset = (rule.when_column or 1) - 1 if number == start else 0
        m = pattern.search(lines[number - 1], offset)
        if m:
            return number, m.start() + 1
    return start, rule.when_column or rule.column


def _check_facts(rule: Rule, facts: Mapping[str, Any], lines: list[str]) -> None:
    for path in referenced_facts(rule.when):
        problem = unknown_fact(path, facts)
        if problem:
            line, column = _locate(lines, rule, path)
            raise PolicyCompileError(
                f"`when` refers to an unknown fact: {problem}", rule=rule.name, line=line, column=column, path=rule.path
            )


def check_policy(path: str | Path) -> PolicyCheck:
    """Check a policy file. An unreadable file is reported as an error, not raised."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        check = PolicyCheck(str(p))
        check.errors.append(PolicyCompileError(f"cannot read policy file: {exc}", path=str(p)))
        return check
    return check_policy_text(text, path=str(p))


def render_check(check: PolicyCheck) -> str:
    """``path: N rules compile`` or one ``path:line:column: message`` per error."""
    if check.ok:
        return f"{check.path}: {len(check.rules)} rules, all compile"
    return "\n".join(str(e) for e in check.errors)
