"""The policy engine: compiled rules, one decision per call or result, never an exception.

Every rule of a phase is evaluated (one CEL program for all of them); the strongest matching
effect wins and every match is reported. Any failure while deciding — a rule that errors on
these facts, a fact that could not be built — is a block with the error in the reason: a
decision that cannot be made is never an allow.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from weir.errors import ConfigError, PolicyCompileError
from weir.policy.celimport import cel
from weir.policy.compiler import CompiledPhase, compile_phase
from weir.policy.config import Mode, PolicyConfig
from weir.policy.decision import Decision, Lazy, Obligations, RuleMatch, Verdict, built
from weir.policy.explain import fact_labels, render_reason, render_summary
from weir.policy.facts import Facts
from weir.policy.fastpath import convertible, convertible_fields
from weir.policy.obligations import obligations_for
from weir.policy.packs import load_pack
from weir.policy.rules import Rule, load_rules_text, rules_from_data
from weir.policy.schema import root_conforms

__all__ = ["Engine", "RuleVerdict"]

_WARN_MODE = {Verdict.BLOCK: Verdict.WARN, Verdict.CONFIRM: Verdict.WARN}


class RuleVerdict(tuple[str, bool | None, str]):
    """``(rule name, matched or None on error, why)`` for ``weir policy explain``."""

    __slots__ = ()


class Engine:
    """Compiled rules plus a mode. Build with :meth:`from_config` or from rules directly."""

    def __init__(self, rules: Sequence[Rule], mode: Mode = Mode.ENFORCE) -> None:
        self.rules = tuple(rules)
        self.mode = mode
        self._phases: dict[str, CompiledPhase] = {
            "call": compile_phase(self.rules, "call"),
            "result": compile_phase(self.rules, "result"),
        }
        self._contexts: dict[tuple[int, int, Any], tuple[Any, cel.Context]] = {}
        self._obligation_cache: dict[tuple[bool, bool, bool, bool, Verdict], Obligations] = {}
        self._allowed: dict[int, Decision] = {}
        self._holdable_tools: dict[tuple[int, int], tuple[Any, bool, bool]] = {}

    @classmethod
    def from_config(cls, config: PolicyConfig, *, base_dir: Path | None = None) -> Engine:
        """Packs in order, then the policy file, then inline rules. Raises ConfigError / PolicyCompileError."""
        rules: list[Rule] = []
        for name in config.packs:
            rules.extend(load_pack(name))
        if config.file:
            path = Path(config.file)
            if not path.is_absolute() and base_dir is not None:
                path = base_dir / path
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise ConfigError(f"cannot read policy file {path}: {exc.strerror or exc}") from exc
            rules.extend(load_rules_text(text, path=str(path)))
        if config.rules:
            rules.extend(rules_from_data(config.rules, path=f"{config.source or 'weir.yaml'} policy.rules"))
        names = [r.name for r in rules]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise PolicyCompileError(f"duplicate rule names across packs and files: {', '.join(dupes)}")
        return cls(rules, config.mode)

    def roots(self, phase: Literal["call", "result"]) -> frozenset[str]:
        """The fact roots the rules of ``phase`` use (callers may build only these)."""
        return self._phases[phase].roots

    def fields(self, phase: Literal["call", "result"]) -> Mapping[str, frozenset[str] | None]:
        """Root → the fields the rules of ``phase`` read, in conditions or reasons, and obligations
        read (None: the whole root). Callers may build only these."""
        return self._phases[phase].needs or {}

    def decide(self, facts: Facts | Mapping[str, Any], *, phase: Literal["call", "result"]) -> Decision:
        """Decide one call (``phase="call"``) or one result. Never raises: errors become block."""
        try:
            f = facts if isinstance(facts, Facts) else Facts(dict(facts))
            return self._decide(f, self._phases[phase])
        except Exception as exc:  # the top of the decision path: fail closed
            return self.failed(f"{type(exc).__name__}: {exc}")

    def failed(self, error: str, *, tool: Mapping[str, Any] | None = None) -> Decision:
        """A block decision for an error (used by the Guard when it cannot even build facts)."""
        reason = f"blocked because deciding failed (fail closed): {error}"
        match = RuleMatch(name="weir:decision-error", effect=Verdict.BLOCK, reason=reason)
        return Decision(
            effect=Verdict.BLOCK,
            applied=self._apply(Verdict.BLOCK),
            rules=(match,),
            reasons=(reason,),
            obligations=obligations_for(tool, 3, Verdict.BLOCK),
            error=error,
        )

    def _activation(self, values: Mapping[str, Any], phase: CompiledPhase) -> cel.Context:
        """The CEL context for ``values``: only the fields the rules use, converted as rarely as possible.

        Converting Python values into CEL dominates the cost of a decision. A tool's facts are
        the same for every call to it, and the projected session facts (a few booleans, a level,
        some classes) and projected argument provenance (a kind and a few booleans per tainted
        argument) take few distinct values, so contexts holding all three, already converted,
        are kept per (tool, session facts, provenance facts); only the other roots a phase uses
        (``server``, ``request``, ``arguments``, ``result``) are converted each time.
        Not thread-safe: decisions run one at a time (the gateway decides on its event loop,
        without awaiting inside).
        """
        rest = {
            root: _project(values[root], fields) if isinstance(values.get(root), dict) else values[root]
            for root, fields in phase.fields.items()
            if root != "tool"
        }
        taints = rest.get("args_from_untrusted")
        if isinstance(taints, list) and taints:
            rest["args_from_untrusted"] = [_project(t, phase.item_fields) for t in taints]
        base = {k: rest.pop(k) for k in _CACHED_ROOTS if k in rest}
        raw_tool = values.get("tool")
        # The tool's facts are one cached dict per profile: its identity stands for its content.
        key = (id(raw_tool), id(phase), *(_key(base.get(k, _MISSING)) for k in _CACHED_ROOTS))
        cached = self._contexts.get(key)
        if cached is None or cached[0] is not raw_tool:
            if len(self._contexts) >= _MAX_CONTEXTS:
                self._contexts.clear()
            if "tool" in phase.fields:
                base["tool"] = _project(raw_tool, phase.fields["tool"]) if isinstance(raw_tool, dict) else raw_tool
            cached = (raw_tool, cel.Context(base))
            self._contexts[key] = cached
        ctx = cached[1]
        if rest:
            ctx.update(rest)
        return ctx

    def _decide(self, facts: Facts, phase: CompiledPhase) -> Decision:
        if not phase.rules:
            return self._decision(facts, [], None)
        hits = self._fast(facts, phase)
        if hits is not None:
            return self._decision(facts, [r for r, hit in zip(phase.rules, hits, strict=True) if hit], None)
        try:
            verdicts = phase.program().execute(self._activation(facts.values, phase))
        except Exception:
            verdicts = None
        if not isinstance(verdicts, list) or not all(isinstance(v, bool) for v in verdicts):
            return self._per_rule(facts, phase)
        matched = [r for r, hit in zip(phase.rules, verdicts, strict=True) if hit]
        return self._decision(facts, matched, None)

    def _fast(self, facts: Facts, phase: CompiledPhase) -> list[bool] | None:
        """The verdicts from the rules' Python translation, or None when CEL must decide."""
        values = facts.values
        tool_ok, tool_typed = self._tool_check(values.get("tool"), phase)
        if not tool_ok:
            return None
        if facts.typed and tool_typed and phase.typed is not None:
            function = phase.typed if _wire_holdable(values, phase) else None
        else:
            function = phase.general() if self._holdable(values, phase) else None
        if function is None:
            return None
        try:
            return function(values)
        except Exception:  # not an error: CEL's own answer is needed (weir.policy.fastpath)
            return None

    def _tool_check(self, value: Any, phase: CompiledPhase) -> tuple[bool, bool]:
        """Whether CEL could convert the tool facts the rules read, and whether they have their schema types.

        The tool's facts are one cached dict per profile, so the answer is kept per dict.
        """
        if "tool" not in phase.fields:
            return True, True
        key = (id(value), id(phase))
        known = self._holdable_tools.get(key)
        if known is None or known[0] is not value:
            if len(self._holdable_tools) >= _MAX_CONTEXTS:
                self._holdable_tools.clear()
            holdable = value is not None and convertible(_project(value, phase.fields["tool"]))
            known = (value, holdable, holdable and root_conforms("tool", value))
            self._holdable_tools[key] = known
        return known[1], known[2]

    def _holdable(self, values: Mapping[str, Any], phase: CompiledPhase) -> bool:
        """Whether CEL could convert every fact the rules read but the tool's (else CEL must decide, and fail).

        Checks each used root (or, for dict roots, each used field).
        """
        for root, fields in phase.fields.items():
            if root not in values:
                return False
            value = values[root]
            if root == "tool":
                continue
            if root == "args_from_untrusted" and isinstance(value, list):
                # List items are projected to the names the conditions mention (see _activation).
                items = phase.item_fields
                if not all(convertible_fields(i, items) if isinstance(i, dict) else convertible(i) for i in value):
                    return False
            elif fields is not None and isinstance(value, dict):
                if not convertible_fields(value, fields):
                    return False
            elif not convertible(value):
                return False
        return True

    def _per_rule(self, facts: Facts, phase: CompiledPhase) -> Decision:
        """The combined program failed: find which rule(s) did, and block naming them."""
        matched: list[Rule] = []
        errors: list[str] = []
        for rule, program in zip(phase.rules, phase.singles, strict=True):
            try:
                value = program.execute(facts.values)
            except Exception as exc:
                errors.append(f"rule {rule.name}: {type(exc).__name__}: {exc}")
                continue
            if value is True:
                matched.append(rule)
            elif value is not False:
                errors.append(f"rule {rule.name}: `when` gave {type(value).__name__}, not a boolean")
        return self._decision(facts, matched, "; ".join(errors) or "the rules could not be evaluated together")

    def _decision(self, facts: Facts, matched: list[Rule], error: str | None) -> Decision:
        # built(): these values are built here from typed parts, and validating them again
        # would cost more than evaluating the rules did.
        matches = [
            built(
                RuleMatch,
                {
                    "name": r.name,
                    "effect": r.effect,
                    # Rendered when first read: most decisions are acted on without their reasons.
                    "reason": Lazy(functools.partial(render_reason, r, facts)),
                    "labels": Lazy(functools.partial(fact_labels, r, facts)),
                    "summary": Lazy(functools.partial(render_summary, r, facts)) if r.summary else "",
                },
            )
            for r in matched
        ]
        if error is not None:
            reason = f"blocked because deciding failed (fail closed): {error}"
            matches.append(
                built(
                    RuleMatch,
                    {
                        "name": "weir:decision-error",
                        "effect": Verdict.BLOCK,
                        "reason": reason,
                        "labels": (),
                        "summary": "",
                    },
                )
            )
        if len(matches) > 1:
            matches.sort(key=lambda m: -m.effect.rank)
        effect = matches[0].effect if matches else Verdict.ALLOW
        obligations = self._obligations(facts, effect)
        if not matches:
            # Most decisions: nothing matched. Decisions are frozen values, so one per
            # obligations object serves them all.
            cached = self._allowed.get(id(obligations))
            if cached is None or cached.obligations is not obligations:
                cached = built(Decision, _decision_values(effect, self._apply(effect), (), obligations, None))
                self._allowed[id(obligations)] = cached
            return cached
        return built(Decision, _decision_values(effect, self._apply(effect), tuple(matches), obligations, error))

    def _obligations(self, facts: Facts, effect: Verdict) -> Obligations:
        tool = facts.values.get("tool")
        # Facts are plain dicts: test for dict first (an ABC isinstance check costs far more).
        if not (tool.__class__ is dict or isinstance(tool, Mapping)):
            bare = self._obligation_cache.get((False, False, False, True, effect))
            if bare is None:
                bare = obligations_for(None, 0, effect)
                self._obligation_cache[(False, False, False, True, effect)] = bare
            return bare
        level = max(_level(facts.values.get("session")), _level(facts.values.get("result")))
        # Keyed by what obligations depend on, so the cache holds a handful of values.
        key = (
            tool.get("idempotent") is True,
            tool.get("resource_intensive") is True,
            tool.get("slow_execution") is True,
            tool.get("sensitive_data") is True or tool.get("return_level", 0) >= 2 or level >= 2,
            effect,
        )
        made = self._obligation_cache.get(key)
        if made is None:
            made = obligations_for(tool, level, effect)
            self._obligation_cache[key] = made
        return made

    def _apply(self, effect: Verdict) -> Verdict:
        if self.mode is Mode.AUDIT:
            return Verdict.ALLOW
        if self.mode is Mode.WARN:
            return _WARN_MODE.get(effect, effect)
        return effect

    def explain(self, facts: Facts | Mapping[str, Any], *, phase: Literal["call", "result"]) -> list[RuleVerdict]:
        """Every rule of ``phase`` with its verdict on these facts (for ``weir policy explain``)."""
        f = facts if isinstance(facts, Facts) else Facts(dict(facts))
        compiled = self._phases[phase]
        out: list[RuleVerdict] = []
        for rule, program in zip(compiled.rules, compiled.singles, strict=True):
            try:
                hit = program.execute(f.values)
            except Exception as exc:
                out.append(RuleVerdict((rule.name, None, f"error (would block): {exc}")))
                continue
            why = render_reason(rule, f) if hit is True else f"not matched: {rule.when}"
            out.append(RuleVerdict((rule.name, hit is True, why)))
        return out


