"""The wire: JSON-RPC on raw dicts, the two protocol revisions, SDK envelopes and SSE framing.

The lowest room of the gateway: it knows messages, not clients, servers or decisions."""
