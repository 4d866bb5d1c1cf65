"""The downstream transports that serve a :class:`weir.gateway.proxy.Gateway`: stdio, streamable HTTP (with its
admission rules and SSE outbox) and in-memory."""
