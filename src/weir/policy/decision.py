"""What a policy decides: the effect, every rule that matched, and the obligations riding along.

Effects are ordered weakest to strongest (allow < warn < redact < confirm < block); combining
matches keeps the strongest, and every match stays in the decision so a reader sees all of the
reasons, not only the winning one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypeVar

from weir.labels.base import WeirModel

__all__ = ["AuditLevel", "Decision", "Obligations", "RuleMatch", "Verdict", "built", "strongest"]

_M = TypeVar("_M", bound=WeirModel)


class Verdict(StrEnum):
    """A rule's effect. Compare with :attr:`rank`, not with string order."""

    ALLOW = "allow"
    WARN = "warn"
    REDACT = "redact"
    CONFIRM = "confirm"
    BLOCK = "block"

    @property
    def rank(self) -> int:
        """0 for allow up to 4 for block."""
        return _RANK[self]

    @classmethod
    def parse(cls, value: str) -> Verdict:
        """Read an effect name; seed 004's ``escalate`` means confirm. Raises ValueError."""
        name = value.strip().lower()
        if name == "escalate":
            return cls.CONFIRM
        return cls(name)


_RANK = {v: i for i, v in enumerate(Verdict)}


def strongest(verdicts: list[Verdict] | tuple[Verdict, ...]) -> Verdict:
    """The strongest of ``verdicts``; allow when there are none."""
    best = Verdict.ALLOW
    for v in verdicts:
        if _RANK[v] > _RANK[best]:
            best = v
    return best


class AuditLevel(StrEnum):
    """How much the audit trail keeps about a call, chosen by the decision's effect."""

    SUMMARY = "summary"
    """allow: the call and its decision."""
    DETAIL = "detail"
    """warn / redact: also the labels and rule reasons."""
    FULL = "full"
    """confirm / block: also the arguments and the argument provenance."""


class Obligations(WeirModel):
    """What whoever executes the call must do besides applying the effect."""

    retry_allowed: bool = False
    """A transport failure may be retried: only for tools that claim (trusted) idempotency."""
    concurrency_class: str | None = None
    """Calls sharing a class are limited together (``resource-intensive`` tools)."""
    timeout_s: float = 30.0
    """How long to wait for the upstream; longer for slow tools."""
    progress: bool = False
    """Show progress (slow tools)."""
    cache_allowed: bool = True
    """False when the result may be sensitive: hosts must not cache it."""
    audit_level: AuditLevel = AuditLevel.SUMMARY
    """How much the audit record keeps."""


class RuleMatch(WeirModel):
    """One rule that matched, with its reason rendered for this call."""

    name: str
    """The rule's name (``pack:name`` for rules from a pack)."""
    effect: Verdict
    """The rule's effect."""
    reason: str
    """Readable reason naming the labels involved and where they came from."""
    labels: tuple[str, ...] = ()
    """The facts the rule looked at, each with its origin (wire key and dialect, or lineage step)."""


class Decision(WeirModel):
    """The outcome of deciding one call or one result."""

    effect: Verdict = Verdict.ALLOW
    """The strongest matching rule's effect (allow when nothing matched)."""
    applied: Verdict = Verdict.ALLOW
    """What is actually applied after the mode (warn mode turns confirm/block into warn)."""
    rules: tuple[RuleMatch, ...] = ()
    """Every rule that matched."""
    reasons: tuple[str, ...] = ()
    """The matched rules' reasons, strongest first."""
    obligations: Obligations = Obligations()
    """What the executor must also do."""
    error: str | None = None
    """Set when deciding failed; the effect is then block."""

    @property
    def rule_names(self) -> tuple[str, ...]:
        """Names of every matched rule, strongest first."""
        return tuple(m.name for m in self.rules)


def built(cls: type[_M], values: dict[str, Any]) -> _M:
    """``cls.model_construct(**values)`` for values that name every field, without its overhead.

    The decision path builds a Decision and a RuleMatch per matched rule from values it has just
    typed itself; pydantic's ``model_construct`` walks every field's defaults and costs several
    microseconds each, which is a tenth of the whole pre-call budget. The result is the same
    model (equal, dumps the same): the tests compare it with ``model_validate``.
    """
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", set(values))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model
