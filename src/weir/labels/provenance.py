"""Where a fact came from, and what a reader could not understand.

Every canonical fact keeps the wire key it was read from, so a decision can say
"irreversible, from annotations.inputMetadata.Outcomes (sep-2061)".
"""

from __future__ import annotations

import json
from enum import StrEnum

from weir.labels.base import WeirModel
from weir.labels.vocab import Dialect

__all__ = ["Diagnostic", "Origin", "Severity", "json_path"]


class Origin(WeirModel):
    """One wire location a fact was read from."""

    dialect: Dialect
    """The vocabulary the key belongs to."""
    path: str
    """JSON path on the wire, relative to the object read, e.g. ``annotations.readOnlyHint``
    or ``_meta["mcp.dev/effect"]``; for overrides, the override's ``match``."""

    def __str__(self) -> str:
        return f"{self.path} ({self.dialect})"


class Severity(StrEnum):
    """How bad a diagnostic or lint finding is."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Diagnostic(WeirModel):
    """Something a reader could not take at face value. Readers never raise: they report."""

    path: str
    """JSON path of the offending value."""
    message: str
    """What is wrong, and what was assumed instead (always the conservative reading)."""
    dialect: Dialect | None = None
    """The vocabulary the key belongs to, when known."""
    severity: Severity = Severity.WARNING
    """``error`` for values that violate the vocabulary (unknown enum value, wrong type)."""


def json_path(*parts: str | int) -> str:
    """Join path parts the way diagnostics print them: ``a.b[0]["x/y"]``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.replace("_", "").isalnum():
            out += f".{part}" if out else part
        else:
            # JSON string syntax, so a key holding quotes or backslashes still prints unambiguously.
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out
