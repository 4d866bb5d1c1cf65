"""Weir's worked examples: three labelled MCP servers and the seed scenarios as runnable scripts."""
