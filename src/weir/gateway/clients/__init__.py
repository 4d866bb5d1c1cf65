"""The client side of one request: who the client is, its exchange, and what is asked of it mid-request.

What every other room knows about a downstream client, whatever transport it came on (those are
:mod:`weir.gateway.downstream`, which sits on top of the gateway core)."""
