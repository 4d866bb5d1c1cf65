"""OpenTelemetry traces: one span per tool call, with the decision as attributes.

Imported only when ``observability.traces`` is on; nothing else in Weir imports OpenTelemetry,
and Weir works without it installed. The spans go to whatever tracer provider the process has;
:func:`configure_exporter` sets up the SDK with an OTLP/HTTP exporter (configured by the standard
``OTEL_EXPORTER_OTLP_*`` variables) when none is set — both come with the ``otel`` extra
(``pip install 'mcp-weir[otel]'``).
"""

from __future__ import annotations

from typing import Any

from weir.errors import ConfigError
from weir.pipeline import Passage, ToolCall

__all__ = ["OtelCallTracer", "configure_exporter", "otel_tracer"]

_MISSING = "observability.traces needs OpenTelemetry's SDK: pip install 'mcp-weir[otel]'"


class OtelCallTracer:
    """A :class:`weir.observe.instruments.CallTracer` over an OpenTelemetry tracer."""

    def __init__(self, tracer: Any) -> None:
        self._tracer = tracer

    def start(self, call: ToolCall) -> Any:
        """A span ``tools/call <tool>`` naming the session, server and tool."""
        attributes = {
            "mcp.method.name": "tools/call",
            "gen_ai.tool.name": call.tool,
            "weir.server": call.server,
            "weir.session": call.session,
        }
        return self._tracer.start_span(f"tools/call {call.name}", attributes=attributes)

    def end(self, span: Any, passage: Passage | None, error: BaseException | None) -> None:
        """Record what was decided and how the call ended, then end the span."""
        from opentelemetry.trace import Status, StatusCode

        if passage is not None:
            span.set_attribute("weir.effect", str(passage.check.decision.applied))
            span.set_attribute("weir.rules", [m.name for m in passage.check.decision.rules])
            if passage.post is not None:
                span.set_attribute("weir.result_effect", str(passage.post.decision.applied))
            if passage.confirmed is not None:
                span.set_attribute("weir.confirmed", passage.confirmed)
            if passage.error is not None:
                span.set_status(Status(StatusCode.ERROR, passage.error))
        if error is not None:
            span.set_status(Status(StatusCode.ERROR, f"{type(error).__name__}: {error}"))
        span.end()


def otel_tracer() -> OtelCallTracer:
    """The call tracer over the process's tracer provider; ConfigError without OpenTelemetry."""
    try:
        from opentelemetry import trace
    except ImportError as exc:
        raise ConfigError(_MISSING) from exc
    return OtelCallTracer(trace.get_tracer("weir"))


def configure_exporter() -> None:
    """Install the SDK's tracer provider with a batching OTLP/HTTP exporter, unless one is set."""
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError as exc:
        raise ConfigError(_MISSING) from exc
    if isinstance(trace.get_tracer_provider(), TracerProvider):
        return  # the host process configured its own
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError as exc:
        raise ConfigError(_MISSING) from exc
    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
