"""Tool catalogs as the Guard keeps them: digests, shared profiles and facts, definition text.

Reading a tool through every dialect costs far more than deciding a call, and the same tools
come back in every session of a replay and every connection to the gateway, so profiles and
tool facts are shared across guards, keyed by everything they depend on (the wire tool, the
server's trust, the overrides, the findings). Profiles and facts are values: sharing is safe.

Every shared cache is a bounded :class:`Memo`; :func:`clear_caches` empties them all (a
benchmark round that must start cold, a test that must not see another's entries).
"""

from __future__ import annotations

import hashlib
import itertools
import pickle
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile
from weir.policy.facts import ToolFacts, tool_facts

__all__ = [
    "DEFINITIONS",
    "MAX_PROFILES",
    "PROFILES",
    "Memo",
    "clear_caches",
    "definition_text",
    "digest",
    "facts_of",
    "findings_by_tool",
    "is_scan_error",
    "is_unique",
    "scan_error",
]

_TOOL_INDEX = re.compile(r"^(?:tools)?\[(\d+)\]")


def definition_text(raw: Mapping[str, Any]) -> list[str]:
    """The free text of a tool definition: its description and every description in its schema,
    and the values its schema names (``enum``, ``const``, ``default``, ``examples``)."""
    out = [raw[k] for k in ("description", "title") if isinstance(raw.get(k), str)]
    stack: list[Any] = [raw.get("inputSchema"), raw.get("outputSchema")]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in ("description", "title") and isinstance(value, str):
                    out.append(value)
                elif key in _NAMED_VALUES:
                    out += [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
                elif isinstance(value, Mapping | list):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return out


_NAMED_VALUES = frozenset({"enum", "const", "default", "examples"})


def enumerated(raw: Mapping[str, Any]) -> list[str]:
    """The string values a tool's input schema enumerates: ``enum`` and ``const``, and the values a
    parameter's own description lists in quotes ("Must be one of: 'checking', 'savings'", the
    way schemas generated from a docstring enumerate). These are the only words of a trusted tool
    that corroborate an argument; the rest of its text does not: an injected value that merely
    repeats it ("set the password to new-account-password") is still the injection's."""
    out: list[str] = []
    stack: list[Any] = [raw.get("inputSchema")]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in ("enum", "const"):
                    out += [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
                elif key == "description" and isinstance(value, str):
                    out += [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(value)]
                elif isinstance(value, Mapping | list):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return out


_QUOTED = re.compile(r"(?<!\w)'([^'\s][^']{0,63})'(?!\w)|\"([^\"\s][^\"]{0,63})\"|`([^`\s][^`]{0,63})`")
"""A value a description names in quotes (at most 64 characters: a value, not a quoted sentence)."""


def findings_by_tool(tools: Sequence[Mapping[str, Any]], findings: Sequence[Finding]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    names = [t.get("name") if isinstance(t, Mapping) else None for t in tools]
    for f in findings:
        m = _TOOL_INDEX.match(f.path or "")
        if m and int(m.group(1)) < len(names) and isinstance(names[int(m.group(1))], str):
            out.setdefault(str(names[int(m.group(1))]), []).append(f)
    return out


MAX_PROFILES = 8192
"""Past this many entries a cache is simply dropped (re-reading is correct, only slower)."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A bounded map from a key to a computed value, shared by every Guard of the process.

    Past ``limit`` entries it is dropped whole: recomputing is always correct, only slower, and
    a catalog's tools are looked up together, so an LRU order would buy little.
    """

    def __init__(self, limit: int = MAX_PROFILES) -> None:
        self.limit = limit
        self._entries: dict[K, V] = {}
        _MEMOS.append(self)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, computed by ``make`` (and kept) on first use."""
        try:
            return self._entries[key]
        except KeyError:
            pass
        value = make()
        self.put(key, value)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (replacing what was kept)."""
        if len(self._entries) >= self.limit and key not in self._entries:
            self._entries.clear()
        self._entries[key] = value

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()


_MEMOS: list[Memo[Any, Any]] = []

PROFILES: Memo[tuple[str, str, str], ToolProfile] = Memo()
"""(server, trust and overrides digest, tool digest) → the profile read from it."""
DEFINITIONS: Memo[str, tuple[str, ...]] = Memo()
"""Tool digest → :func:`definition_text` of the tool."""


def clear_caches() -> None:
    """Empty every cache shared between guards (profiles, facts, definitions, tool-check findings)."""
    for memo in _MEMOS:
        memo.clear()
    _FACTS.clear()


_FACTS: dict[tuple[int, bool, frozenset[tuple[str, str, str]]], tuple[ToolProfile, ToolFacts]] = {}


def facts_of(profile: ToolProfile, findings: list[Finding], *, believed: bool) -> ToolFacts:
    """Tool facts, shared for shared (cached) profiles with the same findings and belief.

    Sharing keeps their identity stable across re-listings, which the engine's per-tool caches
    rely on. ``believed``: the server is trusted (see :func:`weir.policy.facts.tool_facts`).
    """
    key = (id(profile), believed, frozenset((f.detector, f.kind, str(f.cls)) for f in findings))
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    if len(_FACTS) >= MAX_PROFILES:
        _FACTS.clear()
    facts = tool_facts(profile, findings, believed=believed)
    _FACTS[key] = (profile, facts)
    return facts


def digest(value: Any) -> str:
    """A fingerprint of a wire value (a tool, a tool list), exact in types and key order.

    Two values share a fingerprint only if they pickle to the same bytes, that is, only if
    they are the same structure of the same types in the same order — so anything computed
    from one (a reading, whose diagnostics follow key order; detector findings, whose order
    follows it too) holds for the other. A value that cannot be pickled gets a fingerprint of
    its own, shared with nothing: it is simply never found in a cache.
    """
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # any pickling failure only means "do not share"
        return f"unique:{next(_UNIQUE)}"
    return hashlib.blake2b(data, digest_size=20).hexdigest()


def is_unique(fingerprint: str) -> bool:
    """Whether :func:`digest` gave ``fingerprint`` to a value it could not pickle (never seen again)."""
    return fingerprint.startswith("unique:")


_UNIQUE = itertools.count()


def scan_error(what: str, exc: Exception) -> Finding:
    # A detector that fails must not make content look clean: record it as suspected malicious.
    return Finding(
        detector="weir",
        kind="detector-error",
        cls=FindingClass.MALICIOUS,
        message=f"the detector chain failed on the {what}: {type(exc).__name__}: {exc}",
    )


def is_scan_error(finding: Finding) -> bool:
    """Whether a finding is :func:`scan_error`'s: the chain could not scan the data at all."""
    return finding.kind == "detector-error" and finding.detector == "weir"
