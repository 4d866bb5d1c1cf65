"""One audit event: what happened at one step of a tool call, and what Weir decided about it.

The schema is versioned (:data:`SCHEMA_VERSION`); every stored event carries its version, so a
reader can tell which fields to expect. Events are frozen values: the store seals their payloads
(see :mod:`weir.audit.payload`) and hashes their canonical JSON into the chain.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_serializer, field_validator

from weir.audit.labeljson import label_json
from weir.audit.payload import Payload, Redactor, seal
from weir.labels.base import WeirModel
from weir.labels.datalabel import DataLabel

__all__ = [
    "SCHEMA_VERSION",
    "AuditEvent",
    "DecisionRecord",
    "EffectName",
    "Phase",
    "RuleRecord",
    "format_time",
    "label_json",
]

SCHEMA_VERSION = 1
"""The version of :class:`AuditEvent` this code writes. Bump it when a field changes meaning."""

EffectName = Literal["allow", "warn", "redact", "confirm", "block"]
"""The policy effects, weakest first (what ``--effect`` filters on)."""

STORED = "weir.audit.stored"
"""Validation-context flag: the dict comes from the store, so its payload states are believed."""


class Phase(StrEnum):
    """Which step of the MCP exchange an event records."""

    CALL = "call"
    """A ``tools/call`` request and the pre-call decision."""
    RESULT = "result"
    """A tool's result and the post-call decision."""
    TOOLS = "tools"
    """A ``tools/list`` answer (profiles, pinning and poisoning findings)."""
    ERROR = "error"
    """The upstream failed, or deciding failed (the call was blocked)."""
    MESSAGE = "message"
    """Any other MCP message a server sent (resource, prompt, instructions, notification, error,
    its own request…) or a client's answer to a server's request, and its decision
    (``details.kind``, ``details.method``, ``details.direction``)."""
    OPERATOR = "operator"
    """An operator acted: signed in or out of the console, approved or denied a queued call,
    reloaded the policy (``details.action`` says which; ``details.operator`` who)."""


class RuleRecord(WeirModel):
    """One policy rule that matched, as recorded."""

    name: str
    """The rule's name."""
    effect: str
    """allow, warn, redact, confirm or block."""
    reason: str = ""
    """The rule's human-readable reason."""
    labels: tuple[str, ...] = ()
    """The labels (and wire keys they came from) that made the rule match."""


class DecisionRecord(WeirModel):
    """A policy decision as recorded: the effect, what was applied, and why."""

    effect: str
    """The strongest matching rule's effect (or allow)."""
    applied: str | None = None
    """The effect actually applied after the mode (warn and audit modes soften it)."""
    rules: tuple[RuleRecord, ...] = ()
    """Every rule that matched."""
    reasons: tuple[str, ...] = ()
    """Human-readable reasons."""
    error: str | None = None
    """Set when deciding failed (the effect is then block)."""

    @classmethod
    def of(cls, decision: Any) -> DecisionRecord:
        """Record any decision-shaped object (the policy layer's ``Decision``) by its attributes."""
        rules = tuple(
            RuleRecord(
                name=str(r.name),
                effect=str(r.effect),
                reason=str(getattr(r, "reason", "") or ""),
                labels=tuple(str(x) for x in getattr(r, "labels", ()) or ()),
            )
            for r in getattr(decision, "rules", ()) or ()
        )
        applied = getattr(decision, "applied", None)
        error = getattr(decision, "error", None)
        return cls(
            effect=str(decision.effect),
            applied=None if applied is None else str(applied),
            rules=rules,
            reasons=tuple(str(x) for x in getattr(decision, "reasons", ()) or ()),
            error=None if error is None else str(error),
        )


