"""The TypeScript SDK's client completes the authorization flow against the gateway and calls tools.

The SDK the conformance tests already install (tests/conformance, scripts/_node.sh) runs
``ts_client.mjs``: it meets the gateway's 401, discovers the Protected Resource Metadata and the
authorization server (the real oidc-provider), gets a token with client credentials and calls a
tool. Its principal is an intern, so it is not shown ``delete_file`` either.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from tests.deadlines import hang_guard
from tests.identity.authserver import AuthServer, node_or_skip
from tests.identity.conftest import TS, deployment, serving
from tests.identity.test_principals_in_policy import RULES

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

HERE = Path(__file__).resolve().parent
SDK = HERE.parent / "conformance" / "node_modules" / "@modelcontextprotocol" / "sdk"


async def test_typescript_sdk_client(authserver: AuthServer, resource: str, gateway_port: int) -> None:
    node = node_or_skip()
    if not SDK.exists():
        if os.environ.get("CI"):
            pytest.fail("the TypeScript SDK is not installed (scripts/_node.sh)")
        pytest.skip("the TypeScript SDK is not installed (scripts/_node.sh runs `npm ci` in tests/conformance)")
    dep = deployment(authserver, resource, policy={"packs": [], "rules": RULES})
    async with serving(dep, gateway_port) as url:
        proc = await asyncio.create_subprocess_exec(
            node,
            str(HERE / "ts_client.mjs"),
            url,
            TS.client_id,
            TS.secret,
            "mcp",
            env={**os.environ, "WEIR_TS_SDK": str(SDK)},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), hang_guard(120))
    assert proc.returncode == 0, err.decode()
    answer = json.loads(out.decode().strip().splitlines()[-1])
    assert answer["isError"] is False
    assert "Book the venue" in answer["text"]
    assert "files__read_file" in answer["tools"]
    assert "files__delete_file" not in answer["tools"]  # an intern's list
