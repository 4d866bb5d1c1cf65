"""Routing a downstream request to its upstream servers: names, pages, pass-through methods, tool calls,
agent sessions and ``subscriptions/listen``."""
