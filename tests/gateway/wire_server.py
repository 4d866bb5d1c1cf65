"""A real MCP server over stdio, written on the raw wire so tests control every byte.

SDK servers re-type tools and drop unknown annotation keys; this one sends exactly what the
test needs (unknown keys, `_meta` everywhere), speaks 2026-07-28 or, with ``--legacy``, only
2025-11-25, and can crash mid-call. Run: ``python wire_server.py [--legacy]``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

LEGACY = "--legacy" in sys.argv
SECRET = "AKIAIOSFODNN7EXAMPLE"

TOOLS: list[dict[str, Any]] = [
    {
        "name": "echo",
        "description": "Echo the text back.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
        "annotations": {"readOnlyHint": True, "x-vendor/customHint": 42, "sensitiveDataHint": False},
        "_meta": {"vendor.example/flag": {"a": [1, 2]}, "mcp.dev/idempotent": True},
    },
    {
        "name": "send_mail",
        "description": "Send an e-mail.",
        "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}},
        "annotations": {"destructiveHint": False, "openWorldHint": True},
    },
    {"name": "leak", "description": "Returns a credential.", "inputSchema": {"type": "object"}},
    {"name": "crash", "description": "Exits mid-call.", "inputSchema": {"type": "object"}},
    {"name": "later", "description": "Logs a line after its result.", "inputSchema": {"type": "object"}},
    {"name": "slow", "description": "Takes a while.", "inputSchema": {"type": "object"}},
    {"name": "fail", "description": "Answers with a JSON-RPC error.", "inputSchema": {"type": "object"}},
    {"name": "flaky", "description": "Crashes once, then works.", "inputSchema": {"type": "object"}},
    {"name": "ask", "description": "Asks the user mid-call (elicitation/create).", "inputSchema": {"type": "object"}},
    {
        "name": "transfer",
        "description": "Moves money; resolvable.",
        "inputSchema": {"type": "object", "properties": {"iban": {"type": "string"}}},
        "_meta": {"io.modelcontextprotocol/tool-resolution": {"resolvable": True}},
    },
]

GROWN = {"name": "grown", "description": "Appeared after grow.", "inputSchema": {"type": "object"}}
if "--grow" in sys.argv:
    TOOLS.append({"name": "grow", "description": "Adds a tool, then says so.", "inputSchema": {"type": "object"}})


def send(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def _text(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}]}


def _echo(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "content": [{"type": "text", "text": str(args.get("text", "")), "_meta": {"vendor.example/block": "b"}}],
        "structuredContent": {"echo": args.get("text"), "seenMeta": meta},
        "isError": False,
        "_meta": {"vendor.example/result": {"deep": True}},
    }


def _slow(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    token = meta.get("progressToken")
    if token is not None:
        progress = {"progressToken": token, "progress": 1, "total": 2}
        send({"jsonrpc": "2.0", "method": "notifications/progress", "params": progress})
    time.sleep(float(args.get("seconds", 0.2)))
    return _text("done")


def _ask(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    schema = {"type": "object", "properties": {"colour": {"type": "string"}}}
    params = {"mode": "form", "message": "Which colour?", "requestedSchema": schema}
    send({"jsonrpc": "2.0", "id": "q1", "method": "elicitation/create", "params": params})
    for line in sys.stdin:
        reply = json.loads(line)
        if reply.get("id") == "q1":
            return _text(f"wire:{json.dumps(reply.get('result') or reply.get('error'), sort_keys=True)}")
    return _text("wire:no answer")


def _flaky(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    marker = str(args.get("marker"))
    if not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(4)
    return _text("worked the second time")


def _crash(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    os._exit(3)


def _grow(args: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    if GROWN not in TOOLS:
        TOOLS.append(GROWN)
    send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    return _text("grew")


CALLS = {
    "grow": _grow,
    "grown": lambda args, meta: _text("hello from the new tool"),
    "echo": _echo,
    "slow": _slow,
    "ask": _ask,
    "flaky": _flaky,
    "crash": _crash,
    "send_mail": lambda args, meta: _text(f"sent to {args.get('to')}"),
    "leak": lambda args, meta: _text(f"the key is {SECRET} keep it safe"),
    "transfer": lambda args, meta: _text(f"moved to {args.get('iban')}"),
    "later": lambda args, meta: _text("a log line follows this result"),
}
LATER = {"level": "info", "logger": "wire", "data": "logged after the call"}
TEMPLATES = [{"uriTemplate": f"mem://t{i}/{{id}}", "name": f"t{i}"} for i in range(3)]


def _templates(params: dict[str, Any]) -> dict[str, Any]:
    """Two templates a page, and a list-level ``_meta``."""
    start = int(params.get("cursor") or 0)
    page: dict[str, Any] = {"resourceTemplates": TEMPLATES[start : start + 2], "_meta": {"vendor.example/page": start}}
    if start + 2 < len(TEMPLATES):
        page["nextCursor"] = str(start + 2)
    return page


CAPS = {"tools": {}, "prompts": {}, "resources": {}}


def _resolve(params: dict[str, Any]) -> dict[str, Any]:
    public = str(params.get("arguments", {}).get("iban", "")).startswith("XX")
    annotations = {"destructiveHint": True, "openWorldHint": public}
    return {"resultType": "complete", "name": params.get("name"), "annotations": annotations}


METHODS = {
    "initialize": lambda p: {"protocolVersion": "2025-11-25", "capabilities": CAPS, "serverInfo": {"name": "wire"}},
    "tools/list": lambda p: {"tools": TOOLS},
    "tools/resolve": _resolve,
    "prompts/list": lambda p: {
        "prompts": [{"name": "greet", "description": "Say hi", "_meta": {"vendor.example/p": 1}}]
    },
    "prompts/get": lambda p: {
        "messages": [{"role": "user", "content": {"type": "text", "text": f"hi {p.get('name')}"}}]
    },
    "resources/list": lambda p: {
        "resources": [{"uri": "mem://note", "name": "note", "_meta": {"vendor.example/r": 2}}]
    },
    "resources/read": lambda p: {
        "contents": [{"uri": p.get("uri"), "text": "note body", "_meta": {"vendor.example/c": 3}}]
    },
    "resources/templates/list": _templates,
    "ping": lambda p: {},
}
if not LEGACY:
    METHODS["server/discover"] = lambda p: {"supportedVersions": ["2026-07-28"], "capabilities": CAPS}


def handle(msg: dict[str, Any]) -> dict[str, Any] | None:
    method, params, mid = msg.get("method"), msg.get("params") or {}, msg.get("id")
    if mid is None:
        return None
    if method == "tools/call" and params.get("name") == "fail":
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32001, "message": "tool exploded", "data": {}}}
    if method == "tools/call" and params.get("name") in CALLS:
        result = CALLS[params["name"]](params.get("arguments") or {}, params.get("_meta") or {})
        return {"jsonrpc": "2.0", "id": mid, "result": result}
    if method in METHODS:
        return {"jsonrpc": "2.0", "id": mid, "result": METHODS[method](params)}
    return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"Method not found: {method}"}}


def main() -> None:
    for line in sys.stdin:
        if line.strip():
            msg = json.loads(line)
            reply = handle(msg)
            if reply is not None:
                send(reply)
            if msg.get("method") == "tools/call" and (msg.get("params") or {}).get("name") == "later":
                send({"jsonrpc": "2.0", "method": "notifications/message", "params": LATER})  # no call in flight


if __name__ == "__main__":
    main()
