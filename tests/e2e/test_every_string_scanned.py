"""Every string of a tool result is scanned, and no secret reaches the client or the audit file.

`weir gateway` over stdio (the real CLI, the baseline pack, the default detectors, the SQLite
audit store), a raw JSON-RPC client, and tests/gateway/wire_server.py as the upstream, whose
``shaped`` tool returns a result with text in one place at a time: result ``_meta``, a block's
``_meta``, block annotations, a base64 text blob, a resource link. The client must see none
of the keys (blobs decoded before looking); the audit database and its WAL must hold none of
them, in clear or in base64, while the gateway runs and after it exits. Injection text in
``_meta`` or annotations is flagged as the same text in a text block is.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.e2e.conftest import weir_command
from tests.gateway.wire_server import KEYS, PNG, SHAPED
from weir.audit import AuditConfig, AuditQuery, open_store
from weir.detect.chain import Chain
from weir.detect.config import DetectorSpec

pytestmark = pytest.mark.slow

WIRE = Path(__file__).parents[1] / "gateway" / "wire_server.py"
ARGUMENT_KEY = "AKIAT7ZRT7LQXK5MB3WN"
"""A key the client itself sends, in the arguments and the request ``_meta`` (echoed back)."""
SECRETS = [*KEYS.values(), ARGUMENT_KEY]
INJECTED = ("inject-text", "inject-result-meta", "inject-block-meta", "inject-annotations", "inject-dev-weir-key")


def _forms(secret: str) -> list[bytes]:
    """The secret in clear, and what its base64 encoding contains at each of the three alignments."""
    forms = [secret.encode()]
    for lead in range(3):
        encoded = base64.b64encode(b"\0" * lead + secret.encode())
        # Characters whose 6 bits mix the secret with what surrounds it differ per blob: drop them.
        forms.append(encoded[(lead * 4 + 2) // 3 + 1 : -4])
    return forms


def _leaks(data: bytes) -> list[str]:
    return [s for s in SECRETS if any(form in data for form in _forms(s))]


def _decoded(node: Any) -> Iterator[bytes]:
    """Every base64 payload (``blob``, ``data``) in a JSON value, decoded as a client would."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("blob", "data") and isinstance(value, str):
                with contextlib.suppress(binascii.Error):  # not base64: its text is in the JSON already
                    yield base64.b64decode(value + "=" * (-len(value) % 4))
            else:
                yield from _decoded(value)
    elif isinstance(node, list):
        for value in node:
            yield from _decoded(value)


def _untagged(text: str) -> str:
    """Unicode tag characters read as the ASCII they encode (as a model reads them)."""
    return "".join(chr(ord(c) - 0xE0000) if 0xE0020 <= ord(c) <= 0xE007E else c for c in text)


def _seen(reply: dict[str, Any]) -> bytes:
    """All a client could read in a reply: its JSON text (tags decoded) and its decoded payloads."""
    return b"\n".join([_untagged(json.dumps(reply, ensure_ascii=False)).encode(), *_decoded(reply)])


def _config(tmp: Path) -> Path:
    config = {
        # Trusted, so that its read-only claim holds and one flagged result does not make the
        # next call need a confirmation this raw client cannot give: each case stands alone.
        "servers": {"wire": {"command": [sys.executable, str(WIRE)], "trust": "trusted"}},
        "audit": {"path": "audit.db"},
    }
    path = tmp / "weir.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


class RawClient:
    """JSON-RPC lines to and from a `weir gateway --stdio` process (2025-11-25)."""

    def __init__(self, config: Path) -> None:
        cmd = [*weir_command(), "gateway", "--config", str(config), "--stdio"]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}
        self.request("initialize", init)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdout is not None
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            assert line, "the gateway closed its output"
            reply: dict[str, Any] = json.loads(line)
            if reply.get("id") == self.next_id:
                return reply

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _effect(reply: dict[str, Any]) -> str | None:
    meta = reply["result"].get("_meta") or {}
    decision = meta.get("dev.weir/decision")
    return decision.get("effect") if isinstance(decision, dict) else None


