"""End-to-end fixtures: `weir gateway` as a subprocess in front of the bundled demo servers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deadlines import hang_guard
from tests.servers.launch import stop

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


@pytest.fixture
def mail_yaml(tmp_path: Path) -> Path:
    """The e2e weir.yaml over the mail demo server alone, for a test that calls only mail."""
    return write_config(tmp_path, demo=("mail",))


WIRE_SERVER = Path(__file__).parents[1] / "gateway" / "wire_server.py"
"""A real MCP server over stdio on the raw wire (no SDK to import: it starts in milliseconds)."""


@pytest.fixture
def wire_yaml(tmp_path: Path) -> Path:
    """The e2e weir.yaml over the wire server alone (tests/gateway/wire_server.py: no SDK to import,
    so it starts in a few milliseconds), for a test about the gateway process rather than a server."""
    path = write_config(tmp_path, demo=())
    config = yaml.safe_load(path.read_text())
    config["servers"]["wire"] = {"command": [sys.executable, str(WIRE_SERVER)]}
    path.write_text(yaml.safe_dump(config))
    return path


UPSTREAM_START_S = hang_guard(120)
"""How long the gateway under test lets a demo server start: a Python server on a loaded machine can
take more than the product's 30 s to import (a hang guard, not a speed check)."""


DEMO_SERVERS = ("mail", "files", "web")
"""The bundled demo servers an e2e config starts. Each is a Python process that imports the SDK
(about a second of CPU): a test that calls one of them names it (``demo=("mail",)``)."""


def write_config(directory: Path, *, demo: tuple[str, ...] = DEMO_SERVERS) -> Path:
    """Write the e2e weir.yaml into ``directory`` (over the ``demo`` servers: all three unless named)."""
    servers = {name: {"command": [sys.executable, "-m", f"weir.demo_servers.{name}"]} for name in demo}
    gateway: dict[str, Any] = {"upstream_start_timeout_s": UPSTREAM_START_S}
    if demo != DEMO_SERVERS:  # one server alone is not namespaced by default: keep the names `mail__…`
        gateway["namespace"] = True
    config = {
        "servers": servers,
        "audit": {"path": "audit.db"},
        "policy": {"packs": [], "rules": RULES},
        "gateway": gateway,
    }
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
def chromium_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Debian's Chromium, started once per test session with a fresh profile; its DevTools URL.

    Skips (fails on CI) without /usr/bin/chromium: scripts/_browser.sh installs it.
    """
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing on CI (scripts/_browser.sh installs it)")
        pytest.skip("/usr/bin/chromium is not installed (scripts/_browser.sh installs it)")
    profile = tmp_path_factory.mktemp("chromium-profile")
    flags = [*CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"]
    proc = subprocess.Popen([str(CHROMIUM), *flags], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        active = profile / "DevToolsActivePort"  # Chromium writes the port it chose, then the path
        deadline = time.monotonic() + hang_guard()
        while not (active.exists() and len(active.read_text().splitlines()) >= 2):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Chromium did not start (exit {proc.poll()})")
            time.sleep(0.05)
        port, path = active.read_text().splitlines()[:2]
        yield f"ws://127.0.0.1:{port}{path}"
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def chromium(chromium_endpoint: str) -> Iterator[Any]:
    """The session's Chromium, driven by Playwright's Python API for one test module.

    Playwright's synchronous API keeps an event loop of its own in this thread while it is open, so
    it is opened per module (and closed before the async tests of other modules run); the browser
    itself is shared by the whole session.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.connect_over_cdp(chromium_endpoint)
        try:
            yield browser
        finally:
            browser.close()
