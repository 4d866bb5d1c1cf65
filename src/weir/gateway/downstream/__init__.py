"""The downstream transports that serve a :class:`weir.gateway.proxy.Gateway`: stdio, streamable HTTP (with its
admission rules and SSE outbox) and in-memory."""

__all__: list[
    str
] = []  # nothing re-exported: ``serve_stdio``, ``create_app`` and the in-memory pair are used from their modules
