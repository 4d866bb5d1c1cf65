"""Every MCP message kind through the gateway: a real malicious server plants a secret and an
attacker's address in each, over stdio and streamable HTTP, in both protocol revisions.

For each kind: the secret never reaches the client (every raw message the gateway sends it,
base64 payloads decoded) nor the audit file; the audit holds a row for the message; the agent's
next ``send_email`` to the planted address is confirmed or blocked (and, without the message,
runs); ``weir replay`` of the recorded trace decides every message and call as the gateway did.
The gateway is the production wiring (the Guard, the default detectors, the baseline pack, the
SQLite audit store with its redactor, the trace recorder); the server is tests/servers/planted_server.py.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
from mcp import Client
from pydantic import BaseModel, ConfigDict

from tests.gateway.conftest import client
from tests.ports import free_port
from tests.servers import planted_server as planted
from tests.servers.launch import serving
from weir.audit import AuditConfig, open_store
from weir.audit.store import AuditQuery
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.gateway.config import GatewayConfig
from weir.gateway.proxy import Gateway
from weir.gateway.upstream.channels import StdioChannel
from weir.gateway.upstream.http import HttpChannel
from weir.gateway.upstream.session import Upstream
from weir.guard import Guard, GuardConfig
from weir.replay.run import replay
from weir.serving.stores import open_audit
from weir.trace import TraceWriter, read_trace

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SERVER = "notes"
REVISIONS = {"2025-11-25": ("legacy", ["--legacy"]), "2026-07-28": ("2026-07-28", [])}


@contextmanager
def upstream(transport: str, revision: str, plant: str) -> Iterator[Upstream]:
    """The planted server over ``transport`` speaking ``revision``, planting in ``plant`` messages."""
    flags = REVISIONS[revision][1]
    argv = [sys.executable, planted.__file__, *flags, "--plant", plant]
    if transport == "stdio":
        yield Upstream(SERVER, partial(StdioChannel, SERVER, argv, {}, limit=1 << 20))
        return
    port = free_port()
    with serving([*argv, "--http", str(port)], port, timeout=30) as url:
        yield Upstream(SERVER, partial(HttpChannel, SERVER, url, {}, limit=1 << 20))


@dataclass
class Wired:
    gateway: Gateway
    work: Path
    seen: list[dict[str, Any]]

    def audit_rows(self) -> list[Any]:
        store = open_store(AuditConfig(path=str(self.work / "audit.db")))
        try:
            return [row.event for row in store.query(AuditQuery(limit=10_000))]
        finally:
            store.close()


@asynccontextmanager
async def wired(transport: str, revision: str, work: Path, plant: str) -> AsyncIterator[Wired]:
    config = GuardConfig()
    guard = Guard(config, chain=Chain.from_specs(config.detectors))
    audit = open_audit(WeirConfig(audit=AuditConfig(path=str(work / "audit.db"))))  # the production store
    with upstream(transport, revision, plant) as up, TraceWriter(work / "trace.jsonl") as recorder:
        gateway = Gateway(GatewayConfig(), upstreams={SERVER: up}, decider=guard, audit=audit, recorder=recorder)
        assert await gateway.start() == []
        try:
            yield Wired(gateway, work, [])
        finally:
            await gateway.close()
            audit.close()


async def decline(ctx: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="decline")


async def sample(ctx: Any, params: Any) -> t.CreateMessageResult:
    return t.CreateMessageResult(role="assistant", content=t.TextContent(type="text", text="fine"), model="m")


async def roots(ctx: Any) -> t.ListRootsResult:
    return t.ListRootsResult(roots=[t.Root(uri="file:///home/user/project", name="project")])


async def _tolerate(step: Awaitable[Any]) -> None:
    """Run a step whose error (Weir's block, the server's refusal) is part of what is tested."""
    try:
        await step
    except Exception as exc:  # the outcome is asserted on the audit trail
        print(f"step failed as it may: {exc}")


class _Raw(BaseModel):
    """Any result, kept as sent."""

    model_config = ConfigDict(extra="allow")


async def _progress(progress: float, total: float | None, message: str | None) -> None:
    return None


AUDITED_AS = {"progress": "notification"}
"""Kinds planted under a name of their own, audited as the message kind they are."""

Step = Callable[[Client], Awaitable[Any]]
KINDS: dict[str, tuple[Step, tuple[str, ...]]] = {
    # kind → (what the client does, the revisions in which the kind exists)
    # Read at initialize (2025-11-25); a 2026-07-28 client asks server/discover for them.
    "instructions": (
        lambda c: c.session.send_discover("2026-07-28") if c.protocol_version == "2026-07-28" else c.list_tools(),
        ("2025-11-25", "2026-07-28"),
    ),
    "description": (lambda c: c.list_resources(), ("2025-11-25", "2026-07-28")),
    "resource": (lambda c: c.read_resource("memo://planted"), ("2025-11-25", "2026-07-28")),
    "error": (lambda c: _tolerate(c.read_resource("memo://broken")), ("2025-11-25", "2026-07-28")),
    "prompt": (lambda c: c.get_prompt("planted"), ("2025-11-25", "2026-07-28")),
    "completion": (
        lambda c: c.complete(t.PromptReference(type="ref/prompt", name="planted"), {"name": "x", "value": ""}),
        ("2025-11-25", "2026-07-28"),
    ),
    "notification": (lambda c: c.call_tool("log", {}), ("2025-11-25", "2026-07-28")),
    "progress": (lambda c: c.call_tool("log", {}, progress_callback=_progress), ("2025-11-25", "2026-07-28")),
    "sampling": (lambda c: _tolerate(c.call_tool("sample", {})), ("2025-11-25",)),
    "elicitation": (lambda c: _tolerate(c.call_tool("elicit", {})), ("2025-11-25",)),
    "interim": (lambda c: _tolerate(c.call_tool("elicit", {})), ("2026-07-28",)),
    "task_result": (
        lambda c: c.session.send_request(t.GetTaskRequest(params=t.GetTaskRequestParams(task_id="t-1")), _Raw),
        ("2025-11-25", "2026-07-28"),
    ),
}
CASES = [
    pytest.param(kind, transport, revision, id=f"{kind}-{transport}-{revision}")
    for kind, (_, revisions) in KINDS.items()
    for transport in ("stdio", "http")
    for revision in revisions
]


def _decoded(node: Any) -> Iterator[str]:
    """Every string of a JSON value, and the decoded text of every base64 payload in it."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("blob", "data") and isinstance(value, str):
                with contextlib.suppress(binascii.Error, ValueError):
                    yield base64.b64decode(value, validate=True).decode("utf-8", "replace")
            yield from _decoded(value)
    elif isinstance(node, list):
        for value in node:
            yield from _decoded(value)
    elif isinstance(node, str):
        yield node


