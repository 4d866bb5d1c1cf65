"""Shared pieces for gateway tests: a real stdio upstream, a table decider, SDK clients.

The decider here is a test double of the *decision seam* only (the policy layer is tested in its
own package): effects are looked up by tool name so each transport behaviour can be exercised on
purpose. It hands back the guard's own types (:class:`weir.guard.CallCheck`, ``ResultCheck``,
``ToolsReview``), so everything from there on — the call pipeline, shaping, audit — is the real
thing, as are the upstream (a subprocess speaking MCP over stdio) and the client (``mcp.Client``).
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.deadlines import hang_guard
from weir.audit import MemoryAudit
from weir.config import WeirConfig
from weir.flow.session import Session
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.session import Upstream
from weir.guard import CallCheck, ResultCheck, ToolsReview
from weir.guard.messages import McpMessage
from weir.guard.shaping import blocked_result, decision_meta, warn_result
from weir.labels.datalabel import DataLabel
from weir.labels.profile import ToolProfile
from weir.policy.decision import Decision, Obligations, RuleMatch, Verdict

if TYPE_CHECKING:  # the SDK's client and types are imported where used: serve.py, a gateway
    import mcp_types as t  # process of its own, imports this module and need not pay for them
    from mcp import Client

HERE = Path(__file__).parent
WIRE_SERVER = HERE / "wire_server.py"
SECRET = "AKIAIOSFODNN7EXAMPLE"
MODES = ("legacy", "2026-07-28")


def table_decision(effect: str, rule: str, reason: str, **obligations: Any) -> Decision:
    """A decision of one rule (none for allow) whose reason does not name its rule."""
    verdict = Verdict(effect)
    rules = (RuleMatch(name=rule, effect=verdict, reason=reason),) if verdict is not Verdict.ALLOW else ()
    reasons = (reason,) if rules else ()
    return Decision(
        effect=verdict, applied=verdict, rules=rules, reasons=reasons, obligations=Obligations(**obligations)
    )


class TableReview(ToolsReview):
    """Publishes each tool's server and read-only claim (what the tests look for in ``tools/list``)."""

    def published(self, name: str) -> dict[str, Any]:
        return {"server": self.server, "readOnly": bool(self.profiles[name].read_only)}


@dataclass
class TableDecider:
    """Effects by tool name; results containing SECRET are redacted."""

    effects: dict[str, str] = field(default_factory=dict)
    after: dict[str, str] = field(default_factory=dict)
    seen_meta: list[Mapping[str, Any]] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    resolved: list[Mapping[str, Any] | None] = field(default_factory=list)
    explode: bool = False
    retry: set[str] = field(default_factory=lambda: {"echo"})
    heavy: set[str] = field(default_factory=set)

    def session(self, session_id: str | None = None) -> Session:
        return Session(session_id)

    def carry(self, source: str, into: str) -> bool:
        return True  # the table keeps no sessions: nothing to carry

    def forget(self, session_id: str) -> None:
        pass

    def intend(self, session: Session, words: str) -> bool:
        return False  # the table keeps no sessions: the user's words change nothing

    def register_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        profiles = {
            str(x["name"]): ToolProfile(
                name=str(x["name"]), server=server, read_only=bool((x.get("annotations") or {}).get("readOnlyHint"))
            )
            for x in tools
        }
        return TableReview(server, profiles)

    def listable(self, server: str, tool: str, principal: Mapping[str, Any]) -> bool:
        return True

    def shows(self, message: McpMessage) -> bool:
        return True

    def before_call(self, session: Session, server: str, tool: str, *rest: Any, **_: Any) -> CallCheck:
        """Arguments are not consulted; ``rest`` is (arguments, meta, resolved) as the pipeline passes them."""
        meta, resolved = (*rest[1:], None, None)[:2]
        if self.explode:
            raise RuntimeError("policy engine on fire")
        self.seen_meta.append(dict(meta or {}))
        self.sessions.append(session.id)
        self.resolved.append(resolved)
        effect = self.effects.get(tool, "allow")
        decision = table_decision(
            effect,
            f"table/{tool}",
            f"{tool} is {effect} by the table",
            retry_allowed=tool in self.retry,
            concurrency_class="resource-intensive" if tool in self.heavy else None,
        )
        return CallCheck(decision, {**(meta or {}), "annotations": {"sensitiveHint": "low"}}, (), None)

    def after_call(self, session: Session, server: str, tool: str, result: Mapping[str, Any], **_: Any) -> ResultCheck:
        text = " ".join(str(c.get("text", "")) for c in result.get("content") or [])
        if SECRET in text:
            decision = table_decision("redact", "table/secrets", "a credential was found")
            redacted = dict(result)
            redacted["content"] = [
                {**c, "text": str(c.get("text", "")).replace(SECRET, "[REDACTED:credentials]")}
                for c in result["content"]
            ]
            redacted["_meta"] = {**(result.get("_meta") or {}), "dev.weir/decision": decision_meta(decision)}
            return ResultCheck(decision, redacted, DataLabel())
        effect = self.after.get(tool, "allow")
        decision = table_decision(effect, f"table/after-{tool}", f"{tool} result is {effect}")
        shaped = dict(result)
        if effect == "warn":
            shaped = warn_result(result, decision)
        elif effect == "block":
            shaped = blocked_result(decision, tool=tool, phase="result")
        return ResultCheck(decision, shaped, DataLabel())

    def on_message(self, session: Session, message: McpMessage) -> ResultCheck:
        """Every other message is allowed as sent (these tests are about routing and transports)."""
        return ResultCheck(table_decision("allow", "", ""), dict(message.payload), DataLabel())

    def on_answer(self, session: Session, message: McpMessage) -> CallCheck:
        return CallCheck(table_decision("allow", "", ""), {}, (), None)


