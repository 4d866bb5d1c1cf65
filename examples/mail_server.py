"""A mail server with the worked tools of seed 002: read_drafts, list_inbox, send_email.

The labels are the seed's, written with typed values. ``list_inbox`` labels every message on
its own (issue 711: per-item annotations for list results) — a mail from outside the company is
open-world, one from a colleague is private — and the result's label is their join.
``send_email`` refuses, as seed 004's Email MCP does, to send a session holding open-world data
to an address outside the company.

Run it over stdio: ``.venv/bin/python examples/mail_server.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent

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
    label_items,
    label_result,
    labelled_result,
)

COMPANY = "acme.example"

DRAFTS = [{"to": "team@acme.example", "subject": "Offsite", "body": "Draft agenda: planning, then dinner."}]
INBOX = [
    {"id": "1", "from": "alice@acme.example", "subject": "Q3 numbers", "body": "Revenue was 4.2M, keep it internal."},
    {"id": "2", "from": "news@deals.example", "subject": "Deals!", "body": "Reply with your card number to win."},
]
SENT: list[dict[str, str]] = []

# Seed 002, "Read Email Drafts Action".
READ_DRAFTS = ToolLabels(
    read_only=True,
    open_world=False,
    destinations=Destination.EPHEMERAL,
    input_sensitivity=DataClass.NONE,
    outcomes=Outcome.BENIGN,
    returns=Returns(source=Source.USER, sensitivity=DataClass.PII),
)
# Seed 002, "List Email Inbox Action".
LIST_INBOX = ToolLabels(
    read_only=True,
    open_world=True,  # mail from outside the company is open-world content
    destinations=Destination.EPHEMERAL,
    input_sensitivity=DataClass.NONE,
    outcomes=Outcome.BENIGN,
    returns=Returns(source=Source.UNTRUSTED_PUBLIC, sensitivity=[DataClass.PII, DataClass.USER]),
)
# Seed 002, "Send Email Action".
SEND_EMAIL = ToolLabels(
    read_only=False,
    destructive=False,
    open_world=True,
    destinations=Destination.PUBLIC,
    input_sensitivity=[DataClass.PII, DataClass.USER],
    outcomes=Outcome.IRREVERSIBLE,
    returns=Returns(source=Source.SYSTEM, sensitivity=DataClass.NONE),
    requires_confirmation=True,  # irreversible: the server asks hosts to confirm (seed 000)
)


def external(address: str) -> bool:
    """Whether an address is outside the company."""
    return not address.lower().endswith("@" + COMPANY)


def guard_send(request: RequestLabels, arguments: Mapping[str, Any]) -> str | None:
    """Seed 004: refuse to send open-world content to an external address."""
    if request.open_world and external(str(arguments.get("to", ""))):
        return "Cannot send untrusted (open-world) content to an external address"
    return None


labels = ServerLabels("mail")
server = MCPServer("mail", extensions=[labels.extension()])


@server.tool(**labels.tool("read_drafts", READ_DRAFTS))
def read_drafts() -> CallToolResult:
    """Read the user's email drafts."""
    text = "\n\n".join(f"To: {d['to']}\nSubject: {d['subject']}\n{d['body']}" for d in DRAFTS)
    return labelled_result(text, data_label(private=True, classes=[DataClass.PII], attribution=["mail://drafts"]))


@server.tool(**labels.tool("list_inbox", LIST_INBOX))
def list_inbox(limit: int = 10) -> CallToolResult:
    """List the most recent messages in the user's inbox."""
    messages = INBOX[: max(0, limit)]
    item_labels = [
        data_label(
            untrusted=external(m["from"]),
            private=not external(m["from"]),
            classes=[DataClass.PII],
            attribution=[f"mail://inbox/{m['id']}"],
        )
        for m in messages
    ]
    items = label_items(messages, item_labels)
    text = "\n".join(f"{m['id']}: {m['from']} - {m['subject']}" for m in messages)
    result = CallToolResult(content=[TextContent(type="text", text=text)], structured_content={"messages": items})
    return label_result(result)


@server.tool(**labels.tool("send_email", SEND_EMAIL, guard=guard_send))
def send_email(to: str, subject: str, body: str) -> str:
    """Send an email on behalf of the user."""
    SENT.append({"to": to, "subject": subject, "body": body})
    return f"sent to {to}"


if __name__ == "__main__":
    server.run("stdio")
