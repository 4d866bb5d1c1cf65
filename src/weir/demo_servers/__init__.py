"""Small MCP servers for the demo and the end-to-end tests: mail, files and a web fetcher.

Each is a real stdio MCP server built on the SDK (``python -m weir.demo_servers.mail``) with
fixed, in-memory data, declaring its tools in the vocabularies Weir reads. The web fetcher
serves one poisoned page (a prompt injection asking to mail a secret away).
"""

__all__: list[str] = []  # nothing re-exported: each is run as ``python -m weir.demo_servers.NAME``, not imported
