"""Tool pinning: a tool whose definition is not the approved one is reported — and held — until approved.

A server can publish a harmless tool, wait until it is approved or trusted, then change its
description, schema or annotations (a "rug pull"). :class:`Pins` keeps, per server and tool, the
*approved* definition (its hash over the security-relevant parts, see :mod:`weir.detect.pindiff`,
and a bounded stored form of them) and, when a listing shows something else, the definition it
*saw*. On every ``tools/list`` it reports:

- ``tool-changed`` (suspicious, confidence 1.0): a pinned tool whose definition differs;
- ``tool-added`` (suspicious, confidence 0.6): a tool the server did not have when it was pinned.

Both are *held* (:class:`Held`: the Guard quarantines them, see docs/policy.md): a new tool can
shadow an old one, and removing a tool and adding it back under another name is a change by
another name. A removed tool is not reported (losing a capability is no risk) and keeps its pin,
so bringing it back changed is caught too.

Trust on first use is per server: the first listing that names any tool pins them all ("first
use"). After that a pin changes only by :meth:`Pins.approve` (the definitions given) or
:func:`approve_seen` (the ones a gateway saw: ``weir pins approve``) — a rug pull never becomes
the new normal silently. ``Pins(report_added=False)`` pins an added tool on its first sighting
instead (for servers whose tool list grows by design); its later changes are still held.

Storage is a :class:`PinStore`; :class:`MemoryPinStore` is in memory (detect does no I/O; the
audit layer provides a SQLite store of the same shape).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from weir.detect.pindiff import MAX_LINES, MAX_VALUE_CHARS, canonical, changes, relevant, stored
from weir.errors import WeirError
from weir.labels.base import WeirModel
from weir.labels.finding import Finding, FindingClass

__all__ = [
    "FIRST_USE",
    "HELD_KINDS",
    "Held",
    "MemoryPinStore",
    "PinError",
    "PinReview",
    "PinStore",
    "Pins",
    "ToolPin",
    "Version",
    "approval",
    "approve_seen",
    "approved_hashes",
    "held_changes",
    "tool_hash",
]


class PinError(WeirError):
    """A server or tool that has no pin, or a tool that has nothing to approve."""


FIRST_USE = "first use"
"""Who approved a pin set on the first sighting of its server."""
HELD_KINDS = frozenset({"tool-changed", "tool-added"})
"""The finding kinds whose tool is held until approved."""


class Version(WeirModel):
    """One definition of a tool, as pinning keeps it."""

    hash: str
    """SHA-256 (hex) of the security-relevant parts (:func:`tool_hash`)."""
    definition: dict[str, Any] | None = None
    """Their stored form (bounded; ``None`` when it could not be kept)."""
    at: str
    """When it was approved or seen (ISO 8601, UTC)."""


class ToolPin(WeirModel):
    """What pinning knows of one tool of one server."""

    approved: Version | None = None
    """The approved definition; ``None`` for a tool that appeared after its server was pinned."""
    by: str | None = None
    """Who approved it: :data:`FIRST_USE`, or the operator's name."""
    seen: Version | None = None
    """The latest listed definition, when it is not the approved one."""

    @property
    def status(self) -> Literal["approved", "changed", "added"]:
        """``approved``; ``changed`` or ``added`` while a definition waits for approval (held)."""
        if self.seen is None:
            return "approved"
        return "changed" if self.approved is not None else "added"


class PinStore(Protocol):
    """Where pins live: per server, tool name → :class:`ToolPin`."""

    def get(self, server: str) -> dict[str, ToolPin] | None:
        """The pins of ``server``, or ``None`` if it was never pinned."""
        ...

    def put(self, server: str, pins: Mapping[str, ToolPin]) -> None:
        """Store these tools' pins (the server's other tools keep theirs)."""
        ...

    def servers(self) -> list[str]:
        """Every pinned server, sorted."""
        ...


