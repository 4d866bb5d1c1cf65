"""Shared pieces for gateway tests: a real stdio upstream, a table enforcer, SDK clients.

The enforcer here is a test double of the *decision seam* only (the policy layer is tested
in its own package): effects are looked up by tool name so each transport behaviour can be
exercised on purpose. Everything else is real: the upstream is a subprocess speaking MCP over
stdio, the client is the SDK's ``mcp.Client``.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
from mcp import Client

from weir.config import WeirConfig
from weir.gateway import effects
from weir.gateway.audit import MemoryAudit
from weir.gateway.channels import StdioChannel
from weir.gateway.enforcer import Obligations, PostCall, PreCall, ToolsReview
from weir.gateway.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.gateway.upstream import Upstream

HERE = Path(__file__).parent
WIRE_SERVER = HERE / "wire_server.py"
SECRET = "AKIAIOSFODNN7EXAMPLE"
MODES = ("legacy", "2026-07-28")


@dataclass
class TableEnforcer:
    """Effects by tool name; results containing SECRET are redacted."""

    effects: dict[str, str] = field(default_factory=dict)
    after: dict[str, str] = field(default_factory=dict)
    seen_meta: list[Mapping[str, Any]] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    resolved: list[Mapping[str, Any] | None] = field(default_factory=list)
    explode: bool = False
    retry: set[str] = field(default_factory=lambda: {"echo"})
    heavy: set[str] = field(default_factory=set)

    def review_tools(self, server: str, tools: Sequence[Mapping[str, Any]]) -> ToolsReview:
        return ToolsReview(
            {
                str(x["name"]): {"server": server, "readOnly": bool((x.get("annotations") or {}).get("readOnlyHint"))}
                for x in tools
            }
        )

    def before_call(
        self,
        session: str,
        server: str,
        tool: str,
        arguments: Mapping[str, Any],
        *,
        meta: Mapping[str, Any] | None,
        resolved: Mapping[str, Any] | None,
    ) -> PreCall:
        if self.explode:
            raise RuntimeError("policy engine on fire")
        self.seen_meta.append(dict(meta or {}))
        self.sessions.append(session)
        self.resolved.append(resolved)
        effect = self.effects.get(tool, "allow")
        return PreCall(
            effect=effect,
            decided=effect,
            rules=(f"table/{tool}",) if effect != "allow" else (),
            reasons=(f"{tool} is {effect} by the table",) if effect != "allow" else (),
            request_meta={"annotations": {"sensitiveHint": "low"}},
            obligations=Obligations(retry_allowed=tool in self.retry, heavy=tool in self.heavy),
        )

    def after_call(self, session: str, server: str, tool: str, result: Mapping[str, Any]) -> PostCall:
        text = " ".join(str(c.get("text", "")) for c in result.get("content") or [])
        if SECRET in text:
            redacted = dict(result)
            redacted["content"] = [
                {**c, "text": str(c.get("text", "")).replace(SECRET, "[REDACTED:credentials]")}
                for c in result["content"]
            ]
            rules, reasons = ("table/secrets",), ("a credential was found",)
            return PostCall(
                "redact", effects.with_decision(redacted, "redact", rules, reasons), rules, reasons, ("secrets:aws",)
            )
        effect = self.after.get(tool, "allow")
        rules = (f"table/after-{tool}",) if effect != "allow" else ()
        reasons = (f"{tool} result is {effect}",) if effect != "allow" else ()
        shaped: Mapping[str, Any] = result
        if effect == "warn":
            shaped = effects.with_warning(result, rules, reasons)
        elif effect == "block":
            shaped = effects.blocked_result(tool, rules, reasons, phase="result")
        return PostCall(effect, shaped, rules, reasons)


def wire_upstream(name: str = "wire", *, legacy: bool = False) -> Upstream:
    """An upstream over stdio to wire_server.py."""
    cmd = [sys.executable, str(WIRE_SERVER), *(["--legacy"] if legacy else [])]
    return Upstream(name, partial(StdioChannel, name, cmd, {}, limit=1 << 20))


def make_gateway(
    enforcer: TableEnforcer, upstreams: dict[str, Upstream], *, config: WeirConfig | None = None
) -> tuple[Gateway, MemoryAudit]:
    audit = MemoryAudit()
    return Gateway(config or WeirConfig(), enforcer=enforcer, audit=audit, upstreams=upstreams), audit


async def approve(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"approve": True})


async def decline(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="decline")


@pytest.fixture(params=MODES)
def mode(request: pytest.FixtureRequest) -> str:
    """Each test runs against both protocol revisions."""
    return str(request.param)


@pytest.fixture
def enforcer() -> TableEnforcer:
    return TableEnforcer()


@pytest.fixture
async def wired(enforcer: TableEnforcer) -> AsyncIterator[tuple[Gateway, MemoryAudit]]:
    """A gateway in front of one real stdio upstream (modern)."""
    gateway, audit = make_gateway(enforcer, {"wire": wire_upstream()})
    try:
        yield gateway, audit
    finally:
        await gateway.close()


def client(gateway: Gateway, mode: str, *, tap: list[dict[str, Any]] | None = None, **kw: Any) -> Client:
    """The SDK client in memory against ``gateway``, in the given revision."""
    transport = MemoryTransport(gateway, tap=tap.append if tap is not None else None)
    return Client(transport, mode=mode, **kw)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
