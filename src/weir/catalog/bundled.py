"""The catalogs that ship with Weir (``src/weir/data/catalogs``), for the demo, docs and tests.

Each ``NAME.json`` has a sidecar ``NAME.expected.json`` listing the lint findings the catalog
must produce — ``{"rule", "tool", "why"}`` each — so the planted defects are documented where
they are planted, and a clean catalog says so with an empty list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["CATALOG_DIR", "bundled_catalogs", "expected_findings"]

CATALOG_DIR = Path(__file__).resolve().parent.parent / "data" / "catalogs"
"""Where the bundled catalogs live inside the installed package."""


def bundled_catalogs() -> dict[str, Path]:
    """Name (file stem) → path of every bundled catalog, sorted by name."""
    return {p.stem: p for p in sorted(CATALOG_DIR.glob("*.json")) if not p.name.endswith(".expected.json")}


def expected_findings(name: str) -> list[dict[str, Any]]:
    """The documented findings of bundled catalog ``name`` (empty for a clean one)."""
    data = json.loads((CATALOG_DIR / f"{name}.expected.json").read_text(encoding="utf-8"))
    return list(data["expected"])
