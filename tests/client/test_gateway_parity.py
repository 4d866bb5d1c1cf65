"""The client wrapper and the gateway reach identical decisions on the same scripted session.

Both paths run the real example servers in memory under the same ``examples/weir.yaml``: the
gateway (``weir.gateway`` with its Guard enforcer, audited in memory) driven by the plain SDK
client, and :class:`weir.client.WeirClient` driving the servers directly. Every pre-call and
post-call decision — effect, applied effect, and the rules that matched — must agree.
"""

from __future__ import annotations

import contextlib
from typing import Any

import mcp_types as t
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.examples.paths import EXAMPLES, SERVER_MODULES, fresh_server
from weir.audit import MemoryAudit
from weir.client import WeirClient, default_guard
from weir.config import WeirConfig, load_config
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.session import Upstream
from weir.policy.decision import Decision
from weir.testing import MemoryChannel, MemoryTransport

pytestmark = pytest.mark.anyio

SCRIPT: list[tuple[str, str, dict[str, Any]]] = [
    ("files", "read_file", {"path": "hr/salaries.xlsx"}),
    ("mail", "send_email", {"to": "accountant@numbers-llp.example", "subject": "Salaries", "body": "name,salary"}),
    # Confirmed by the policy, and the fetcher then asks the user itself about the poisoned page.
    ("web", "fetch", {"url": "https://prices.example/compare"}),
    ("mail", "list_inbox", {"limit": 5}),
    ("files", "write_file", {"path": "public/prices.txt", "content": "899 EUR at shop A"}),
    ("files", "write_file", {"path": "notes/prices.txt", "content": "899 EUR at shop A"}),
    ("mail", "send_email", {"to": "bob@acme.example", "subject": "Prices", "body": "899 EUR at shop A"}),
]


def _servers() -> dict[str, Any]:
    return {name: fresh_server(name) for name in SERVER_MODULES}


def _config() -> WeirConfig:
    return load_config(EXAMPLES / "weir.yaml")


def _key(d: Any) -> tuple[str, str, tuple[str, ...]]:
    if isinstance(d, Decision):
        return (str(d.effect), str(d.applied), d.rule_names)
    return (d.effect, d.applied or d.effect, tuple(r.name for r in d.rules))


async def _via_client() -> list[tuple[Any, ...]]:
    decisions: list[tuple[Any, ...]] = []
    async with WeirClient(_config(), confirm=lambda _: True) as host:
        for name, server in _servers().items():
            await host.connect(name, server)
        for server, tool, args in SCRIPT:
            outcome = await host.call_tool(server, tool, args)
            decisions.append(("call", server, tool, _key(outcome.pre)))
            if outcome.post is not None:
                decisions.append(("result", server, tool, _key(outcome.post)))
    return decisions


async def _approve(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"approve": True})


async def _via_gateway(mode: str) -> list[tuple[Any, ...]]:
    config = _config()
    upstreams = {name: Upstream(name, lambda s=server: MemoryChannel(s)) for name, server in _servers().items()}
    audit = MemoryAudit()
    gateway = Gateway(config.gateway, decider=default_guard(config), audit=audit, upstreams=upstreams)
    try:
        async with Client(MemoryTransport(gateway), mode=mode, elicitation_callback=_approve) as client:
            await client.list_tools()
            for server, tool, args in SCRIPT:
                # A server's refusal raises here; the decisions were made and audited before it.
                with contextlib.suppress(MCPError):
                    await client.call_tool(gateway.naming.expose(server, tool), args)
    finally:
        await gateway.close()
    return [
        (e.phase.value, e.server, e.tool, _key(e.decision))
        for e in audit.events
        if e.decision is not None and e.phase.value in {"call", "result"} and not (e.details or {}).get("confirmation")
    ]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_client_wrapper_and_gateway_decide_the_same_session_identically(mode: str) -> None:
    by_client = await _via_client()
    by_gateway = await _via_gateway(mode)
    assert by_client == by_gateway
    effects = {(phase, tool): key[1] for phase, _, tool, key in by_client}
    # The session is not trivially allowed: the script exercises confirm and a warned result.
    assert "confirm" in [key[1] for phase, _, _, key in by_client if phase == "call"]
    assert effects[("result", "fetch")] == "warn"
    # The fetch is confirmed by the policy and its server then asks the user too (an input_required
    # round on 2026-07-28): the gateway must not ask for the confirmation again on that retry.
    assert effects[("call", "fetch")] == "confirm"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