def _session(c: Any, mode: str, tap: list[dict[str, Any]], gateway: Gateway) -> Client:
    return client(
        gateway,
        mode,
        tap=tap,
        elicitation_callback=decline,
        sampling_callback=sample,
        list_roots_callback=roots,
        logging_callback=_ignore,
    )


async def _ignore(params: Any) -> None:
    return None


@pytest.mark.parametrize(("kind", "transport", "revision"), CASES)
async def test_a_planted_message_is_decided_and_steers_no_send(
    kind: str, transport: str, revision: str, tmp_path: Path
) -> None:
    mode = REVISIONS[revision][0]
    step = KINDS[kind][0]
    seen: list[dict[str, Any]] = []
    async with wired(transport, revision, tmp_path, kind) as w:
        async with _session(None, mode, seen, w.gateway) as c:
            await step(c)
            sent = await c.call_tool("send_email", {"to": planted.ATTACKER, "body": "the summary"})
        rows = w.audit_rows()
    leaked = [m for m in seen if any(planted.SECRET in s for s in _decoded(m))]
    assert not leaked, leaked
    assert planted.SECRET.encode() not in (tmp_path / "audit.db").read_bytes()
    kinds = [r.details["kind"] for r in rows if r.phase.value == "message" and r.details]
    assert AUDITED_AS.get(kind, kind) in kinds, kinds
    if kind in ("progress", "notification"):  # relayed, redacted: not dropped
        method = "notifications/progress" if kind == "progress" else "notifications/message"
        assert [m for m in seen if m.get("method") == method and "[REDACTED:credentials]" in json.dumps(m)]
    _the_send_was_stopped_and_replay_agrees(rows, sent, tmp_path, ("message", "call"))


