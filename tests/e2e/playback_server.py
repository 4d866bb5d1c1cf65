"""A real MCP server over stdio that plays back one recorded session of one server.

Run: ``python playback_server.py SCRIPT.json``, where the script is ``{"tools": [...], "calls":
[{"tool", "arguments", "result"}, ...]}``: the server lists exactly the recorded tools (raw, every
key kept) and answers each ``tools/call`` with the next recorded result, in order. A call that is
not the next one recorded (another tool, other arguments) is answered with a JSON-RPC error naming
both, so a test whose client strays from the recording fails loudly instead of deciding on
different data. It speaks 2025-11-25 (``initialize``) on line-delimited JSON-RPC.

One script may hold several sessions of the server, for a gateway that serves them one after
another and starts one process per client connection: ``{"tools": [...], "sessions": {ID: calls},
"current": PATH}``. A process plays the session whose id the file ``PATH`` names when the process
receives its first ``tools/call`` (the test writes it before it connects that session's client),
and only that one, as strictly as above.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def main() -> None:
    """Answer JSON-RPC on stdin until it closes."""
    with open(sys.argv[1], encoding="utf-8") as handle:
        script = json.load(handle)
    tools: list[dict[str, Any]] = script["tools"]
    calls: list[dict[str, Any]] | None = list(script["calls"]) if "calls" in script else None
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if msg.get("id") is None:
            continue  # a notification
        if calls is None and msg.get("method") == "tools/call":
            calls = _current_session(script)
        reply = {"jsonrpc": "2.0", "id": msg["id"]}
        reply.update(_answer(msg.get("method"), msg.get("params") or {}, tools, calls or []))
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def _current_session(script: dict[str, Any]) -> list[dict[str, Any]]:
    """The recorded calls of the session the ``current`` file names (none for a session without calls here)."""
    sid = Path(script["current"]).read_text(encoding="utf-8").strip()
    return list(script["sessions"].get(sid, []))


def _answer(method: Any, params: dict[str, Any], tools: list[dict[str, Any]], calls: list[dict[str, Any]]) -> Any:
    if method == "initialize":
        info = {"name": "playback", "version": "1.0"}
        return {"result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": info}}
    if method == "tools/list":
        return {"result": {"tools": tools}}
    if method == "ping":
        return {"result": {}}
    if method != "tools/call":
        return {"error": {"code": -32601, "message": f"Method not found: {method}"}}
    asked = (params.get("name"), params.get("arguments") or {})
    if not calls or (calls[0]["tool"], calls[0]["arguments"]) != asked:
        expected = (calls[0]["tool"], calls[0]["arguments"]) if calls else "no more calls"
        return {"error": {"code": -32000, "message": f"playback out of step: asked {asked}, recorded {expected}"}}
    return {"result": calls.pop(0)["result"]}


if __name__ == "__main__":
    main()
