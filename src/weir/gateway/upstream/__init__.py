"""The upstream side: channels to each MCP server, one session with it, each client's own sessions, deadlines."""

__all__: list[str] = []  # nothing re-exported: ``Upstream`` and the channels are used from their modules
