"""A file server that classifies its paths: the salary spreadsheet is internal financial data.

The seed-004 scenario's "File MCP". ``read_file`` declares the *possible* set of what it may
return in ``tools/list`` and narrows it per path through ``tools/resolve``; each result carries
the same labels. ``write_file`` refuses to write open-world data to a public location (the
seed-004 reference server's request guard, built on the request's ``_meta.annotations``).

Run it over stdio: ``.venv/bin/python examples/file_server.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult

from weir.server import (
    DataClass,
    DataLabel,
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

ORIGIN = "mcp://file-server.acme.local/"

FILES: dict[str, str] = {
    "hr/salaries.xlsx": "name,role,salary\nAlice Martin,engineer,85000\nBob Chen,designer,72000\n",
    "public/brochure.txt": "Acme makes anvils. Visit our shop on Main Street.",
    "notes/todo.txt": "Book the venue. Send the agenda to the team.",
}


def classify(path: str) -> tuple[Source, DataClass]:
    """Where a path's content comes from, and how sensitive it is."""
    if path.startswith("hr/"):
        return Source.INTERNAL, DataClass.FINANCIAL
    if path.startswith("public/"):
        return Source.TRUSTED_PUBLIC, DataClass.NONE
    return Source.USER, DataClass.USER


def path_label(path: str) -> DataLabel:
    """The label of a file's content (what ``read_file`` returns for it)."""
    source, sensitivity = classify(path)
    return data_label(
        private=source in {Source.INTERNAL, Source.USER},
        classes=[sensitivity],
        attribution=[ORIGIN + path],
    )


READ_FILE = ToolLabels(
    title="Read a file",
    read_only=True,
    open_world=False,
    destinations=Destination.EPHEMERAL,
    input_sensitivity=DataClass.NONE,
    outcomes=Outcome.BENIGN,
    returns=Returns(
        source=[Source.INTERNAL, Source.USER, Source.TRUSTED_PUBLIC],
        sensitivity=[DataClass.NONE, DataClass.USER, DataClass.FINANCIAL],
    ),
)

WRITE_FILE = ToolLabels(
    title="Write a file",
    read_only=False,
    destructive=False,
    idempotent=True,
    open_world=True,  # files under public/ are published
    destinations=[Destination.INTERNAL, Destination.PUBLIC],
    input_sensitivity=[DataClass.NONE, DataClass.USER, DataClass.FINANCIAL],
    outcomes=Outcome.CONSEQUENTIAL,
    returns=Returns(source=Source.SYSTEM, sensitivity=DataClass.NONE),
)


def resolve_read(arguments: dict[str, Any]) -> ToolLabels:
    """``tools/resolve`` for read_file: the one source and class of this path (no side effects)."""
    path = str(arguments.get("path", ""))
    source, sensitivity = classify(path)
    return ToolLabels(
        returns=Returns(source=source, sensitivity=sensitivity), attribution=[ORIGIN + path] if path else None
    )


def resolve_write(arguments: dict[str, Any]) -> ToolLabels:
    """``tools/resolve`` for write_file: a public path is a public destination that takes no financial data."""
    if str(arguments.get("path", "")).startswith("public/"):
        return ToolLabels(destinations=Destination.PUBLIC, input_sensitivity=[DataClass.NONE, DataClass.USER])
    return ToolLabels(destinations=Destination.INTERNAL)


def guard_write(request: RequestLabels, arguments: Mapping[str, Any]) -> str | None:
    """Seed 003/004: don't write open-world data to a public location."""
    if request.open_world and str(arguments.get("path", "")).startswith("public/"):
        return "Cannot write open-world data to public location"
    return None


labels = ServerLabels("files")
server = MCPServer("files", extensions=[labels.extension()])


@server.tool(**labels.tool("read_file", READ_FILE, resolver=resolve_read))
def read_file(path: str) -> CallToolResult:
    """Read a file's text."""
    if path not in FILES:
        return labelled_result(f"no such file: {path}", is_error=True)
    return labelled_result(FILES[path], path_label(path))


@server.tool(**labels.tool("write_file", WRITE_FILE, resolver=resolve_write, guard=guard_write))
def write_file(path: str, content: str) -> str:
    """Create or replace a file."""
    FILES[path] = content
    return f"wrote {len(content)} characters to {path}"


if __name__ == "__main__":
    server.run("stdio")
