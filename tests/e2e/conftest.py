"""End-to-end fixtures: `weir gateway` as a subprocess in front of the bundled demo servers."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

RULES = [
    {"name": "no-delete", "effect": "block", "when": "tool.name == 'delete_file'", "reason": "deleting is not allowed"},
    {"name": "ask-before-mail", "effect": "confirm", "when": "tool.name == 'send_email'", "reason": "mail leaves"},
    {
        "name": "web-is-untrusted",
        "effect": "warn",
        "when": "tool.name == 'fetch'",
        "reason": "web content is untrusted",
    },
    {
        "name": "redact-credentials",
        "effect": "redact",
        "when": "'credentials' in result.classes",
        "reason": "the result may hold credentials",
    },
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def weir_yaml(tmp_path: Path) -> Path:
    """A weir.yaml over the three demo servers with one rule per effect."""
    return write_config(tmp_path)


def write_config(directory: Path) -> Path:
    """Write the e2e weir.yaml into ``directory``."""
    servers = {
        name: {"command": [sys.executable, "-m", f"weir.demo_servers.{name}"]} for name in ("mail", "files", "web")
    }
    config = {"servers": servers, "audit": {"path": "audit.db"}, "policy": {"packs": [], "rules": RULES}}
    path = directory / "weir.yaml"
    path.write_text(yaml.safe_dump(config))
    return path


def weir_command() -> list[str]:
    """How to run the CLI from the test's interpreter."""
    return [sys.executable, "-c", "from weir.cli.app import main; main()"]


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright; one browser per test session, a fresh profile.

    Skips (fails on CI) without /usr/bin/chromium: scripts/_browser.sh installs it.
    """
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing on CI (scripts/_browser.sh installs it)")
        pytest.skip("/usr/bin/chromium is not installed (scripts/_browser.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # launch() gives every browser a new, empty user-data directory of its own.
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()
