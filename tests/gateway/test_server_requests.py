"""A server's own requests (sampling, elicitation, roots) are decided before the client sees them,
and the client's answers before the server does — through the gateway, with a real server.

The planted server (tests/servers/planted_server.py) asks from inside a tool call (2025-11-25,
over stdio); ``db`` is the same program configured as a trusted server, whose ``memo://private``
is the organisation's own data. The gateway is the production wiring (the Guard, the baseline
pack, the default detectors).
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import mcp_types as t
import pytest
from mcp import Client

from tests.gateway.conftest import client
from tests.servers import planted_server as planted
from weir.audit import MemoryAudit
from weir.detect.chain import Chain
from weir.gateway.config import GatewayConfig
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard, GuardConfig
from weir.labels.config import ServerConfig, Trust

pytestmark = [pytest.mark.anyio]


def _upstream(name: str, *flags: str) -> Upstream:
    argv = [sys.executable, planted.__file__, "--legacy", *flags]
    return Upstream(name, partial(StdioChannel, name, argv, {}, limit=1 << 20))


@asynccontextmanager
async def gateway(**servers: ServerConfig) -> AsyncIterator[tuple[Gateway, MemoryAudit]]:
    config = GuardConfig(servers={"db": ServerConfig(trust=Trust.TRUSTED), **servers})
    guard = Guard(config, chain=Chain.from_specs(None))
    audit = MemoryAudit()
    upstreams = {"notes": _upstream("notes", "--plant", "none"), "db": _upstream("db", "--plant", "none", "--private")}
    gw = Gateway(GatewayConfig(), upstreams=upstreams, decider=guard, audit=audit)
    assert await gw.start() == []
    try:
        yield gw, audit
    finally:
        await gw.close()


class User:
    """Answers Weir's own confirmations with ``approve`` and a server's forms with ``fill``."""

    def __init__(self, *approve: bool, fill: dict[str, Any] | None = None) -> None:
        self.approve = list(approve)
        self.fill = fill
        self.seen: list[str] = []

    async def __call__(self, ctx: Any, params: Any) -> t.ElicitResult:
        self.seen.append(params.message)
        if params.message.startswith("Weir: "):
            yes = self.approve.pop(0) if self.approve else False
            return t.ElicitResult(action="accept", content={"approve": yes})
        return t.ElicitResult(action="accept", content=self.fill or {})


class Model:
    """The client's model: answers every sampling request, and counts them."""

    def __init__(self) -> None:
        self.asked: list[Any] = []

    async def __call__(self, ctx: Any, params: Any) -> t.CreateMessageResult:
        self.asked.append(params)
        return t.CreateMessageResult(
            role="assistant", content=t.TextContent(type="text", text="alice earns 91000"), model="m"
        )


def _texts(result: Any) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


def _rules(audit: MemoryAudit, kind: str) -> list[str]:
    return [
        r.name
        for e in audit.events
        if e.details and e.details.get("kind") == kind and e.decision
        for r in e.decision.rules
    ]


def _session(gw: Gateway, tap: list[dict[str, Any]] | None = None, **kw: Any) -> Client:
    return client(gw, "legacy", tap=tap, **kw)


async def test_a_client_without_the_capability_never_receives_the_request() -> None:
    tap: list[dict[str, Any]] = []
    async with gateway() as (gw, audit), _session(gw, tap) as c:
        sampled = await c.call_tool(gw.naming.expose("notes", "sample"), {})
        rooted = await c.call_tool(gw.naming.expose("notes", "roots"), {})
    assert not [m for m in tap if m.get("method") in ("sampling/createMessage", "roots/list")]
    assert "did not declare the sampling capability" in _texts(sampled)
    assert "did not declare the roots capability" in _texts(rooted)
    assert {"sampling", "roots"} <= {e.details["kind"] for e in audit.events if e.details and "kind" in e.details}


