"""Structured logs: every record of the ``weir`` loggers as one line on standard error.

``text`` writes ``weir: message key=value …``; ``json`` one object per line with ``time`` (UTC,
ISO 8601), ``level``, ``logger``, ``message`` and the record's fields. Fields are given as
``log.info("listening", extra=fields(url=…))`` so both formats show them. Standard error only:
on stdio, standard output is the protocol.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

from weir.observe.config import LogFormat, LogLevel
from weir.quoting import escaped

__all__ = ["FIELDS", "JsonFormatter", "TextFormatter", "configure", "fields"]

FIELDS = "weir_fields"
"""The ``extra`` key under which a record carries its structured fields."""
_HANDLER = "weir-observe"


def fields(**values: Any) -> dict[str, Any]:
    """``extra=`` for a log call: the record's structured fields."""
    return {FIELDS: values}


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    found = getattr(record, FIELDS, None)
    return found if isinstance(found, dict) else {}


class JsonFormatter(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        out: dict[str, Any] = {
            "time": when,
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in _fields(record).items():
            out.setdefault(key, value)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        # ASCII: U+2028 and other separators some readers break lines at are escaped too.
        return json.dumps(out, ensure_ascii=True, default=str)


class TextFormatter(logging.Formatter):
    """``weir: [level] message key=value …`` (the level only when it is not info)."""

    def format(self, record: logging.LogRecord) -> str:
        level = "" if record.levelno == logging.INFO else f"{record.levelname.lower()}: "
        extra = " ".join(f"{k}={_text(v)}" for k, v in _fields(record).items())
        # One record, one line: a tool name or an upstream's text in the message cannot start another.
        line = f"weir: {level}{escaped(record.getMessage())}" + (f" {extra}" if extra else "")
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def _text(value: Any) -> str:
    """A field's value on the record's one line: escaped (:mod:`weir.quoting`), in double quotes when
    it holds a space, a quote or an escape, or is empty."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    shown = escaped(text)
    if " " in shown or '"' in shown or not shown or shown != text:
        return '"' + shown.replace('"', '\\"') + '"'
    return shown


def configure(level: LogLevel, fmt: LogFormat, stream: TextIO | None = None) -> None:
    """Send the ``weir`` loggers' records at ``level`` and above to ``stream`` (stderr) in ``fmt``.

    Called again, it replaces its own handler (never anyone else's).
    """
    root = logging.getLogger("weir")
    for handler in [h for h in root.handlers if h.get_name() == _HANDLER]:
        root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.set_name(_HANDLER)
    handler.setFormatter(JsonFormatter() if fmt is LogFormat.JSON else TextFormatter())
    root.addHandler(handler)
    root.setLevel(level.value.upper())
    root.propagate = False
