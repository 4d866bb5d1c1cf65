"""What a tool's name says it does, for servers that declare nothing a deployer can believe.

MCP's defaults make every unannotated tool destructive, so on an untrusted server (whose claims
cannot loosen anything) every tool looks the same: ``read_query`` and ``write_query`` alike. The
name is what a person reading the tool list goes by, and so does the policy for two questions
(docs/policy.md, "Unannotated servers"):

- :func:`destroys`: the name's words hold a verb that destroys or overwrites (``delete_rows``,
  ``write_query``, ``drop_table``, ``purge_cache``) — such a tool on an untrusted server is
  confirmed even in a clean session;
- :func:`reads`: the name begins with a verb that only reads (``list_tables``, ``read_query``,
  ``describe_table``) and holds no destroying verb — a read stays a read after a flagged page.

Words are split at ``_``, ``-``, ``.``, ``/``, spaces and camel-case humps. The lists are English
verbs chosen by what they mean for data, not taken from any benchmark.
"""

from __future__ import annotations

import functools
import re

__all__ = ["destroys", "reads", "words"]

_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")

_DESTROYING = frozenset(
    {
        "delete", "remove", "drop", "destroy", "erase", "wipe", "purge", "truncate", "overwrite",
        "write", "reset", "kill", "terminate", "revoke", "uninstall", "clear", "rm",
        "del", "unlink", "rmdir", "exec", "execute", "shred", "flush", "empty", "discard",
    }
)  # fmt: skip
"""Verbs whose action loses or replaces data (or runs arbitrary statements that may)."""

_READING = frozenset(
    {
        "get", "list", "read", "search", "find", "show", "describe", "fetch", "query", "view",
        "count", "lookup", "look", "inspect", "browse", "preview", "stat", "peek", "explain",
        "ls", "cat", "grep", "retrieve",
    }
)  # fmt: skip
"""Verbs that only look (a name beginning with one of them asks for data, it changes nothing)."""


@functools.lru_cache(maxsize=4096)
def words(name: str) -> tuple[str, ...]:
    """The lower-case words of a tool's name (``writeQuery`` → write, query)."""
    return tuple(w.lower() for w in _SPLIT.split(name) if w)


def destroys(name: str) -> bool:
    """Whether a word of ``name`` is a verb that destroys or overwrites data."""
    return any(w in _DESTROYING for w in words(name))


def reads(name: str) -> bool:
    """Whether ``name`` begins with a verb that only reads, and no word of it destroys."""
    found = words(name)
    return bool(found) and found[0] in _READING and not destroys(name)
