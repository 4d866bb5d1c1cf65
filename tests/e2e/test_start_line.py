"""What `weir gateway` says at start about its upstreams, and how a server's own stderr reaches the log.

A server that dies at start is counted as failed in the start line, with the reason (and the last
line the server wrote on stderr); everything a server writes on stderr reaches Weir's stderr
prefixed with the server's name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.e2e.conftest import weir_command
from tests.gateway.conftest import WIRE_SERVER

pytestmark = pytest.mark.slow

DIES = (
    "import sys; print('starting up', file=sys.stderr); "
    "print('ImportError: no module fancy', file=sys.stderr); sys.exit(3)"
)


def test_a_dead_upstream_is_named_in_the_start_line_and_its_stderr_is_prefixed(tmp_path: Path) -> None:
    config = tmp_path / "weir.yaml"
    servers = {
        "wire": {"command": [sys.executable, str(WIRE_SERVER)]},  # a server that starts (and cheaply)
        "broken": {"command": [sys.executable, "-c", DIES]},
    }
    config.write_text(yaml.safe_dump({"servers": servers, "audit": {"path": "audit.db"}}), encoding="utf-8")
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    stdin = "".join(json.dumps(m) + "\n" for m in requests)
    done = subprocess.run(
        [*weir_command(), "gateway", "--config", str(config)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,  # a hang guard: the gateway ends when its stdin does
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [start] = [line for line in done.stderr.splitlines() if "serving MCP on stdio" in line]
    said = "upstreams=\"1, 1 failed: cannot connect: server 'broken' closed its output (exit code 3): ImportError"
    assert said in start, done.stderr
    assert "[broken] starting up" in done.stderr.splitlines()
    assert "[broken] ImportError: no module fancy" in done.stderr.splitlines()
    tools = json.loads(done.stdout.splitlines()[-1])["result"]["tools"]
    assert tools
    assert all(tool["name"].startswith("wire__") for tool in tools)
