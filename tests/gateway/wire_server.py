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


def send(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def call_tool(params: dict[str, Any]) -> dict[str, Any] | None:
    name, args = params.get("name"), params.get("arguments") or {}
    meta = params.get("_meta") or {}
    if name == "echo":
        return {
            "content": [{"type": "text", "text": str(args.get("text", "")), "_meta": {"vendor.example/block": "b"}}],
            "structuredContent": {"echo": args.get("text"), "seenMeta": meta},
            "isError": False,
            "_meta": {"vendor.example/result": {"deep": True}},
        }
    if name == "send_mail":
        return {"content": [{"type": "text", "text": f"sent to {args.get('to')}"}]}
    if name == "leak":
        return {"content": [{"type": "text", "text": f"the key is {SECRET} keep it safe"}]}
    if name == "ask":
        send(
            {
                "jsonrpc": "2.0",
                "id": "q1",
                "method": "elicitation/create",
                "params": {
                    "mode": "form",
                    "message": "Which colour?",
                    "requestedSchema": {"type": "object", "properties": {"colour": {"type": "string"}}},
                },
            }
        )
        for line in sys.stdin:
            reply = json.loads(line)
            if reply.get("id") == "q1":
                return {
                    "content": [
                        {
                            "type": "text",
                            "text": f"wire:{json.dumps(reply.get('result') or reply.get('error'), sort_keys=True)}",
                        }
                    ]
                }
        return None
    if name == "transfer":
        return {"content": [{"type": "text", "text": f"moved to {args.get('iban')}"}]}
    if name == "flaky":
        marker = str(args.get("marker"))
        if not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(4)
        return {"content": [{"type": "text", "text": "worked the second time"}]}
    if name == "crash":
        os._exit(3)
    if name == "slow":
        token = meta.get("progressToken")
        if token is not None:
            send(
                {
                    "jsonrpc": "2.0",
                    "method": "notifications/progress",
                    "params": {"progressToken": token, "progress": 1, "total": 2},
                }
            )
        time.sleep(float(args.get("seconds", 0.2)))
        return {"content": [{"type": "text", "text": "done"}]}
    return None


def handle(msg: dict[str, Any]) -> dict[str, Any] | None:
    method, params, mid = msg.get("method"), msg.get("params") or {}, msg.get("id")
    if mid is None:
        return None
    if method == "server/discover" and not LEGACY:
        result: dict[str, Any] = {
            "supportedVersions": ["2026-07-28"],
            "capabilities": {"tools": {}, "prompts": {}, "resources": {}},
        }
    elif method == "initialize":
        result = {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}, "prompts": {}, "resources": {}},
            "serverInfo": {"name": "wire", "version": "1"},
        }
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "prompts/list":
        result = {"prompts": [{"name": "greet", "description": "Say hi", "_meta": {"vendor.example/p": 1}}]}
    elif method == "prompts/get":
        result = {"messages": [{"role": "user", "content": {"type": "text", "text": f"hi {params.get('name')}"}}]}
    elif method == "resources/list":
        result = {"resources": [{"uri": "mem://note", "name": "note", "_meta": {"vendor.example/r": 2}}]}
    elif method == "resources/read":
        result = {"contents": [{"uri": params.get("uri"), "text": "note body", "_meta": {"vendor.example/c": 3}}]}
    elif method == "tools/call" and params.get("name") == "fail":
        return {
            "jsonrpc": "2.0",
            "id": mid,
            "error": {"code": -32001, "message": "tool exploded", "data": {"why": "test"}},
        }
    elif method == "tools/call" and (res := call_tool(params)) is not None:
        result = res
    elif method == "tools/resolve":
        annotations = {
            "destructiveHint": True,
            "openWorldHint": str(params.get("arguments", {}).get("iban", "")).startswith("XX"),
        }
        result = {"resultType": "complete", "name": params.get("name"), "annotations": annotations}
    elif method == "ping":
        result = {}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"Method not found: {method}"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}


def main() -> None:
    for line in sys.stdin:
        if line.strip():
            reply = handle(json.loads(line))
            if reply is not None:
                send(reply)


if __name__ == "__main__":
    main()
