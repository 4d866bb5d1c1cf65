"""Fleet-wide figures in a real Redis: each replica's /metrics shows the fleet's sums of every counter,
the fleet's size, nothing while Redis is gone, and nothing counted twice or lost across the outage."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fleetparts import Redis, redis_server
from weir.observe.instruments import GatewayMetrics
from weir.state.config import RedisStateConfig

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    pytest.importorskip("redis", reason="the fleet extra's client (pip install 'weir[fleet]')")
    with redis_server(tmp_path) as server:
        yield server


def _replica(redis: Redis, name: str) -> tuple[GatewayMetrics, Any]:
    from weir.serving.fleetmetrics import FleetMetrics
    from weir.state.figures import RedisFigures
    from weir.state.redis import connect

    metrics = GatewayMetrics()
    client = connect(redis.url, RedisStateConfig(timeout_s=1))
    return metrics, FleetMetrics(metrics.registry, RedisFigures(client, "f:", name))


def _value(text: str, series: str) -> float | None:
    """The value of ``series`` (name and labels, as rendered) in a /metrics text, or None."""
    line = next((line for line in text.splitlines() if line.startswith(series + " ")), None)
    return None if line is None else float(line.rsplit(" ", 1)[1])


async def test_every_replica_shows_the_fleets_sums(redis: Redis) -> None:
    (m1, f1), (m2, f2) = _replica(redis, "r1"), _replica(redis, "r2")
    m1.calls.inc(server="mail", outcome="ran")
    m1.calls.inc(server="mail", outcome="ran")
    m2.calls.inc(server="mail", outcome="ran")
    m2.calls.inc(server="web", outcome="blocked")
    await f1.report()
    await f2.report()
    await f1.report()  # reports only what grew: nothing this time
    for metrics in (m1, m2):
        text = metrics.registry.render()
        assert _value(text, 'weir_fleet_tool_calls_total{server="mail",outcome="ran"}') == 3
        assert _value(text, 'weir_fleet_tool_calls_total{server="web",outcome="blocked"}') == 1
        assert _value(text, "weir_fleet_replicas") == 2
        assert "# TYPE weir_fleet_tool_calls_total counter" in text
    # its own series are unchanged beside the fleet's
    assert _value(m1.registry.render(), 'weir_tool_calls_total{server="mail",outcome="ran"}') == 2


async def test_while_redis_is_gone_no_fleet_series_and_nothing_is_lost(redis: Redis) -> None:
    metrics, figures = _replica(redis, "r1")
    metrics.calls.inc(server="mail", outcome="ran")
    await figures.report()
    redis.stop()
    metrics.calls.inc(server="mail", outcome="ran")
    await figures.report()
    assert "weir_fleet_" not in metrics.registry.render()  # no stale figures
    redis.start()  # empty (--save ''): the fleet's sums start again from what is reported now
    metrics.calls.inc(server="mail", outcome="ran")
    await figures.report()
    # the two increments made since the last report that reached Redis, each once
    assert _value(metrics.registry.render(), 'weir_fleet_tool_calls_total{server="mail",outcome="ran"}') == 2


async def test_the_consoles_figures_are_the_fleets_sums_split_by_their_main_label(redis: Redis) -> None:
    (m1, f1), (m2, f2) = _replica(redis, "r1"), _replica(redis, "r2")
    assert f1.replicas is None  # nothing read yet
    assert f1.figures() == []
    m1.calls.inc(server="mail", outcome="ran")
    m2.calls.inc(server="web", outcome="ran")
    m2.calls.inc(server="web", outcome="blocked")
    m2.decisions.inc(phase="call", effect="block")
    await f1.report()
    await f2.report()
    await f1.report()
    for figures in (f1, f2):
        assert figures.replicas == 2
        shown = {f.title: f for f in figures.figures()}
        assert (shown["tool calls answered"].total, shown["tool calls answered"].by) == (3, {"ran": 2, "blocked": 1})
        assert (shown["decisions"].total, shown["decisions"].by) == (1, {"block": 1})
        assert (shown["audit appends failed"].total, shown["audit appends failed"].by) == (0, {})
    redis.stop()
    await f1.report()
    assert f1.replicas is None  # no stale figures on the console either
    assert f1.figures() == []
