"""Running the MCP conformance suite against the reference server, directly and through Weir.

Five configurations, each a fresh set of processes on 127.0.0.1 with free ports:

- ``server-direct``: the suite (server mode) → the reference server;
- ``server-weir-http``: the suite → ``weir gateway --http`` → the reference server (``url:``);
- ``server-weir-stdio``: the suite → ``weir gateway --http`` → ``bridge.py`` (a stdio server) →
  the reference server;
- ``client-direct``: the suite (client mode) runs ``agent.py --direct`` against each scenario's
  server;
- ``client-weir``: the suite runs ``agent.py --weir`` (the agent → ``weir gateway`` stdio → the
  scenario's server).

Server mode runs every scenario in one suite invocation (``--suite all``); client mode runs one
invocation per scenario. Results are the suite's own ``checks.json`` files.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.ports import free_port
from tests.servers import launch

HERE = Path(__file__).resolve().parent
SUITE = HERE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
REFERENCE = HERE / "reference_server.mjs"
BRIDGE = HERE / "bridge.py"
AGENT = HERE / "agent.py"

# A permissive policy, so the runs measure protocol fidelity and not decisions: the observe
# pack only warns, and `audit` mode applies nothing (docs/policy.md).
PERMISSIVE_POLICY = {"packs": ["observe"], "mode": "audit"}

CLIENT_TIMEOUT_MS = 60_000
"""The suite's limit on one client run; Weir's own upstream timeout (30 s) comes first."""

_STAMP = re.compile(r"-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$")
_RANK = {"FAILURE": 0, "WARNING": 1, "SUCCESS": 2}


def node_binary() -> Path | None:
    """Node ≥ 22: the one scripts/_node.sh installed, else a ``node`` on PATH that is new enough."""
    local = HERE / "node_modules" / ".bin" / "node"
    if local.exists():
        return local
    found = shutil.which("node")
    if found is None:
        return None
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=False).stdout
    major = re.match(r"v(\d+)", version)
    return Path(found) if major and int(major.group(1)) >= 22 else None


def missing_tooling() -> str | None:
    """Why the suite cannot run here, or None when it can."""
    if node_binary() is None:
        return "no Node >= 22 (scripts/_node.sh installs it with `npm ci` in tests/conformance)"
    if not SUITE.exists():
        return "the conformance suite is not installed (scripts/_node.sh runs `npm ci` in tests/conformance)"
    return None


@dataclass(frozen=True)
class Check:
    """One check the suite made: its id, SUCCESS / FAILURE / WARNING / INFO, and its message."""

    id: str
    status: str
    message: str


@dataclass(frozen=True)
class Outcome:
    """One scenario's checks in one configuration."""

    scenario: str
    checks: tuple[Check, ...]
    started: str = ""

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "FAILURE"]

    @property
    def passed(self) -> bool:
        """The suite's own verdict: no FAILURE check (warnings are reported, not failed)."""
        return not self.failures and bool(self.checks)

    def graded(self) -> dict[str, str]:
        """The best status of each check id that counts (SUCCESS, WARNING, FAILURE; INFO does not)."""
        best: dict[str, str] = {}
        for check in self.checks:
            if check.status in _RANK and _RANK[check.status] >= _RANK.get(best.get(check.id, "FAILURE"), 0):
                best[check.id] = check.status
        return best

    def summary(self) -> str:
        if not self.checks:
            return "no checks recorded (the scenario did not run)"
        bad = self.failures or [c for c in self.checks if c.status == "WARNING"]
        if not bad:
            return "passed"
        return "; ".join(f"{c.status} {c.id}: {c.message}" for c in bad)


def shortfall(direct: Outcome, through: Outcome) -> str | None:
    """What the run through Weir lacks against the direct run, or None when it does as well.

    As well means: no FAILURE, and every check that counted directly was made again with a
    status at least as good. A scenario whose checks depend on a path Weir never takes (the
    suite marks "not applicable" as INFO) therefore does not pass by being skipped.
    """
    problems = [f"FAILURE {c.id}: {c.message}" for c in through.failures]
    if not through.checks:
        problems.append("no checks recorded")
    seen = through.graded()
    for check_id, status in direct.graded().items():
        got = seen.get(check_id)
        if got is None:
            problems.append(f"{check_id}: {status} directly, not made through Weir")
        elif _RANK[got] < _RANK[status] and got != "FAILURE":
            problems.append(f"{check_id}: {status} directly, {got} through Weir")
    return "; ".join(dict.fromkeys(problems)) or None