_MAX_CONTEXTS = 1024
"""Cached (tool, session facts) CEL contexts; the cache is simply dropped when full."""


_CACHED_ROOTS = ("session", "args_from_untrusted")
"""Roots whose converted values are kept in cached contexts (see ``Engine._activation``)."""

_MISSING = object()


def _key(value: Any) -> Any:
    """A hashable image of a small facts value that tells ``True`` from ``1`` (dicts, lists, scalars).

    Dicts are not sorted: projected facts are built in the fixed order of the phase's fields.
    """
    if isinstance(value, dict):
        return (dict, *((k, _key(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (list, *(_key(v) for v in value))
    return (value.__class__, value)


def _wire_holdable(values: Mapping[str, Any], phase: CompiledPhase) -> bool:
    """For facts the Guard built: whether CEL could convert the wire text the rules read.

    Everything else has its schema type (:mod:`weir.policy.schema`), which CEL always holds.
    """
    for root in phase.fields:
        if root not in values:
            return False
    for root, fields in phase.wire:
        value = values[root]
        if fields is None:
            if not convertible(value):
                return False
        elif root == "args_from_untrusted":
            if not all(convertible_fields(item, fields) for item in value):
                return False
        elif not convertible_fields(value, fields):
            return False
    return True


def _project(value: Any, fields: frozenset[str] | None) -> Any:
    """Only the fields the rules read (missing ones stay missing: CEL's ``has`` sees them absent)."""
    if fields is None or not isinstance(value, dict):
        return value
    return {k: value[k] for k in fields if k in value}


def _level(facts: Any) -> int:
    if facts is None:
        return 0
    if facts.__class__ is dict or isinstance(facts, Mapping):
        value = facts.get("level", 0)
        return value if isinstance(value, int) else 3
    return 0


def _full_reasons(matches: tuple[RuleMatch, ...]) -> tuple[str, ...]:
    return tuple(_full_reason(m) for m in matches)


def _full_reason(m: RuleMatch) -> str:
    base = f"[{m.effect}] {m.name}: {m.reason}"
    return f"{base} — {'; '.join(m.labels)}" if m.labels else base


def _decision_values(
    effect: Verdict, applied: Verdict, matches: tuple[RuleMatch, ...], obligations: Obligations, error: str | None
) -> dict[str, Any]:
    return {
        "effect": effect,
        "applied": applied,
        "rules": matches,
        "reasons": Lazy(functools.partial(_full_reasons, matches)) if matches else (),
        "obligations": obligations,
        "error": error,
    }
