"""Which tools a principal is shown: a tool a principal may never call is not listed.

"Never" is decided by the same call-phase rules that decide its calls, evaluated at the
neutral point — a fresh agent session, no arguments, no request ``_meta`` — with the principal's
facts: the tool is hidden when a rule that reads ``principal`` blocks it there. Rules that do not
read ``principal`` never hide a tool (their blocks depend on what a session has seen, and the
tool stays listed as before), and a rule that only blocks once a session holds some label
(``principal.groups`` *and* ``session.untrusted``) does not match at the neutral point, so the
tool stays listed: it may be callable. In warn and audit modes nothing is hidden (blocks are
reported, not applied). An error while deciding hides the tool (fail closed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from weir.flow.session import Session
from weir.labels.config import ServerConfig
from weir.policy.activation import call_facts
from weir.policy.compiler import referenced_facts
from weir.policy.decision import Verdict
from weir.policy.engine import Engine
from weir.policy.facts import ToolFacts

__all__ = ["listable", "reads_principal"]

_NEUTRAL = "weir/listing"
"""The id of the fresh session a listing is decided in (never stored)."""


def reads_principal(engine: Engine) -> bool:
    """Whether any call-phase rule reads the ``principal`` fact (else nothing is ever hidden)."""
    return "principal" in engine.roots("call")


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
    if decision.applied is not Verdict.BLOCK:
        return True
    by_name = {rule.name: rule for rule in engine.rules}
    blocking = [m for m in decision.rules if m.effect is Verdict.BLOCK and m.name in by_name]
    return not any(_reads(by_name[m.name].when) for m in blocking)


def _reads(when: Any) -> bool:
    return isinstance(when, str) and any(path.startswith("principal") for path in referenced_facts(when))
