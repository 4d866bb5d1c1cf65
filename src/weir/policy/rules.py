"""Policy rules as written: YAML ``{name, effect, when, reason}`` with their source positions.

Two condition forms are accepted. ``when`` is a CEL expression over the facts; seed 004's
``{fact, equals}`` objects combined with ``and`` / ``or`` / ``not`` (under ``when`` or
``conditions``) are translated to CEL here, so everything downstream sees one form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import yaml

from weir.errors import PolicyCompileError
from weir.policy.decision import Verdict
from weir.yamltext import duplicate_key

__all__ = [
    "ARRIVING_KINDS",
    "FACT_ROOTS",
    "OUTGOING_KINDS",
    "Phase",
    "Rule",
    "compose",
    "duplicate_names",
    "load_rules_text",
    "read_rules_from_node",
    "rules_from_data",
    "rules_from_node",
    "rules_node",
    "seed_condition_to_cel",
]

Phase = Literal["call", "result"]

FACT_ROOTS = (
    "tool",
    "server",
    "session",
    "request",
    "args_from_untrusted",
    "arguments",
    "result",
    "message",
    "principal",
)
"""The top-level names a rule may use."""

ARRIVING_KINDS = frozenset(
    {
        "tool_result",
        "resource",
        "prompt",
        "instructions",
        "description",
        "notification",
        "error",
        "completion",
        "interim",
        "task_result",
        "sampling",
        "elicitation",
        "roots",
    }
)
"""``message.kind`` values decided after they arrive from a server (the result phase)."""
OUTGOING_KINDS = frozenset({"tool_call", "answer"})
"""``message.kind`` values decided before they go to a server (the call phase)."""
_ARRIVING_FACTS = re.compile(
    r"(?<![\w.])message\.(uri|name|include_context|mode|url|url_origin|url_allowed|fields|secret_fields)\b"
)
_QUOTED = re.compile(r"'([a-z_]+)'|\"([a-z_]+)\"")

# Seed 004 names paths on the wire ("tool.annotations.inputMetadata.destination"); the engine's
# facts are canonical. These prefixes map the seed's wire paths onto canonical facts.
_SEED_PATHS = {
    "response.": "result.",
    "tool.annotations.inputMetadata.destination": "tool.destinations",
    "tool.annotations.inputMetadata.outcomes": "tool.outcomes",
    "tool.annotations.inputMetadata.sensitivity": "tool.input_classes",
    "tool.annotations.returnMetadata.source": "tool.sources",
    "tool.annotations.returnMetadata.sensitivity": "tool.return_classes",
}
_SEED_OPS = ("equals", "notEquals", "in", "exists", "atLeast", "atMost")


@dataclass(frozen=True)
class Rule:
    """One rule, with where it was written (for errors and explanations)."""

    name: str
    effect: Verdict
    when: str
    reason: str
    phase: Phase
    line: int | None = None
    column: int | None = None
    when_line: int | None = None
    when_column: int | None = None
    when_block: bool = False
    path: str | None = None
    description: str | None = None
    example: str | None = None
    summary: str | None = None
    """The one line a user reads (what, why, from where; ``{source}`` names the first untrusted
    value and where it came from); the ``reason`` stays the full explanation."""


def _fail(msg: str, *, node: yaml.Node | None, path: str | None, rule: str | None = None) -> PolicyCompileError:
    line = node.start_mark.line + 1 if node is not None else None
    col = node.start_mark.column + 1 if node is not None else None
    return PolicyCompileError(msg, rule=rule, line=line, column=col, path=path)


def load_rules_text(text: str, *, path: str | None = None, prefix: str = "") -> list[Rule]:
    """Parse a policy file (``rules:`` mapping or a bare list). Raises PolicyCompileError."""
    return rules_from_node(rules_node(text, path=path), path=path, prefix=prefix)


_EMPTY_POLICY = "the policy file is empty (no YAML document): write `rules: []` for a policy of no rules"
"""An empty or comment-only file is refused, not read as no rules: a truncated or unwritten file
would otherwise run the packs alone without a word."""


def rules_node(text: str, *, path: str | None = None) -> yaml.Node:
    """The node holding a policy file's rules. Raises PolicyCompileError (an empty file included)."""
    root = compose(text, path=path)
    if root is None:
        raise PolicyCompileError(_EMPTY_POLICY, line=1, column=1, path=path)
    if not isinstance(root, yaml.MappingNode):
        return root
    found: list[yaml.Node] = [v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == "rules"]
    if not found:
        raise _fail("a policy file is a list of rules or a mapping with `rules:`", node=root, path=path)
    return found[0]


