"""Compiling rules ahead of time: one CEL program per phase evaluates every rule at once.

Calling CEL from Python costs mostly in converting the activation, so the engine converts it
once per decision: each phase's rule conditions are compiled into a single CEL list
expression, and its result is the list of booleans, one per rule. Each rule is also compiled
on its own (for precise errors, and to find the failing rule when the combined program fails)
and dry-run against a complete skeleton of the facts, so a misspelt fact fails at load time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from weir.errors import PolicyCompileError
from weir.policy.celimport import cel
from weir.policy.facts import skeleton
from weir.policy.fastpath import Verdicts, compile_conditions
from weir.policy.rules import FACT_ROOTS, Phase, Rule
from weir.policy.schema import wire_fields

__all__ = ["CompiledPhase", "compile_phase", "compile_rule", "referenced_facts"]

_UNDEFINED = re.compile(r"Undefined variable or function: '([^']+)'")
_CEL_POS = re.compile(r"<input>:(\d+):(\d+)")
_FACT_REF = re.compile(r"(?<![\w.])(" + "|".join(FACT_ROOTS) + r")((?:\.[A-Za-z_]\w*)*)")
_DOT_NAME = re.compile(r"\.([A-Za-z_]\w*)")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.]*)\}")


@dataclass(frozen=True)
class CompiledPhase:
    """Every rule of one phase, compiled singly and together.

    What most decisions never use is compiled on first use: the single CEL program of every
    condition (:meth:`program`, needed only when the generated Python defers to CEL) and the
    untyped Python translation (:meth:`general`, for facts not built by the Guard). A long
    replay or a gateway pays for them once, if ever; a ``weir replay`` of one short trace does
    not pay for them at all.
    """

    rules: tuple[Rule, ...]
    singles: tuple[Any, ...]
    combined: Any | None
    """The combined CEL program, or None until :meth:`program` compiles it."""
    roots: frozenset[str]
    """The fact roots any rule of this phase uses (only those are built per decision)."""
    fields: dict[str, frozenset[str] | None]
    """Root → the fields the conditions use (None: the whole root), for projecting the activation."""
    item_fields: frozenset[str] = frozenset()
    """Every ``.name`` the conditions mention: what list items (``args_from_untrusted``) must keep."""
    fast: Verdicts | None = None
    """Every condition as Python over the unconverted facts (None: a rule is outside the subset)."""
    typed: Verdicts | None = None
    """:attr:`fast` for facts of the types :mod:`weir.policy.schema` declares (the Guard's)."""
    wire: tuple[tuple[str, frozenset[str] | None], ...] = ()
    """What to check convertible before :attr:`typed` may run (:func:`weir.policy.schema.wire_fields`)."""
    needs: dict[str, frozenset[str] | None] | None = None
    """Root → the fields conditions, reasons and obligations read (None: the whole root)."""
    translated: bool = True
    """Whether :attr:`fast` has been translated (False: :meth:`general` does it on first use)."""

    def program(self) -> Any:
        """Every condition as one CEL list expression (compiled on first use)."""
        if self.combined is None:
            # The conditions each compiled on their own already, so this cannot fail on syntax;
            # should it fail anyway, the decision asking for it fails closed.
            combined = cel.compile("[" + ",\n".join(f"({r.when})" for r in self.rules) + "]")
            object.__setattr__(self, "combined", combined)
        return self.combined

    def general(self) -> Verdicts | None:
        """:attr:`fast`, translated on first use (None: a rule is outside the subset)."""
        if not self.translated:
            fast = compile_conditions([r.when for r in self.rules], FACT_ROOTS) if self.rules else None
            object.__setattr__(self, "fast", fast)
            object.__setattr__(self, "translated", True)
        return self.fast


def referenced_facts(when: str) -> list[str]:
    """Fact paths a condition mentions (``session.untrusted``, ``tool.outcome``), in order."""
    seen: dict[str, None] = {}
    for m in _FACT_REF.finditer(_strip_strings(when)):
        seen[m.group(1) + (m.group(2) or "")] = None
    return list(seen)


def _strip_strings(text: str) -> str:
    return re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)


def _position(rule: Rule, message: str) -> tuple[int | None, int | None]:
    m = _CEL_POS.search(message)
    if not m or rule.when_line is None:
        return rule.line, rule.column
    cel_line, cel_col = int(m.group(1)), int(m.group(2))
    if rule.when_block:
        return rule.when_line + cel_line, (rule.when_column or 1) + 1 + cel_col
    if cel_line == 1:
        return rule.when_line, (rule.when_column or 1) + cel_col - 1
    return rule.when_line + cel_line - 1, cel_col


