"""Tool pinning: notice when a server changes a tool after it was first seen (a "rug pull").

A server can publish a harmless tool, wait until it is approved or trusted, then change its
description or schema to something malicious. :class:`Pins` remembers a hash of each tool's
security-relevant parts per server and reports, on every later ``tools/list``:

- ``tool-changed`` (suspicious, confidence 1.0): a pinned tool whose hash differs;
- ``tool-added`` (suspicious, confidence 0.6): a tool the server did not have when pinned — a
  new tool can shadow an old one just as well as a changed one can.

A removed tool is not reported: losing a capability is not a risk. Pins are set on the first
sighting of a server (trust on first use) and then only by :meth:`Pins.approve`, so a change keeps
being reported until someone accepts it — a rug pull never becomes the new normal silently.

The hash covers ``name``, ``title``, ``description``, ``inputSchema``, ``outputSchema``,
``annotations`` and the ``_meta`` keys that carry security claims (prefixes ``dev.weir/``,
``io.modelcontextprotocol/``, ``mcp.dev/``), as canonical JSON (sorted keys, no whitespace).
Storage is a :class:`PinStore`; :class:`MemoryPinStore` is in memory (detect does no I/O; the
audit layer provides a SQLite store of the same shape).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from weir.labels.finding import Finding, FindingClass

__all__ = ["MemoryPinStore", "PinStore", "Pins", "tool_hash"]

_HASHED_KEYS = ("name", "title", "description", "inputSchema", "outputSchema", "annotations")
_META_PREFIXES = ("dev.weir/", "io.modelcontextprotocol/", "mcp.dev/")


class PinStore(Protocol):
    """Where pins live: per server, tool name → hash."""

    def get(self, server: str) -> dict[str, str] | None:
        """The pins of ``server``, or ``None`` if it was never pinned."""
        ...

    def put(self, server: str, hashes: dict[str, str]) -> None:
        """Replace the pins of ``server``."""
        ...


class MemoryPinStore:
    """A :class:`PinStore` in a dict; pins last as long as the process."""

    def __init__(self) -> None:
        self._pins: dict[str, dict[str, str]] = {}

    def get(self, server: str) -> dict[str, str] | None:
        """The pins of ``server`` (a copy), or ``None``."""
        pins = self._pins.get(server)
        return dict(pins) if pins is not None else None

    def put(self, server: str, hashes: dict[str, str]) -> None:
        """Replace the pins of ``server``."""
        self._pins[server] = dict(hashes)


def tool_hash(tool: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the security-relevant parts of a wire tool, as canonical JSON."""
    relevant: dict[str, Any] = {k: tool[k] for k in _HASHED_KEYS if k in tool}
    meta = tool.get("_meta")
    if isinstance(meta, Mapping):
        relevant["_meta"] = {k: v for k, v in meta.items() if str(k).startswith(_META_PREFIXES)}
    try:
        canonical = json.dumps(relevant, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)
    except (RecursionError, TypeError, ValueError):
        # Not canonicalisable (absurd nesting, mixed key types): never equal to any pin, so a
        # tool like that is reported as changed every time rather than silently accepted.
        return "unhashable:" + secrets.token_hex(16)
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _hashes(tools: Sequence[Mapping[str, Any]]) -> dict[str, tuple[int, str]]:
    """Tool name → (index in the list, hash); unnamed entries are keyed by their index."""
    out: dict[str, tuple[int, str]] = {}
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            continue
        name = tool.get("name")
        out[name if isinstance(name, str) else f"#{i}"] = (i, tool_hash(tool))
    return out


class Pins:
    """Rug-pull detection over a :class:`PinStore` (in memory unless one is given)."""

    id = "pinning"

    def __init__(self, store: PinStore | None = None, *, report_added: bool = True) -> None:
        self.store: PinStore = store if store is not None else MemoryPinStore()
        self.report_added = report_added

    def check(self, server: str, tools: Sequence[Mapping[str, Any]]) -> list[Finding]:
        """Compare ``tools`` with the pins of ``server``; pin them if the server is new.

        Finding paths are ``tools[<index>]`` into the given list.
        """
        current = _hashes(tools)
        pinned = self.store.get(server)
        if pinned is None:
            self.store.put(server, {name: h for name, (_, h) in current.items()})
            return []
        found: list[Finding] = []
        for name, (i, digest) in current.items():
            old = pinned.get(name)
            if old is not None and old != digest:
                message = f"tool {name!r} of server {server!r} changed since pinned"
                found.append(_finding("tool-changed", i, 1.0, message))
            elif old is None and self.report_added:
                message = f"tool {name!r} of server {server!r} is new since pinned"
                found.append(_finding("tool-added", i, 0.6, message))
        return found

    def approve(self, server: str, tools: Sequence[Mapping[str, Any]]) -> None:
        """Accept the current definitions of ``server``'s tools as the new pins."""
        self.store.put(server, {name: h for name, (_, h) in _hashes(tools).items()})


def _finding(kind: str, index: int, confidence: float, message: str) -> Finding:
    return Finding(
        detector=Pins.id,
        kind=kind,
        cls=FindingClass.SUSPICIOUS,
        confidence=confidence,
        path=f"tools[{index}]",
        message=message,
    )
