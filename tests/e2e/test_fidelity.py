"""Reference MCP servers nobody on the team wrote, directly and behind Weir, compared message by message.

``@modelcontextprotocol/server-everything`` (npm, installed by scripts/_node.sh beside the
conformance suite) and ``mcp-server-time`` / ``mcp-server-git`` (PyPI, in the ``dev`` extra), each
over stdio, once with the SDK client connected directly and once with the same client connected
to the gateway in front of it (the production wiring: the Guard, in audit mode with the observe
pack, so nothing is changed by policy). What each side receives is compared after removing
Weir's own ``_meta`` keys (``dev.weir/…``, and the ``policy-decision`` evidenceRef naming the
decision's audit record) and what legitimately differs run to run (the
server's session id in a log line, cursors' bytes).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as t
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.conformance import harness
from tests.deadlines import hang_guard
from weir.config import WeirConfig
from weir.gateway.downstream.memory import MemoryTransport
from weir.labels.keys import TRUST_ANNOTATIONS
from weir.serving.runner import build_gateway

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

EVERYTHING = harness.HERE / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
TIME = [sys.executable, "-m", "mcp_server_time", "--local-timezone", "UTC"]
OBSERVE = {"packs": ["observe"], "mode": "audit"}
ROOTS = [t.Root(uri="file:///tmp/weir-fidelity", name="fidelity")]


def everything() -> list[str]:
    node = harness.node_binary()
    if node is None or not EVERYTHING.exists():
        pytest.skip("server-everything is not installed (scripts/_node.sh runs npm ci in tests/conformance)")
    return [str(node), str(EVERYTHING), "stdio"]


def _without_weirs_evidence(meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` without the ``policy-decision`` evidenceRef Weir adds to a released tool result."""
    trust = meta.get(TRUST_ANNOTATIONS)
    if not (isinstance(trust, dict) and isinstance(trust.get("evidenceRef"), dict)):
        return meta
    if trust["evidenceRef"].get("type") != "policy-decision":
        return meta
    rest = {k: v for k, v in trust.items() if k != "evidenceRef"}
    out = {k: v for k, v in meta.items() if k != TRUST_ANNOTATIONS}
    return {**out, TRUST_ANNOTATIONS: rest} if rest else out


