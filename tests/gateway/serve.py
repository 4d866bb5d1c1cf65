"""Run a gateway for transport tests: ``python serve.py CONFIG.json``.

CONFIG.json: ``{"effects": {tool: effect}, "audit": path, "http": "127.0.0.1:PORT" | null,
"tokens": [...], "max_message_bytes": n}``. The upstream is wire_server.py over stdio; the
decision seam is the table decider (see conftest); the audit store is the real SQLite one.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.gateway.conftest import TableDecider, wire_upstream
from weir.audit import AuditConfig, open_store
from weir.gateway.config import GatewayConfig
from weir.gateway.proxy import Gateway
from weir.serving.runner import Listen, run_gateway


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text())
    settings = GatewayConfig(max_message_bytes=spec.get("max_message_bytes", 1 << 20), tokens=spec.get("tokens", []))
    store = open_store(AuditConfig(path=spec["audit"], redact=False))
    gateway = Gateway(
        settings,
        decider=TableDecider(effects=spec.get("effects", {})),
        audit=store,
        upstreams={"wire": wire_upstream()},
    )
    http = spec.get("http")
    listen = Listen() if not http else Listen(http.rsplit(":", 1)[0], int(http.rsplit(":", 1)[1]))
    asyncio.run(run_gateway(gateway, listen, tokens=settings.tokens))


if __name__ == "__main__":
    main()