class AuditEvent(WeirModel):
    """What happened at one step, who it happened to, and what was decided (schema version 1)."""

    schema_version: int = SCHEMA_VERSION
    """The event schema this record follows."""
    time: datetime = Field(default_factory=lambda: datetime.now(UTC))
    """When it happened (UTC; a naive time is taken as UTC)."""
    phase: Phase
    """call, result, tools, error, message or operator."""
    session: str | None = None
    """The agent session id (spans servers and connections)."""
    connection: str | None = None
    """The downstream connection or MCP session id."""
    principal: str | None = None
    """Who is behind the connection (``oauth:<sub>``, ``token:<fingerprint>``, ``local``…); never a token."""
    server: str | None = None
    """The upstream server's name in weir.yaml."""
    tool: str | None = None
    """The tool's name as the upstream knows it."""
    call_id: str | None = None
    """Pairs a call with its result (e.g. the JSON-RPC request id)."""
    arguments: Payload | None = None
    """The call's arguments. A bare value is taken as raw and redacted or stripped by the store."""
    result: Payload | None = None
    """The result as released to the client. A bare value is taken as raw, like ``arguments``."""
    decision: DecisionRecord | None = None
    """The decision; any object with the policy ``Decision``'s attributes is accepted."""
    labels_before: dict[str, Any] | None = None
    """The session's label before this step, as JSON (a ``DataLabel`` is accepted), with the wire
    keys each field came from under ``origins``."""
    labels_after: dict[str, Any] | None = None
    """The session's label after this step, like ``labels_before``."""
    latency_ms: float | None = None
    """Time taken (upstream call, or the whole step), in milliseconds."""
    upstream_error: str | None = None
    """What the upstream server did wrong, when it did."""
    details: dict[str, Any] | None = None
    """Phase-specific extras (e.g. the tool names and pin findings of a ``tools`` event)."""

    def sealed(self, *, redact: bool, redactor: Redactor | None) -> AuditEvent:
        """The event as a store may keep it: payloads sealed (:func:`weir.audit.payload.seal`) and,
        when redacting with a redactor, the text that may quote data redacted too: the upstream's
        error (it may echo arguments), the decision's reasons and rule labels (a reason may name an
        argument's value), and finding messages (hidden text is decoded into them).

        Every store calls this in ``append``; it is the one place raw data is kept out.
        """
        update: dict[str, Any] = {
            "arguments": seal(self.arguments, redact=redact, redactor=redactor),
            "result": seal(self.result, redact=redact, redactor=redactor),
        }
        if redact and redactor is not None:
            if self.upstream_error is not None:
                sealed_error = seal(Payload.raw(self.upstream_error), redact=True, redactor=redactor)
                text = sealed_error.value if sealed_error is not None else None
                update["upstream_error"] = text if isinstance(text, str) else _WITHHELD
            texts = self._quoting_texts()
            if texts:  # all of an event's in one redactor call: one scan, not one per string
                update.update(self._with_texts(iter(_redacted(texts, redactor))))
        if len(update) == 2 and update["arguments"] is self.arguments and update["result"] is self.result:
            return self  # already sealed (e.g. a result the Guard redacted); frozen, so sharing is safe
        return self.model_copy(update=update)

    def _quoting_texts(self) -> list[str]:
        """The decision's and the labels' texts that may quote data, in the order :meth:`_with_texts` reads them."""
        out: list[str] = []
        d = self.decision
        if d is not None:
            out += d.reasons
            for rule in d.rules:
                out += [rule.reason, *rule.labels]
            if d.error is not None:
                out.append(d.error)
        for labels in (self.labels_before, self.labels_after):
            out += [f["message"] for f in _findings(labels) if isinstance(f.get("message"), str)]
        return out

    def _with_texts(self, texts: Iterator[str]) -> dict[str, Any]:
        """The fields :meth:`_quoting_texts` read, rebuilt with ``texts`` in their place."""
        update: dict[str, Any] = {}
        d = self.decision
        if d is not None:
            reasons = tuple(next(texts) for _ in d.reasons)
            rules = tuple(
                r.model_copy(update={"reason": next(texts), "labels": tuple(next(texts) for _ in r.labels)})
                for r in d.rules
            )
            error = None if d.error is None else next(texts)
            update["decision"] = d.model_copy(update={"reasons": reasons, "rules": rules, "error": error})
        for name in ("labels_before", "labels_after"):
            labels = getattr(self, name)
            if any(isinstance(f.get("message"), str) for f in _findings(labels)):
                rebuilt = [
                    {**f, "message": next(texts)} if isinstance(f, Mapping) and isinstance(f.get("message"), str) else f
                    for f in labels["findings"]
                ]
                update[name] = {**labels, "findings": rebuilt}
        return update

    @field_validator("time")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    @field_serializer("time")
    def _time_text(self, value: datetime) -> str:
        return format_time(value)

    @field_validator("arguments", "result", mode="before")
    @classmethod
    def _raw_unless_said(cls, value: Any, info: ValidationInfo) -> Any:
        # Only the store's own rows may carry a payload state as a plain dict; from anyone else a
        # bare value is raw, so claiming "redacted" takes an explicit Payload.redacted(...).
        if value is None or isinstance(value, Payload):
            return value
        if isinstance(info.context, Mapping) and info.context.get(STORED):
            return value
        return Payload.raw(value)

    @field_validator("decision", mode="before")
    @classmethod
    def _any_decision(cls, value: Any) -> Any:
        if value is None or isinstance(value, DecisionRecord | Mapping):
            return value
        return DecisionRecord.of(value)

    @field_validator("labels_before", "labels_after", mode="before")
    @classmethod
    def _label(cls, value: Any) -> Any:
        return label_json(value) if isinstance(value, DataLabel) else value


_WITHHELD = "[withheld: the redactor failed]"


def _findings(labels: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    found = labels.get("findings") if labels is not None else None
    return [f for f in found if isinstance(f, Mapping)] if isinstance(found, list) else []


_SEEN: weakref.WeakKeyDictionary[Any, dict[str, str]] = weakref.WeakKeyDictionary()
"""Per redactor: each text it has redacted, and how. Rule reasons and labels come back call after
call (a warn rule's reason is the same text every time), so each distinct text is scanned once."""
_SEEN_LIMIT = 4096


def _redacted(texts: list[str], redactor: Redactor) -> list[str]:
    """``texts`` through the redactor; each withheld when it fails (fail closed, keep the record)."""
    try:
        seen = _SEEN.setdefault(redactor, {})
    except TypeError:  # not weakly referenceable: no memory of earlier texts
        seen = {}
    known = {t: seen[t] for t in texts if t in seen}  # a snapshot: another thread may clear `seen`
    missing = list(dict.fromkeys(t for t in texts if t not in known))
    if missing:
        try:
            out = redactor(missing)
        except Exception:
            out = None
        if not (isinstance(out, list) and len(out) == len(missing) and all(isinstance(t, str) for t in out)):
            return [known.get(t, _WITHHELD) for t in texts]
        fresh = dict(zip(missing, out, strict=True))
        if len(seen) + len(fresh) > _SEEN_LIMIT:
            seen.clear()
        seen.update(fresh)
        known.update(fresh)
    return [known[t] for t in texts]


def format_time(value: datetime) -> str:
    """UTC with microseconds and a ``Z``: fixed width, so text order is time order."""
    utc = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    # isoformat, not strftime: %Y does not zero-pad years before 1000 on every platform.
    return utc.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"