def compile_rule(rule: Rule, neutral: cel.Context | None = None) -> Any:
    """Compile one rule's condition and dry-run it. Raises PolicyCompileError with line and column.

    ``neutral`` is the activation of the dry run (default: :func:`weir.policy.facts.skeleton`,
    without ``result`` for a pre-call rule, already converted into CEL values); a phase dry-runs
    all its rules on one (converting the skeleton costs a hundred times more than a dry run).
    """
    try:
        program = cel.compile(rule.when)
    except (ValueError, RuntimeError) as exc:
        line, col = _position(rule, str(exc))
        first = str(exc).split("\n", 1)[0].replace(f"Failed to parse expression '{rule.when}': ", "")
        first = _CEL_POS.sub("", first.split(" expecting ", 1)[0]).replace("ERROR: : ", "").strip()
        raise PolicyCompileError(
            f"`when` does not compile: {first}", rule=rule.name, line=line, column=col, path=rule.path
        ) from exc
    _check_placeholders(rule)
    facts = neutral if neutral is not None else _neutral(rule.phase)
    try:
        value = program.execute(facts)
    except KeyError as exc:
        raise _at(rule, f"`when` refers to an unknown fact {exc}") from exc
    except Exception as exc:  # CEL raises several types; any of them means the rule is unusable
        undefined = _UNDEFINED.search(str(exc))
        if undefined and undefined.group(1) == "result":
            raise _at(rule, "`when` refers to `result`, which is only known after the call") from exc
        if undefined:
            raise _at(rule, f"`when` refers to an unknown fact {undefined.group(1)!r}") from exc
        raise _at(rule, f"`when` fails on neutral facts: {exc}") from exc
    if not isinstance(value, bool):
        raise _at(rule, f"`when` must be true or false, not {type(value).__name__}")
    return program


def _neutral(phase: Phase) -> cel.Context:
    """The dry run's activation for ``phase``: a pre-call rule must not see ``result``."""
    facts = skeleton()
    if phase == "call":
        facts.pop("result")
    return cel.Context(facts)


def _at(rule: Rule, message: str) -> PolicyCompileError:
    return PolicyCompileError(
        message,
        rule=rule.name,
        line=rule.when_line or rule.line,
        column=rule.when_column or rule.column,
        path=rule.path,
    )


def _shown(rule: Rule) -> str:
    """The texts a rule shows with placeholders: its reason and its summary (whose ``{source}`` is
    the first untrusted value, not a fact)."""
    if not rule.summary:
        return rule.reason
    return f"{rule.reason} {rule.summary.replace('{source}', '{args_from_untrusted}')}"


def _check_placeholders(rule: Rule) -> None:
    for m in _PLACEHOLDER.finditer(_shown(rule)):
        root = m.group(1).split(".", 1)[0]
        if root not in FACT_ROOTS:
            raise PolicyCompileError(
                f"reason placeholder {{{m.group(1)}}} names no fact ({', '.join(FACT_ROOTS)})",
                rule=rule.name,
                line=rule.line,
                column=rule.column,
                path=rule.path,
            )


def compile_phase(rules: Sequence[Rule], phase: Phase) -> CompiledPhase:
    """Compile the rules of one phase (each singly, then all as one list expression)."""
    chosen = tuple(r for r in rules if r.phase == phase)
    neutral = _neutral(phase)  # executing a program reads a context, never writes it
    singles = tuple(compile_rule(r, neutral) for r in chosen)
    roots = {name for prog in singles for name in prog.variables() if name in FACT_ROOTS}
    roots |= {m.group(1).split(".", 1)[0] for r in chosen for m in _PLACEHOLDER.finditer(_shown(r))}
    items = frozenset(m.group(1) for r in chosen for m in _DOT_NAME.finditer(_strip_strings(r.when)))
    conditions = [r.when for r in chosen]
    typed = compile_conditions(conditions, FACT_ROOTS, typed=True) if chosen else None
    fields = fields_used(chosen, roots)
    wire = wire_fields(fields, items)
    needs = _needed(chosen, fields)
    return CompiledPhase(
        chosen, singles, None, frozenset(roots), fields, items, None, typed, wire, needs, translated=False
    )


def _needed(rules: Sequence[Rule], fields: dict[str, frozenset[str] | None]) -> dict[str, frozenset[str] | None]:
    """What a decision must build: the fields conditions read, those reasons show, and the data
    level obligations follow (``session.level``, ``result.level``)."""
    out: dict[str, set[str] | None] = {root: (set(used) if used is not None else None) for root, used in fields.items()}
    wanted = [m.group(1).split(".") for r in rules for m in _PLACEHOLDER.finditer(_shown(r))]
    wanted += [["session", "level"], ["result", "level"]]
    for root, *rest in wanted:
        if root not in out and root in ("session", "result") and rest == ["level"]:
            continue  # only read when the root is built anyway
        current = out.setdefault(root, set())
        if current is not None and rest:
            current.add(rest[0])
        elif not rest:
            out[root] = None
    return {k: (frozenset(v) if v is not None else None) for k, v in out.items()}


def fields_used(rules: Sequence[Rule], roots: set[str]) -> dict[str, frozenset[str] | None]:
    """For each root, the first-level fields the conditions read (None when a root is used whole).

    Converting facts into CEL values costs per field, so the engine hands CEL only these.
    """
    out: dict[str, set[str] | None] = {root: set() for root in roots}
    for rule in rules:
        text = _strip_strings(rule.when)
        for m in _FACT_REF.finditer(text):
            root, rest = m.group(1), m.group(2)
            if root not in out:
                continue
            current = out[root]
            if current is None:
                continue
            if not rest or root in _WHOLE_ROOTS:
                out[root] = None
            else:
                current.add(rest.split(".")[1])
    return {k: (frozenset(v) if v is not None else None) for k, v in out.items()}


# Roots whose values are lists or free-form maps: always handed to CEL whole.
_WHOLE_ROOTS = frozenset({"args_from_untrusted", "arguments"})
