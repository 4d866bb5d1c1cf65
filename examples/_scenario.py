"""What the scenario scripts share: starting the example servers, asking the user, printing.

Every scenario prints a readable transcript, or with ``--json`` one JSON object per call (the
tests read that form).
"""

from __future__ import annotations

import argparse
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


_SHOWN = 160
"""Characters of a result's first line the transcript shows (a blocked call's reason runs long)."""


def show(step: CallOutcome, out: Callable[[str], None]) -> None:
    """One call, readably: the decisions before and after it (as ``--json`` has them), why, the
    user's answer, the beginning of what came back."""
    resolved = " (after tools/resolve)" if step.resolved else ""
    after = f"; its result: {step.post.applied}" if step.post is not None else ""
    out(f"-> {step.server}/{step.tool}: {step.pre.applied}{resolved}{after}")
    for rule in step.pre.rules:
        out(f"   {rule.name}: {rule.reason.split(' — ')[0]}")
    if step.confirmed is not None:
        out(f"   the user {'approved' if step.confirmed else 'declined'}")
    if step.error:
        out(f"   the server refused: {step.error}")
    first = step.text.splitlines()[0] if step.text else "(empty)"
    first = first if len(first) <= _SHOWN else first[:_SHOWN] + "…"
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
    """``[--approve | --decline] [--json] [--help]``: how the scripted user answers (``approve``
    unless the script says otherwise: declines), and JSON lines instead of a transcript."""
    module = sys.modules.get(scenario.__module__)
    parser = argparse.ArgumentParser(
        description=(module.__doc__ or "").split("\n\n")[0] if module else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    answer = parser.add_mutually_exclusive_group()
    answer.add_argument("--approve", action="store_true", help="the scripted user approves what Weir asks")
    answer.add_argument("--decline", action="store_true", help="the scripted user declines what Weir asks")
    parser.add_argument("--json", action="store_true", help="print one JSON object per call instead of a transcript")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    approve = (approve or args.approve) and not args.decline
    anyio.run(lambda: play(scenario, servers, approve=approve, as_json=args.json))
