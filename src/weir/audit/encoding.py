"""An event as every store writes it: sealed, capped, canonical JSON, and its indexed columns.

One function for every backend (SQLite, PostgreSQL), so the text a chain hashes is the same
whichever database holds it: a trail exported from one verifies like a trail exported from the
other.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from weir.audit.chain import canonical_json, index_columns
from weir.audit.event import AuditEvent
from weir.audit.payload import Redactor, cap
from weir.errors import AuditError

__all__ = ["Encoded", "encode_event"]


class Encoded(NamedTuple):
    """What a store appends: the sealed event, its canonical text (and as UTF-8: hashed as these bytes)."""

    sealed: AuditEvent
    text: str
    utf8: bytes
    columns: dict[str, Any]


def encode_event(event: AuditEvent, *, redact: bool, redactor: Redactor | None, max_chars: int) -> Encoded:
    """Seal the payloads (:meth:`AuditEvent.sealed`), cap long strings, and encode the event once.

    ``AuditError`` when the event cannot be stored: text that is not UTF-8, or not JSON.
    """
    sealed = event.sealed(redact=redact, redactor=redactor)
    arguments, result = cap(sealed.arguments, max_chars), cap(sealed.result, max_chars)
    if arguments is not sealed.arguments or result is not sealed.result:
        sealed = sealed.model_copy(update={"arguments": arguments, "result": result})
    try:
        data = sealed.model_dump(mode="json", by_alias=True, exclude_none=True)
        text = canonical_json(data)
        utf8 = text.encode("utf-8")  # hashed as these bytes: the text is encoded once
    except UnicodeEncodeError as exc:
        raise AuditError(
            f"event cannot be stored: text that is not UTF-8 (a lone surrogate?) at {exc.start}",
            server=event.server,
            tool=event.tool,
        ) from exc
    except (ValueError, TypeError, RecursionError) as exc:  # PydanticSerializationError is a ValueError
        raise AuditError(f"event cannot be stored as JSON: {exc}", server=event.server, tool=event.tool) from exc
    return Encoded(sealed, text, utf8, index_columns(data))
