"""Typing smoke file: how a server author and a host developer use the public API, checked by mypy --strict.

Not collected by pytest (no ``test_`` prefix); ``tests/typing/test_typing.py`` runs mypy on it.
The ``type: ignore`` lines pin what must NOT type-check: mypy fails on an unused ignore.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult

from weir.client import CallOutcome, ConfirmRequest, MaliciousActivity, WeirClient
from weir.labels.datalabel import DataLabel
from weir.policy.decision import Verdict
from weir.server import (
    DataClass,
    Destination,
    Outcome,
    RequestLabels,
    Returns,
    ServerLabels,
    Source,
    ToolLabels,
    data_label,
    labelled_result,
)

SEND = ToolLabels(
    outcomes=Outcome.IRREVERSIBLE,
    destinations=[Destination.PUBLIC],
    returns=Returns(source=Source.SYSTEM, sensitivity=[DataClass.PII]),
    read_only=False,
)
WRONG = ToolLabels(outcomes="irreversible")  # type: ignore[arg-type]
ALSO_WRONG = Returns(source=[Destination.PUBLIC])  # type: ignore[list-item]

labels = ServerLabels("mail")
server = MCPServer("mail", extensions=[labels.extension()])


def guard(request: RequestLabels, arguments: Mapping[str, Any]) -> str | None:
    return "no" if request.open_world else None


def resolver(arguments: dict[str, Any]) -> ToolLabels:
    return ToolLabels(destinations=Destination.INTERNAL)


@server.tool(**labels.tool("send", SEND, guard=guard, resolver=resolver))
def send(to: str) -> CallToolResult:
    label: DataLabel = data_label(private=True, classes=[DataClass.PII])
    return labelled_result(f"sent to {to}", label)


async def host() -> bool:
    def ask(request: ConfirmRequest) -> bool:
        return request.tool == "send"

    async def alarm(activity: MaliciousActivity) -> None:
        print(activity.describe())

    async with WeirClient(confirm=ask, on_malicious=alarm) as client:
        await client.connect("mail", server)
        outcome: CallOutcome = await client.call_tool("mail", "send", {"to": "a@b.example"})
        verdict: Verdict = outcome.pre.applied
        level: int = client.label.level
        return outcome.succeeded and verdict is Verdict.ALLOW and level >= 0