class MemoryPinStore:
    """A :class:`PinStore` in a dict; pins last as long as the process."""

    def __init__(self) -> None:
        self._pins: dict[str, dict[str, ToolPin]] = {}

    def get(self, server: str) -> dict[str, ToolPin] | None:
        """The pins of ``server`` (a copy), or ``None``."""
        pins = self._pins.get(server)
        return dict(pins) if pins is not None else None

    def put(self, server: str, pins: Mapping[str, ToolPin]) -> None:
        """Store these tools' pins."""
        self._pins.setdefault(server, {}).update(pins)

    def servers(self) -> list[str]:
        """Every pinned server, sorted."""
        return sorted(self._pins)


def tool_hash(tool: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the security-relevant parts of a wire tool, as canonical JSON."""
    return _fingerprint(tool)[0]


def _fingerprint(tool: Mapping[str, Any]) -> tuple[str, str | None]:
    """(:func:`tool_hash`, the canonical JSON it hashes — ``None`` when there is none)."""
    try:
        text = canonical(relevant(tool))
    except (RecursionError, TypeError, ValueError):
        # Not canonicalisable (absurd nesting, mixed key types): never equal to any pin, so a
        # tool like that is reported as changed every time rather than silently accepted.
        return "unhashable:" + secrets.token_hex(16), None
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), text


@dataclass(frozen=True)
class Held:
    """A listed tool whose definition is not the approved one: quarantined until approved."""

    name: str
    kind: str
    """``tool-changed`` or ``tool-added``."""
    approved: Mapping[str, Any] | None
    """The approved definition's stored form (``None``: an added tool, or a definition not kept)."""
    changes: tuple[str, ...]
    """What differs, one readable line each (:func:`weir.detect.pindiff.changes`)."""


@dataclass(frozen=True)
class PinReview:
    """One listing compared with the pins: the findings, and the tools held."""

    findings: list[Finding]
    held: dict[str, Held]


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


_Listed = tuple[int, Mapping[str, Any], str, str | None]
"""(index in the list, the wire tool, its hash, the canonical JSON hashed)."""


def _version(listed: _Listed, at: str) -> Version:
    _, tool, digest, text = listed
    definition = stored(relevant(tool), text) if text is not None else None
    return Version(hash=digest, definition=definition, at=at)


def _listed(tools: Sequence[Any]) -> dict[str, _Listed]:
    """Tool name → what :class:`Pins` needs of it; unnamed entries are keyed by their index."""
    out: dict[str, _Listed] = {}
    for i, tool in enumerate(tools):
        if isinstance(tool, Mapping):
            name = tool.get("name")
            out[name if isinstance(name, str) else f"#{i}"] = (i, tool, *_fingerprint(tool))
    return out


class Pins:
    """Rug-pull detection over a :class:`PinStore` (in memory unless one is given)."""

    id = "pinning"

    def __init__(self, store: PinStore | None = None, *, report_added: bool = True) -> None:
        self.store: PinStore = store if store is not None else MemoryPinStore()
        self.report_added = report_added

    def check(self, server: str, tools: Sequence[Mapping[str, Any]]) -> list[Finding]:
        """The findings of :meth:`review` (the tool-check interface of the detector chain)."""
        return self.review(server, tools).findings

    def review(self, server: str, tools: Sequence[Mapping[str, Any]]) -> PinReview:
        """Compare ``tools`` with the pins of ``server``; pin them if the server is new.

        A held tool's definition is recorded as *seen* (for ``weir pins diff`` / ``approve``).
        Finding paths are ``tools[<index>]`` into the given list.
        """
        listed, now = _listed(tools), _now()
        pinned = self.store.get(server)
        if not pinned:
            if listed:
                self.store.put(server, {n: ToolPin(approved=_version(x, now), by=FIRST_USE) for n, x in listed.items()})
            return PinReview([], {})
        findings: list[Finding] = []
        held: dict[str, Held] = {}
        updates: dict[str, ToolPin] = {}
        for name, entry in listed.items():
            i, digest, pin = entry[0], entry[2], pinned.get(name, ToolPin())
            if pin.approved is not None and pin.approved.hash == digest:
                if pin.seen is not None:  # back to the approved definition
                    updates[name] = pin.model_copy(update={"seen": None})
                continue
            seen = pin.seen if pin.seen is not None and pin.seen.hash == digest else _version(entry, now)
            if pin.approved is None and not self.report_added:
                updates[name] = ToolPin(approved=seen, by=FIRST_USE)
                continue
            if seen is not pin.seen:
                updates[name] = pin.model_copy(update={"seen": seen})
            hold = _held(name, pin, seen)
            held[name] = hold
            findings.append(_finding(server, hold, i))
        if updates:
            self.store.put(server, updates)
        return PinReview(findings, held)

    def approve(self, server: str, tools: Sequence[Mapping[str, Any]], *, by: str = "operator") -> None:
        """Accept the given definitions of ``server``'s tools as approved."""
        now = _now()
        self.store.put(server, {n: ToolPin(approved=_version(x, now), by=by) for n, x in _listed(tools).items()})

    def approved(self, server: str, tool: Mapping[str, Any]) -> bool:
        """Whether ``tool`` (a wire tool of ``server``) is its approved definition now (reads the store)."""
        pin = (self.store.get(server) or {}).get(str(tool.get("name")))
        return pin is not None and pin.approved is not None and pin.approved.hash == tool_hash(tool)


def approval(store: PinStore, server: str, names: Iterable[str] = (), *, by: str) -> dict[str, ToolPin]:
    """The pins that approving the definitions last seen of ``server``'s held tools stores.

    All held tools when ``names`` is empty (then possibly none). Raises PinError for a server or
    tool that has no pin and for a named tool that is not held (nothing to approve): an approval
    is all or nothing.
    """
    pins = store.get(server)
    if pins is None:
        raise PinError(f"no pins for server {server!r}", server=server)
    wanted = list(names) or [n for n, p in sorted(pins.items()) if p.seen is not None]
    now, updates = _now(), {}
    for name in wanted:
        pin = pins.get(name)
        if pin is None:
            raise PinError(f"server {server!r} has no tool {name!r} pinned", server=server, tool=name)
        if pin.seen is None:
            raise PinError(f"{server}/{name} is not held: its definition is the approved one", server=server, tool=name)
        updates[name] = ToolPin(approved=pin.seen.model_copy(update={"at": now}), by=by)
    return updates


def approve_seen(store: PinStore, server: str, names: Iterable[str] = (), *, by: str) -> dict[str, str]:
    """Approve the definitions last seen (:func:`approval`); returns tool name → the hash approved."""
    updates = approval(store, server, names, by=by)
    if updates:
        store.put(server, updates)
    return approved_hashes(updates)


def approved_hashes(pins: Mapping[str, ToolPin]) -> dict[str, str]:
    """Tool name → the hash of its approved definition."""
    return {name: pin.approved.hash for name, pin in pins.items() if pin.approved is not None}


def held_changes(
    pin: ToolPin, *, limit: int | None = MAX_LINES, width: int | None = MAX_VALUE_CHARS
) -> tuple[str, ...]:
    """What differs between a held tool's approved and last seen definition (empty if not held).

    Bounded as :func:`weir.detect.pindiff.changes` is; ``None`` for no bound (``weir pins diff``).
    """
    if pin.seen is None:
        return ()
    current = pin.seen.definition or {}
    if pin.approved is None:
        claims = changes({}, current, limit=limit, width=width) if current else ()
        return ("new tool, never approved", *claims)
    return changes(pin.approved.definition, current, limit=limit, width=width)


def _held(name: str, pin: ToolPin, seen: Version) -> Held:
    pin = pin.model_copy(update={"seen": seen})
    if pin.approved is None:
        return Held(name, "tool-added", None, held_changes(pin))
    return Held(name, "tool-changed", pin.approved.definition, held_changes(pin))


def _finding(server: str, hold: Held, index: int) -> Finding:
    what = "changed since approved" if hold.kind == "tool-changed" else "new since its server was pinned"
    return Finding(
        detector=Pins.id,
        kind=hold.kind,
        cls=FindingClass.SUSPICIOUS,
        confidence=1.0 if hold.kind == "tool-changed" else 0.6,
        path=f"tools[{index}]",
        message=f"tool {hold.name!r} of server {server!r} {what}: " + "; ".join(hold.changes),
    )
