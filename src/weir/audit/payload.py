"""Arguments and results as the audit trail stores them: redacted unless someone said otherwise.

A payload carries how it was produced. A caller must say out loud that a value is already
redacted (:meth:`Payload.redacted`); anything else — a bare dict included — is *raw*. When the
store is configured to redact, a raw payload is passed through the store's redactor or, when it
has none, stripped down to its shape. So forgetting to redact loses detail, never leaks a secret.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from weir.labels.base import WeirModel

__all__ = ["Payload", "PayloadState", "Redactor", "cap", "redact_strings", "seal", "strip"]

Redactor = Callable[[Any], Any]
"""Takes a JSON value (arguments or a wire result) and returns it with secrets replaced."""


class PayloadState(StrEnum):
    """How a stored payload came to be what it is."""

    RAW = "raw"
    """As the agent or the server sent it (only stored when ``audit.redact`` is off)."""
    REDACTED = "redacted"
    """Detected spans replaced (by the caller, or by the store's redactor)."""
    STRIPPED = "stripped"
    """Replaced by its shape: it was raw, redaction was required, and no redactor was given."""


class Payload(WeirModel):
    """A JSON value (tool arguments or a wire result) and how it was produced."""

    state: PayloadState
    """raw, redacted or stripped."""
    value: Any
    """The JSON value itself (for ``stripped``: a description of its shape)."""

    @classmethod
    def raw(cls, value: Any) -> Payload:
        """A value exactly as it was sent; the store redacts or strips it when redaction is on."""
        return cls(state=PayloadState.RAW, value=value)

    @classmethod
    def stripped(cls, value: Any) -> Payload:
        """Only the shape of ``value`` (:func:`strip`): for a payload too large to inspect in time."""
        return cls(state=PayloadState.STRIPPED, value=strip(value))

    @classmethod
    def redacted(cls, value: Any) -> Payload:
        """A value the caller has already redacted (e.g. the Guard's redacted result)."""
        return cls(state=PayloadState.REDACTED, value=value)


def strip(value: Any) -> dict[str, Any]:
    """Keep only the shape of a value: its type and, for an object, its top-level keys.

    Top-level keys are argument names (schema, not data); values are dropped entirely, because
    without a detector there is no telling which of them is a secret.
    """
    shape: dict[str, Any] = {"$weir": "stripped", "type": _json_type(value)}
    if isinstance(value, Mapping):
        shape["keys"] = sorted(str(k) for k in value)
    return shape


def seal(payload: Payload | Any, *, redact: bool, redactor: Redactor | None) -> Payload | None:
    """The payload as the store may keep it under the given redaction setting.

    A redactor that raises does not let the raw value through: the payload is stripped instead.
    """
    if payload is None:
        return None
    if not isinstance(payload, Payload):  # built around validation (model_construct): raw
        payload = Payload.raw(payload)
    if not redact or payload.state is not PayloadState.RAW:
        return payload
    if redactor is not None:
        try:
            return Payload.redacted(redactor(payload.value))
        except Exception:  # a failing redactor must fail closed: strip, keep the record
            return Payload(state=PayloadState.STRIPPED, value=strip(payload.value))
    return Payload(state=PayloadState.STRIPPED, value=strip(payload.value))


def redact_strings(redact_text: Callable[[str], str]) -> Redactor:
    """A redactor that applies ``redact_text`` to every string inside a JSON value.

    With the detect layer: ``redact_strings(lambda t: redact(t, chain.scan_text(t)))``.
    Object keys are left alone (they are names, not data).
    """

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return redact_text(value)
        if isinstance(value, Mapping):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [walk(v) for v in value]
        return value

    return walk


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    for kind, name in _JSON_TYPES:
        if isinstance(value, kind):
            return name
    return type(value).__name__


# bool before number: a bool is an int in Python, but not in JSON.
_JSON_TYPES: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "boolean"),
    ((int, float), "number"),
    (str, "string"),
    (Mapping, "object"),
    ((list, tuple), "array"),
)


_EXCERPT = 200


def cap(payload: Payload | None, limit: int) -> Payload | None:
    """``payload`` with every string longer than ``limit`` characters kept as its digest and an excerpt.

    One call's megabyte argument must not grow the trail by a megabyte: such a string becomes
    ``[capped: N characters, sha256 H] <first 200 characters>…`` — enough to recognise the value
    and to check a copy of it against the digest. Cap after sealing: the excerpt and the digest are
    of the redacted text.
    """
    if payload is None:
        return None
    value = _capped(payload.value, limit)
    return payload if value is payload.value else payload.model_copy(update={"value": value})


def _capped(value: Any, limit: int) -> Any:
    if isinstance(value, str):
        if len(value) <= limit:
            return value
        digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()
        return f"[capped: {len(value)} characters, sha256 {digest}] {value[:_EXCERPT]}…"
    if isinstance(value, Mapping):
        items = {k: _capped(v, limit) for k, v in value.items()}
        return value if all(items[k] is value[k] for k in value) else items
    if isinstance(value, list | tuple):
        seq = [_capped(v, limit) for v in value]
        return value if all(a is b for a, b in zip(seq, value, strict=True)) else seq
    return value