def compose(text: str, *, path: str | None = None) -> yaml.Node | None:
    """The YAML node tree of ``text`` (raises PolicyCompileError for bad YAML or a key given twice)."""
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PolicyCompileError(
            f"not valid YAML: {getattr(exc, 'problem', None) or exc}",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            path=path,
        ) from exc
    twice = duplicate_key(root) if root is not None else None
    if twice is not None:
        key, again, first = twice
        raise _fail(f"key {key!r} appears twice (first at line {first.start_mark.line + 1})", node=again, path=path)
    return root


def rules_from_node(node: yaml.Node, *, path: str | None = None, prefix: str = "") -> list[Rule]:
    """The rules of a YAML list node, each with its position in the file. Raises PolicyCompileError."""
    rules, problems = read_rules_from_node(node, path=path, prefix=prefix)
    if problems:
        raise problems[0]
    return rules


def read_rules_from_node(
    node: yaml.Node, *, path: str | None = None, prefix: str = ""
) -> tuple[list[Rule], list[PolicyCompileError]]:
    """Every rule of a YAML list node that reads, and every problem: one bad rule hides no other.

    A duplicate name is a problem of its second rule; both rules are still returned, so that a
    checker compiles each of them. Raises PolicyCompileError only when ``node`` is not a list.
    """
    if not isinstance(node, yaml.SequenceNode):
        raise _fail("`rules` must be a list", node=node, path=path)
    rules: list[Rule] = []
    problems: list[PolicyCompileError] = []
    for item in node.value:
        try:
            rules.append(_rule_from_node(item, path=path, prefix=prefix))
        except PolicyCompileError as exc:
            problems.append(exc)
    problems.extend(duplicate_names(rules))
    return rules, problems


def _rule_from_node(node: yaml.Node, *, path: str | None, prefix: str) -> Rule:
    if not isinstance(node, yaml.MappingNode):
        raise _fail("each rule must be a mapping {name, effect, when, reason}", node=node, path=path)
    data = yaml.safe_load(yaml.serialize(node))
    when_node = next(
        (v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value in ("when", "conditions")), None
    )
    rule = _rule_from_mapping(data, path=path, prefix=prefix, node=node)
    if isinstance(when_node, yaml.ScalarNode):
        rule = _with_when_position(rule, when_node)
    return rule


def _with_when_position(rule: Rule, node: yaml.ScalarNode) -> Rule:
    block = node.style in ("|", ">")
    quoted = node.style in ("'", '"')
    return Rule(
        **{
            **rule.__dict__,
            "when_line": node.start_mark.line + 1,
            "when_column": node.start_mark.column + 1 + (1 if quoted else 0),
            "when_block": block,
        }
    )


def rules_from_data(items: Sequence[Any], *, path: str | None = None, prefix: str = "") -> list[Rule]:
    """Rules given as already-parsed data (``policy.rules`` in weir.yaml). Raises PolicyCompileError."""
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise PolicyCompileError("`rules` must be a list", path=path)
    rules = [_rule_from_mapping(item, path=path, prefix=prefix, node=None, index=i) for i, item in enumerate(items)]
    _check_unique(rules)
    return rules


def _rule_from_mapping(
    data: Any, *, path: str | None, prefix: str, node: yaml.Node | None, index: int | None = None
) -> Rule:
    where = f"rule #{index + 1}: " if index is not None else ""
    if not isinstance(data, Mapping):
        raise _fail(f"{where}each rule must be a mapping", node=node, path=path)
    unknown = set(data) - {
        "name",
        "effect",
        "when",
        "conditions",
        "reason",
        "summary",
        "phase",
        "description",
        "example",
    }
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"{where}a rule needs a `name`", node=node, path=path)
    if unknown:
        raise _fail(f"unknown rule keys: {', '.join(sorted(map(str, unknown)))}", node=node, path=path, rule=name)
    try:
        effect = Verdict.parse(str(data.get("effect", "")))
    except ValueError:
        raise _fail(
            f"effect must be one of allow, warn, redact, confirm (escalate), block; got {data.get('effect')!r}",
            node=node,
            path=path,
            rule=name,
        ) from None
    cond = data.get("when", data.get("conditions"))
    if cond is None:
        raise _fail("a rule needs `when` (CEL) or `conditions` (seed-004 form)", node=node, path=path, rule=name)
    try:
        # `when` may be CEL or the seed form; `conditions` is seed 004's key, so always the seed form.
        when = cond if isinstance(cond, str) and "when" in data else seed_condition_to_cel(cond)
    except ValueError as exc:
        raise _fail(str(exc), node=node, path=path, rule=name) from None
    reason = data.get("reason") or f"rule {name} matched"
    phase = data.get("phase") or _infer_phase(when)
    if phase not in ("call", "result"):
        raise _fail(f"phase must be call or result, not {phase!r}", node=node, path=path, rule=name)
    return Rule(
        name=f"{prefix}{name}",
        effect=effect,
        when=when.strip(),
        reason=str(reason).strip(),
        phase=phase,
        line=node.start_mark.line + 1 if node is not None else None,
        column=node.start_mark.column + 1 if node is not None else None,
        path=path,
        description=data.get("description"),
        example=data.get("example"),
        summary=" ".join(str(data["summary"]).split()) if data.get("summary") else None,
    )


