"""The console in a real headless Chromium, against a real `weir gateway --http` process.

An operator signs in; a real MCP client (the SDK, without elicitation; one connection for the
whole walk-through, as an agent keeps one) makes calls the policy holds; the operator approves
one (the call completes) and denies another (it is blocked); both are in the audit view under
the operator's name; a tool that changed after its approval is re-approved from the pins page.
Screenshots of each page go to ``tmp_path`` — and, with ``WEIR_SCREENSHOTS=docs/console``, to that
directory (how docs/console/*.png are made).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.deadlines import hang_guard
from tests.e2e.conftest import weir_command
from tests.e2e.running import CLIENT, OPERATOR, Running, start, stop, write_config
from tests.gateway.test_rug_pull import SERVER as RUGPULL_SERVER

pytestmark = [pytest.mark.slow]

MAIL = {"to": "erin@corp.example", "subject": "Q3 numbers", "body": "Revenue is up 12%."}


class Agent:
    """A real MCP client on one connection, its event loop in a thread of its own (the browser is
    driven synchronously here). One connection, not one per call: the gateway starts a session
    with every server (a process each) for every connection."""

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._jobs: asyncio.Queue[tuple[str, dict[str, Any], Any, Future[Any]] | None] = asyncio.Queue()
        opened: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._loop.run_until_complete, args=(self._serve(url, opened),), daemon=True
        )
        self._thread.start()
        opened.result(timeout=hang_guard())

    async def _serve(self, url: str, opened: Future[None]) -> None:
        http = httpx2.AsyncClient(headers={"authorization": f"Bearer {CLIENT}"}, timeout=hang_guard(120))
        try:
            async with Client(streamable_http_client(url, http_client=http), mode="legacy") as client:
                opened.set_result(None)
                running: set[asyncio.Task[None]] = set()
                while (job := await self._jobs.get()) is not None:
                    task = asyncio.create_task(self._run(client, *job))
                    running.add(task)
                    task.add_done_callback(running.discard)
                for task in running:  # a call still held when the test ended (it failed): not waited for
                    task.cancel()
                await asyncio.gather(*running, return_exceptions=True)
        except BaseException as exc:
            if not opened.done():
                opened.set_exception(exc)
            raise

    @staticmethod
    async def _run(client: Client, tool: str, arguments: dict[str, Any], meta: Any, done: Future[Any]) -> None:
        try:
            done.set_result(await client.call_tool(tool, arguments, meta=meta))
        except BaseException as exc:  # the test reads it from the future
            done.set_exception(exc)
            if not isinstance(exc, Exception):
                raise

    def call(self, tool: str, arguments: dict[str, Any], session: str | None = None) -> Future[Any]:
        """Send one call; its result arrives in the future.

        ``session`` names the agent session (it then outlives the connection, as named sessions do).
        """
        meta = {"dev.weir/session": session} if session else None
        done: Future[Any] = Future()
        self._loop.call_soon_threadsafe(self._jobs.put_nowait, (tool, arguments, meta, done))
        return done

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._jobs.put_nowait, None)
        self._thread.join(timeout=hang_guard())
        self._loop.close()


@pytest.fixture
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    directory = tmp_path_factory.mktemp("console")
    notes = {"notes": {"command": [sys.executable, str(RUGPULL_SERVER), "notes"], "trust": "trusted"}}
    running = start(write_config(directory, servers=notes))
    try:
        yield running
    finally:
        stop(running)


@pytest.fixture
def agent(gateway: Running) -> Iterator[Agent]:
    connected = Agent(gateway.mcp)
    try:
        yield connected
    finally:
        connected.close()


@pytest.fixture
def page(chromium: Any, gateway: Running) -> Iterator[Any]:
    """One signed-in browser page (a fresh context: no cookie from elsewhere)."""
    context = chromium.new_context(viewport={"width": 1100, "height": 760})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    yield tab
    context.close()


def _shot(page: Any, name: str, tmp_path: Path) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    target = os.environ.get("WEIR_SCREENSHOTS")
    if target:
        page.screenshot(path=str(Path(target) / f"{name}.png"))


def _held(page: Any, gateway: Running) -> Any:
    """Reload the approvals page until a held call shows; its card."""
    deadline = time.monotonic() + hang_guard(90)  # a client's first call opens its own upstream sessions
    while time.monotonic() < deadline:
        page.goto(f"{gateway.base}/console/approvals")
        card = page.locator("section.approval").first
        if card.count():
            return card
        page.wait_for_timeout(200)
    raise AssertionError("no call reached the approvals page")


def _an_operator_signs_in(page: Any, gateway: Running, tmp_path: Path) -> None:
    page.goto(f"{gateway.base}/console/")
    assert page.url.startswith(f"{gateway.base}/console/login")
    _shot(page, "login", tmp_path)
    page.fill("input[name=token]", OPERATOR)
    page.click("button[type=submit]")
    page.wait_for_url(f"{gateway.base}/console/")
    assert "signed in as carol" in page.inner_text("header")
    assert page.locator("text=connected").count() == 4  # mail, files, web, notes
    _shot(page, "status", tmp_path)


def _an_approved_call_completes(page: Any, gateway: Running, agent: Agent, tmp_path: Path) -> None:
    call = agent.call("mail__send_email", MAIL)
    card = _held(page, gateway)
    assert "mail/send_email" in card.inner_text()
    assert "mail leaves" in card.inner_text()
    assert "erin@corp.example" in card.inner_text()  # the approver sees what the call will send
    _shot(page, "approvals", tmp_path)
    card.locator("input[name=reason]").fill("expected: the quarterly mail")
    card.locator("button.approve").click()
    page.wait_for_selector("#done")
    assert "Approved «mail/send_email»" in page.inner_text("#done")
    result = call.result(timeout=hang_guard())
    assert result.is_error is False
    assert result.content[0].text == "Delivered (1 recipient)."


def _a_denied_call_is_blocked(page: Any, gateway: Running, agent: Agent) -> None:
    call = agent.call("mail__send_email", {**MAIL, "to": "mallory@evil.example"})
    card = _held(page, gateway)
    card.locator("input[name=reason]").fill("unknown recipient")
    card.locator("button.deny").click()
    page.wait_for_selector("#done")
    assert "Denied «mail/send_email»" in page.inner_text("#done")
    result = call.result(timeout=hang_guard())
    assert result.is_error is True
    assert "operator carol denied: unknown recipient" in result.content[0].text


def _both_decisions_are_in_the_audit_view_with_the_operators_name(page: Any, gateway: Running, tmp_path: Path) -> None:
    page.goto(f"{gateway.base}/console/audit")
    page.select_option("select[name=phase]", "operator")
    page.fill("input[name=tool]", "send_email")
    page.click("form.filters button[type=submit]")
    page.wait_for_selector("table.events")
    rows = page.locator("table.events tr[id^=event-]")
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert any("deny by carol: unknown recipient" in t for t in texts)
    assert any("approve by carol: expected: the quarterly mail" in t for t in texts)
    assert "Chain verified:" in page.inner_text("#chain")
    page.fill("input[name=tool]", "")
    page.select_option("select[name=phase]", "")
    page.click("form.filters button[type=submit]")
    page.locator("table.events details").first.click()  # a decision explained, no script needed
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # it wraps, not overflows
    _shot(page, "audit", tmp_path)
    page.locator("table.events tr[id^=event-] td a").first.click()
    page.wait_for_selector("text=The event as stored")
    _shot(page, "audit-event", tmp_path)


def _a_session_shows_its_labels_and_where_they_came_from(
    page: Any, gateway: Running, agent: Agent, tmp_path: Path
) -> None:
    agent.call("web__fetch", {"url": "https://news.example/today"}, session="research").result(timeout=hang_guard())
    page.goto(f"{gateway.base}/console/sessions")
    _shot(page, "sessions", tmp_path)
    page.locator("a", has_text="research").click()
    page.wait_for_selector("text=Lineage: where each label came from")
    assert "web/fetch" in page.inner_text("main")
    _shot(page, "session", tmp_path)


def _a_changed_tool_is_reapproved(page: Any, gateway: Running, agent: Agent, tmp_path: Path) -> None:
    first = agent.call("notes__save_note", {"name": "weekly"}).result(timeout=hang_guard())
    assert first.is_error is False  # the server now changes save_note and says so
    held = page.locator("section.held")
    deadline = time.monotonic() + hang_guard(90)
    while time.monotonic() < deadline:
        page.goto(f"{gateway.base}/console/pins")
        if held.count():
            break
        page.wait_for_timeout(200)
    assert "notes/save_note" in held.first.inner_text()
    assert "notes-mirror.example" in page.inner_text("pre.diff")  # what changed
    _shot(page, "pins", tmp_path)
    held.first.locator("button.approve").click()
    page.wait_for_selector("#done")
    assert "Approved «notes/save_note»" in page.inner_text("#done")
    config = gateway.stderr.parent / "weir.yaml"
    pins = subprocess.run(
        [*weir_command(), "pins", "list", "--config", str(config), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert pins.returncode == 0, pins.stdout  # nothing held any more
    assert '"tool": "save_note", "status": "approved"' in pins.stdout
    assert '"by": "carol"' in pins.stdout


def test_an_operators_walk_through_the_console(page: Any, gateway: Running, agent: Agent, tmp_path: Path) -> None:
    """One operator's day, in order (each step stands on the ones before it, so it is one test:
    pytest-xdist may send separate tests to separate workers)."""
    _an_operator_signs_in(page, gateway, tmp_path)
    _an_approved_call_completes(page, gateway, agent, tmp_path)
    _a_denied_call_is_blocked(page, gateway, agent)
    _both_decisions_are_in_the_audit_view_with_the_operators_name(page, gateway, tmp_path)
    _a_session_shows_its_labels_and_where_they_came_from(page, gateway, agent, tmp_path)
    _a_changed_tool_is_reapproved(page, gateway, agent, tmp_path)
