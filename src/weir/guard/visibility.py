"""Which tools, prompts and resources a principal is shown: what a principal may never use is not listed.

"Never" is decided by the same call-phase rules that decide its calls, evaluated at the
neutral point — a fresh agent session, no arguments, no request ``_meta`` — with the principal's
facts: the tool is hidden when a rule that reads ``principal`` blocks it there. Rules that do not
read ``principal`` never hide a tool (their blocks depend on what a session has seen, and the
tool stays listed as before), and a rule that only blocks once a session holds some label
(``principal.groups`` *and* ``session.untrusted``) does not match at the neutral point, so the
tool stays listed: it may be callable. In warn and audit modes nothing is hidden (blocks are
reported, not applied). An error while deciding hides the tool (fail closed). A listed prompt or
resource is decided the same way by the result-phase rules, as the ``prompts/get`` or
``resources/read`` of it (:func:`shown`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from weir.flow.session import Session
from weir.labels.config import ServerConfig
from weir.labels.datalabel import BOTTOM
from weir.policy.activation import call_facts, result_facts
from weir.policy.compiler import referenced_facts
from weir.policy.decision import Decision, Verdict
from weir.policy.engine import Engine
from weir.policy.facts import ToolFacts

__all__ = ["listable", "reads_principal", "shown"]

_NEUTRAL = "weir/listing"
"""The id of the fresh session a listing is decided in (never stored)."""


def reads_principal(engine: Engine, phase: Literal["call", "result"] = "call") -> bool:
    """Whether any rule of ``phase`` reads the ``principal`` fact (else nothing is ever hidden)."""
    return "principal" in engine.roots(phase)


def listable(
    engine: Engine, tool: ToolFacts, server: str, config: ServerConfig | None, principal: Mapping[str, Any]
) -> bool:
    """Whether ``principal`` is shown the tool (see the module's docstring)."""
    if not reads_principal(engine):
        return True
    try:
        facts = call_facts(
            session=Session(_NEUTRAL),
            tool=tool,
            server=server,
            server_config=config,
            arguments={},
            taints=(),
            principal=principal,
            roots=engine.roots("call"),
            fields=engine.fields("call"),
        )
        decision = engine.decide(facts, phase="call")
    except Exception:  # fail closed: a tool whose listing cannot be decided is not shown
        return False
    return not _hidden_by_principal(engine, decision)


def shown(
    engine: Engine,
    tool: ToolFacts,
    server: str,
    config: ServerConfig | None,
    *,
    message: Mapping[str, Any],
    principal: Mapping[str, Any],
) -> bool:
    """Whether ``principal`` is shown a listed prompt or resource: the result-phase rules decide the
    ``message`` it would be read as (``prompts/get`` of its name, ``resources/read`` of its URI) at
    the neutral point — a fresh session, an empty label — as :func:`listable` does for a tool."""
    if not reads_principal(engine, "result"):
        return True
    try:
        facts = result_facts(
            session=Session(_NEUTRAL),
            tool=tool,
            server=server,
            server_config=config,
            label=BOTTOM,
            result={},
            roots=engine.roots("result"),
            fields=engine.fields("result"),
            message=message,
            principal=principal,
        )
        decision = engine.decide(facts, phase="result")
    except Exception:  # fail closed
        return False
    return not _hidden_by_principal(engine, decision)


def _hidden_by_principal(engine: Engine, decision: Decision) -> bool:
    """A block applied by a rule that reads ``principal``."""
    if decision.applied is not Verdict.BLOCK:
        return False
    by_name = {rule.name: rule for rule in engine.rules}
    blocking = [m for m in decision.rules if m.effect is Verdict.BLOCK and m.name in by_name]
    return any(_reads(by_name[m.name].when) for m in blocking)


def _reads(when: Any) -> bool:
    return isinstance(when, str) and any(path.startswith("principal") for path in referenced_facts(when))
