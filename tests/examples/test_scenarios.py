"""The seed scenarios: each runs with one command, and tells the seed's story.

One test per script runs the exact command the README gives (servers over stdio); the
variations (the user approving or declining) run the same scenario code in memory, and ``--help``
runs each script as its command does, in this process (nothing is started: no process to test).
"""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from typing import Any

import pytest

from tests.examples.paths import EXAMPLES, fresh_server, scenario_module
from weir.client import CallOutcome, WeirClient

pytestmark = pytest.mark.anyio


def _command(script: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--json"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


async def _in_memory(name: str, *, approve: bool) -> list[dict[str, Any]]:
    module = scenario_module(name)
    common = scenario_module("_scenario")

    async def connect(host: WeirClient, server: str) -> None:
        await host.connect(server, fresh_server(server))

    steps: list[CallOutcome] = await common.play(module.scenario, module.SERVERS, approve=approve, connect=connect)
    return [common.record(s) for s in steps]


def test_salary_to_accountant_asks_the_user_and_a_no_keeps_the_spreadsheet_home() -> None:
    read, send = _command("salary_to_accountant.py")
    assert read["resolved"] is True
    assert read["label"] == {"untrusted": False, "level": 2, "malicious": False}
    assert send["pre"] == "confirm"
    assert "baseline:confirm-sensitive-to-public" in send["rules"]
    assert send["confirmed"] is False
    assert send["post"] is None
    assert send["succeeded"] is False


async def test_salary_to_accountant_is_sent_once_the_user_approves() -> None:
    _, send = await _in_memory("salary_to_accountant", approve=True)
    assert send["confirmed"] is True
    assert send["succeeded"] is True


def test_web_summary_is_refused_by_the_mail_server_for_outsiders_but_reaches_a_colleague() -> None:
    page, outside, colleague = _command("web_summary_to_external.py")
    assert page["label"]["untrusted"] is True
    assert outside["rules"] == ["baseline:confirm-server-requested"]  # the page chose nothing; the server asks
    assert outside["confirmed"] is True
    assert "open-world" in outside["error"]
    assert outside["succeeded"] is False
    assert colleague["succeeded"] is True


async def test_web_summary_declined_by_the_user_never_reaches_the_mail_server() -> None:
    _, outside, colleague = await _in_memory("web_summary_to_external", approve=False)
    assert outside["error"] is None
    assert outside["post"] is None
    assert colleague["succeeded"] is False


def test_malicious_page_is_surfaced_and_the_injected_exfiltration_does_not_happen() -> None:
    page, read, send = _command("malicious_page.py")
    assert page["malicious"] is True
    assert page["post"] == "warn"
    assert read["succeeded"] is True
    assert "baseline:confirm-after-malicious-content" in send["rules"]
    assert send["succeeded"] is False


async def test_malicious_page_approved_by_the_user_is_still_refused_by_the_mail_server() -> None:
    _, _, send = await _in_memory("malicious_page", approve=True)
    assert send["confirmed"] is True
    assert "open-world" in send["error"]
    assert send["succeeded"] is False


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.parametrize("script", ["salary_to_accountant.py", "web_summary_to_external.py", "malicious_page.py"])
def test_every_scenario_answers_help_without_running(
    script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The script as `python SCRIPT --help` runs it, in this process (its sibling `_scenario` importable).
    scenario_module("_scenario")
    monkeypatch.setattr(sys, "argv", [str(EXAMPLES / script), "--help"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(EXAMPLES / script), run_name="__main__")
    printed = capsys.readouterr()
    assert done.value.code == 0, printed.err
    assert printed.out.startswith(f"usage: {script} [-h] [--approve | --decline] [--json]")
    assert "->" not in printed.out  # nothing ran


async def test_the_transcript_names_the_result_decision_the_json_has() -> None:
    module = scenario_module("malicious_page")
    common = scenario_module("_scenario")
    lines: list[str] = []

    async def connect(host: WeirClient, server: str) -> None:
        await host.connect(server, fresh_server(server))

    async with WeirClient(common.load_config(common.HERE / "weir.yaml")) as host:
        for name in module.SERVERS:
            await connect(host, name)
        page = await host.call_tool("web", "fetch", {"url": module.POISONED})
    common.show(page, lines.append)
    record = common.record(page)
    assert (record["pre"], record["post"]) == ("allow", "warn")
    assert lines[0] == "-> web/fetch: allow; its result: warn"