_RESULT_REF = re.compile(r"(?<![\w.])(result|response)\b")


def _infer_phase(when: str) -> Phase:
    """A rule that looks at ``result`` can only be decided after the call; so can one about a
    server's message: it reads a fact only a server's request has (``message.include_context``,
    ``message.url_origin``, …), or tests ``message.kind`` against arriving kinds only."""
    if _RESULT_REF.search(when) or _ARRIVING_FACTS.search(when):
        return "result"
    if "message.kind" in when:
        named = {a or b for a, b in _QUOTED.findall(when)}
        if named & ARRIVING_KINDS and not named & OUTGOING_KINDS:
            return "result"
    return "call"


def _check_unique(rules: Sequence[Rule]) -> None:
    for problem in duplicate_names(rules):
        raise problem


def duplicate_names(rules: Sequence[Rule]) -> list[PolicyCompileError]:
    """A problem for each rule whose name an earlier rule already has."""
    seen: set[str] = set()
    out = []
    for r in rules:
        if r.name in seen:
            out.append(
                PolicyCompileError(
                    f"duplicate rule name {r.name!r}", rule=r.name, line=r.line, column=r.column, path=r.path
                )
            )
        seen.add(r.name)
    return out


def seed_condition_to_cel(cond: Any) -> str:
    """Translate seed 004's ``{fact, equals}`` / ``and`` / ``or`` / ``not`` into CEL. Raises ValueError."""
    if isinstance(cond, Sequence) and not isinstance(cond, str):
        return _join([seed_condition_to_cel(c) for c in cond], "&&")
    if not isinstance(cond, Mapping):
        raise ValueError(f"a condition must be a mapping, not {type(cond).__name__}")
    if "and" in cond:
        return _join([seed_condition_to_cel(c) for c in _as_list(cond["and"], "and")], "&&")
    if "or" in cond:
        return _join([seed_condition_to_cel(c) for c in _as_list(cond["or"], "or")], "||")
    if "not" in cond:
        return f"!({seed_condition_to_cel(cond['not'])})"
    if "fact" in cond:
        return _fact_condition(cond)
    raise ValueError("a condition needs `fact`, `and`, `or` or `not`")


def _as_list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise ValueError(f"`{key}` takes a non-empty list of conditions")
    return value


def _join(parts: list[str], op: str) -> str:
    return "(" + f" {op} ".join(f"({p})" for p in parts) + ")"


def _fact_condition(cond: Mapping[str, Any]) -> str:
    fact = cond["fact"]
    if not isinstance(fact, str) or not re.fullmatch(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*", fact):
        raise ValueError(f"`fact` must be a dotted path, got {fact!r}")
    fact = canonical_fact(fact)
    ops = [op for op in _SEED_OPS if op in cond]
    if len(ops) != 1:
        raise ValueError(f"a fact condition takes exactly one of {', '.join(_SEED_OPS)}")
    op, value = ops[0], cond[ops[0]]
    guard = _has_guard(fact)
    lit = json.dumps(value)
    test = {
        "equals": f"({fact} == {lit} || (type({fact}) == list && {lit} in {fact}))",
        "notEquals": f"!({fact} == {lit} || (type({fact}) == list && {lit} in {fact}))",
        "in": f"{fact} in {lit}",
        "exists": "true",
        "atLeast": f"{fact} >= {lit}",
        "atMost": f"{fact} <= {lit}",
    }[op]
    if op == "exists":
        return guard if value else f"!({guard})"
    return f"({guard} && {test})" if guard != "true" else test


def canonical_fact(fact: str) -> str:
    """Map a seed-004 wire path onto the engine's canonical fact path."""
    for old, new in _SEED_PATHS.items():
        if fact == old or fact.startswith(old if old.endswith(".") else old + "."):
            return new + fact[len(old) :]
    return fact


def _has_guard(fact: str) -> str:
    """``has()`` for every level below the root, so a missing key is "no match", not an error."""
    parts = fact.split(".")
    if parts[0] not in FACT_ROOTS:
        raise ValueError(f"unknown fact root {parts[0]!r}; facts are {', '.join(FACT_ROOTS)} (and response)")
    checks = [f"has({'.'.join(parts[: i + 1])})" for i in range(1, len(parts))]
    return " && ".join(checks) if checks else "true"
