"""What the gateway tells its operators about itself: metrics, structured logs, traces.

:mod:`weir.observe.metrics` writes the Prometheus text format itself (no dependency);
:mod:`weir.observe.instruments` names the gateway's metrics and wraps the call pipeline's
collaborators (decider, audit sink) to time and count them, so the pipeline itself stays as it
is; :mod:`weir.observe.logs` writes JSON or text log lines; :mod:`weir.observe.tracing` emits
OpenTelemetry spans and is imported only when traces are switched on (the ``otel`` extra).
"""

__all__: list[
    str
] = []  # nothing re-exported: used from its modules (``weir.observe.logs``, ``.metrics``, ``.tracing``)
