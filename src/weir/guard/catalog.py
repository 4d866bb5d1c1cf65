"""Tool catalogs as the Guard keeps them: digests, shared profiles and facts, definition text.

Reading a tool through every dialect costs far more than deciding a call, and the same tools
come back in every session of a replay and every connection to the gateway, so profiles and
tool facts are shared across guards, keyed by everything they depend on (the wire tool, the
server's trust, the overrides, the findings). Profiles and facts are values: sharing is safe.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from weir.labels.finding import Finding, FindingClass
from weir.labels.profile import ToolProfile
from weir.policy.facts import ToolFacts, tool_facts

__all__ = [
    "MAX_PROFILES",
    "PROFILES",
    "definition_text",
    "digest",
    "facts_of",
    "findings_by_tool",
    "scan_error",
]

_TOOL_INDEX = re.compile(r"^(?:tools)?\[(\d+)\]")


def definition_text(raw: Mapping[str, Any]) -> list[str]:
    """The free text of a tool definition: its description and every description in its schema."""
    out = [raw[k] for k in ("description", "title") if isinstance(raw.get(k), str)]
    stack: list[Any] = [raw.get("inputSchema"), raw.get("outputSchema")]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in ("description", "title") and isinstance(value, str):
                    out.append(value)
                elif isinstance(value, Mapping | list):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return out


def findings_by_tool(tools: Sequence[Mapping[str, Any]], findings: Sequence[Finding]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    names = [t.get("name") if isinstance(t, Mapping) else None for t in tools]
    for f in findings:
        m = _TOOL_INDEX.match(f.path or "")
        if m and int(m.group(1)) < len(names) and isinstance(names[int(m.group(1))], str):
            out.setdefault(str(names[int(m.group(1))]), []).append(f)
    return out


PROFILES: dict[tuple[str, str, str], ToolProfile] = {}
"""(server, trust and overrides digest, tool digest) → the profile read from it."""
MAX_PROFILES = 8192
"""Past this many entries a cache is simply dropped (re-reading is correct, only slower)."""


_FACTS: dict[tuple[int, frozenset[tuple[str, str, str]]], tuple[ToolProfile, ToolFacts]] = {}


def facts_of(profile: ToolProfile, findings: list[Finding]) -> ToolFacts:
    """Tool facts, shared for shared (cached) profiles with the same findings.

    Sharing keeps their identity stable across re-listings, which the engine's per-tool caches
    rely on.
    """
    key = (id(profile), frozenset((f.detector, f.kind, str(f.cls)) for f in findings))
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is profile:
        return hit[1]
    if len(_FACTS) >= MAX_PROFILES:
        _FACTS.clear()
    facts = tool_facts(profile, findings)
    _FACTS[key] = (profile, facts)
    return facts


def digest(tools: Any) -> str:
    """A fingerprint of a tool list (anything JSON cannot encode makes it unique: re-read it)."""
    try:
        return hashlib.sha256(json.dumps(tools, sort_keys=True, default=repr).encode()).hexdigest()
    except (TypeError, ValueError):
        return f"unhashable:{id(tools)}"


def scan_error(what: str, exc: Exception) -> Finding:
    # A detector that fails must not make content look clean: record it as suspected malicious.
    return Finding(
        detector="weir",
        kind="detector-error",
        cls=FindingClass.MALICIOUS,
        message=f"the detector chain failed on the {what}: {type(exc).__name__}: {exc}",
    )
