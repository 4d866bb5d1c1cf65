"""A gateway in front of the real stdio wire server, with the table decider, for observation tests.

The decider is the gateway tests' table (``crash`` blocks, ``send_mail`` asks); everything else —
the pipeline, the upstream subprocess, the SDK client in memory — is the real thing.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from mcp import Client

from tests.gateway.conftest import TableDecider, make_gateway, wire_upstream
from weir.config import WeirConfig
from weir.testing import MemoryTransport


@contextlib.asynccontextmanager
async def confirm_gateway(mode: str = "legacy", **gateway_kw: Any) -> AsyncIterator[Client]:
    """An SDK client (no elicitation) connected to a gateway over one wire upstream."""
    decider = TableDecider(effects={"crash": "block", "send_mail": "confirm"})
    gateway, _audit = make_gateway(decider, {"wire": wire_upstream()}, config=WeirConfig(), **gateway_kw)
    try:
        async with Client(MemoryTransport(gateway), mode=mode) as client:
            yield client
    finally:
        await gateway.close()
