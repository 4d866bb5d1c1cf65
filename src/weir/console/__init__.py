"""The operators' console: pending approvals, the audit trail, agent sessions and tool pins, over
plain server-rendered HTML; its JSON API (``weir approvals``); ``/metrics``, ``/healthz``, ``/readyz``.

It sits above the gateway: :mod:`weir.serving.deployment` hands it what it shows and acts on
(:class:`weir.console.app.ConsoleParts`), and the HTTP listener mounts its routes. See docs/console.md.
"""