START_S = hang_guard(120)
"""How long a test's stdio server may take to start and negotiate: a Python server on a loaded
two-core machine can take longer than the product's 30 s (a hang guard, not a speed check)."""


def wire_upstream(name: str = "wire", *, legacy: bool = False) -> Upstream:
    """An upstream over stdio to wire_server.py."""
    cmd = [sys.executable, str(WIRE_SERVER), *(["--legacy"] if legacy else [])]
    return Upstream(name, partial(StdioChannel, name, cmd, {}, limit=1 << 20), start_timeout=START_S)


def sdk_upstream(name: str = "sdk") -> Upstream:
    """An upstream over stdio to sdk_server.py (a process: about a second of CPU to start)."""
    cmd = [sys.executable, str(HERE / "sdk_server.py")]
    return Upstream(name, partial(StdioChannel, name, cmd, {}, limit=1 << 20), start_timeout=START_S)


def sdk_upstream_in_memory(name: str = "sdk") -> Upstream:
    """The same SDK server in this process (a fresh one, its counts at zero), for a test that is
    about what the gateway does with its messages rather than about the pipe they travel on."""
    from tests.gateway.sdk_server import make_server
    from weir.gateway.downstream.memory import MemoryChannel

    server = make_server()
    return Upstream(name, lambda: MemoryChannel(server), start_timeout=START_S)


def make_gateway(
    decider: TableDecider, upstreams: dict[str, Upstream], *, config: WeirConfig | None = None, **kw: Any
) -> tuple[Gateway, MemoryAudit]:
    """A gateway with an in-memory audit sink; ``kw`` are the Gateway's optional collaborators."""
    audit = MemoryAudit()
    settings = (config or WeirConfig()).gateway
    return Gateway(settings, decider=decider, audit=audit, upstreams=upstreams, **kw), audit


async def approve(ctx: Any, params: Any) -> t.ElicitResult:
    import mcp_types as t

    return t.ElicitResult(action="accept", content={"approve": True})


async def decline(ctx: Any, params: Any) -> t.ElicitResult:
    import mcp_types as t

    return t.ElicitResult(action="decline")


@pytest.fixture(params=MODES)
def mode(request: pytest.FixtureRequest) -> str:
    """Each test runs against both protocol revisions."""
    return str(request.param)


@pytest.fixture
def decider() -> TableDecider:
    return TableDecider()


@pytest.fixture
async def wired(decider: TableDecider) -> AsyncIterator[tuple[Gateway, MemoryAudit]]:
    """A gateway in front of one real stdio upstream (modern)."""
    gateway, audit = make_gateway(decider, {"wire": wire_upstream()})
    try:
        yield gateway, audit
    finally:
        await gateway.close()


def client(gateway: Gateway, mode: str, *, tap: list[dict[str, Any]] | None = None, **kw: Any) -> Client:
    """The SDK client in memory against ``gateway``, in the given revision."""
    from mcp import Client

    from weir.gateway.downstream.memory import MemoryTransport

    transport = MemoryTransport(gateway, tap=tap.append if tap is not None else None)
    return Client(transport, mode=mode, **kw)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