def strip(value: Any) -> Any:
    """A dumped message without Weir's own ``_meta`` keys (an emptied ``_meta`` goes too)."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            kept = item
            if key == "_meta" and isinstance(item, dict):
                kept = {k: v for k, v in item.items() if not k.startswith("dev.weir/")}
                kept = _without_weirs_evidence(kept)
                if not kept:
                    continue
            out[key] = strip(kept)
        return out
    if isinstance(value, list):
        return [strip(v) for v in value]
    if isinstance(value, str):
        return _CLOCK.sub("<time>", value)  # a resource's text that says when it was read
    return value


_CLOCK = re.compile(r"\d{1,2}:\d{2}:\d{2}(?:\s?[AP]M)?|\d{4}-\d{2}-\d{2}T[\d:.]+Z?")


def dump(model: Any) -> Any:
    return strip(model.model_dump(by_alias=True, mode="json", exclude_none=True))


class Peer:
    """What a client answers when the server asks, and every notification it receives."""

    def __init__(self) -> None:
        self.notes: list[dict[str, Any]] = []

    async def sampling(self, ctx: Any, params: Any) -> t.CreateMessageResult:
        return t.CreateMessageResult(role="assistant", content=t.TextContent(type="text", text="sampled"), model="m")

    async def elicitation(self, ctx: Any, params: Any) -> t.ElicitResult:
        if getattr(params, "mode", "form") == "url":
            return t.ElicitResult(action="accept")
        schema = getattr(params, "requested_schema", None) or {}
        props = schema.get("properties", {}) if isinstance(schema, dict) else {}
        return t.ElicitResult(action="accept", content={k: p.get("default", "x") for k, p in props.items()})

    async def roots(self, ctx: Any) -> t.ListRootsResult:
        return t.ListRootsResult(roots=ROOTS)

    async def message(self, msg: Any) -> None:
        if isinstance(msg, t.ServerNotification | t.LoggingMessageNotification | t.ResourceUpdatedNotification):
            inner = getattr(msg, "root", msg)
            self.notes.append(inner.model_dump(by_alias=True, mode="json", exclude_none=True))

    def client(self, target: Any, *, capable: bool = True) -> Client:
        extra: dict[str, Any] = {}
        if capable:
            extra = {"sampling_callback": self.sampling, "elicitation_callback": self.elicitation}
            extra["list_roots_callback"] = self.roots
        return Client(target, mode="legacy", message_handler=self.message, **extra)

    def methods(self) -> list[str]:
        return [n.get("method", "") for n in self.notes]


@asynccontextmanager
async def weir(servers: dict[str, list[str]], tap: list[dict[str, Any]] | None = None) -> AsyncIterator[Any]:
    """The gateway in front of ``servers`` (stdio), for an in-process client."""
    config = WeirConfig.model_validate(
        {"servers": {n: {"command": c} for n, c in servers.items()}, "policy": OBSERVE, "audit": {"path": ":memory:"}}
    )
    gateway = build_gateway(config)
    await gateway.start()
    try:
        yield MemoryTransport(gateway, tap=tap.append if tap is not None else None), gateway
    finally:
        await gateway.close()


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"  # module-wide, for the module's shared gateway


@pytest.fixture(scope="module")
async def time_gateway() -> AsyncIterator[Any]:
    """One gateway in front of ``mcp-server-time`` for the module (the server keeps no state; each
    test connects a client of its own, so the server runs once for the gateway and once per test)."""
    async with weir({"time": TIME}) as (_, gateway):
        yield gateway


def stdio(cmd: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=cmd[0], args=cmd[1:])


async def wait_for(peer: Peer, method: str, count: int = 1, timeout: float = 60) -> None:
    with anyio.fail_after(hang_guard(timeout)):
        while peer.methods().count(method) < count:
            await anyio.sleep(0.05)


async def exercise_everything(c: Client, peer: Peer) -> dict[str, Any]:
    """Everything server-everything offers, as one client sees it."""
    seen: dict[str, Any] = {}
    seen["instructions"] = c.instructions
    caps = c.server_capabilities
    seen["caps"] = {k: dump(getattr(caps, k)) for k in ("resources", "prompts", "logging", "completions")}
    seen["tools"] = sorted(json.dumps(dump(x), sort_keys=True) for x in (await c.list_tools()).tools)
    calls: dict[str, dict[str, Any]] = {
        "echo": {"message": "hello"},
        "get-sum": {"a": 2, "b": 3},
        "get-tiny-image": {},
        "get-annotated-message": {"messageType": "error", "includeImage": True},
        "get-structured-content": {"location": "New York"},
        "get-resource-links": {"count": 2},
        "get-resource-reference": {"resourceType": "Text", "resourceId": 2},
        "trigger-sampling-request": {"prompt": "hi", "maxTokens": 20},
        "trigger-elicitation-request": {},
        "trigger-url-elicitation": {"url": "https://example.com/login", "elicitationId": "fixed"},
        "get-roots-list": {},
    }
    for name, args in calls.items():
        seen[name] = dump(await c.call_tool(name, args))
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    args = {"duration": 0.3, "steps": 3}
    seen["long"] = dump(await c.call_tool("trigger-long-running-operation", args, progress_callback=on_progress))
    seen["progress"] = progress
    seen["prompts"] = dump(await c.list_prompts())
    seen["prompt"] = dump(await c.get_prompt("args-prompt", {"city": "Paris", "state": "TX"}))
    seen["resources"] = dump(await c.list_resources())
    seen["templates"] = dump(await c.list_resource_templates())
    seen["read"] = dump(await c.read_resource("demo://resource/dynamic/text/3"))
    ref = t.ResourceTemplateReference(type="ref/resource", uri="demo://resource/dynamic/text/{resourceId}")
    seen["complete"] = dump(await c.complete(ref, {"name": "resourceId", "value": "1"}))
    # Outside any call: a resource's updates, and the server's own log lines.
    await c.set_logging_level("debug")
    await c.subscribe_resource("demo://resource/dynamic/text/1")
    await c.call_tool("toggle-subscriber-updates", {})
    await c.call_tool("toggle-simulated-logging", {})
    await wait_for(peer, "notifications/resources/updated")
    await wait_for(peer, "notifications/message")
    await c.call_tool("toggle-simulated-logging", {})
    await c.call_tool("toggle-subscriber-updates", {})
    await c.send_roots_list_changed()
    return seen


async def test_server_everything_behind_weir_is_what_it_is_directly() -> None:
    cmd = everything()
    direct_peer, weir_peer = Peer(), Peer()
    async with weir({"everything": cmd}) as (transport, _):

        async def directly() -> dict[str, Any]:
            async with direct_peer.client(stdio(cmd)) as c:
                return await exercise_everything(c, direct_peer)

        async def behind_weir() -> dict[str, Any]:
            async with weir_peer.client(transport) as c:
                return await exercise_everything(c, weir_peer)

        results: dict[str, dict[str, Any]] = {}

        async def run(key: str, job: Callable[[], Any]) -> None:
            results[key] = await job()

        async with anyio.create_task_group() as tg:
            tg.start_soon(run, "direct", directly)
            tg.start_soon(run, "weir", behind_weir)
    direct, through = results["direct"], results["weir"]
    assert len(direct["tools"]) == 17  # sampling, roots and URL elicitation tools shown: capabilities forwarded
    for key in direct:
        assert through[key] == direct[key], key
    # Notifications received with no call in flight: the same kinds, about the same resource.
    updated = [n["params"]["uri"] for n in weir_peer.notes if n.get("method") == "notifications/resources/updated"]
    assert set(updated) == {"demo://resource/dynamic/text/1"}
    levels = {n["params"]["level"] for n in weir_peer.notes if n.get("method") == "notifications/message"}
    assert levels


async def test_a_client_without_capabilities_sees_the_tools_it_would_see_directly() -> None:
    cmd = everything()
    async with weir({"everything": cmd}) as (transport, _), Peer().client(transport, capable=False) as c:
        through = sorted(x.name for x in (await c.list_tools()).tools)
    async with Peer().client(stdio(cmd), capable=False) as c:
        direct = sorted(x.name for x in (await c.list_tools()).tools)
    assert through == direct
    assert "trigger-sampling-request" not in through


async def test_time_and_git_servers_behind_weir_are_what_they_are_directly(tmp_path: Path, time_gateway: Any) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    for args in (
        ["init", "-q"],
        ["-c", "user.name=w", "-c", "user.email=w@x", "commit", "-q", "--allow-empty", "-m", "one"],
    ):
        subprocess.run(["git", *args], cwd=repo, check=True)
    (repo / "new.txt").write_text("hello\n")
    git = [sys.executable, "-m", "mcp_server_git", "--repository", str(repo)]
    calls = [
        ("time", "convert_time", {"source_timezone": "Europe/Paris", "time": "14:30", "target_timezone": "Asia/Tokyo"}),
        ("git", "git_status", {"repo_path": str(repo)}),
        ("git", "git_diff_unstaged", {"repo_path": str(repo)}),
    ]
    direct: list[Any] = []
    for server, cmd in (("time", TIME), ("git", git)):
        async with Peer().client(stdio(cmd)) as c:
            direct.append(sorted(json.dumps(dump(x), sort_keys=True) for x in (await c.list_tools()).tools))
            direct += [dump(await c.call_tool(tool, args)) for s, tool, args in calls if s == server]
    through: list[Any] = []
    async with weir({"git": git}) as (git_transport, _):
        for server, transport in (("time", MemoryTransport(time_gateway)), ("git", git_transport)):
            async with Peer().client(transport) as c:
                through.append(sorted(json.dumps(dump(x), sort_keys=True) for x in (await c.list_tools()).tools))
                through += [dump(await c.call_tool(tool, args)) for s, tool, args in calls if s == server]
    assert through == direct


async def test_with_two_servers_templates_and_completions_reach_the_server_that_owns_them() -> None:
    async with weir({"everything": everything(), "time": TIME}) as (transport, _), Peer().client(transport) as c:
        read = await c.read_resource("demo://resource/dynamic/text/3")
        await c.subscribe_resource("demo://resource/dynamic/text/3")
        ref = t.ResourceTemplateReference(type="ref/resource", uri="demo://resource/dynamic/text/{resourceId}")
        completed = await c.complete(ref, {"name": "resourceId", "value": "1"})
        names = {x.name for x in (await c.list_tools()).tools}
    assert "text/3" in json.dumps(dump(read))
    assert completed.completion.values
    assert {"everything__echo", "time__convert_time"} <= names


FORBIDDEN = {"resultType", "ttlMs", "cacheScope", "io.modelcontextprotocol/serverInfo"}


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


async def test_a_2025_11_25_client_never_sees_a_2026_07_28_field(time_gateway: Any) -> None:
    tap: list[dict[str, Any]] = []
    async with Peer().client(MemoryTransport(time_gateway, tap=tap.append)) as c:
        await c.list_tools()
        await c.call_tool("convert_time", {"source_timezone": "UTC", "time": "10:00", "target_timezone": "UTC"})
        await c.list_prompts()
        modern = time_gateway.upstreams["time"].era
    assert modern is not None
    assert modern.value == "modern"  # the upstream speaks 2026-07-28: there were fields to remove
    assert tap
    assert not FORBIDDEN & _keys(tap)
