"""The ``policy:`` section of a weir.yaml: packs, the policy file, inline rules, and the whole.

Every rule that does not compile is reported with the file, line and column it was written at
(the inline rules in the weir.yaml, the file's rules in the file). One warning CEL cannot give:
a rule that reads an argument (``arguments.amount``) without ``has(arguments.amount)`` is an
error for every call that lacks that argument — and an error while deciding blocks the call
(fail closed), so such a rule blocks every call of the tool that omits it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from weir.config import WeirConfig
from weir.configcheck.problems import Locator, Problem
from weir.errors import ConfigError, PolicyCompileError
from weir.policy.check import check_policy, inline_rule_problems
from weir.policy.compiler import referenced_facts
from weir.policy.engine import Engine
from weir.policy.packs import load_pack
from weir.policy.rules import Rule

__all__ = ["policy_problems", "unguarded_arguments"]


def policy_problems(where: Locator, text: str, config: WeirConfig) -> list[Problem]:
    """Every problem of the policy section (and of the policy file it names)."""
    out: list[Problem] = []
    for i, name in enumerate(config.policy.packs):
        try:
            load_pack(name)
        except ConfigError as exc:
            out.append(where.problem("error", f"policy.packs[{i}]: {exc}", ("policy", "packs", i)))
    rules: list[Rule] = []
    try:
        inline, errors = inline_rule_problems(text, path=where.path)
    except PolicyCompileError as exc:
        return [*out, _compile_problem(exc, where.path)]
    rules.extend(inline)
    out.extend(_compile_problem(e, where.path) for e in errors)
    if config.policy.file:
        found = _policy_file(where, config)
        if isinstance(found, Problem):
            return [*out, found]
        report = check_policy(found)
        rules.extend(report.rules)
        out.extend(_compile_problem(e, str(found)) for e in report.errors)
    if not out:  # all compiles: what only the whole policy shows (names given twice across packs)
        try:
            Engine.from_config(config.policy, base_dir=config.base_dir)
        except ConfigError as exc:
            out.append(where.problem("error", f"policy: {exc}", ("policy",), key=True))
    out.extend(unguarded_arguments(rules, where.path))
    return out


def _policy_file(where: Locator, config: WeirConfig) -> Path | Problem:
    file = Path(config.policy.file or "")
    path = file if file.is_absolute() or config.base_dir is None else config.base_dir / file
    if not path.is_file():
        return where.problem("error", f"policy.file: {path} does not exist", ("policy", "file"))
    return path


def _compile_problem(exc: PolicyCompileError, default_path: str) -> Problem:
    rule = f" in rule {exc.rule!r}" if exc.rule else ""  # as PolicyCompileError says it (the gateway's words)
    return Problem("error", f"{exc.message}{rule}", exc.path or default_path, exc.line, exc.column)


def unguarded_arguments(rules: Sequence[Rule], default_path: str) -> list[Problem]:
    """A warning for each argument a rule reads without ``has(…)`` guarding it."""
    out: list[Problem] = []
    for rule in rules:
        for fact in referenced_facts(rule.when):
            if not fact.startswith("arguments.") or _guarded(rule.when, fact):
                continue
            why = (
                f"rule {rule.name!r} reads `{fact}` without `has({fact})`: a call without that argument "
                f"is an error, and an error blocks the call (fail closed) — write `has({fact}) && …`"
            )
            line, column = rule.when_line or rule.line, rule.when_column or rule.column
            out.append(Problem("warning", why, rule.path or default_path, line, column))
    return out


def _guarded(when: str, fact: str) -> bool:
    parts = fact.split(".")
    prefixes = [".".join(parts[: i + 1]) for i in range(1, len(parts))]
    return any(re.search(r"\bhas\(\s*" + re.escape(p) + r"\s*\)", when) for p in prefixes)
