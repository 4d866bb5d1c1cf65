"""What the scenario scripts share: starting the example servers, asking the user, printing.

Every scenario prints a readable transcript, or with ``--json`` one JSON object per call (the
tests read that form).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
from mcp.client.stdio import StdioServerParameters

from weir.client import CallOutcome, ConfirmRequest, MaliciousActivity, WeirClient
from weir.config import load_config

HERE = Path(__file__).resolve().parent
SCRIPTS = {"files": "file_server.py", "mail": "mail_server.py", "web": "web_fetcher.py"}
"""Server name → the example server's script."""
Scenario = Callable[[WeirClient, Callable[[str], None]], Awaitable[list[CallOutcome]]]
Connect = Callable[[WeirClient, str], Awaitable[Any]]


def stdio(script: str) -> StdioServerParameters:
    """The example server ``script`` (in this directory), started over stdio with this Python."""
    return StdioServerParameters(command=sys.executable, args=[str(HERE / script)])


async def over_stdio(host: WeirClient, name: str) -> None:
    """Start example server ``name`` as a subprocess and add it to the host's group."""
    await host.connect(name, stdio(SCRIPTS[name]))


def show(step: CallOutcome, out: Callable[[str], None]) -> None:
    """One call, readably: the pre-call decision, why, the user's answer, the first line back."""
    resolved = " (after tools/resolve)" if step.resolved else ""
    out(f"-> {step.server}/{step.tool}: {step.pre.applied}{resolved}")
    for rule in step.pre.rules:
        out(f"   {rule.name}: {rule.reason.split(' — ')[0]}")
    if step.confirmed is not None:
        out(f"   the user {'approved' if step.confirmed else 'declined'}")
    if step.error:
        out(f"   the server refused: {step.error}")
    first = step.text.splitlines()[0] if step.text else "(empty)"
    out(f"   result{' (error)' if step.result.get('isError') else ''}: {first}")


def record(step: CallOutcome) -> dict[str, Any]:
    """One call as JSON (the ``--json`` form)."""
    return {
        "server": step.server,
        "tool": step.tool,
        "pre": str(step.pre.applied),
        "rules": [r.name for r in step.pre.rules],
        "post": str(step.post.applied) if step.post else None,
        "resolved": step.resolved,
        "confirmed": step.confirmed,
        "succeeded": step.succeeded,
        "error": step.error,
        "malicious": step.malicious is not None,
        "label": {"untrusted": step.label.untrusted, "level": int(step.label.level), "malicious": step.label.malicious},
    }


async def play(
    scenario: Scenario,
    servers: Sequence[str],
    *,
    approve: bool,
    as_json: bool = False,
    connect: Connect = over_stdio,
) -> list[CallOutcome]:
    """Connect ``servers``, run ``scenario`` under ``weir.yaml`` with a user who answers ``approve``."""
    out: Callable[[str], None] = (lambda _: None) if as_json else print

    def ask(request: ConfirmRequest) -> bool:
        out(f"?? Weir asks the user: allow {request.server}/{request.tool}? -> {'yes' if approve else 'no'}")
        return approve

    def alarm(activity: MaliciousActivity) -> None:
        out(f"!! WARNING: {activity.describe()}")

    async with WeirClient(load_config(HERE / "weir.yaml"), confirm=ask, on_malicious=alarm) as host:
        for name in servers:
            await connect(host, name)
        steps = await scenario(host, out)
    if as_json:
        for step in steps:
            print(json.dumps(record(step)))
    return steps


def main(
    scenario: Scenario, servers: Sequence[str], *, approve: bool = False, argv: Sequence[str] | None = None
) -> None:
    """``[--approve | --decline] [--json]``: how the scripted user answers (default ``approve``); JSON lines."""
    args = list(sys.argv[1:] if argv is None else argv)
    approve = (approve or "--approve" in args) and "--decline" not in args
    anyio.run(lambda: play(scenario, servers, approve=approve, as_json="--json" in args))
