"""A real stdio MCP server (2025-11-25, raw wire) for sharing one process among connections.

Its tools say which process answered (``pid``), log a line after their result (``announce``: no
call in flight then), ask the user mid-call (``ask``: an ``elicitation/create`` tied to the call),
ask after their result (``ask_later``: a request outside any call), and tell what that late
question was answered (``heard``). Run: ``python share_server.py``.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from typing import Any

_TOOLS = ["pid", "announce", "ask", "ask_later", "heard"]
_ids = itertools.count(1)
_asked: dict[str, Any] = {}  # the id of a question sent mid-call → the id of the call it belongs to
_late: dict[str, Any] = {"answer": None}


def send(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def _text(mid: Any, text: str) -> None:
    send({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": text}]}})


def _question(qid: str, message: str) -> dict[str, Any]:
    schema = {"type": "object", "properties": {"colour": {"type": "string"}}}
    return {
        "jsonrpc": "2.0",
        "id": qid,
        "method": "elicitation/create",
        "params": {"mode": "form", "message": message, "requestedSchema": schema},
    }


def _call(mid: Any, name: str) -> None:
    if name == "pid":
        _text(mid, str(os.getpid()))
    elif name == "announce":
        _text(mid, "announced")
        send(
            {
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": "info", "data": f"from {os.getpid()}"},
            }
        )
    elif name == "ask":
        qid = f"q{next(_ids)}"
        _asked[qid] = mid
        send(_question(qid, "Which colour?"))
    elif name == "ask_later":
        _text(mid, "will ask")
        send(_question(f"late{next(_ids)}", "Which colour, later?"))
    elif name == "heard":
        _text(mid, json.dumps(_late["answer"]))


def _answered(msg: dict[str, Any]) -> None:
    qid = str(msg.get("id"))
    if qid in _asked:
        content = (msg.get("result") or {}).get("content") or {}
        _text(_asked.pop(qid), f"colour:{content.get('colour')}")
    elif qid.startswith("late"):
        _late["answer"] = msg


def handle(msg: dict[str, Any]) -> None:
    method, mid, params = msg.get("method"), msg.get("id"), msg.get("params") or {}
    if method is None:
        _answered(msg)
    elif mid is None:
        return  # a notification
    elif method == "initialize":
        info = {"name": "share-server", "version": "1"}
        result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}, "logging": {}}, "serverInfo": info}
        send({"jsonrpc": "2.0", "id": mid, "result": result})
    elif method == "tools/list":
        tools = [{"name": n, "description": f"The {n} tool.", "inputSchema": {"type": "object"}} for n in _TOOLS]
        send({"jsonrpc": "2.0", "id": mid, "result": {"tools": tools}})
    elif method == "tools/call":
        _call(mid, str(params.get("name")))
    elif method in ("ping", "logging/setLevel"):
        send({"jsonrpc": "2.0", "id": mid, "result": {}})
    else:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"Method not found: {method}"}})


def main() -> None:
    for line in sys.stdin:
        if line.strip():
            handle(json.loads(line))


if __name__ == "__main__":
    main()
