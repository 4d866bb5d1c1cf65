"""Assembling one decision's facts from a session, a tool, a call and (after it) a result.

Only the fact roots the compiled rules use are built, and a tool's facts come from a cache the
caller keeps per profile: per decision this module does little more than copy a few booleans.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from weir.flow.lineage import Lineage
from weir.flow.provenance import ArgTaint
from weir.flow.session import Session
from weir.labels.config import ServerConfig
from weir.labels.datalabel import DataLabel
from weir.policy.facts import Facts, LabelMakers, ToolFacts, label_facts, label_makers, label_origins, server_facts

__all__ = ["call_facts", "result_facts"]


def _session_facts(session: Session, fields: Collection[str] | None = None) -> dict[str, Any]:
    """The ``session`` fact (only ``fields`` when given: what the rules and obligations read)."""
    if fields is None:
        facts = label_facts(session.label)
        for name, make_session in _SESSION_FACTS.items():
            facts[name] = make_session(session)
        return facts
    # The engine names the same few fields (a frozenset) on every decision: their makers are looked up once.
    of_label, of_session = _cached_makers(fields) if isinstance(fields, frozenset) else _makers(fields)
    label = session.label
    facts = {name: make(label) for name, make in of_label}
    for name, make_session in of_session:
        facts[name] = make_session(session)
    return facts


Makers = tuple[LabelMakers, tuple[tuple[str, Callable[[Session], Any]], ...]]


def _makers(fields: Collection[str]) -> Makers:
    """The makers of ``fields``: label facts (in :func:`label_facts`'s order), then the session's own."""
    return label_makers(fields), tuple((n, make) for n, make in _SESSION_FACTS.items() if n in fields)


_cached_makers = functools.lru_cache(maxsize=64)(_makers)


_SESSION_FACTS: dict[str, Callable[[Session], Any]] = {
    "internal_level": lambda session: int(session.internal.level),
    "internal_private": lambda session: session.internal.private,
    "internal_classes": lambda session: sorted(session.internal.classes),
    "steps": lambda session: len(session.steps),
    "servers": lambda session: session.servers(),
}
"""The session facts beyond its label's."""


# Each propagated request hint stands for a session label (seed 004's rules test the hints).
_HINT_FACT = {
    "openWorldHint": "untrusted",
    "privateHint": "private",
    "sensitiveHint": "level",
    "maliciousActivityHint": "malicious",
}


def _internal_origins(internal: DataLabel, lineage: Lineage) -> dict[str, str]:
    """Where the organisation's own sensitive data entered the session (from the lineage)."""
    out: dict[str, str] = {}
    if internal.classes:
        out["session.internal_classes"] = "; ".join(
            f"{c}: since {lineage.get(f'class:{c}')}" for c in sorted(internal.classes) if lineage.get(f"class:{c}")
        )
    if internal.level and (intro := lineage.get(f"level:{int(internal.level)}")):
        out["session.internal_level"] = f"since {intro}"
    if internal.private and (intro := lineage.get("private")):
        out["session.internal_private"] = f"since {intro}"
    return {k: v for k, v in out.items() if v}


def call_facts(
    *,
    session: Session,
    tool: ToolFacts,
    server: str,
    server_config: ServerConfig | None,
    arguments: Mapping[str, Any],
    taints: Sequence[ArgTaint],
    meta: Mapping[str, Any] | None = None,
    roots: Collection[str] | None = None,
    fields: Mapping[str, Collection[str] | None] | None = None,
) -> Facts:
    """The facts of a pre-call decision.

    ``roots`` limits which roots are built (None builds all); ``fields`` (root → fields, None
    for a whole root; :meth:`weir.policy.engine.Engine.fields`) limits the session's fields too.
    """
    want = roots if roots is not None else ("tool", "server", "session", "request", "args_from_untrusted", "arguments")
    values: dict[str, Any] = {}
    # Always present (a cached dict, free): obligations follow the tool even when no rule reads it.
    values["tool"] = tool.values
    if "server" in want:
        values["server"] = server_facts(server, server_config)
    if "session" in want:
        values["session"] = _session_facts(session, fields.get("session") if fields is not None else None)
    if "request" in want:
        values["request"] = {"annotations": session.request_annotations(), "meta": dict(meta or {})}
    if "args_from_untrusted" in want:
        values["args_from_untrusted"] = [t.as_fact() for t in taints]
    if "arguments" in want:
        values["arguments"] = dict(arguments)
    facts = Facts(values, None, taints, typed=True)
    # The labels are frozen values, bound now; the lineage only ever gains entries for facts a
    # label does not hold yet, so reading it later gives the same origins for these labels.
    label, internal, lineage = session.label, session.internal, session.lineage
    facts.defer(lambda: _call_origins(label, internal, lineage, tool, want))
    return facts


def _call_origins(
    label: DataLabel, internal: DataLabel, lineage: Lineage, tool: ToolFacts, want: Collection[str]
) -> dict[str, str]:
    """Where each call fact came from (only needed to explain a matched rule)."""
    origins = {f"tool.{k}": v for k, v in tool.origins.items()}
    if "session" in want or "request" in want:
        origins.update(label_origins("session", label, lineage))
        origins.update(_internal_origins(internal, lineage))
    if "request" in want:
        for hint, fact in _HINT_FACT.items():
            if f"session.{fact}" in origins:
                origins[f"request.annotations.{hint}"] = origins[f"session.{fact}"]
    return origins


def result_facts(
    *,
    session: Session,
    tool: ToolFacts,
    server: str,
    server_config: ServerConfig | None,
    label: DataLabel,
    result: Mapping[str, Any],
    roots: Collection[str] | None = None,
    fields: Mapping[str, Collection[str] | None] | None = None,
) -> Facts:
    """The facts of a post-call decision: the call's facts plus ``result``.

    ``roots`` and ``fields`` as in :func:`call_facts` (``fields`` limits the result label's facts too).
    """
    facts = call_facts(
        session=session,
        tool=tool,
        server=server,
        server_config=server_config,
        arguments={},
        taints=(),
        roots=roots,
        fields=fields,
    )
    content = result.get("content")
    facts.values["result"] = {
        **label_facts(label, fields.get("result") if fields is not None else None),
        "is_error": result.get("isError") is True,
        "blocks": len(content) if isinstance(content, list) else 0,
    }
    facts.defer(lambda: label_origins("result", label, None))
    return facts
