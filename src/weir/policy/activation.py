"""Assembling one decision's facts from a session, a tool, a call and (after it) a result.

Only the fact roots the compiled rules use are built, and a tool's facts come from a cache the
caller keeps per profile: per decision this module does little more than copy a few booleans.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NamedTuple

from weir.flow.lineage import Lineage
from weir.flow.provenance import ArgTaint
from weir.flow.session import Session
from weir.labels.config import ServerConfig
from weir.labels.datalabel import DataLabel
from weir.policy.facts import (
    Facts,
    LabelMakers,
    ToolFacts,
    label_facts,
    label_makers,
    label_origins,
    label_reads,
    message_facts,
    principal_facts,
    server_facts,
)

__all__ = ["call_facts", "result_facts"]


def _session_facts(session: Session, fields: Collection[str] | None = None) -> dict[str, Any]:
    """The ``session`` fact (only ``fields`` when given: what the rules and obligations read)."""
    if fields is None:
        facts = label_facts(session.label)
        for name, make_session in _SESSION_FACTS.items():
            facts[name] = make_session(session)
        return facts
    chosen = fields if isinstance(fields, frozenset) else frozenset(fields)
    plan = _plan(chosen)
    facts = dict(_made(chosen, plan, session.label, session.internal))
    for name, make_session in plan.of_steps:
        facts[name] = make_session(session)
    return facts


def _made(fields: frozenset[str], plan: _Plan, label: DataLabel, internal: DataLabel) -> dict[str, Any]:
    """The label and internal facts of ``plan``, made once per distinct value of the label fields
    they read: the engine names the same few fields on every decision, and sessions carry few
    distinct labels. The caller copies the dict it gets (bounded, see :data:`_MAX_MADE`)."""
    key = (fields, plan.label_key(label), plan.internal_key(internal))
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= _MAX_MADE:
            _MADE.clear()
        made = _MADE[key] = {name: make(label) for name, make in plan.of_label}
        for name, make_internal in plan.of_internal:
            made[name] = make_internal(internal)
    return made


class _Plan(NamedTuple):
    """How to make the session facts named by one set of fields."""

    of_label: LabelMakers
    """The label's facts (in :func:`label_facts`'s order)."""
    of_internal: tuple[tuple[str, Callable[[DataLabel], Any]], ...]
    """The facts of the organisation's own data (:attr:`Session.internal`)."""
    of_steps: tuple[tuple[str, Callable[[Session], Any]], ...]
    """The facts of the session's calls, made on every decision."""
    label_key: Callable[[DataLabel], Any]
    """The label fields ``of_label`` reads: with ``internal_key``, all the made facts depend on."""
    internal_key: Callable[[DataLabel], Any]
    """The internal label's fields ``of_internal`` reads."""


@functools.lru_cache(maxsize=64)
def _plan(fields: frozenset[str]) -> _Plan:
    internal = tuple((n, make) for n, make in _INTERNAL_FACTS.items() if n in fields)
    return _Plan(
        label_makers(fields),
        internal,
        tuple((n, make) for n, make in _STEP_FACTS.items() if n in fields),
        _getter(label_reads(fields)),
        _getter(tuple(sorted({_INTERNAL_READS[n] for n, _ in internal}))),
    )


def _getter(attrs: tuple[str, ...]) -> Callable[[DataLabel], Any]:
    return operator.attrgetter(*attrs) if attrs else _nothing


def _nothing(_label: DataLabel) -> tuple[()]:
    return ()


_MADE: dict[tuple[Any, ...], dict[str, Any]] = {}
"""(fields, label fields read, internal fields read) → the facts made from them (bounded)."""
_MAX_MADE = 1024

_INTERNAL_FACTS: dict[str, Callable[[DataLabel], Any]] = {
    "internal_level": lambda internal: int(internal.level),
    "internal_private": lambda internal: internal.private,
    "internal_classes": lambda internal: sorted(internal.classes),
}
"""The facts of the organisation's own data, from :attr:`Session.internal`."""
_INTERNAL_READS = {"internal_level": "level", "internal_private": "private", "internal_classes": "classes"}
"""The internal label's field each of those is made from."""
_STEP_FACTS: dict[str, Callable[[Session], Any]] = {
    "steps": lambda session: len(session.steps),
    "servers": lambda session: session.servers(),
}
"""The facts of the session's calls."""


def _of_internal(make: Callable[[DataLabel], Any]) -> Callable[[Session], Any]:
    return lambda session: make(session.internal)


_SESSION_FACTS: dict[str, Callable[[Session], Any]] = {
    **{name: _of_internal(make) for name, make in _INTERNAL_FACTS.items()},
    **_STEP_FACTS,
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


_CALL_ROOTS = ("tool", "server", "session", "request", "args_from_untrusted", "arguments", "message", "principal")
_NO_PRINCIPAL = principal_facts()
_TOOL_CALL = message_facts("tool_call", "tools/call")
_TOOL_RESULT = message_facts("tool_result", "tools/call")


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
    message: Mapping[str, Any] | None = None,
    user: tuple[bool, bool] = (False, False),
    principal: Mapping[str, Any] | None = None,
) -> Facts:
    """The facts of a pre-call decision.

    ``user``: whether a trusted host passed the user's words for this session, and whether they ask
    for this call's action (:mod:`weir.guard.intent`): ``request.user_intent``, ``request.user_asked``.

    ``message``: the ``message`` fact (:func:`weir.policy.facts.message_facts`; a ``tools/call``
    when None); ``principal``: the ``principal`` fact (:func:`weir.policy.facts.principal_facts`;
    the neutral one when None). ``roots`` limits which roots are built (None builds all); ``fields``
    (root → fields, None for a whole root; :meth:`weir.policy.engine.Engine.fields`) limits the
    session's fields too.
    """
    want = roots if roots is not None else _CALL_ROOTS
    values: dict[str, Any] = {}
    # Always present (a cached dict, free): obligations follow the tool even when no rule reads it.
    values["tool"] = tool.values
    if "server" in want:
        values["server"] = server_facts(server, server_config)
    if "session" in want:
        values["session"] = _session_facts(session, fields.get("session") if fields is not None else None)
    if "request" in want:
        values["request"] = {
            "annotations": session.request_annotations(),
            "meta": dict(meta or {}),
            "user_intent": user[0],
            "user_asked": user[1],
        }
    if "args_from_untrusted" in want:
        values["args_from_untrusted"] = [t.as_fact() for t in taints]
    if "arguments" in want:
        values["arguments"] = dict(arguments)
    if "message" in want:
        values["message"] = dict(message) if message is not None else _TOOL_CALL
    if "principal" in want:
        values["principal"] = dict(principal) if principal is not None else _NO_PRINCIPAL
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
    message: Mapping[str, Any] | None = None,
    principal: Mapping[str, Any] | None = None,
) -> Facts:
    """The facts of a post-call decision: the call's facts plus ``result``.

    Every message a server sends is decided here, a tool's result or not: ``message`` says which
    (a tool result when None), and ``result`` holds that message's label. ``roots`` and
    ``fields`` as in :func:`call_facts` (``fields`` limits the result label's facts too).
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
        message=message if message is not None else _TOOL_RESULT,
        principal=principal,
    )
    content = result.get("content")
    facts.values["result"] = {
        **label_facts(label, fields.get("result") if fields is not None else None),
        "is_error": result.get("isError") is True,
        "blocks": len(content) if isinstance(content, list) else 0,
    }
    facts.defer(lambda: label_origins("result", label, None))
    return facts
