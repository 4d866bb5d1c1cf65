"""The ``observability:`` section of weir.yaml: logs, metrics, traces."""

from __future__ import annotations

from enum import StrEnum

from weir.labels.base import WeirModel

__all__ = ["LogFormat", "LogLevel", "ObservabilityConfig"]


class LogLevel(StrEnum):
    """The least severe log records written."""

    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class LogFormat(StrEnum):
    """How log records are written to standard error."""

    TEXT = "text"
    """One readable line: ``weir: message key=value …``."""
    JSON = "json"
    """One JSON object per line: ``time``, ``level``, ``logger``, ``message`` and the record's fields."""


class ObservabilityConfig(WeirModel):
    """What the gateway tells its operators about itself. ``weir gateway`` options override it."""

    log_level: LogLevel = LogLevel.INFO
    """The least severe records written (``--log-level``)."""
    log_format: LogFormat = LogFormat.TEXT
    """``text`` or ``json`` (``--log-format``)."""
    metrics: bool = True
    """Serve Prometheus metrics at ``/metrics`` on the HTTP listener (and the console's)."""
    traces: bool = False
    """Emit an OpenTelemetry span per tool call (needs the ``otel`` extra: ``pip install 'mcp-weir[otel]'``)."""
