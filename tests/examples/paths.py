"""Where the examples live, and how tests load them (scripts import their sibling ``_scenario``)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
"""The repository's ``examples/`` directory."""

SERVER_MODULES = {"files": "examples.file_server", "mail": "examples.mail_server", "web": "examples.web_fetcher"}
"""Server name → the example server's module."""


def scenario_module(name: str) -> ModuleType:
    """Import scenario script ``name`` the way running it does (its directory on ``sys.path``)."""
    if str(EXAMPLES) not in sys.path:
        sys.path.append(str(EXAMPLES))
    return importlib.import_module(name)


def fresh_server(name: str) -> Any:
    """A freshly loaded example server (they keep their files and mailboxes in module globals)."""
    return importlib.reload(importlib.import_module(SERVER_MODULES[name])).server
