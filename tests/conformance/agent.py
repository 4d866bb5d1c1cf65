"""The client the conformance suite's *client* scenarios run: an agent, alone or behind Weir.

The suite starts a scenario's server and runs ``agent.py MODE URL``. A gateway is a client of
its upstreams, so "Weir as the client" is this agent talking to ``weir gateway`` (stdio) whose
one upstream is the scenario's server (``url:``); the suite judges what reaches that server.
With ``--direct`` the same agent talks to the server itself: the baseline, so that a scenario
the agent (the Python SDK client) cannot pass on its own is not blamed on Weir.

The agent is scenario-blind, like an agent that does not know it is being tested: it connects
(2025-11-25), lists the tools and calls each once with arguments made from its input schema. It
answers sampling with a fixed reply and accepts every elicitation form as presented — each
field at its default, like a user who submits a pre-filled form unchanged. It exits non-zero
when a step fails.

Usage: ``python agent.py (--direct | --weir) URL``
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

import mcp_types as t
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters

# A permissive policy, as in harness.py (this file runs as a script, outside the tests package):
# the measurement is about protocol fidelity, not decisions.
PERMISSIVE_POLICY = {"packs": ["observe"], "mode": "audit"}


def sample_value(schema: dict[str, Any]) -> Any:
    """A value of the schema's type (its default when it has one)."""
    if "default" in schema:
        return schema["default"]
    for key in ("enum", "oneOf", "anyOf"):
        if schema.get(key):
            first = schema[key][0]
            return first.get("const") if isinstance(first, dict) else first
    kind = schema.get("type")
    samples: dict[str, Any] = {"number": 1, "integer": 1, "boolean": True, "array": [], "object": {}}
    return samples.get(kind, "x") if isinstance(kind, str) else "x"


def sample_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments for every required property (and every property that has a default)."""
    properties: dict[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    return {name: sample_value(p) for name, p in properties.items() if name in required or "default" in p}


async def on_sampling(ctx: Any, params: Any) -> t.CreateMessageResult:
    return t.CreateMessageResult(
        role="assistant", content=t.TextContent(type="text", text="a sampled reply"), model="weir-conformance-agent"
    )


async def on_elicitation(ctx: Any, params: Any) -> t.ElicitResult:
    schema = getattr(params, "requested_schema", None)
    if schema is None:
        return t.ElicitResult(action="accept")
    form = schema if isinstance(schema, dict) else schema.model_dump(by_alias=True, exclude_none=True)
    content = {name: sample_value(p) for name, p in (form.get("properties") or {}).items()}
    return t.ElicitResult(action="accept", content=content)


async def exercise(server: Any) -> None:
    async with Client(
        server, mode="legacy", sampling_callback=on_sampling, elicitation_callback=on_elicitation
    ) as client:
        listed = await client.list_tools()
        for tool in listed.tools:
            result = await client.call_tool(tool.name, sample_arguments(tool.input_schema))
            print(f"{tool.name}: isError={result.is_error}", flush=True)


def weir_server(url: str, directory: Path) -> StdioServerParameters:
    """``weir gateway`` over stdio with the scenario's server as its one HTTP upstream."""
    config = {
        "servers": {"upstream": {"url": url}},
        "policy": PERMISSIVE_POLICY,
        "audit": {"path": str(directory / "audit.db")},
    }
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config))
    weir = ["-c", "from weir.cli.app import main; main()", "gateway", "--config", str(path), "--stdio"]
    return StdioServerParameters(command=sys.executable, args=weir, cwd=str(directory))


async def main(mode: str, url: str) -> None:
    if mode == "--direct":
        await exercise(url)
        return
    with tempfile.TemporaryDirectory(prefix="weir-agent-") as tmp:
        await exercise(weir_server(url, Path(tmp)))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("--direct", "--weir"):
        sys.exit(__doc__)
    asyncio.run(main(sys.argv[1], sys.argv[2]))