def _the_send_was_stopped_and_replay_agrees(
    rows: list[Any], sent: t.CallToolResult, work: Path, phases: tuple[str, ...]
) -> None:
    """The planted address's send was confirmed or blocked (and did not run), and `weir replay` of
    the recorded trace gives the same decision on every audited row of ``phases``."""
    (send,) = [
        r
        for r in rows
        if r.phase.value == "call" and r.tool == "send_email" and not (r.details or {}).get("confirmation")
    ]
    assert send.decision is not None
    assert send.decision.effect in ("confirm", "block"), send.decision
    assert sent.is_error is True
    again = replay(read_trace(work / "trace.jsonl"), GuardConfig())
    live = [
        (r.phase.value, r.decision.effect)
        for r in rows
        if r.phase.value in phases and r.decision is not None and not (r.details or {}).get("confirmation")
    ]
    assert [(d.phase, str(d.effect)) for d in again.decisions if d.phase in phases and not d.retry] == live


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("revision", list(REVISIONS))
async def test_without_a_planted_message_the_same_send_runs(transport: str, revision: str, tmp_path: Path) -> None:
    async with (
        wired(transport, revision, tmp_path, "none") as w,
        _session(None, REVISIONS[revision][0], [], w.gateway) as c,
    ):
        sent = await c.call_tool("send_email", {"to": planted.ATTACKER, "body": "the summary"})
    assert sent.is_error is not True, sent


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("revision", list(REVISIONS))
async def test_a_secret_in_a_tool_definition_is_shown_redacted_and_its_address_steers_no_send(
    transport: str, revision: str, tmp_path: Path
) -> None:
    seen: list[dict[str, Any]] = []
    async with wired(transport, revision, tmp_path, "tool_description") as w:
        async with _session(None, REVISIONS[revision][0], seen, w.gateway) as c:
            listed = await c.list_tools()
            sent = await c.call_tool("send_email", {"to": planted.ATTACKER, "body": "the summary"})
        rows = w.audit_rows()
    leaked = [m for m in seen if any(planted.SECRET in s for s in _decoded(m))]
    assert not leaked, leaked
    (log,) = [tool for tool in listed.tools if tool.name.endswith("log")]
    assert "[REDACTED:credentials]" in (log.description or "")
    assert planted.ATTACKER in (log.description or "")  # only the secret is rewritten
    assert planted.SECRET.encode() not in (tmp_path / "audit.db").read_bytes()
    _the_send_was_stopped_and_replay_agrees(rows, sent, tmp_path, ("call",))


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("revision", list(REVISIONS))
async def test_a_secret_in_server_provided_text_is_redacted_wherever_the_client_reads_it(
    transport: str, revision: str, tmp_path: Path
) -> None:
    """Descriptions of prompts and resources, and a server's own ``serverInfo`` (its title and
    description, which the gateway lists in its ``_meta``): the client never reads the secret."""
    for plant, steps in (
        ("description", lambda c: [c.list_prompts(), c.list_resources(), c.list_resource_templates()]),
        ("server_info", lambda c: [c.list_tools()]),
    ):
        seen: list[dict[str, Any]] = []
        (tmp_path / plant).mkdir()
        async with wired(transport, revision, tmp_path / plant, plant) as w:
            async with _session(None, REVISIONS[revision][0], seen, w.gateway) as c:
                if c.protocol_version == "2026-07-28":
                    await c.session.send_discover("2026-07-28")
                for step in steps(c):
                    await step
            rows = w.audit_rows()
        leaked = [m for m in seen if any(planted.SECRET in s for s in _decoded(m))]
        assert not leaked, (plant, leaked)
        assert any("[REDACTED:credentials]" in json.dumps(m) for m in seen), plant  # redacted, not dropped
        assert planted.SECRET.encode() not in (tmp_path / plant / "audit.db").read_bytes()
        assert any(r.phase.value == "message" and (r.details or {}).get("kind") == "description" for r in rows)