def read_outcomes(directory: Path, prefix: str = "") -> dict[str, Outcome]:
    """Every ``checks.json`` under ``directory`` by scenario (result folders are ``<prefix><scenario>-<time>``)."""
    outcomes: dict[str, Outcome] = {}
    for checks_file in sorted(directory.glob("*/checks.json")):
        folder = checks_file.parent.name
        stamp = _STAMP.search(folder)
        scenario = _STAMP.sub("", folder).removeprefix(prefix)
        raw: list[dict[str, Any]] = json.loads(checks_file.read_text(encoding="utf-8"))
        checks = tuple(
            Check(str(c.get("id")), str(c.get("status")), str(c.get("errorMessage") or c.get("description") or ""))
            for c in raw
        )
        outcomes[scenario] = Outcome(scenario, checks, stamp.group(0)[1:] if stamp else "")
    return outcomes


@contextmanager
def serving(cmd: list[str], port: int, log: Path, cwd: Path | None = None) -> Iterator[str]:
    """Run ``cmd`` until the block ends, its output in ``log``; yield the MCP URL of what it serves on ``port``."""
    with log.open("wb") as out, launch.serving(cmd, port, stdout=out, stderr=subprocess.STDOUT, cwd=cwd) as url:
        yield url


def reference_server(work: Path) -> Any:
    port = free_port()
    return serving([str(node_binary()), str(REFERENCE), str(port)], port, work / "reference.log")


def weir_gateway(work: Path, upstream: dict[str, Any]) -> Any:
    """``weir gateway --http`` with one upstream, the permissive policy and an audit file in ``work``."""
    config = {"servers": {"reference": upstream}, "policy": PERMISSIVE_POLICY, "audit": {"path": "audit.db"}}
    (work / "weir.yaml").write_text(yaml.safe_dump(config))
    port = free_port()
    cmd = [sys.executable, "-c", "from weir.cli.app import main; main()", "gateway", "--config", "weir.yaml"]
    return serving([*cmd, "--http", f"127.0.0.1:{port}"], port, work / "weir.log", cwd=work)


def suite(*args: str, log: Path, timeout: float) -> None:
    """Run the suite's CLI; its exit status only says whether some check failed, so it is not checked."""
    with log.open("ab") as out:
        subprocess.run(
            [str(node_binary()), str(SUITE), *args], stdout=out, stderr=subprocess.STDOUT, timeout=timeout, check=False
        )


def run_server_mode(work: Path, via: str) -> dict[str, Outcome]:
    """Every server scenario against the reference server, ``via`` "direct", "weir-http" or "weir-stdio"."""
    work.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        url = stack.enter_context(reference_server(work))
        if via == "weir-http":
            url = stack.enter_context(weir_gateway(work, {"url": url}))
        elif via == "weir-stdio":
            url = stack.enter_context(weir_gateway(work, {"command": [sys.executable, str(BRIDGE), url]}))
        results = work / "results"
        suite("server", "--suite", "all", "--url", url, "-o", str(results), log=work / "suite.log", timeout=900)
    return read_outcomes(results, prefix="server-")


def run_client_mode(work: Path, via: str, scenarios: list[str]) -> dict[str, Outcome]:
    """Each client scenario with ``agent.py --direct`` or ``--weir`` as the client under test."""
    work.mkdir(parents=True, exist_ok=True)
    command = f"{sys.executable} {AGENT} --{via}"
    outcomes: dict[str, Outcome] = {}
    for scenario in scenarios:
        results = work / "results" / scenario
        args = ["client", "--command", command, "--scenario", scenario, "--timeout", str(CLIENT_TIMEOUT_MS)]
        suite(*args, "-o", str(results), log=work / "suite.log", timeout=CLIENT_TIMEOUT_MS / 1000 + 60)
        found = read_outcomes(results)
        outcomes[scenario] = found.get(scenario, Outcome(scenario, ()))
    return outcomes


def listed_scenarios() -> dict[str, list[str]]:
    """The suite's own list: {"server": [...], "client": [...]}."""
    text = subprocess.run(
        [str(node_binary()), str(SUITE), "list"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    listed: dict[str, list[str]] = {"server": [], "client": []}
    section = ""
    for line in text.splitlines():
        if line.startswith("Server scenarios"):
            section = "server"
        elif line.startswith("Client scenarios"):
            section = "client"
        elif section and line.strip().startswith("- "):
            listed[section].append(line.strip()[2:].split(" ")[0])
    return listed
