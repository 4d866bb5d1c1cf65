"""The status page: a single gateway's has no fleet section; a fleet replica's shows the fleet's
size, its summed figures and each shared store's readiness (the real fleet: tests/fleet/test_fleet.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.console.conftest import deployed
from weir.console.pages.status import FleetFigure, FleetStatus, Status, status_page

pytestmark = pytest.mark.anyio


async def test_a_single_gateways_status_page_has_no_fleet_section(tmp_path: Path) -> None:
    async with deployed(tmp_path) as d:
        await d.sign_in()
        await d.mcp.call_tool("web__fetch", {"url": "https://news.example/today"})
        page = (await d.http.get("/console/")).text
    assert "<h2>Upstream servers</h2>" in page
    assert "<h2>Fleet</h2>" not in page
    assert "fleet-figures" not in page


def _fleet(replicas: int | None, redis: str | None) -> Status:
    calls = FleetFigure("tool calls answered", 7, {"ran": 5, "blocked": 2})
    fleet = FleetStatus(replicas, [calls] if replicas is not None else [], {"audit": None, "redis": redis})
    return Status({"web": None}, 0, True, "baseline", fleet)


def test_a_replicas_status_page_shows_the_fleets_size_figures_and_stores() -> None:
    page = status_page(_fleet(3, None))
    assert '<p id="fleet-replicas">3 replica(s) reported' in page
    assert '<tr><td>tool calls answered</td><td class="total">7</td><td>blocked 2, ran 5</td></tr>' in page
    assert '<tr><td>audit</td><td><span class="ok">ok</span></td></tr>' in page
    assert '<tr><td>redis</td><td><span class="ok">ok</span></td></tr>' in page


def test_while_redis_is_gone_no_figures_are_shown_and_its_problem_is_escaped() -> None:
    page = status_page(_fleet(None, "Redis does not answer: <script>x</script>"))
    assert "fleet-figures" not in page
    assert "cannot be read now" in page
    assert '<span class="bad">Redis does not answer: &lt;script&gt;x&lt;/script&gt;</span>' in page
    assert "<script>" not in page
