"""The MCP gateway: :class:`weir.gateway.proxy.Gateway` in front of its upstream servers, in rooms —
``wire``, ``clients``, ``upstream``, ``confirmation``, ``routing``, then the core (``proxy``), then
``downstream`` (the transports that serve it). See docs/architecture.md."""
