"""Evidence Weir gives, end to end: a released result names its decision's audit record.

The real Guard and the production SQLite audit store (with its redactor) behind the gateway, a
real stdio server (wire_server.py), both revisions. Each tool result the client receives carries
a trust-annotations ``evidenceRef`` of type ``policy-decision``; saved to a file, ``weir audit
verify-evidence`` re-derives it from the trail and ``weir audit show`` prints the record. A
forged digest, an unknown reference and a record rewritten in the database all fail.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import anyio
import mcp_types as t
import pytest
from mcp import Client
from typer.testing import CliRunner

from tests.gateway.conftest import wire_upstream
from tests.gateway.wire_server import KEYS
from weir.cli.app import app
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.gateway.downstream.memory import MemoryTransport
from weir.gateway.proxy import Gateway
from weir.guard import Guard
from weir.labels.keys import TRUST_ANNOTATIONS
from weir.serving.stores import open_audit

pytestmark = pytest.mark.anyio
HANG_GUARD_S = 120  # generous: only a hang fails it
runner = CliRunner()


async def _results(work: Path, mode: str, *, evidence: bool = True) -> dict[str, dict[str, Any]]:
    """The raw results of ``echo`` and ``shaped`` (a credential in its ``_meta``) as the client
    received them, by tool."""
    config = WeirConfig.model_validate(
        {
            "servers": {"wire": {"trust": "trusted"}},
            "audit": {"path": str(work / "audit.db")},
            "gateway": {"decision_evidence": evidence},
        }
    )
    audit = open_audit(config)
    gateway = Gateway(
        config.gateway,
        decider=Guard(config, chain=Chain.from_specs(config.detectors)),
        audit=audit,
        upstreams={"wire": wire_upstream()},
    )
    tap: list[dict[str, Any]] = []
    try:
        async with Client(MemoryTransport(gateway, tap=tap.append), mode=mode) as client:
            with anyio.fail_after(HANG_GUARD_S):
                await client.list_tools()
                await client.call_tool("echo", {"text": "hello"})
                await client.call_tool("shaped", {"case": "result-meta"})
    finally:
        await gateway.close()
        audit.close()
    calls = [m["result"] for m in tap if isinstance(m.get("result"), dict) and "content" in m["result"]]
    assert len(calls) == 2
    return {"echo": calls[0], "shaped": calls[1]}


def _ref(result: dict[str, Any]) -> dict[str, Any]:
    ref = result["_meta"][TRUST_ANNOTATIONS]["evidenceRef"]
    assert isinstance(ref, dict)
    return ref


def _verify(work: Path, result: dict[str, Any]) -> Any:
    saved = work / "result.json"
    saved.write_text(json.dumps(result), encoding="utf-8")
    return runner.invoke(app, ["audit", "verify-evidence", str(saved), "--db", str(work / "audit.db")])


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_each_released_result_names_its_record_and_verifies_against_the_trail(tmp_path: Path, mode: str) -> None:
    results = await _results(tmp_path, mode)
    for tool, result in results.items():
        ref = _ref(result)
        assert ref["type"] == "policy-decision"
        assert ref["canonicalization"] == "jcs/rfc8785"
        assert ref["digest"].startswith("sha256:")
        assert ref["ref"].startswith("urn:weir:audit:")
        verified = _verify(tmp_path, result)
        assert verified.exit_code == 0, verified.output
        assert f"result «wire/{tool}»" in verified.stdout
        shown = runner.invoke(app, ["audit", "show", ref["ref"], "--db", str(tmp_path / "audit.db")])
        assert shown.exit_code == 0, shown.output
        assert shown.stdout.splitlines()[-1].startswith(f"evidence: {ref['digest']} (jcs/rfc8785)")
    # The key was redacted before the client saw it; the record's reasons were redacted by
    # the store: the evidence does not depend on either.
    assert KEYS["result-meta"] not in json.dumps(results["shaped"])
    assert KEYS["result-meta"] not in (tmp_path / "audit.db").read_bytes().decode("utf-8", "replace")


STOP = {"name": "no-stop", "effect": "block", "when": "tool.name == 'echo' && arguments.text == 'stop'", "reason": "r"}
ASK = {
    "name": "ask-first",
    "effect": "confirm",
    "when": "tool.name == 'echo' && arguments.text == 'ask'",
    "reason": "r",
}


async def _refused(work: Path, mode: str) -> dict[str, t.CallToolResult]:
    """A call the policy blocks and one it confirms, which this client cannot be asked about (the
    fallback blocks it), through the gateway, by the rule that stopped it."""
    config = WeirConfig.model_validate(
        {
            "servers": {"wire": {"trust": "trusted"}},
            "policy": {"rules": [STOP, ASK]},
            "audit": {"path": str(work / "audit.db")},
            "gateway": {"confirm_fallback": "block"},
        }
    )
    audit = open_audit(config)
    gateway = Gateway(config.gateway, decider=Guard(config), audit=audit, upstreams={"wire": wire_upstream()})
    try:
        async with Client(MemoryTransport(gateway), mode=mode) as client:
            with anyio.fail_after(HANG_GUARD_S):
                await client.list_tools()
                stopped = await client.call_tool("echo", {"text": "stop"})
                unasked = await client.call_tool("echo", {"text": "ask"})
    finally:
        await gateway.close()
        audit.close()
    return {"no-stop": stopped, "weir/confirm": unasked}


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_blocked_or_declined_call_names_the_record_of_its_block(tmp_path: Path, mode: str) -> None:
    for rule, refused in (await _refused(tmp_path, mode)).items():
        assert refused.is_error is True
        result = refused.model_dump(by_alias=True, mode="json", exclude_none=True)
        ref = _ref(result)
        assert ref["type"] == "policy-decision"
        verified = _verify(tmp_path, result)
        assert verified.exit_code == 0, verified.output
        assert "call «wire/echo»" in verified.stdout
        assert "→block" in verified.stdout
        assert rule in verified.stdout  # the record is the block's: its rule, and (declined) the refusal
        shown = runner.invoke(app, ["audit", "show", ref["ref"], "--db", str(tmp_path / "audit.db"), "--json"])
        assert shown.exit_code == 0, shown.output
        assert json.loads(shown.stdout)["event"]["decision"]["applied"] == "block"


async def test_a_forged_digest_an_unknown_ref_and_a_rewritten_record_fail(tmp_path: Path) -> None:
    result = (await _results(tmp_path, "2026-07-28"))["echo"]
    ref = _ref(result)

    forged = json.loads(json.dumps(result))
    forged["_meta"][TRUST_ANNOTATIONS]["evidenceRef"]["digest"] = "sha256:" + "0" * 64
    failed = _verify(tmp_path, forged)
    assert failed.exit_code == 1
    assert "MISMATCH" in failed.stderr

    unknown = json.loads(json.dumps(result))
    unknown["_meta"][TRUST_ANNOTATIONS]["evidenceRef"]["ref"] = "urn:weir:audit:" + "f" * 32
    missing = _verify(tmp_path, unknown)
    assert missing.exit_code == 1
    assert "NOT FOUND" in missing.stderr

    # Someone with write access to the database turns the allow into a block: the record no
    # longer matches what the client was given.
    with sqlite3.connect(tmp_path / "audit.db") as db:
        rows = db.execute("SELECT id, event FROM events").fetchall()
        (row_id, text) = next((i, t) for i, t in rows if ref["ref"] in t)
        event = json.loads(text)
        event["decision"]["applied"] = "block"
        db.execute("UPDATE events SET event = ? WHERE id = ?", (json.dumps(event), row_id))
    rewritten = _verify(tmp_path, result)
    assert rewritten.exit_code == 1
    assert "MISMATCH" in rewritten.stderr


async def test_without_evidence_results_carry_no_reference(tmp_path: Path) -> None:
    for result in (await _results(tmp_path, "2026-07-28", evidence=False)).values():
        assert TRUST_ANNOTATIONS not in (result.get("_meta") or {})
        nothing = _verify(tmp_path, result)
        assert nothing.exit_code == 1
        assert "no policy-decision evidenceRef" in nothing.stderr


def test_unreadable_input_is_a_precise_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    out = runner.invoke(app, ["audit", "verify-evidence", str(bad), "--db", str(tmp_path / "audit.db")])
    assert out.exit_code == 2
    assert "is not JSON" in out.stderr
