"""Weir's main job on built-in defaults (what ``scripts/run`` executes).

    python -m weir.demo [OUT_DIR]        (default OUT_DIR: ./weir-out)

1. Lints and documents the catalogs that ship with Weir: a summary of the findings, the
   planted defects checked against their documented list, the safety tables (HTML, Markdown)
   and a SARIF log.
2. Starts the gateway over the bundled demo servers (mail, files, a web fetcher serving one
   poisoned page) and drives a scripted agent session through it with a real SDK client:
   allow, redact, warn, block, and a confirmation accepted and one declined.
3. Says where the audit database and the session's trace are, and how to read and replay them.

No network, no prompts; everything is written under OUT_DIR.
"""

from __future__ import annotations

import sys
from pathlib import Path

from weir.demo.catalogs import check_catalogs
from weir.demo.session import TRACE_NAME, run_session

__all__ = ["main", "run"]

_RULE = "─" * 78


def _audit_help(db: Path, config: Path) -> None:
    from weir.audit import AuditConfig, open_store

    with open_store(AuditConfig(path=str(db)), create=False) as store:
        events = list(store.query())
    print(f"Audit database: {db.resolve()}  ({len(events)} events, hash-chained)")
    print("Read it with:")
    print(f"  weir audit tail --db {db}          # the latest events")
    print(f"  weir audit verify --db {db}        # check the hash chain")
    print("The session was recorded; replay it (the same decisions, from the same pipeline):")
    print(f"  weir replay {db.parent / TRACE_NAME} --config {config}")
    print("Run the same gateway yourself (stdio; add --http 127.0.0.1:8080 for HTTP):")
    print(f"  weir gateway --config {config}")


def run(out_dir: Path) -> int:
    """Run both halves, writing under ``out_dir``. Returns 0, or 1 if a catalog differs from its documented findings."""
    print(_RULE)
    catalogs = check_catalogs(out_dir)
    print(_RULE)
    print("An agent session through `weir gateway` (baseline policy, default detectors, audit on):\n")
    _, db = run_session(out_dir)
    print(_RULE)
    _audit_help(db, out_dir / "weir.yaml")
    return 0 if catalogs.as_documented else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m weir.demo``."""
    args = sys.argv[1:] if argv is None else argv
    return run(Path(args[0]) if args else Path("weir-out"))