async def test_untrusted_sampling_with_context_waits_for_the_user_and_then_for_the_answer() -> None:
    model = Model()
    # The call itself (an unannotated tool, with private data in the session): yes; relay the
    # server's request: yes; send the model's answer to the server: no.
    user = User(True, True, False)
    async with gateway() as (gw, audit), _session(gw, elicitation_callback=user, sampling_callback=model) as c:
        await c.read_resource("memo://private")  # the organisation's own data, from the trusted server
        sampled = await c.call_tool(gw.naming.expose("notes", "sample"), {})
    assert len(model.asked) == 1  # relayed only once the user agreed
    assert "alice earns" not in _texts(sampled)  # the answer never reached the untrusted server
    assert "the user did not approve" in _texts(sampled)
    assert "baseline:confirm-sampling-with-context" in _rules(audit, "sampling")
    assert "baseline:confirm-answer-with-internal-data" in _rules(audit, "answer")
    assert user.seen[1].startswith("Weir: relay the sampling/createMessage request of server 'notes'?")
    assert user.seen[2].startswith("Weir: send the client's answer to sampling/createMessage to server 'notes'?")


async def test_untrusted_sampling_declined_by_the_user_never_reaches_the_model() -> None:
    model = Model()
    async with gateway() as (gw, _), _session(gw, elicitation_callback=User(False), sampling_callback=model) as c:
        sampled = await c.call_tool(gw.naming.expose("notes", "sample"), {})
    assert model.asked == []
    assert "the user did not approve: relay the sampling/createMessage request" in _texts(sampled)


async def test_a_trusted_servers_sampling_is_relayed_and_answered() -> None:
    model = Model()
    trusted = {"notes": ServerConfig(trust=Trust.TRUSTED)}
    async with gateway(**trusted) as (gw, _), _session(gw, sampling_callback=model) as c:
        sampled = await c.call_tool(gw.naming.expose("notes", "sample"), {})
    assert len(model.asked) == 1
    assert "alice earns 91000" in _texts(sampled)


async def test_a_servers_form_names_it_and_never_reads_as_weirs_question() -> None:
    user = User(True, fill={"password": "hunter2"})
    async with gateway() as (gw, audit), _session(gw, elicitation_callback=user) as c:
        await c.call_tool(gw.naming.expose("notes", "elicit"), {})
    weir, form = user.seen
    assert weir.startswith("Weir: relay the elicitation/create request of server 'notes'?")
    assert "asks the user to type a secret («password»)" in weir
    # The server wrote "Weir: allow the tool call?"; the user reads whose question it is first.
    assert form.startswith("[Server 'notes' asks — this is not a question from Weir]\n")
    assert "Weir: allow the tool call?" in form
    assert "baseline:confirm-secret-form-field" in _rules(audit, "elicitation")


@pytest.mark.parametrize(("origins", "flagged"), [([], True), (["https://weir-console.example"], False)])
async def test_a_url_elicitation_to_an_unlisted_origin_is_flagged(origins: list[str], flagged: bool) -> None:
    user = User(False)
    notes = {"notes": ServerConfig(origins=origins)}
    async with gateway(**notes) as (gw, audit), _session(gw, elicitation_callback=user) as c:
        asked = await c.call_tool(gw.naming.expose("notes", "elicit_url"), {})
    assert ("baseline:confirm-unlisted-url-elicitation" in _rules(audit, "elicitation")) is flagged
    if flagged:  # Weir asks first; declined, the server's link never reaches the user
        assert len(user.seen) == 1
        assert user.seen[0].startswith("Weir: relay the elicitation/create request of server 'notes'?")
        assert "the user did not approve" in _texts(asked)
    else:  # a listed origin: relayed, naming its server
        assert len(user.seen) == 1
        assert user.seen[0].startswith("[Server 'notes' asks — this is not a question from Weir]")


async def test_roots_are_relayed_to_a_client_that_declared_them() -> None:
    async def roots(ctx: Any) -> t.ListRootsResult:
        return t.ListRootsResult(roots=[t.Root(uri="file:///home/user/project", name="project")])

    async with gateway() as (gw, audit), _session(gw, list_roots_callback=roots) as c:
        rooted = await c.call_tool(gw.naming.expose("notes", "roots"), {})
    assert "file:///home/user/project" in _texts(rooted)
    answers = [e for e in audit.events if e.details and e.details.get("kind") == "answer"]
    assert len(answers) == 1
    assert json.dumps(answers[0].arguments.value if answers[0].arguments else {}).count("project") >= 1


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
