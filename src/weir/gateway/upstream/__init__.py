"""The upstream side: channels to each MCP server, one session with it, each client's own sessions, deadlines."""
