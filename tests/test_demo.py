"""`python -m weir.demo` (what scripts/run executes): catalogs linted and documented, then a
scripted agent session through the real gateway over the stdio demo servers, then the audit help."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.replay.test_gateway_replay import _live, _replayed
from weir.audit import AuditConfig, open_store
from weir.config import load_config
from weir.demo import main
from weir.demo.session import STEPS, TRACE_NAME
from weir.replay import replay
from weir.trace import read_trace

pytestmark = pytest.mark.slow

KEY = "AKIAQ3ZRT7LWXK5MB2PD"


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    """One run of the whole demo for the module (it starts three servers)."""
    import contextlib
    import io

    out = tmp_path_factory.mktemp("demo") / "weir-out"
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main([str(out)])
    return code, buffer.getvalue(), out


def _step(printed: str, n: int) -> str:
    return (
        printed.split(f"\n{n}. the agent wants to ")[1].split(f"\n{n + 1}. ", maxsplit=1)[0].split("─", maxsplit=1)[0]
    )


def test_the_demo_checks_every_bundled_catalog_and_writes_the_page(demo_run: tuple[int, str, Path]) -> None:
    code, printed, out = demo_run
    assert code == 0
    assert "planted: 29/29 documented findings reported, 0 unexpected — as documented" in printed
    assert "planted/drop_table: W101" in printed
    page = out / "tool-safety.html"
    assert f"Safety table (HTML, self-contained): {page.resolve()}" in printed
    assert "http" not in page.read_text(encoding="utf-8")
    assert (out / "tool-safety.md").is_file()
    assert (out / "lint.sarif").is_file()


def test_every_effect_shows_in_the_scripted_session(demo_run: tuple[int, str, Path]) -> None:
    _, printed, _ = demo_run
    shown = [_step(printed, i).split("=> ")[1].split("\n")[0] for i in range(1, len(STEPS) + 1)]
    assert shown[0] == "ALLOW"
    assert shown[1].startswith("REDACT  (baseline:redact-secrets")
    assert shown[2].startswith("WARN  (baseline:warn-malicious-result")
    assert shown[3].startswith("BLOCK  (baseline:block-injected-target")
    assert shown[4] == "CONFIRM → user accepted → ALLOW"
    assert shown[5].startswith("CONFIRM → user declined → BLOCK")


def test_the_model_never_sees_the_key_and_only_the_colleague_gets_mail(demo_run: tuple[int, str, Path]) -> None:
    _, printed, _ = demo_run
    seen = [line for line in printed.splitlines() if "the model sees:" in line]
    assert len(seen) == len(STEPS)
    assert not any(KEY in line for line in seen)
    assert "[REDACTED:credentials]" in seen[1]
    assert seen[4].endswith("Delivered (1 recipient).")
    assert "Weir blocked the call of tool 'mail__send_email'" in seen[3]


def test_the_audit_trail_is_written_verified_and_explained(demo_run: tuple[int, str, Path]) -> None:
    _, printed, out = demo_run
    db = out / "weir-audit.db"
    assert f"weir audit tail --db {db}" in printed
    assert f"weir audit verify --db {db}" in printed
    assert f"weir gateway --config {out / 'weir.yaml'}" in printed
    with open_store(AuditConfig(path=str(db)), create=False) as store:
        assert store.verify().ok
        applied = [
            (e.event.phase.value, e.event.tool, e.event.decision.applied) for e in store.query() if e.event.decision
        ]
    assert ("result", "read_file", "redact") in applied
    assert ("call", "send_email", "block") in applied
    assert ("call", "delete_file", "block") in applied
    assert applied.count(("call", "send_email", "allow")) == 1  # the approval of the colleague mail


def test_the_recorded_demo_replays_to_every_decision_it_audited(demo_run: tuple[int, str, Path]) -> None:
    _, _, out = demo_run
    with open_store(AuditConfig(path=str(out / "weir-audit.db")), create=False) as store:
        live = _live([stored.event for stored in store.query()])
    again = replay(read_trace(out / TRACE_NAME), load_config(out / "weir.yaml"))
    assert _replayed(again.decisions) == live
    assert {key[4] for key in live} >= {"allow", "redact", "warn", "block"}  # the effects applied
