"""Secret-named keys and texts split over blocks: found, redacted for the client and in the audit."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

from weir.audit import AuditEvent, Phase
from weir.config import WeirConfig
from weir.detect.chain import Chain
from weir.detect.config import DetectorSpec
from weir.detect.structure import secret_name
from weir.guard import Guard
from weir.serving.stores import open_audit
from weir.trace import TraceWriter

AWS_SECRET = "wJalrXUtnFEMIK7MDENGbPxRfiCYzz1234567890"
DB_PASSWORD = "hunter2-but-longer"
SPLIT_KEY = ("key: AKIAIOSF", "ODNN7EXAMPLF")  # one AWS access key id, over two text blocks
RESULT = {
    "content": [{"type": "text", "text": SPLIT_KEY[0]}, {"type": "text", "text": SPLIT_KEY[1] + " done"}],
    "structuredContent": {
        "env": {"AWS_SECRET_ACCESS_KEY": AWS_SECRET, "DB_PASSWORD": DB_PASSWORD, "token_type": "bearer"},
        "password": "changeme",  # a placeholder, not a secret
    },
}


def _chain() -> Chain:
    return Chain.from_specs([DetectorSpec(use="secrets")])


def test_keys_that_name_secrets_and_keys_that_name_something_about_one() -> None:
    for name in ("AWS_SECRET_ACCESS_KEY", "DB_PASSWORD", "github_token", "apiKey", "client_secret", "password"):
        assert secret_name(name), name
    for name in ("token_type", "password_length", "secret_name", "api_key_header", "author", "monkey"):
        assert not secret_name(name), name


def test_structured_secrets_and_a_split_key_reach_the_client_redacted() -> None:
    g = Guard(WeirConfig.model_validate({}), chain=_chain())
    shaped = g.after_call(g.session(), "vault", "env", RESULT).result
    text = str(shaped)
    assert AWS_SECRET not in text
    assert DB_PASSWORD not in text
    assert "AKIAIOSF" not in text
    assert "ODNN7EXAMPLF" not in text
    assert shaped["structuredContent"]["env"]["token_type"] == "bearer"
    assert shaped["structuredContent"]["password"] == "changeme"


def test_the_audit_never_stores_what_the_client_would_not_receive(tmp_path: Path) -> None:
    config = WeirConfig.model_validate({"audit": {"path": str(tmp_path / "audit.db")}, "base_dir": str(tmp_path)})
    with open_audit(config) as store:
        store.append(AuditEvent(phase=Phase.RESULT, server="vault", tool="env", result=RESULT))  # type: ignore[arg-type]
        store.append(
            AuditEvent(phase=Phase.CALL, server="vault", tool="put", arguments={"DB_PASSWORD": DB_PASSWORD})  # type: ignore[arg-type]
        )
    db = tmp_path / "audit.db"
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("audit.db"))
    assert b"token_type" in raw  # the payloads are kept (redacted), not dropped
    for secret in (AWS_SECRET, DB_PASSWORD, "ODNN7EXAMPLF"):
        assert secret.encode() not in raw, secret
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM events").fetchone()[0] == 2
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    log = next(p for p in tmp_path.iterdir() if p.suffix != ".db" and p.name.startswith("audit"))
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


def test_a_trace_file_is_created_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with TraceWriter(path) as writer:
        writer.tools("s", [])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_existing_trace_file_is_narrowed_to_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text("")
    path.chmod(0o644)  # made by someone else: O_CREAT's mode would not apply to it
    with TraceWriter(path) as writer:
        writer.tools("s", [])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
