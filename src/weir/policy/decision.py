"""What a policy decides: the effect, every rule that matched, and the obligations riding along.

Effects are ordered weakest to strongest (allow < warn < redact < confirm < block); combining
matches keeps the strongest, and every match stays in the decision so a reader sees all of the
reasons, not only the winning one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from weir.labels.base import WeirModel

__all__ = ["AuditLevel", "Decision", "Lazy", "Obligations", "RuleMatch", "Verdict", "built", "strongest"]

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
    progress: bool = False
    """A slow tool (slowExecutionHint): the executor waits the deployer's longer timeout
    (``gateway.slow_timeout_s`` instead of ``call_timeout_s``) and relays its progress. The
    seconds are the deployer's to choose, so the decision carries the class, not a number."""
    cache_allowed: bool = True
    """False when the result may be sensitive: hosts must not cache it."""
    audit_level: AuditLevel = AuditLevel.SUMMARY
    """How much the audit record keeps."""


class Lazy:
    """A field value rendered on first read: what :func:`built` may hold for a lazy field.

    Most decisions are acted on without anyone reading their reasons (an allow, a redaction),
    and rendering them costs as much as running the rules. The render runs at most once; its
    inputs must not change afterwards (the decision path hands it frozen or per-decision values).
    """

    __slots__ = ("_render", "_value")

    def __init__(self, render: Callable[[], Any]) -> None:
        self._render: Callable[[], Any] | None = render
        self._value: Any = None

    def value(self) -> Any:
        """The rendered value (rendering it now if nobody has yet)."""
        if self._render is not None:
            self._value = self._render()
            self._render = None
        return self._value


class _LazyField:
    """Class attribute for a field whose ``__dict__`` entry may still be a :class:`Lazy`.

    A data descriptor wins over the instance ``__dict__``, so reading the attribute renders and
    stores the value once; every other reader of ``__dict__`` goes through :meth:`_Settled.settle`.
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name]
        if value.__class__ is Lazy:
            value = value.value()
            obj.__dict__[self.name] = value
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} is frozen")


class _Settled(WeirModel):
    """A frozen model some of whose fields may be rendered lazily; identical to eager once read.

    Pydantic reads ``__dict__`` directly when serialising, comparing, hashing, copying and
    printing, so each of those first renders whatever is still pending.
    """

    lazy_fields: ClassVar[tuple[str, ...]] = ()
    """The fields that may hold a :class:`Lazy` (set per subclass)."""

    def settle(self) -> None:
        """Render every pending field now."""
        values = self.__dict__
        for name in self.lazy_fields:
            value = values[name]
            if value.__class__ is Lazy:
                values[name] = value.value()

    @model_serializer(mode="wrap")
    def _serialise_settled(self, handler: SerializerFunctionWrapHandler) -> Any:
        self.settle()
        return handler(self)

    def __eq__(self, other: object) -> bool:
        self.settle()
        if isinstance(other, _Settled):
            other.settle()
        return super().__eq__(other)

    def __hash__(self) -> int:
        self.settle()
        return super().__hash__()

    def __repr_args__(self) -> Any:
        self.settle()
        return super().__repr_args__()

    def __iter__(self) -> Iterator[tuple[str, Any]]:  # type: ignore[override]
        self.settle()
        return super().__iter__()

    def __getstate__(self) -> dict[Any, Any]:
        self.settle()
        return super().__getstate__()

    def __copy__(self) -> Any:
        self.settle()
        return super().__copy__()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        self.settle()
        return super().__deepcopy__(memo)


class RuleMatch(_Settled):
    """One rule that matched, with its reason rendered for this call."""

    name: str
    """The rule's name (``pack:name`` for rules from a pack)."""
    effect: Verdict
    """The rule's effect."""
    reason: str
    """Readable reason naming the labels involved and where they came from."""
    labels: tuple[str, ...] = ()
    """The facts the rule looked at, each with its origin (wire key and dialect, or lineage step)."""
    summary: str = ""
    """The rule's one line for a user (its ``summary`` rendered; empty when it has none)."""


class Decision(_Settled):
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

    @property
    def lines(self) -> tuple[str, ...]:
        """One line a user reads per matched rule (its summary, or its reason cut short), strongest first."""
        return tuple(m.summary or _short(m.reason) for m in self.rules)

    @property
    def headline(self) -> str:
        """One line a user reads: why, and from where (the strongest rule's summary, or its reason
        without the facts behind it), and how many other rules agree. The full explanation is
        :attr:`reasons` (in ``_meta`` and the audit)."""
        if not self.rules:
            return "no rule matched"
        first = self.rules[0]
        line = first.summary or _short(first.reason)
        more = len(self.rules) - 1
        return f"{line} (and {more} more {'reason' if more == 1 else 'reasons'})" if more else line


RuleMatch.lazy_fields = ("reason", "labels", "summary")
RuleMatch.reason = _LazyField("reason")  # type: ignore[assignment]
RuleMatch.labels = _LazyField("labels")  # type: ignore[assignment]
RuleMatch.summary = _LazyField("summary")  # type: ignore[assignment]

_SHORT = 200
"""A reason longer than this is cut for the one-line headline (at a word)."""


def _short(reason: str) -> str:
    """A reason as one short line: its first clause before the argument list, at most 200 characters."""
    line = " ".join(reason.split())
    head = line.split(": ", 1)[0] if len(line) > _SHORT else line
    if len(head) <= _SHORT:
        return head
    return head[:_SHORT].rsplit(" ", 1)[0] + "…"


Decision.lazy_fields = ("reasons",)
Decision.reasons = _LazyField("reasons")  # type: ignore[assignment]


def built(cls: type[_M], values: dict[str, Any]) -> _M:
    """``cls.model_construct(**values)`` for values that name every field, without its overhead.

    The decision path builds a Decision and a RuleMatch per matched rule from values it has just
    typed itself; pydantic's ``model_construct`` walks every field's defaults and costs several
    microseconds each, which is a tenth of the whole pre-call budget. The result is the same
    model (equal, dumps the same): the tests compare it with ``model_validate``. A lazy field
    (``RuleMatch.reason`` / ``labels``, ``Decision.reasons``) may be given as a :class:`Lazy`.
    """
    model = cls.__new__(cls)
    _set_dict(model, values)
    _set_fields_set(model, set(values))
    _set_extra(model, None)
    _set_private(model, None)
    return model


# BaseModel's own slots, set through their descriptors: ``object.__setattr__`` looks each name up
# again on every call, which made up a third of building a decision.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
