"""Helpers for hosts: wrap SDK clients so every tool call goes through Weir's decision path.

:class:`WeirClient` keeps one agent session across a group of servers and decides each call
with the same :class:`weir.guard.Guard` the gateway uses. See ``docs/client.md``.
"""

from weir.client.host import WeirClient, default_guard
from weir.client.outcome import CallOutcome, ConfirmFn, ConfirmRequest, MaliciousActivity, MaliciousFn
from weir.client.wire import is_resolvable, list_tools, resolve_tool

__all__ = [
    "CallOutcome",
    "ConfirmFn",
    "ConfirmRequest",
    "MaliciousActivity",
    "MaliciousFn",
    "WeirClient",
    "default_guard",
    "is_resolvable",
    "list_tools",
    "resolve_tool",
]