def _files(tmp: Path) -> dict[str, bytes]:
    """The audit database and its WAL (and shared-memory index), by name."""
    return {p.name: p.read_bytes() for p in sorted(tmp.glob("audit.db*"))}


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One gateway: every case called once; the audit files read while it runs and after it exits."""
    tmp = tmp_path_factory.mktemp("scan")
    client = RawClient(_config(tmp))
    try:
        listed = client.request("tools/list", {})["result"]["tools"]
        name = {t["name"].rsplit("__", 1)[-1]: t["name"] for t in listed}
        replies = {
            case: client.request("tools/call", {"name": name["shaped"], "arguments": {"case": case}})
            for case in [*SHAPED, "error"]
        }
        echo = {"text": f"mine: {ARGUMENT_KEY}", "nested": {"_meta": {"k": ARGUMENT_KEY}}}
        replies["echo"] = client.request(
            "tools/call", {"name": name["echo"], "arguments": echo, "_meta": {"vendor.example/k": ARGUMENT_KEY}}
        )
        running = _files(tmp)
    finally:
        client.close()
    with open_store(AuditConfig(path=str(tmp / "audit.db")), create=False) as store:
        events = [s.event for s in store.query(AuditQuery())]
    return {"replies": replies, "running": running, "closed": _files(tmp), "events": events}


def test_every_key_is_one_the_secrets_detector_finds() -> None:
    """Otherwise the tests below would pass for the wrong reason."""
    chain = Chain.from_specs([DetectorSpec(use="secrets")])
    assert [k for k in SECRETS if [f.kind for f in chain.scan_text(f"key {k}")] != ["aws-access-key"]] == []


@pytest.mark.parametrize("case", sorted(set(KEYS) - {"error"}))
def test_no_key_reaches_the_client_wherever_the_result_holds_it(session: dict[str, Any], case: str) -> None:
    reply = session["replies"][case]
    assert _leaks(_seen(reply)) == []
    assert reply["result"].get("isError") is not True


def test_a_withheld_text_blob_and_a_redacted_one_stay_valid_base64(session: dict[str, Any]) -> None:
    for case in ("text-blob", "sniffed-blob", "bad-text-blob"):
        blob = session["replies"][case]["result"]["content"][0]["resource"]["blob"]
        text = base64.b64decode(blob, validate=True).decode()
        assert "[REDACTED:credentials]" in text or "[WITHHELD" in text, (case, text)
    assert (
        "aws_access_key_id = [REDACTED:credentials]"
        in base64.b64decode(session["replies"]["text-blob"]["result"]["content"][0]["resource"]["blob"]).decode()
    )


def test_a_binary_image_passes_unchanged(session: dict[str, Any]) -> None:
    reply = session["replies"]["image"]
    assert reply["result"]["content"][0]["data"] == PNG
    assert _effect(reply) is None


def test_the_audit_files_never_hold_a_key(session: dict[str, Any]) -> None:
    running, closed = session["running"], session["closed"]
    assert running.get("audit.db-wal"), "the events should be in the WAL while the gateway runs"
    assert [(name, _leaks(data)) for name, data in running.items() if _leaks(data)] == []
    assert [(name, _leaks(data)) for name, data in closed.items() if _leaks(data)] == []
    results = [e for e in session["events"] if e.phase.value == "result"]
    assert len(results) == len(SHAPED) + 1  # every shaped case and the echo; the error has no result
    errors = [e for e in session["events"] if e.phase.value == "error"]
    assert len(errors) == 1
    assert "[REDACTED:credentials]" in (errors[0].upstream_error or "")


@pytest.mark.parametrize("case", INJECTED)
def test_injection_text_in_meta_or_annotations_is_flagged_as_in_text(session: dict[str, Any], case: str) -> None:
    reply = session["replies"][case]
    assert _effect(reply) == "warn"
    warning = reply["result"]["content"][-1]["text"]
    assert warning.startswith("[Weir warning]")
    assert "flagged as an attack" in warning
    (event,) = [e for e in session["events"] if e.phase.value == "result" and e.call_id == str(reply["id"])]
    assert event.labels_after is not None
    assert event.labels_after.get("malicious") is True


def test_a_server_cannot_write_weirs_decision(session: dict[str, Any]) -> None:
    meta = session["replies"]["inject-dev-weir-key"]["result"]["_meta"]
    assert meta["dev.weir/decision"]["rules"] == ["baseline:warn-malicious-result"]
    assert "dev.weir/decision" not in (session["replies"]["forged-decision"]["result"].get("_meta") or {})
