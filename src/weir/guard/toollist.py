"""A server's tool list as the Guard reads it, shared whole across guards by its fingerprint.

Every session of a replay and every connection to the gateway lists the same catalogs again.
Reading one is a walk of every tool through every dialect, trust and the overrides; it depends
on the list itself (exact in types and key order), the server's trust and the overrides — and
on nothing else — so the whole reading is kept per (server, trust and overrides, list digest):
a guard that meets a list seen before pays one digest of it and a few dictionary stores.

What a listing does *not* hold is anything that depends on a guard's own state: the detector
chain's findings (pinning compares with the pins a chain has seen), the tool facts of a tool
they flag, and the memory of untrusted definition text each guard keeps for argument provenance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from weir.flow.normalise import skeleton
from weir.guard import memo
from weir.labels.profile import ToolProfile
from weir.policy.facts import ToolFacts

__all__ = ["LISTINGS", "ListedTool", "Listing", "read_listing"]


@dataclass(frozen=True, slots=True)
class ListedTool:
    """One named tool of a list: its profile and, for an untrusted server, its definition text."""

    name: str
    profile: ToolProfile
    definition: tuple[str, ...]
    """The tool's free text (:func:`weir.guard.memo.definition_text`): provenance for an untrusted
    server's tool, vocabulary for a trusted server's."""
    facts: ToolFacts
    """Its policy facts when no tool check flags it (:func:`weir.guard.memo.facts_of` with none)."""
    enums: frozenset[str] = frozenset()
    """The skeletons of the values its input schema enumerates (:func:`weir.guard.memo.enumerated`):
    for a trusted server's tool, the arguments that are its own vocabulary, not data."""


@dataclass(frozen=True, slots=True)
class Listing:
    """The reading of one tool list for one server, trust and set of overrides."""

    digests: tuple[str, ...]
    """Each listed item's fingerprint, in list order (the tool checks are keyed on them)."""
    tools: tuple[ListedTool, ...]
    """The named tools, in list order (a repeated name appears twice; the later one wins)."""
    errors: tuple[str, ...]
    """Items that could not be read, in list order (they stay unknown: the riskiest profile)."""
    trusted: bool = False
    """The server is trusted: its tools' text is vocabulary, not provenance."""


LISTINGS: memo.Memo[tuple[str, str, str], Listing] = memo.Memo(1024)
"""(server, trust and overrides key, list digest) → its :class:`Listing`."""

ReadProfile = Callable[[Mapping[str, Any], str], ToolProfile]
"""Reads one wire tool given its digest (raises on a reader bug; the caller records that)."""


def read_listing(server: str, tools: Sequence[Any], *, trusted: bool, read: ReadProfile) -> Listing:
    """Read every item of a ``tools/list`` (never raises: an unreadable tool is an error entry).

    ``trusted``: the server's tool text is its vocabulary, not provenance (see :class:`Listing`).
    """
    digests = tuple(memo.digest(raw) for raw in tools)
    listed: list[ListedTool] = []
    errors: list[str] = []
    for i, (raw, digest) in enumerate(zip(tools, digests, strict=True)):
        name = raw.get("name") if isinstance(raw, Mapping) else None
        if not isinstance(name, str) or not name:
            errors.append(f"tools[{i}]: a tool without a name cannot be called; ignored")
            continue
        try:
            profile = read(raw, digest)
        except Exception as exc:  # a reader bug must not make a tool look safe
            errors.append(f"tools[{i}]: could not be read ({exc}); treated as unknown")
            profile = ToolProfile(name=name, server=server)
        enums = frozenset(skeleton(v) for v in memo.enumerated(raw)) if trusted else frozenset()
        listed.append(
            ListedTool(name, profile, _definition(raw, digest), memo.facts_of(profile, [], believed=trusted), enums)
        )
    return Listing(digests, tuple(listed), tuple(errors), trusted)


def _definition(raw: Mapping[str, Any], digest: str) -> tuple[str, ...]:
    return memo.DEFINITIONS.get(digest, lambda: tuple(memo.definition_text(raw)))
